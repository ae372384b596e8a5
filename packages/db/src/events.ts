import { createHash } from 'node:crypto';
import { and, eq, getTableColumns, gte, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db } from './client';
import { eventOccurrences, events } from './events-schema';

const BATCH = 500;

/** One session of an event, as an import or the demo set found it. */
export type NewOccurrence = {
  startsAt: Date;
  /** Null when the source gave no end. */
  endsAt: Date | null;
  allDay: boolean;
};

/** What the database alone writes: the next sessions are its triggers' (migration 0024). */
const WRITTEN_BY_THE_DATABASE = [
  'nextStartsAt',
  'nextEndsAt',
  'followingStartsAt',
  'followingEndsAt',
  'nextAsOf',
] as const;

/** An event as it is written: the row without what the database fills, and its sessions. */
export type NewEvent = Omit<
  typeof events.$inferInsert,
  'id' | 'createdAt' | 'updatedAt' | (typeof WRITTEN_BY_THE_DATABASE)[number]
> & {
  occurrences: NewOccurrence[];
};

/**
 * The event's id: the same for the same source and UID on every run, so a re-import updates
 * the row, links to it keep working, and bookmarks stay with it. Readable prefix, hashed rest
 * (a UID may be any length and any characters).
 */
export function eventIdOf(source: string, sourceUid: string): string {
  const prefix = source
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 40);
  const digest = createHash('sha256').update(`${source}\n${sourceUid}`).digest('hex').slice(0, 20);
  return `${prefix || 'event'}-${digest}`;
}

/**
 * On conflict every column takes the incoming value but the id, when it was first seen and what
 * the database alone writes.
 */
const kept = new Set<string>(['id', 'createdAt', ...WRITTEN_BY_THE_DATABASE]);
const updateFromExcluded = Object.fromEntries(
  Object.entries(getTableColumns(events))
    .filter(([key]) => !kept.has(key))
    .map(([key, column]) => [
      key,
      key === 'updatedAt' ? sql`now()` : sql.raw(`excluded.${column.name}`),
    ]),
);

/**
 * Inserts or updates events by source and UID. Each event's sessions from `from` on (the
 * import's "now") are replaced by those given; earlier ones stay as its history, so a bookmark
 * of an event whose sessions are all over can still say when the last one was. Call inside a
 * transaction for an all-or-nothing import. Returns the ids written, in order.
 */
export async function upsertEvents(
  db: Db,
  rows: readonly NewEvent[],
  { from }: { from: Date },
): Promise<string[]> {
  const ids: string[] = [];
  for (let start = 0; start < rows.length; start += BATCH) {
    const batch = rows.slice(start, start + BATCH);
    const values = batch.map(({ occurrences: _occurrences, ...event }) => ({
      ...event,
      id: eventIdOf(event.source, event.sourceUid),
    }));
    await db.insert(events).values(values).onConflictDoUpdate({
      target: events.id,
      set: updateFromExcluded,
    });
    const batchIds = values.map((value) => value.id);
    ids.push(...batchIds);
    await db
      .delete(eventOccurrences)
      .where(
        and(inArray(eventOccurrences.eventId, batchIds), gte(eventOccurrences.startsAt, from)),
      );
    const sessions = batch.flatMap((event, index) =>
      uniqueStarts(event.occurrences).map((occurrence) => ({
        eventId: batchIds[index] ?? '',
        startsAt: occurrence.startsAt,
        endsAt: occurrence.endsAt,
        allDay: occurrence.allDay,
        category: event.category,
        registrationRequired: event.registrationRequired ?? false,
        cancelled: event.cancelled ?? false,
        latitude: event.latitude,
        longitude: event.longitude,
      })),
    );
    for (let at = 0; at < sessions.length; at += BATCH) {
      await db
        .insert(eventOccurrences)
        .values(sessions.slice(at, at + BATCH))
        .onConflictDoUpdate({
          target: [eventOccurrences.eventId, eventOccurrences.startsAt],
          set: {
            endsAt: sql`excluded.ends_at`,
            allDay: sql`excluded.all_day`,
            category: sql`excluded.category`,
            registrationRequired: sql`excluded.registration_required`,
            cancelled: sql`excluded.cancelled`,
            latitude: sql`excluded.latitude`,
            longitude: sql`excluded.longitude`,
          },
        });
    }
  }
  return ids;
}

/** A source may list the same start twice (an override beside its rule): keep the last. */
function uniqueStarts(occurrences: readonly NewOccurrence[]): NewOccurrence[] {
  const byStart = new Map<number, NewOccurrence>();
  for (const occurrence of occurrences) byStart.set(occurrence.startsAt.getTime(), occurrence);
  return [...byStart.values()].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
}

/**
 * Deletes a source's events that are not in `keep` (a whole feed was re-read and they are gone
 * from it). Bookmarks of them stay, and say the event is no longer listed. Returns how many.
 */
export async function removeEventsMissingFrom(
  db: Db,
  source: string,
  keep: readonly string[],
): Promise<number> {
  const removed = await db
    .delete(events)
    .where(
      keep.length > 0
        ? and(eq(events.source, source), notInArray(events.id, [...keep]))
        : eq(events.source, source),
    )
    .returning({ id: events.id });
  return removed.length;
}

/** Deletes the given events of a source (an OpenActive `deleted` item). Returns how many. */
export async function removeEvents(
  db: Db,
  source: string,
  sourceUids: readonly string[],
): Promise<number> {
  if (sourceUids.length === 0) return 0;
  const removed = await db
    .delete(events)
    .where(and(eq(events.source, source), inArray(events.sourceUid, [...sourceUids])))
    .returning({ id: events.id });
  return removed.length;
}
