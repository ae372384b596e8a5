import type { SubmittedEvent } from '@locals/contracts/organiser-events';
import clsx from 'clsx';

type Standing = { label: string; tone: string };

/** Where an event stands, in the organiser's words: a cancelled series says so first. */
export function eventStanding(event: Pick<SubmittedEvent, 'status' | 'cancelled'>): Standing {
  if (event.cancelled) return { label: 'Cancelled', tone: 'bg-surface text-ink' };
  switch (event.status) {
    case 'pending':
      return { label: 'Waiting for review', tone: 'bg-brand-light text-ink' };
    case 'published':
      return { label: 'Published', tone: 'bg-brand text-white' };
    case 'refused':
      return { label: 'Not published', tone: 'bg-danger text-white' };
  }
}

/** A GOV.UK-style tag: a short status in bold, read out as written. */
export function EventStatusTag({ event }: { event: Pick<SubmittedEvent, 'status' | 'cancelled'> }) {
  const { label, tone } = eventStanding(event);
  return (
    <strong className={clsx('inline-block px-2 py-0.5 text-base font-bold', tone)}>{label}</strong>
  );
}
