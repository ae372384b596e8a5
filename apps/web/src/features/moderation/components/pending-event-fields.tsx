import { eventCategoryLabel } from '@locals/contracts/event-categories';
import { eventFullDate, eventTimeText } from '@/lib/event-dates';
import type { PendingEvent } from '../api/list-pending-events';
import { SummaryList, SummaryRow } from './summary-list';

const NONE = 'None given';

function listOrNone(items: string[]): string {
  return items.length > 0 ? items.join(', ') : NONE;
}

/**
 * Everything the organiser wrote, as they wrote it. Links are text, not links: a moderator
 * judges an address before anyone is sent to it.
 */
export function PendingEventFields({ event }: { event: PendingEvent }) {
  const { submission } = event;
  const time = eventTimeText({
    time: submission.startTime ?? null,
    endTime: submission.endTime ?? null,
    allDay: submission.allDay,
  });
  return (
    <SummaryList>
      <SummaryRow label="Description">{submission.description}</SummaryRow>
      <SummaryRow label="Category">
        {eventCategoryLabel(submission.category) ?? submission.category}
      </SummaryRow>
      <SummaryRow label={submission.repeat.frequency === 'none' ? 'Date' : 'First date'}>
        <time dateTime={submission.date}>{eventFullDate(submission.date)}</time>
      </SummaryRow>
      <SummaryRow label="Time">{time}</SummaryRow>
      <SummaryRow label="Repeats">{event.recurrence ?? 'No, a one-off event'}</SummaryRow>
      {submission.repeat.except.length > 0 && (
        <SummaryRow label="Dates left out">
          {submission.repeat.except.map(eventFullDate).join(', ')}
        </SummaryRow>
      )}
      <SummaryRow label="Venue">{submission.venue}</SummaryRow>
      <SummaryRow label="Address">{submission.address}</SummaryRow>
      <SummaryRow label="Postcode">{submission.postcode}</SummaryRow>
      <SummaryRow label="Organiser">{submission.organizerName}</SummaryRow>
      <SummaryRow label="Organiser email">
        <span className="break-all">{submission.organizerEmail}</span>
      </SummaryRow>
      <SummaryRow label="Organiser phone">{submission.organizerPhone ?? NONE}</SummaryRow>
      <SummaryRow label="Registration">
        {submission.registrationRequired ? 'Required' : 'Not needed: drop in'}
      </SummaryRow>
      <SummaryRow label="Registration link">
        <span className="break-all">{submission.registrationLink ?? NONE}</span>
      </SummaryRow>
      <SummaryRow label="Website">
        <span className="break-all">{submission.website ?? NONE}</span>
      </SummaryRow>
      <SummaryRow label="Accessibility">{listOrNone(submission.accessibility)}</SummaryRow>
      <SummaryRow label="Tags">{listOrNone(submission.tags)}</SummaryRow>
      <SummaryRow label="Sent by">
        <span className="break-all">{event.submittedBy ?? 'An account since deleted'}</span>
      </SummaryRow>
    </SummaryList>
  );
}
