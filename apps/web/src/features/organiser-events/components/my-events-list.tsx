import { NEW_EVENT_PATH } from '@locals/contracts/page-forms';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { useMyEvents } from '../api/my-events';
import { MyEventItem } from './my-event-item';
import type { Notice } from './my-event-item';

const NOTICE_ID = 'my-events-notice';

function NoEventsYet() {
  return (
    <div className="max-w-prose space-y-4 text-lg">
      <p>You have not added any events yet.</p>
      <p>
        Add a community event you run, such as a coffee morning, a food stall or a walking group. We
        check every event before it goes on Locals, within 2 to 3 working days, and email you when
        it is published. An event at a verified listing you manage is published straight away.
      </p>
      <p>
        <Link to={NEW_EVENT_PATH}>Add your first event</Link>
      </p>
    </div>
  );
}

/** The events the signed-in person submitted, each with where it stands and what they can do. */
export function MyEventsList() {
  const eventsQuery = useMyEvents();
  const [notice, setNotice] = useState<Notice | null>(null);

  useEffect(() => {
    if (!notice) return;
    // A task later: the dialog that asked first gives focus back to its button (Radix does it in
    // a task of its own), and that button may be gone with the date or event it was for.
    const timer = setTimeout(() => document.getElementById(notice.focusId)?.focus(), 0);
    return () => clearTimeout(timer);
  }, [notice]);

  if (eventsQuery.isPending) return <p role="status">Loading your events...</p>;
  if (eventsQuery.isError) {
    return (
      <div role="alert">
        <p className="mb-2 text-lg">We could not load your events. {eventsQuery.error.message}</p>
        <Button variant="secondary" onClick={() => void eventsQuery.refetch()}>
          Try again
        </Button>
      </div>
    );
  }

  const events = eventsQuery.data.data;
  return (
    <>
      {/* On the page from the start, so screen readers hear what an action did. */}
      <p id={NOTICE_ID} role="status" tabIndex={-1} className="mb-4 text-lg font-bold empty:hidden">
        {notice?.text}
      </p>
      {events.length === 0 ? (
        <NoEventsYet />
      ) : (
        <ul className="space-y-4">
          {events.map((event) => (
            <MyEventItem
              key={event.id}
              event={event}
              onNotice={setNotice}
              // Its item is gone: the message saying so is the next place to be.
              onDeleted={(title) => setNotice({ text: `${title} is deleted.`, focusId: NOTICE_ID })}
            />
          ))}
        </ul>
      )}
    </>
  );
}
