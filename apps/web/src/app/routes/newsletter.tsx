import { BackToHomeLink } from '@/components/layout/back-to-home-link';
import { NewsletterSignup } from '@/features/newsletter/components/newsletter-signup';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useSubmittedForm } from '@/lib/submitted-form';

/**
 * The newsletter form on a page of its own: where the form sent without JavaScript comes back
 * with what was typed and what went wrong (decision 036), and an address to link to.
 */
export function NewsletterRoute() {
  const sent = useSubmittedForm('newsletter');
  useDocumentTitle(sent ? 'Error: Join our community newsletter' : 'Join our community newsletter');
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:py-10">
      <BackToHomeLink />
      <NewsletterSignup subscriberFigure={null} headingLevel={1} />
    </div>
  );
}
