import type { Event, Occurrence } from '@locals/contracts/events';
import type { EventCategoryId } from '@locals/contracts/event-categories';
import { queryRows, type Db } from '@locals/db/client';
import { sql, type SQL } from 'drizzle-orm';
import { cellsAround } from './grid';
import { londonDay, londonTime } from './london-time';

const METRES_PER_MILE = 1609.344;
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
  /** Whether any session is still to come. */
  upcoming: boolean;
  distance_m: number | null;
};

type SessionRow = {
  starts_at: Date | string;
  ends_at: Date | string | null;
  all_day: boolean;
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
     * first on the same start. With a place, each grid cell the circle touches is one range of
     * the cell-and-start index, answered from the index alone (decision 021); the radius is
     * then measured exactly.
     */
    async search(search: EventSearch): Promise<{ events: Event[]; total: number }> {
      const conditions: SQL[] = [
        sql`o.starts_at >= ${search.from}`,
        sql`coalesce(o.ends_at, o.starts_at + ${ASSUMED_LENGTH}) > ${search.now}`,
      ];
      if (search.to) conditions.push(sql`o.starts_at < ${search.to}`);
      if (search.category) conditions.push(sql`o.category = ${search.category}`);
      let distance = sql`null::double precision`;
      if (search.near) {
        const { latitude, longitude, metres } = search.near;
        const centre = sql`ll_to_earth(${latitude}::float8, ${longitude}::float8)::cube`;
        const cells = sql.join(
          cellsAround(latitude, longitude, metres).map((cell) => sql`${cell}::int`),
          sql`, `,
        );
        // The straight-line (chord) length of `metres` along the earth: comparing cube_distance
        // with it is comparing earth_distance with `metres`, without an arcsine per row.
        conditions.push(
          sql`o.cell in (${cells})`,
          sql`cube_distance(o.position, ${centre}) <= 2 * earth() * sin(${metres}::float8 / (2 * earth()))`,
        );
        distance = sql`sec_to_gc(cube_distance(o.position, ${centre}))`;
      }
      conditions.push(sql`not o.cancelled`);
      if (search.registrationRequired !== undefined) {
        conditions.push(sql`o.registration_required = ${search.registrationRequired}`);
      }
      // Tags are the event's own: the only filter that reads `events` before the page.
      const tagged =
        search.tags && search.tags.length > 0
          ? sql`join events e on e.id = s.event_id
              and exists (select 1 from unnest(e.tags) t where lower(t) in (${sql.join(
                search.tags.map((tag) => sql`${tag}`),
                sql`, `,
              )}))`
          : sql``;
      // Each event's first session in the window, counted and paged from the sessions alone;
      // `events` is read for the page's rows only.
      const rows = await queryRows<EventRow & { total: number | string }>(
        db,
        sql`
        with sessions as (
          select distinct on (o.event_id) o.event_id, o.starts_at, o.ends_at, o.all_day,
            ${distance} as distance_m
          from event_occurrences o
          where ${sql.join(conditions, sql` and `)}
          order by o.event_id, o.starts_at
        ), page as (
          select s.*, count(*) over () as total
          from sessions s ${tagged}
          order by s.starts_at, s.distance_m nulls last, s.event_id
          limit ${search.limit} offset ${search.offset}
        )
        select ${EVENT_COLUMNS}, p.starts_at as session_starts_at, p.ends_at as session_ends_at,
          p.all_day as session_all_day, true as upcoming, p.distance_m, p.total
        from page p join events e on e.id = p.event_id
        order by p.starts_at, p.distance_m nulls last, p.event_id`,
      );
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
        sql`select starts_at, ends_at, all_day from event_occurrences
            where event_id = ${id} and coalesce(ends_at, starts_at + ${ASSUMED_LENGTH}) > ${now}
            order by starts_at limit ${UPCOMING_LIMIT}`,
      );
      return { ...row, upcoming: sessions.map(toOccurrence) };
    },

    /** Each event's sessions in [from, to) that have not ended, soonest first. */
    async sessionsOf(
      ids: readonly string[],
      window: { from: Date; to?: Date; now: Date },
    ): Promise<Map<string, Occurrence[]>> {
      const sessions = new Map<string, Occurrence[]>();
      if (ids.length === 0) return sessions;
      const rows = await queryRows<SessionRow & { event_id: string }>(
        db,
        sql`select event_id, starts_at, ends_at, all_day from event_occurrences
            where event_id in (${idList(ids)}) and starts_at >= ${window.from}
              ${window.to ? sql`and starts_at < ${window.to}` : sql``}
              and coalesce(ends_at, starts_at + ${ASSUMED_LENGTH}) > ${window.now}
            order by event_id, starts_at`,
      );
      for (const row of rows) {
        const list = sessions.get(row.event_id) ?? [];
        list.push(toOccurrence(row));
        sessions.set(row.event_id, list);
      }
      return sessions;
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
          next.starts_at is not null as upcoming,
          null::double precision as distance_m
        from events e
        left join lateral (
          select starts_at, ends_at, all_day from event_occurrences o
          where o.event_id = e.id and coalesce(o.ends_at, o.starts_at + ${ASSUMED_LENGTH}) > ${now}
          order by o.starts_at limit 1
        ) next on true
        left join lateral (
          select starts_at, ends_at, all_day from event_occurrences o
          where o.event_id = e.id order by o.starts_at desc limit 1
        ) last on true
        where e.id in (${idList(ids)})`,
      );
      return rows.map(toEvent);
    },
  };
}

function idList(ids: readonly string[]): SQL {
  return sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
}

function toOccurrence(row: SessionRow): Occurrence {
  return occurrenceOf(asDate(row.starts_at), row.ends_at ? asDate(row.ends_at) : null, row.all_day);
}

function occurrenceOf(startsAt: Date, endsAt: Date | null, allDay: boolean): Occurrence {
  const date = londonDay(startsAt);
  const sameDayEnd = endsAt && !allDay && londonDay(endsAt) === date ? londonTime(endsAt) : null;
  return {
    date,
    time: allDay ? null : londonTime(startsAt),
    endTime: sameDayEnd,
    allDay,
    startsAt: startsAt.toISOString(),
    endsAt: endsAt ? endsAt.toISOString() : null,
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
      )
    : occurrenceOf(createdAt, null, false);
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
