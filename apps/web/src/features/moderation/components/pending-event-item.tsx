import { useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { isApiError } from '@/lib/api-client';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { longDate } from '@/lib/long-date';
import { useSubmissionDraft } from '@/lib/use-submission-draft';
import { usePublishEvent, useRefuseEvent } from '../api/decide-event';
import type { PendingEvent } from '../api/list-pending-events';
import { businessDays } from '../moderation-text';
import { PendingEventFields } from './pending-event-fields';
import { RefuseEventDialog } from './refuse-event-dialog';

type PendingEventItemProps = {
  event: PendingEvent;
  /** Said by the queue once this event has left it. */
  onDecided: (outcome: string) => void;
};

/** One waiting event: what its organiser sent, and Publish or Refuse. */
export function PendingEventItem({ event, onDecided }: PendingEventItemProps) {
  const publish = usePublishEvent(event.id);
  const refuse = useRefuseEvent(event.id);
  const reason = useSubmissionDraft('', event.id);
  const [isRefusing, setIsRefusing] = useState(false);
  // Made once for publishing this event, and sent again if the moderator retries after a failure.
  const publishKey = useRef<string | null>(null);
  const { title } = event.submission;
  const headingId = `pending-event-${event.id}`;
  // The refusal's own failures are said in its dialog, beside the reason.
  const refuseConflict =
    isApiError(refuse.error) && refuse.error.status === 409 ? refuse.error.message : null;
  const problem = publish.error?.message ?? refuseConflict;

  function publishNow() {
    publishKey.current ??= newIdempotencyKey();
    publish.mutate(
      { idempotencyKey: publishKey.current },
      {
        onSuccess: () =>
          onDecided(`Published. ${title} is now on the events page, and its organiser is emailed.`),
      },
    );
  }

  return (
    <section aria-labelledby={headingId} className="mb-10 border-t-4 border-line pt-4">
      <h2 id={headingId} className="mb-2 text-2xl font-bold">
        {title}
      </h2>
      <p className="mb-4 text-lg text-muted">
        Sent on <time dateTime={event.submittedAt}>{longDate(event.submittedAt)}</time> (
        {businessDays(event.ageBusinessDays)} ago)
        {event.overdue && (
          <strong className="text-ink"> Overdue: waiting longer than 2 business days</strong>
        )}
      </p>
      <PendingEventFields event={event} />
      {problem && (
        <p role="alert" className="mb-4 font-bold text-danger">
          {problem}
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        <Button disabled={publish.isPending || refuse.isPending} onClick={publishNow}>
          {publish.isPending ? 'Publishing...' : 'Publish event'}
        </Button>
        <Button
          variant="secondary"
          disabled={publish.isPending || refuse.isPending}
          onClick={() => setIsRefusing(true)}
        >
          Refuse event
        </Button>
      </div>
      <RefuseEventDialog
        title={title}
        open={isRefusing}
        onOpenChange={setIsRefusing}
        reason={reason}
        refuse={refuse}
        onRefused={() =>
          onDecided(`Refused. ${title} is not published, and its organiser is emailed your reason.`)
        }
      />
    </section>
  );
}
