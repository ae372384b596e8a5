import type { Db } from '@locals/db/client';
import { events, users } from '@locals/db/schema';
import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';

/** Published and not called off: the events whose organisers are reminded. */
const isLive = and(eq(events.status, 'published'), eq(events.cancelled, false));

/** When its last date that still goes ahead starts; null when none does. */
const lastSessionAt = sql<Date | string | null>`(
  select max(o.starts_at) from event_occurrences o
  where o.event_id = ${events.id} and not o.cancelled and not o.date_cancelled)`;

const hasSessionAfter = (now: Date) => sql`exists (
  select 1 from event_occurrences o
  where o.event_id = ${events.id} and o.starts_at > ${now}
    and not o.cancelled and not o.date_cancelled)`;

const isRepeating = sql`${events.submission}->'repeat'->>'frequency' <> 'none'`;

/** Not reminded of its end since it last changed (an edit may have added dates). */
const notRemindedOfEnd = or(
  isNull(events.endingReminderAt),
  lt(events.endingReminderAt, events.updatedAt),
);

const notAskedSince = (cutoff: Date) =>
  or(isNull(events.freshnessReminderAt), lt(events.freshnessReminderAt, cutoff));

/**
 * Which organisers' events are due a reminder (decision 038), and marking each one reminded.
 * Only events with an account behind them: the reminders ask for a change in My events, which
 * only that account can make.
 */
export function createEventRemindersRepository(db: Db) {
  const dueEvents = () =>
    db
      .select({
        id: events.id,
        title: events.title,
        to: users.email,
        updatedAt: events.updatedAt,
        lastSessionAt,
      })
      .from(events)
      .innerJoin(users, eq(users.id, events.submittedBy));

  return {
    /** Repeating events whose last date is after `now` and by `until`, not reminded since a change. */
    async dueToEnd({ now, until, limit }: { now: Date; until: Date; limit: number }) {
      const rows = await dueEvents()
        .where(
          and(
            isLive,
            isRepeating,
            notRemindedOfEnd,
            sql`${lastSessionAt} > ${now}`,
            sql`${lastSessionAt} <= ${until}`,
          ),
        )
        .orderBy(asc(events.updatedAt), asc(events.id))
        .limit(limit);
      return rows.map((row) => ({ ...row, lastSessionAt: asDate(row.lastSessionAt) }));
    },

    /** Marks the event reminded of its end, unless it already is: false when it was. */
    async markRemindedOfEnd(id: string, now: Date): Promise<boolean> {
      const marked = await db
        .update(events)
        .set({ endingReminderAt: now })
        .where(and(eq(events.id, id), isLive, notRemindedOfEnd))
        .returning({ id: events.id });
      return marked.length > 0;
    },

    /**
     * Events with a date still to come, unchanged since before `cutoff` and not asked since it,
     * least recently changed first.
     */
    async dueToConfirm({ now, cutoff, limit }: { now: Date; cutoff: Date; limit: number }) {
      const rows = await dueEvents()
        .where(
          and(isLive, lt(events.updatedAt, cutoff), notAskedSince(cutoff), hasSessionAfter(now)),
        )
        .orderBy(asc(events.updatedAt), asc(events.id))
        .limit(limit);
      return rows.map((row) => ({ ...row, lastSessionAt: asDate(row.lastSessionAt) }));
    },

    /** Marks the event asked whether it still runs, unless it was since `cutoff`. */
    async markAsked(id: string, { now, cutoff }: { now: Date; cutoff: Date }): Promise<boolean> {
      const marked = await db
        .update(events)
        .set({ freshnessReminderAt: now })
        .where(and(eq(events.id, id), isLive, lt(events.updatedAt, cutoff), notAskedSince(cutoff)))
        .returning({ id: events.id });
      return marked.length > 0;
    },
  };
}

/** A timestamp computed in SQL, which the driver may hand back as text. */
function asDate(value: Date | string | null): Date | null {
  return value === null ? null : new Date(value);
}
