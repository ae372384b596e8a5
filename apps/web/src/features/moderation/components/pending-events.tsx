import { useLayoutEffect, useRef, useState } from 'react';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { usePendingEvents } from '../api/list-pending-events';
import { BackToModeration } from './back-to-moderation';
import { PendingEventItem } from './pending-event-item';
import { QueryProblem } from './query-problem';

function Outcome({ text }: { text: string }) {
  const ref = useRef<HTMLParagraphElement>(null);
  // The event and the button that was pressed are gone: focus the outcome so it is heard.
  useLayoutEffect(() => ref.current?.focus(), []);
  return (
    <p
      ref={ref}
      tabIndex={-1}
      role="status"
      className="mb-8 border-l-8 border-success bg-success-light p-4 text-lg font-bold"
    >
      {text}
    </p>
  );
}

/** Events organisers submitted, oldest first: each is published or refused (decision 038). */
export function PendingEvents() {
  useDocumentTitle('Events waiting');
  const query = usePendingEvents();
  // The last decision, keyed so that each new one is focused and announced afresh.
  const [outcome, setOutcome] = useState<{ key: number; text: string } | null>(null);
  // When the page opened: how long ago each event was sent is counted from here.
  if (query.isPending) return <p role="status">Loading the events...</p>;
  if (query.isError) {
    return (
      <QueryProblem error={query.error} what="the events" onTryAgain={() => void query.refetch()} />
    );
  }
  const { data: events, totalCount } = query.data;
  return (
    <>
      <BackToModeration />
      <h1 className="mb-4 text-4xl font-extrabold sm:text-5xl">Events waiting</h1>
      <p className="mb-6 max-w-prose text-lg">
        {totalCount === 1 ? '1 event' : `${totalCount} events`} waiting, oldest first: events
        organisers sent to be listed on the events page. Publish one to list its dates, or refuse it
        with a reason we email to its organiser.
      </p>
      {outcome && <Outcome key={outcome.key} text={outcome.text} />}
      {events.length === 0 ? (
        <p className="text-lg">No events are waiting.</p>
      ) : (
        events.map((event) => (
          <PendingEventItem
            key={event.id}
            event={event}
            onDecided={(text) => setOutcome({ key: (outcome?.key ?? 0) + 1, text })}
          />
        ))
      )}
    </>
  );
}
