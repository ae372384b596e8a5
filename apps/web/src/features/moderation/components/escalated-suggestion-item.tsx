import type { ListingFields } from '@locals/contracts/listing';
import type { EscalatedSuggestion } from '@locals/contracts/moderation';
import { useLayoutEffect, useRef, useState } from 'react';
import { ListingFieldsForm } from '@/components/listing-form/listing-fields-form';
import { listingFormErrors } from '@/components/listing-form/listing-form-fields';
import { Button } from '@/components/ui/button';
import { isApiError } from '@/lib/api-client';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { longDate } from '@/lib/long-date';
import { useDecideSuggestion } from '../api/decide-suggestion';
import { businessDays } from '../moderation-text';

function Outcome({ text }: { text: string }) {
  const ref = useRef<HTMLParagraphElement>(null);
  // The buttons that were pressed are gone: focus the outcome so it is heard.
  useLayoutEffect(() => ref.current?.focus(), []);
  return (
    <p
      ref={ref}
      tabIndex={-1}
      role="status"
      className="border-l-8 border-success bg-success-light p-4 text-lg font-bold"
    >
      {text}
    </p>
  );
}

/** One key per decision as sent: the same decision again is a retry, a changed one is new. */
function useDecisionKeys() {
  const last = useRef<{ signature: string; key: string } | null>(null);
  return (signature: string) => {
    if (last.current?.signature !== signature) {
      last.current = { signature, key: newIdempotencyKey() };
    }
    return last.current.key;
  };
}

export function EscalatedSuggestionItem({ suggestion }: { suggestion: EscalatedSuggestion }) {
  const decide = useDecideSuggestion(suggestion.id);
  const keyFor = useDecisionKeys();
  const [isEditing, setIsEditing] = useState(false);
  const headingId = `suggestion-${suggestion.id}`;
  const decision = decide.variables?.decision.decision;
  const isAcceptFailure = decide.isError && decision === 'accepted';
  // A field problem belongs in the listing form; anything else is said beside the buttons.
  const shownInForm =
    isAcceptFailure && isEditing && !(isApiError(decide.error) && decide.error.status === 409);

  function accept(listing: ListingFields) {
    const idempotencyKey = keyFor(JSON.stringify({ decision: 'accepted', listing }));
    decide.mutate({ decision: { decision: 'accepted', listing }, idempotencyKey });
  }

  function reject() {
    decide.mutate({ decision: { decision: 'rejected' }, idempotencyKey: keyFor('rejected') });
  }

  return (
    <section aria-labelledby={headingId} className="mb-10 border-t-4 border-line pt-4">
      <h2 id={headingId} className="mb-2 text-2xl font-bold">
        {suggestion.serviceName}
      </h2>
      <blockquote className="mb-2 border-l-8 border-line bg-surface p-4 text-lg whitespace-pre-line">
        {suggestion.suggestionText}
      </blockquote>
      <p className="mb-4 text-muted">
        Sent on <time dateTime={suggestion.createdAt}>{longDate(suggestion.createdAt)}</time>,{' '}
        {businessDays(suggestion.ageBusinessDays)} ago
      </p>
      {decide.isSuccess ? (
        <Outcome
          text={
            decision === 'accepted'
              ? `Accepted. The listing for ${suggestion.serviceName} is updated, and the person who sent the suggestion will see it was accepted.`
              : 'Rejected. The person who sent the suggestion will see it was not accepted.'
          }
        />
      ) : (
        <>
          {decide.isError && !shownInForm && (
            <p role="alert" className="mb-4 font-bold text-danger">
              {decide.error.message}
            </p>
          )}
          {isEditing ? (
            <div className="mb-4 border-l-4 border-brand pl-4">
              <h3 className="mb-2 text-xl font-bold">Edit the listing</h3>
              <ListingFieldsForm
                initial={suggestion.listing}
                submitLabel="Accept and save listing"
                idPrefix={`suggestion-${suggestion.id}`}
                isSubmitting={decide.isPending}
                serverErrors={shownInForm ? listingFormErrors(decide.error) : []}
                onSubmit={accept}
              />
            </div>
          ) : (
            <Button className="mr-2 mb-2" onClick={() => setIsEditing(true)}>
              Accept and edit listing
            </Button>
          )}
          <Button variant="secondary" className="mb-2" disabled={decide.isPending} onClick={reject}>
            Reject suggestion
          </Button>
        </>
      )}
    </section>
  );
}
