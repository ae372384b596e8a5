import type { NewEvent } from '@locals/db/events';

/** Where a feed says an event is; the postcode (formatted) places it, through our table. */
export type Place = { venue: string; address: string; postcode: string | null };

/** An event read from a feed: everything but its provenance and its point. */
export type EventDraft = {
  /** How the report names it: its title and where it is in the feed. */
  label: string;
  event: Omit<
    NewEvent,
    | 'source'
    | 'sourceName'
    | 'licence'
    | 'venue'
    | 'address'
    | 'postcode'
    | 'latitude'
    | 'longitude'
  >;
  place: Place;
  /** Sessions past the soonest SESSIONS_PER_EVENT were left out (decision 033). */
  sessionsCut?: boolean;
};

/** What reading one item of a feed gave. */
export type DraftResult =
  { draft: EventDraft } | { label: string; skipped: string } | { label: string; rejected: string };

export const ALL_PAST = 'all sessions have passed';
export const BEYOND_HORIZON = 'no session in the next 12 months';
