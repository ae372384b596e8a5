import type {
  EventSubmission,
  SubmittedEvent,
  SubmittedEventStatus,
} from '@locals/contracts/organiser-events';
import { repeatDays, repeatLabel } from '@locals/contracts/organiser-events';
import { queryRows, type Db } from '@locals/db/client';
import { eventIdOf } from '@locals/db/events';
import { eventOccurrences, events, listingProviders, services, users } from '@locals/db/schema';
import { and, asc, desc, eq, gte, inArray, lt, ne, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { londonDay, londonMidnight, nextDay } from '../../capabilities/london-time';
import { sessionsOfSubmission } from './event-dates';

/** Submitted events are rows of `events` with this source (decision 038). */
export const SUBMITTED_SOURCE = 'locals';
const PROVENANCE = {
  sourceName: 'Added by the organiser',
  licence: 'Published on Locals with the permission of its organiser',
};

export type SubmittedEventRow = typeof events.$inferSelect;
export type Place = { latitude: number; longitude: number };

/** The columns search, the dialog and the feeds read, from what the organiser wrote. */
export function eventColumnsOf(submission: EventSubmission, place: Place) {
  return {
    title: submission.title,
    description: submission.description,
    category: submission.category,
    venue: submission.venue,
    address: submission.address,
    postcode: submission.postcode,
    latitude: place.latitude,
    longitude: place.longitude,
    organizerName: submission.organizerName,
    organizerEmail: submission.organizerEmail,
    organizerPhone: submission.organizerPhone ?? null,
    registrationRequired: submission.registrationRequired,
    registrationLink: submission.registrationLink ?? null,
    website: submission.website ?? null,
    accessibility: submission.accessibility,
    tags: submission.tags,
    recurrence: repeatLabel(submission.date, submission.repeat),
    submission,
  };
}

/** Lower-case, trimmed, with each run of spaces as one: how duplicates' titles and venues compare. */
export function looseText(value: string): string {
  return value.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** One of an event's dates as its organiser sees it. */
type EventDate = SubmittedEvent['dates'][number];

export function createSubmittedEventsRepository(db: Db) {
  const own = (id: string) => and(eq(events.id, id), eq(events.source, SUBMITTED_SOURCE));
  return {
    /**
     * Stores a new submission, pending or published (its sessions are then written by
     * `writeSessions` in the same transaction). A repeat with the same Idempotency-Key from
     * the same person finds the first: null here, and `findByKey` answers it.
     */
    async insert(values: {
      submission: EventSubmission;
      place: Place;
      submittedBy: string;
      status: SubmittedEventStatus;
      serviceId: string | null;
      idempotencyKey: string | undefined;
      now: Date;
    }): Promise<SubmittedEventRow | null> {
      const sourceUid = randomUUID();
      const [row] = await db
        .insert(events)
        .values({
          id: eventIdOf(SUBMITTED_SOURCE, sourceUid),
          source: SUBMITTED_SOURCE,
          sourceUid,
          ...PROVENANCE,
          ...eventColumnsOf(values.submission, values.place),
          status: values.status,
          submittedBy: values.submittedBy,
          serviceId: values.serviceId,
          idempotencyKey: values.idempotencyKey ?? null,
          decidedAt: values.status === 'published' ? values.now : null,
          firstPublishedAt: values.status === 'published' ? values.now : null,
          createdAt: values.now,
          updatedAt: values.now,
        })
        .onConflictDoNothing({
          target: [events.submittedBy, events.idempotencyKey],
          where: sql`${events.idempotencyKey} is not null`,
        })
        .returning();
      return row ?? null;
    },

    async findByKey(submittedBy: string, idempotencyKey: string) {
      const [row] = await db
        .select()
        .from(events)
        .where(and(eq(events.submittedBy, submittedBy), eq(events.idempotencyKey, idempotencyKey)));
      return row ?? null;
    },

    /** A submitted event (never an imported one), locked for a change when `forUpdate`. */
    async findById(id: string, { forUpdate = false } = {}): Promise<SubmittedEventRow | null> {
      const query = db.select().from(events).where(own(id));
      const [row] = forUpdate ? await query.for('update') : await query;
      return row ?? null;
    },

    /** What a person submitted, newest first. */
    async listOwn(userId: string): Promise<SubmittedEventRow[]> {
      return db
        .select()
        .from(events)
        .where(and(eq(events.submittedBy, userId), eq(events.source, SUBMITTED_SOURCE)))
        .orderBy(desc(events.createdAt), asc(events.id));
    },

    /** Events waiting for a moderator, oldest first, with who sent each. */
    async listPending() {
      return (
        db
          .select({ event: events, submittedBy: users.email })
          .from(events)
          .leftJoin(users, eq(users.id, events.submittedBy))
          // One its organiser called off meanwhile has nothing left to decide.
          .where(and(eq(events.status, 'pending'), eq(events.cancelled, false)))
          .orderBy(asc(events.createdAt), asc(events.id))
      );
    },

    /** The email of the account that submitted an event; null once the account is gone. */
    async submitterEmail(row: Pick<SubmittedEventRow, 'submittedBy'>): Promise<string | null> {
      if (!row.submittedBy) return null;
      const [user] = await db
        .select({ email: users.email })
        .from(users)
        .where(eq(users.id, row.submittedBy));
      return user?.email ?? null;
    },

    /** Changes the stored event; `updated_at` moves unless the caller says otherwise. */
    async update(
      id: string,
      set: Partial<Omit<SubmittedEventRow, 'id' | 'source' | 'sourceUid'>>,
    ): Promise<SubmittedEventRow> {
      const [row] = await db.update(events).set(set).where(own(id)).returning();
      if (!row) throw new Error(`Submitted event ${id} vanished during a change`);
      return row;
    },

    /**
     * Writes the event's sessions from `from` on out of what its organiser wrote, as a publish
     * or a live change does; earlier ones stay as its history. A date the organiser had
     * cancelled stays cancelled if it is still one of the dates.
     */
    async writeSessions(row: SubmittedEventRow, from: Date): Promise<void> {
      if (!row.submission) throw new Error(`Submitted event ${row.id} has no submission`);
      const cancelledDays = new Set([...row.cancelledDays, ...(await this.cancelledDays(row.id))]);
      await this.removeSessions(row.id, from);
      const sessions = sessionsOfSubmission(row.submission)
        .filter((session) => session.startsAt >= from)
        .map((session) => ({
          eventId: row.id,
          ...session,
          category: row.category,
          registrationRequired: row.registrationRequired,
          cancelled: row.cancelled,
          dateCancelled: cancelledDays.has(londonDay(session.startsAt)),
          latitude: row.latitude,
          longitude: row.longitude,
        }));
      if (sessions.length > 0) await db.insert(eventOccurrences).values(sessions);
    },

    /** Takes the event's sessions from `from` on off /events (it waits for a moderator again). */
    async removeSessions(id: string, from: Date): Promise<void> {
      await db
        .delete(eventOccurrences)
        .where(and(eq(eventOccurrences.eventId, id), gte(eventOccurrences.startsAt, from)));
    },

    /**
     * Marks one London day's session cancelled, and remembers the day on the event so it stays
     * cancelled through a change that waits for a moderator. Whether there was one to mark.
     */
    async cancelDay(id: string, day: string): Promise<boolean> {
      await db
        .update(events)
        .set({
          cancelledDays: sql`array_append(array_remove(${events.cancelledDays}, ${day}), ${day})`,
        })
        .where(own(id));
      const start = londonMidnight(day);
      const end = new Date(start.getTime() + 36 * 60 * 60 * 1000);
      const rows = await queryRows<{ starts_at: Date | string }>(
        db,
        sql`update event_occurrences set date_cancelled = true
            where event_id = ${id} and starts_at >= ${start} and starts_at < ${end}
              and to_char(starts_at at time zone 'Europe/London', 'YYYY-MM-DD') = ${day}
            returning starts_at`,
      );
      return rows.length > 0;
    },

    /** The whole event called off: the event and each of its sessions. */
    async cancelSeries(id: string, now: Date): Promise<void> {
      await db.update(events).set({ cancelled: true, updatedAt: now }).where(own(id));
      await db
        .update(eventOccurrences)
        .set({ cancelled: true })
        .where(eq(eventOccurrences.eventId, id));
    },

    /** Deletes the event and its sessions (only ever one that was never published). */
    async remove(id: string): Promise<void> {
      await db.delete(events).where(own(id));
    },

    async cancelledDays(id: string): Promise<Set<string>> {
      const rows = await db
        .select({ startsAt: eventOccurrences.startsAt })
        .from(eventOccurrences)
        .where(and(eq(eventOccurrences.eventId, id), eq(eventOccurrences.dateCancelled, true)));
      return new Set(rows.map((row) => londonDay(row.startsAt)));
    },

    /** Each event's dates (at most 400 each), soonest first, as its organiser sees them. */
    async datesOf(ids: readonly string[], now: Date): Promise<Map<string, EventDate[]>> {
      const dates = new Map<string, EventDate[]>();
      if (ids.length === 0) return dates;
      const rows = await db
        .select()
        .from(eventOccurrences)
        .where(inArray(eventOccurrences.eventId, [...ids]))
        .orderBy(asc(eventOccurrences.eventId), asc(eventOccurrences.startsAt));
      for (const row of rows) {
        const list = dates.get(row.eventId) ?? [];
        const endsAt = row.endsAt ?? new Date(row.startsAt.getTime() + 60 * 60 * 1000);
        list.push({
          date: londonDay(row.startsAt),
          cancelled: row.cancelled || row.dateCancelled,
          passed: endsAt <= now,
        });
        dates.set(row.eventId, list);
      }
      return dates;
    },

    /** How many events this person has submitted since `since` (deleted ones are not counted). */
    async countSubmittedSince(userId: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(events)
        .where(and(eq(events.submittedBy, userId), gte(events.createdAt, since)));
      return Number(row?.count ?? 0);
    },

    /**
     * An event of any source with this title at this venue (both compared without case or extra
     * spaces) going ahead on this London day: imported or published ones by their sessions,
     * waiting ones by their own dates. Refused events, called-off events and called-off dates
     * are not in the way; nor is `excludeId`, the event being changed.
     */
    async findDuplicate(candidate: {
      title: string;
      venue: string;
      day: string;
      excludeId?: string;
    }): Promise<Pick<
      SubmittedEventRow,
      'id' | 'title' | 'venue' | 'status' | 'submittedBy'
    > | null> {
      const sameText = (column: typeof events.title | typeof events.venue, value: string) =>
        sql`lower(regexp_replace(btrim(${column}), '\\s+', ' ', 'g')) = ${looseText(value)}`;
      const sameEvent = and(
        sameText(events.title, candidate.title),
        sameText(events.venue, candidate.venue),
        eq(events.cancelled, false),
        candidate.excludeId === undefined ? undefined : ne(events.id, candidate.excludeId),
      );
      const columns = {
        id: events.id,
        title: events.title,
        venue: events.venue,
        status: events.status,
        submittedBy: events.submittedBy,
      };
      const [listed] = await db
        .select(columns)
        .from(eventOccurrences)
        .innerJoin(events, eq(events.id, eventOccurrences.eventId))
        .where(
          and(
            sameEvent,
            sql`(${events.status} is null or ${events.status} = 'published')`,
            eq(eventOccurrences.dateCancelled, false),
            gte(eventOccurrences.startsAt, londonMidnight(candidate.day)),
            lt(eventOccurrences.startsAt, londonMidnight(nextDay(candidate.day))),
          ),
        )
        .orderBy(asc(events.id))
        .limit(1);
      if (listed) return listed;
      const waiting = await db
        .select({ ...columns, submission: events.submission })
        .from(events)
        .where(and(sameEvent, eq(events.status, 'pending')))
        .orderBy(asc(events.createdAt), asc(events.id));
      const found = waiting.find(
        ({ submission }) =>
          submission !== null &&
          repeatDays(submission.date, submission.repeat).includes(candidate.day),
      );
      if (!found) return null;
      const { submission: _submission, ...row } = found;
      return row;
    },

    /** The verified listings at this postcode whose provider is this person. */
    async verifiedListingsProvidedBy(userId: string, postcode: string) {
      return db
        .select({ id: services.id, name: services.name, address: services.address })
        .from(listingProviders)
        .innerJoin(services, eq(services.id, listingProviders.serviceId))
        .where(
          and(
            eq(listingProviders.userId, userId),
            eq(services.verified, true),
            eq(services.postcode, postcode),
          ),
        )
        .orderBy(asc(services.id));
    },
  };
}

/** A stored submission as its organiser (and a moderator) sees it. */
export function toSubmittedEvent(
  row: SubmittedEventRow,
  dates: readonly EventDate[],
): SubmittedEvent {
  if (!row.submission || !row.status) throw new Error(`Event ${row.id} was not submitted`);
  return {
    id: row.id,
    status: row.status,
    refusalReason: row.refusalReason,
    cancelled: row.cancelled,
    submission: row.submission,
    recurrence: row.recurrence,
    dates: [...dates],
    submittedAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}
