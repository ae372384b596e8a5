import { useState } from 'react';
import type { FormEvent } from 'react';
import { NEWSLETTER_FORM_PATH } from '@locals/contracts/page-forms';
import { Button } from '@/components/ui/button';
import { ErrorSummary } from '@/components/ui/error-summary';
import { TextField } from '@/components/ui/field';
import { isApiError } from '@/lib/api-client';
import { useSubmittedForm } from '@/lib/submitted-form';
import { useSubscribeToNewsletter } from '../api/subscribe-to-newsletter';

const GENERIC_FAILURE = 'Failed to subscribe. Please try again.';

function failureMessage(error: Error): string {
  // A 400 carries words the reader can act on (for example an invalid address).
  return isApiError(error) && error.status === 400 ? error.message : GENERIC_FAILURE;
}

const EMAIL_FIELD_ID = 'newsletter-email';

type NewsletterSignupProps = {
  /** A true, rounded subscriber count ("1,200+"), or null to leave the number out. */
  subscriberFigure: string | null;
  /** The page's own heading (the newsletter page), or a section's (the home page). */
  headingLevel?: 1 | 2;
};

/**
 * Without JavaScript the form is a POST to the newsletter page (decision 036): the server
 * subscribes and shows the outcome, or shows this form again with what was typed and the error.
 */
export function NewsletterSignup({ subscriberFigure, headingLevel = 2 }: NewsletterSignupProps) {
  const sent = useSubmittedForm('newsletter');
  const [email, setEmail] = useState(sent?.values.email ?? '');
  const [emailError, setEmailError] = useState(sent?.errors.email);
  const subscribe = useSubscribeToNewsletter();
  // The server's answer to the form sent without JavaScript, until the app sends it again.
  const sentFailure = subscribe.isIdle ? sent?.errors.form : undefined;
  const Heading = headingLevel === 1 ? 'h1' : 'h2';

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Loaded on first submit so the form's zod schema stays out of the home page download.
    const { SubscribeRequestSchema } = await import('@locals/contracts/newsletter');
    const parsed = SubscribeRequestSchema.safeParse({ email });
    if (!parsed.success) {
      subscribe.reset();
      setEmailError(parsed.error.issues[0]?.message ?? 'Please enter a valid email address');
      return;
    }
    setEmailError(undefined);
    subscribe.mutate(parsed.data, { onSuccess: () => setEmail('') });
  }

  return (
    <section
      id="newsletter"
      aria-labelledby="newsletter-heading"
      className="rounded bg-brand-light p-5 sm:p-8"
    >
      <Heading id="newsletter-heading" className="mb-2 text-2xl font-bold sm:text-3xl">
        {subscriberFigure
          ? `Join ${subscriberFigure} community members`
          : 'Join our community newsletter'}
      </Heading>
      <p className="mb-4 max-w-prose text-lg">
        Occasional emails about new services and community events near you. Every email has a link
        to unsubscribe.
      </p>
      <div role="status">
        {subscribe.isSuccess && (
          <div className="mb-4 border-l-8 border-success bg-white p-4">
            <p className="text-lg font-bold">Successfully subscribed to newsletter!</p>
            <p>
              We have sent you a confirmation email. Every email from us includes an unsubscribe
              link.
            </p>
          </div>
        )}
      </div>
      {sent?.errors.email !== undefined && emailError !== undefined && (
        <ErrorSummary errors={[{ fieldId: EMAIL_FIELD_ID, message: emailError }]} />
      )}
      {(subscribe.isError || sentFailure) && (
        <div role="alert" className="mb-4 border-l-8 border-danger bg-white p-4 text-lg font-bold">
          {subscribe.isError ? failureMessage(subscribe.error) : sentFailure}
        </div>
      )}
      <form
        noValidate
        method="post"
        action={NEWSLETTER_FORM_PATH}
        onSubmit={(event) => void handleSubmit(event)}
        className="flex max-w-xl flex-col gap-2 sm:flex-row sm:items-end"
      >
        <div className="grow">
          <TextField
            id={EMAIL_FIELD_ID}
            label="Email address"
            type="email"
            name="email"
            autoComplete="email"
            spellCheck={false}
            required
            value={email}
            error={emailError}
            onChange={(event) => setEmail(event.target.value)}
          />
        </div>
        <Button type="submit" disabled={subscribe.isPending} className="mb-5">
          {subscribe.isPending ? 'Subscribing...' : 'Subscribe'}
        </Button>
      </form>
    </section>
  );
}
