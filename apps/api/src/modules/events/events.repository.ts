import type { Event, Occurrence } from '@locals/contracts/events';
import type { EventCategoryId } from '@locals/contracts/event-categories';
import { queryRows, type Db } from '@locals/db/client';
import { sql, type SQL } from 'drizzle-orm';
import { cellsAround } from './grid';
import { londonDay, londonTime } from '../../capabilities/london-time';

export const METRES_PER_MILE = 1609.344;
/** A session is taken to last an hour when its source gave no end. */
const ASSUMED_LENGTH = sql`interval '1 hour'`;
/** How many sessions still to come an event's own answer lists. */
const UPCOMING_LIMIT = 12;

export type EventSearch = {
  /** The searched postcode's point and the radius; absent for events everywhere. */
  near?: { latitude: number; longitude: number; metres: number };
  /** Sessions starting in [from, to); `to` absent for every upcoming one. */
  from: Date;
  to?: Date;
  /** Sessions that have ended by now are never listed. */
  now: Date;
  category?: EventCategoryId;
  registrationRequired?: boolean;
  /** Lower-case; any one matches. */
  tags?: readonly string[];
  limit: number;
  offset: number;
};

type EventRow = {
  id: string;
  source: string;
  source_name: string | null;
  licence: string;
  title: string;
  description: string;
  category: EventCategoryId;
  venue: string;
  address: string;
  postcode: string;
  latitude: number;
  longitude: number;
  organizer_name: string;
  organizer_email: string | null;
  organizer_phone: string | null;
  registration_required: boolean;
  registration_link: string | null;
  website: string | null;
  accessibility: string[];
  tags: string[];
  recurrence: string | null;
  cancelled: boolean;
  created_at: Date | string;
  updated_at: Date | string;
  /** The session the answer is about; null for an event with none stored. */
  session_starts_at: Date | string | null;
  session_ends_at: Date | string | null;
  session_all_day: boolean | null;
  session_date_cancelled: boolean | null;
  /** Whether any session is still to come. */
  upcoming: boolean;
  distance_m: number | null;
};

type SessionRow = {
  starts_at: Date | string;
  ends_at: Date | string | null;
  all_day: boolean;
  date_cancelled: boolean;
};

const asDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

/** The event columns every answer reads. */
const EVENT_COLUMNS = sql.raw(`e.id, e.source, e.source_name, e.licence, e.title, e.description,
  e.category, e.venue, e.address, e.postcode, e.latitude, e.longitude, e.organizer_name,
  e.organizer_email, e.organizer_phone, e.registration_required, e.registration_link, e.website,
  e.accessibility, e.tags, e.recurrence, e.cancelled, e.created_at, e.updated_at`);

export function createEventsRepository(db: Db) {
  return {
    /**
     * One row per event: its first session in the dates asked for, soonest first, nearest
     * first on the same start, and how many events there are. Three plans, one answer
     * (decisions 021 and 039): dates with an end read the sessions in those dates (per grid
     * cell the circle touches, index-only) and keep each event's first; open-ended searches
     * near a place, where an event has many sessions to come, read the events near the place
     * and probe each one's next session; open-ended searches everywhere read the events in the
     * order of their stored next session and stop after the page. The radius is measured
     * exactly, and `events` is read in full for the page only.
     */
    async search(search: EventSearch): Promise<{ events: Event[]; total: number }> {
      const query = search.to
        ? pageOf(sessionsFirst(search), search)
        : search.near
          ? pageOf(eventsFirst(search), search)
          : pageByNextSession(search);
      const rows = await queryRows<EventRow & { total: number | string }>(db, query);
      const total =
        rows.length > 0 ? Number(rows[0]?.total) : search.offset > 0 ? await this.count(search) : 0;
      return { events: rows.map(toEvent), total };
    },

    /** How many events a search finds, for a page past its end. */
    async count(search: EventSearch): Promise<number> {
      const first = await this.search({ ...search, limit: 1, offset: 0 });
      return first.total;
    },

    /** The event with its next session (or its last, once all are over) and what is to come. */
    async findById(id: string, now: Date): Promise<(Event & { upcoming: Occurrence[] }) | null> {
      const [row] = await this.findByIds([id], now);
      if (!row) return null;
      const sessions = await queryRows<SessionRow>(
        db,
        sql`select starts_at, ends_at, all_day, date_cancelled from event_occurrences
            where event_id = ${id} and coalesce(ends_at, starts_at + ${ASSUMED_LENGTH}) > ${now}
            order by starts_at limit ${UPCOMING_LIMIT}`,
      );
      return { ...row, upcoming: sessions.map(toOccurrence) };
    },

    /**
     * Each event's sessions in [from, to) that have not ended, soonest first: the soonest
     * `limit` across all the events.
     */
    async sessionsOf(
      ids: readonly string[],
      window: { from: Date; to?: Date; now: Date },
      limit: number,
    ): Promise<Map<string, Occurrence[]>> {
      const sessions = new Map<string, Occurrence[]>();
      if (ids.length === 0) return sessions;
      const rows = await queryRows<SessionRow & { event_id: string }>(
        db,
        sql`select event_id, starts_at, ends_at, all_day, date_cancelled from event_occurrences
            where event_id in (${idList(ids)}) and starts_at >= ${window.from}
              ${window.to ? sql`and starts_at < ${window.to}` : sql``}
              and coalesce(ends_at, starts_at + ${ASSUMED_LENGTH}) > ${window.now}
            order by starts_at, event_id
            limit ${limit}`,
      );
      for (const row of rows) {
        const list = sessions.get(row.event_id) ?? [];
        list.push(toOccurrence(row));
        sessions.set(row.event_id, list);
      }
      return sessions;
    },

    /**
     * What changes whenever an import writes or removes events (each write sets updated_at):
     * part of a cached calendar feed's key, so the next request after an import builds anew.
     */
    async version(): Promise<string> {
      const [row] = await queryRows<{ count: number | string; latest: Date | string | null }>(
        db,
        sql`select count(*) as count, max(updated_at) as latest from events`,
      );
      return `${row?.count ?? 0}@${row?.latest ? asDate(row.latest).toISOString() : '-'}`;
    },

    /**
     * Moves each event's stored next sessions on past those over by `now` (decision 039), so
     * searches everywhere find few to look up, then vacuums `events`: a search counts from an
     * index alone only on heap pages a vacuum has marked all-visible since they were written
     * (here, by imports or organisers). Not in a transaction. How many events it recomputed.
     */
    async refreshNextSessions(now: Date): Promise<number> {
      const [row] = await queryRows<{ moved: number }>(
        db,
        sql`select locals_event_next_dates_due(${now}) as moved`,
      );
      await db.execute(sql`vacuum (skip_locked) events`);
      return row?.moved ?? 0;
    },

    /** Each event found, with its next session or its last; missing ids are left out. */
    async findByIds(ids: readonly string[], now: Date): Promise<Event[]> {
      if (ids.length === 0) return [];
      const rows = await queryRows<EventRow>(
        db,
        sql`
        select ${EVENT_COLUMNS},
          coalesce(next.starts_at, last.starts_at) as session_starts_at,
          case when next.starts_at is null then last.ends_at else next.ends_at end as session_ends_at,
          coalesce(next.all_day, last.all_day) as session_all_day,
          coalesce(next.date_cancelled, last.date_cancelled) as session_date_cancelled,
          next.starts_at is not null as upcoming,
          null::double precision as distance_m
        from events e
        left join lateral (
          select starts_at, ends_at, all_day, date_cancelled from event_occurrences o
          where o.event_id = e.id and coalesce(o.ends_at, o.starts_at + ${ASSUMED_LENGTH}) > ${now}
          order by o.starts_at limit 1
        ) next on true
        left join lateral (
          select starts_at, ends_at, all_day, date_cancelled from event_occurrences o
          where o.event_id = e.id order by o.starts_at desc limit 1
        ) last on true
        where e.id in (${idList(ids)})
          -- A submitted event is shown only once published (decision 038).
          and (e.status is null or e.status = 'published')`,
      );
      return rows.map(toEvent);
    },
  };
}

/** A page's events, each with its session the page is about (`page`: event_id, starts_at). */
const PAGE_COLUMNS = sql`${EVENT_COLUMNS}, p.starts_at as session_starts_at,
  s.ends_at as session_ends_at, s.all_day as session_all_day,
  s.date_cancelled as session_date_cancelled, true as upcoming`;
const PAGE_JOINS = sql`join events e on e.id = p.event_id
  join event_occurrences s on s.event_id = p.event_id and s.starts_at = p.starts_at`;

/** A session that has not ended by `now` (one with no end counts as an hour long). */
const notEnded = (now: Date) => sql`coalesce(o.ends_at, o.starts_at + ${ASSUMED_LENGTH}) > ${now}`;

/**
 * The place and event filters, on `t`: the occurrences (`o`) or the events (`e`), which carry
 * the same columns for them.
 */
function filtersOn(t: 'o' | 'e', search: EventSearch): { where: SQL[]; distance: SQL } {
  const column = (name: string) => sql.raw(`${t}.${name}`);
  // A cancelled event (or date) is listed, marked, until its session is over: someone who
  // planned to go sees it is off, and a subscribed calendar gets STATUS:CANCELLED instead of
  // the session silently vanishing (decision 038).
  const where: SQL[] = [sql`true`];
  if (search.category) where.push(sql`${column('category')} = ${search.category}`);
  if (search.registrationRequired !== undefined) {
    where.push(sql`${column('registration_required')} = ${search.registrationRequired}`);
  }
  if (!search.near) return { where, distance: sql`null::double precision` };
  const { latitude, longitude, metres } = search.near;
  const centre = sql`ll_to_earth(${latitude}::float8, ${longitude}::float8)::cube`;
  const cells = sql.join(
    cellsAround(latitude, longitude, metres).map((cell) => sql`${cell}::int`),
    sql`, `,
  );
  // The straight-line (chord) length of `metres` along the earth: comparing cube_distance with
  // it is comparing earth_distance with `metres`, without an arcsine per row.
  where.push(
    sql`${column('cell')} in (${cells})`,
    sql`cube_distance(${column('position')}, ${centre}) <= 2 * earth() * sin(${metres}::float8 / (2 * earth()))`,
  );
  return { where, distance: sql`sec_to_gc(cube_distance(${column('position')}, ${centre}))` };
}

/** Tags are the event's own: any one of them, whatever its case. */
function taggedWith(tags: readonly string[]): SQL {
  const list = sql.join(
    tags.map((tag) => sql`${tag}`),
    sql`, `,
  );
  return sql`exists (select 1 from unnest(e.tags) t where lower(t) in (${list}))`;
}

/** Each event's first session in [from, to), from the sessions in those dates. */
function sessionsFirst(search: EventSearch): SQL {
  const { where, distance } = filtersOn('o', search);
  where.push(sql`o.starts_at >= ${search.from}`, notEnded(search.now));
  if (search.to) where.push(sql`o.starts_at < ${search.to}`);
  const tagged =
    search.tags && search.tags.length > 0
      ? sql`join events e on e.id = o.event_id and ${taggedWith(search.tags)}`
      : sql``;
  return sql`
    select distinct on (o.event_id) o.event_id, o.starts_at, ${distance} as distance_m
    from event_occurrences o ${tagged}
    where ${sql.join(where, sql` and `)}
    order by o.event_id, o.starts_at`;
}

/** Each matching event's next session from `from` on, one index probe per event. */
function eventsFirst(search: EventSearch): SQL {
  const { where, distance } = filtersOn('e', search);
  if (search.tags && search.tags.length > 0) where.push(taggedWith(search.tags));
  return sql`
    select e.id as event_id, s.starts_at, ${distance} as distance_m
    from events e cross join lateral (${nextSessionOf(search)}) s
    where ${sql.join(where, sql` and `)}`;
}

/** The next session of event `e` from `from` on that has not ended: an index-only probe. */
function nextSessionOf(search: EventSearch): SQL {
  return sql`
    select o.starts_at from event_occurrences o
    where o.event_id = e.id and o.starts_at >= ${search.from} and ${notEnded(search.now)}
    order by o.starts_at limit 1`;
}

/** The page of `found` (event_id, starts_at, distance_m), with the count of all of it. */
function pageOf(found: SQL, search: EventSearch): SQL {
  return sql`
    with found as (${found}),
    page as (
      select f.*, count(*) over () as total
      from found f
      order by f.starts_at, f.distance_m nulls last, f.event_id
      limit ${search.limit} offset ${search.offset}
    )
    select ${PAGE_COLUMNS}, p.distance_m, p.total
    from page p ${PAGE_JOINS}
    order by p.starts_at, p.distance_m nulls last, p.event_id`;
}

/**
 * Open-ended, everywhere (decision 039). Each event keeps its first two sessions not ended at
 * `next_as_of` (migration 0024); sessions only end as time passes, so from then on the real
 * next session is never earlier. Where the stored next one is still in this search's window it
 * is the answer, read in start order from an index, only as far as the page. The others
 * ("due": their next session is over or began before `from`; the job keeps them few) take the
 * following one where it is in the window, or else are looked up as the other open-ended plan
 * does, as are all those stored for a later moment than `now`; they are merged in. The count is
 * the events whose stored next session has not ended, from a narrow index, corrected by the due.
 */
function pageByNextSession(search: EventSearch): SQL {
  const { where } = filtersOn('e', search);
  if (search.tags && search.tags.length > 0) where.push(taggedWith(search.tags));
  const filters = sql.join(where, sql` and `);
  const { from, now, limit, offset } = search;
  const following = sql`case when e.next_as_of <= ${now} and e.following_starts_at >= ${from}
    and e.following_ends_at > ${now} then e.following_starts_at end`;
  return sql`
    with due as materialized (
      select e.id as event_id, e.next_ends_at > ${now} as counted,
        coalesce(${following}, (${nextSessionOf(search)})) as starts_at
      from events e
      where (e.next_as_of > ${now} or e.next_ends_at <= ${now} or e.next_starts_at < ${from})
        and ${filters}
    ),
    page as (
      select f.* from (
        (select e.id as event_id, e.next_starts_at as starts_at from events e
          where e.next_starts_at >= ${from} and e.next_ends_at > ${now}
            and e.next_as_of <= ${now} and ${filters}
          order by e.next_starts_at, e.id
          limit ${limit + offset})
        union all
        select event_id, starts_at from due where starts_at is not null
      ) f
      order by f.starts_at, f.event_id
      limit ${limit} offset ${offset}
    )
    select ${PAGE_COLUMNS}, null::double precision as distance_m,
      (select count(*) from events e where e.next_ends_at > ${now} and ${filters})
        - (select count(*) from due where counted)
        + (select count(*) from due where starts_at is not null) as total
    from page p ${PAGE_JOINS}
    order by p.starts_at, p.event_id`;
}

function idList(ids: readonly string[]): SQL {
  return sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
}

function toOccurrence(row: SessionRow): Occurrence {
  return occurrenceOf(
    asDate(row.starts_at),
    row.ends_at ? asDate(row.ends_at) : null,
    row.all_day,
    row.date_cancelled,
  );
}

function occurrenceOf(
  startsAt: Date,
  endsAt: Date | null,
  allDay: boolean,
  dateCancelled: boolean,
): Occurrence {
  const date = londonDay(startsAt);
  const sameDayEnd = endsAt && !allDay && londonDay(endsAt) === date ? londonTime(endsAt) : null;
  return {
    date,
    time: allDay ? null : londonTime(startsAt),
    endTime: sameDayEnd,
    allDay,
    startsAt: startsAt.toISOString(),
    endsAt: endsAt ? endsAt.toISOString() : null,
    dateCancelled,
  };
}

function toEvent(row: EventRow): Event {
  const createdAt = asDate(row.created_at);
  // An event always has sessions (imports skip those with none); should one have none, it is
  // dated by when it was listed and shown as over.
  const session = row.session_starts_at
    ? occurrenceOf(
        asDate(row.session_starts_at),
        row.session_ends_at ? asDate(row.session_ends_at) : null,
        row.session_all_day ?? false,
        row.session_date_cancelled ?? false,
      )
    : occurrenceOf(createdAt, null, false, false);
  return {
    ...session,
    id: row.id,
    title: row.title,
    description: row.description,
    category: row.category,
    location: {
      venue: row.venue,
      address: row.address,
      postcode: row.postcode,
      coordinates: { lat: row.latitude, lng: row.longitude },
    },
    organizer: {
      name: row.organizer_name,
      email: row.organizer_email,
      phone: row.organizer_phone,
    },
    registrationRequired: row.registration_required,
    registrationLink: row.registration_link,
    website: row.website,
    accessibility: row.accessibility,
    tags: row.tags,
    recurrence: row.recurrence,
    cancelled: row.cancelled,
    passed: !row.upcoming,
    distanceMiles:
      row.distance_m === null ? null : Math.round((row.distance_m / METRES_PER_MILE) * 10) / 10,
    isDemo: row.source === 'demo',
    provenance: { source: row.source, sourceName: row.source_name, licence: row.licence },
    createdAt: createdAt.toISOString(),
    updatedAt: asDate(row.updated_at).toISOString(),
  };
}
