import { safeHttpUrl, unsafeUrlMessage } from '@locals/contracts/safe-url';
import type { Database } from '@locals/db/client';
import {
  eventIdOf,
  removeEvents,
  removeEventsMissingFrom,
  upsertEvents,
  type NewEvent,
} from '@locals/db/events';
import { events } from '@locals/db/events-schema';
import { and, eq, inArray } from 'drizzle-orm';
import type { EventDraft } from './event-draft';
import { noteEvent, type EventsReport } from './events-report';
import { pointsOf } from './placement';
import { SESSIONS_CUT } from './session-limits';

type WriteOptions = {
  source: string;
  sourceName: string | null;
  licence: string;
  drafts: EventDraft[];
  /** Where events whose location names no postcode are (iCalendar's --postcode). */
  fallbackPostcode?: string;
  /** Why an event without a postcode cannot be placed, in the words of its format. */
  noPostcode: string;
  /**
   * 'missing': the feed is the whole truth for its source, so its events not in it go.
   * A list: the UIDs the feed says were deleted (OpenActive); nothing else is removed.
   */
  remove: 'missing' | string[];
  /** Today's start: sessions from then on are replaced, earlier ones kept as history. */
  from: Date;
};

const UNKNOWN_POSTCODE =
  "postcode not in the postcode table: correct it, or import that area's postcodes (--type postcodes)";
const TEXT_LIMITS = { title: 200, description: 10_000, venue: 200, address: 500 } as const;

/**
 * Places each event at its postcode and writes them, with the removals, in one transaction:
 * a failure writes nothing. Rejections and counts go into the report.
 */
export async function writeEvents(
  database: Database,
  options: WriteOptions,
  report: EventsReport,
): Promise<void> {
  const postcodeOf = (draft: EventDraft) => draft.place.postcode ?? options.fallbackPostcode;
  const points = await pointsOf(
    database.db,
    options.drafts.flatMap((draft) => postcodeOf(draft) ?? []),
  );
  const rows: NewEvent[] = [];
  for (const draft of options.drafts) {
    const postcode = postcodeOf(draft);
    const point = postcode ? points.get(postcode) : undefined;
    if (!postcode) {
      noteEvent(report.rejected, options.noPostcode, draft.label);
      continue;
    }
    if (!point) {
      noteEvent(report.rejected, UNKNOWN_POSTCODE, `${draft.label}, ${postcode}`);
      continue;
    }
    const row: NewEvent = {
      ...withSafeLinks(draft, report),
      source: options.source,
      sourceName: options.sourceName,
      licence: options.licence,
      venue: draft.place.venue || postcode,
      address: draft.place.address,
      postcode,
      ...point,
    };
    const problem = textProblemOf(row);
    if (problem) {
      noteEvent(report.rejected, problem, draft.label);
      continue;
    }
    if (draft.sessionsCut) noteEvent(report.warnings, SESSIONS_CUT, draft.label);
    rows.push(row);
  }

  // A feed none of whose events could be placed points at a problem of the run (a missing
  // --postcode, postcodes not loaded), not at a calendar emptied on purpose: nothing is removed.
  const keepAll = options.remove === 'missing' && rows.length === 0 && report.rejected.size > 0;
  if (keepAll) {
    report.notes.push(
      "nothing removed: none of the feed's events could be imported, so the source's events are kept",
    );
  }
  await database.db.transaction(async (transaction) => {
    const ids = rows.map((row) => eventIdOf(row.source, row.sourceUid));
    const existing = ids.length
      ? await transaction
          .select({ id: events.id })
          .from(events)
          .where(and(eq(events.source, options.source), inArray(events.id, ids)))
      : [];
    await upsertEvents(transaction, rows, { from: options.from });
    report.updated = existing.length;
    report.added = rows.length - existing.length;
    if (keepAll) return;
    report.removed =
      options.remove === 'missing'
        ? await removeEventsMissingFrom(transaction, options.source, ids)
        : await removeEvents(transaction, options.source, options.remove);
  });
}

function textProblemOf(row: NewEvent): string | null {
  for (const [field, limit] of Object.entries(TEXT_LIMITS)) {
    const value = row[field as keyof typeof TEXT_LIMITS] ?? '';
    if (value.length > limit) {
      return `${field} is longer than ${limit.toLocaleString('en-GB')} characters`;
    }
  }
  // eslint-disable-next-line no-control-regex -- a title is one line; a description may have several
  if (/[\u0000-\u001f\u007f-\u009f]/.test(row.title)) return 'title contains control characters';
  return null;
}

/** A link that is not http(s) (`javascript:...`) is dropped, and the event kept (decision 029). */
function withSafeLinks({ event, label }: EventDraft, report: EventsReport): EventDraft['event'] {
  const website = safeHttpUrl(event.website);
  const registrationLink = safeHttpUrl(event.registrationLink);
  if (event.website?.trim() && website === null) {
    noteEvent(report.warnings, unsafeUrlMessage('website'), label);
  }
  if (event.registrationLink?.trim() && registrationLink === null) {
    noteEvent(report.warnings, unsafeUrlMessage('registration link'), label);
  }
  return { ...event, website, registrationLink };
}
