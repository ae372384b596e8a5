import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { queryRows, type Database } from '@locals/db/client';
import { eventIdOf } from '@locals/db/events';
import { createTestDatabase } from '@locals/db/test-db';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertPostcodes } from '../../testing/directory-fixtures';
import { parseImportArgs, runImport } from '../import-command';
import { readRpdeFeed } from './rpde';

/** Two real feed pages from January 2020 (fixtures/events/openactive/README.md). */
const SAMPLES = fileURLToPath(new URL('../fixtures/events/openactive/', import.meta.url));
const NEWHAM = path.join(SAMPLES, 'newham_20200102.json');
const EVERYONE_ACTIVE = path.join(SAMPLES, 'everyone-active_20200106.json');
/**
 * The sample sessions ran from 2 to 13 January 2020: an import compares them with the clock,
 * so these tests set it in those days. With today's clock every session has passed.
 */
const SUNDAY_5_JANUARY_2020 = new Date('2020-01-05T12:00:00Z');
const MONDAY_6_JANUARY_2020 = new Date('2020-01-06T08:00:00Z');
const SOURCE = 'active-newham';

/** The venues of the samples that are in our unit postcodes, as open-data/ has them. */
const SAMPLE_POSTCODES = [
  { postcode: 'E15 4JF', latitude: 51.54443, longitude: 0.01453, ladCode: 'E09000025' },
  { postcode: 'E13 8SD', latitude: 51.51825, longitude: 0.03243, ladCode: 'E09000025' },
  { postcode: 'E6 2RT', latitude: 51.53331, longitude: 0.05831, ladCode: 'E09000025' },
  { postcode: 'E12 6QN', latitude: 51.55021, longitude: 0.04808, ladCode: 'E09000025' },
  { postcode: 'BS2 8HL', latitude: 51.46179, longitude: -2.59856, ladCode: 'E06000023' },
];

type EventRow = {
  source_uid: string;
  title: string;
  category: string;
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
  tags: string[];
  recurrence: string | null;
  licence: string;
  source_name: string | null;
};

describe('npm run import -- feed --type openactive', () => {
  let database: Database;
  let dir: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    await insertPostcodes(database, SAMPLE_POSTCODES);
  });
  afterAll(async () => database.close());
  beforeEach(async () => {
    await database.db.execute(sql`truncate events cascade`);
    dir = await mkdtemp(path.join(tmpdir(), 'locals-openactive-'));
  });
  afterEach(async () => rm(dir, { recursive: true, force: true }));

  const importFeed = (feed: string, now: Date, ...more: string[]) =>
    runImport(
      database,
      parseImportArgs([feed, '--type', 'openactive', '--source', SOURCE, ...more]),
      now,
    );
  const eventRow = async (uid: string) =>
    (
      await queryRows<EventRow>(database.db, sql`select * from events where source_uid = ${uid}`)
    )[0];
  const sourceUids = async () =>
    (
      await queryRows<{ source_uid: string }>(
        database.db,
        sql`select source_uid from events order by source_uid`,
      )
    ).map((row) => row.source_uid);
  const sessions = async (uid: string) =>
    (
      await queryRows<{ starts_at: string; ends_at: string | null }>(
        database.db,
        sql`select starts_at, ends_at from event_occurrences
            where event_id = ${eventIdOf(SOURCE, uid)} order by starts_at`,
      )
    ).map((row) => ({
      startsAt: new Date(row.starts_at).toISOString(),
      endsAt: row.ends_at ? new Date(row.ends_at).toISOString() : null,
    }));
  /** An RPDE page of the items given, as a file. */
  const pageFile = async (name: string, items: unknown[], license?: string) => {
    const file = path.join(dir, name);
    await writeFile(file, JSON.stringify({ items, next: 'https://example.org/next', license }));
    return file;
  };

  it('imports the upcoming sessions of a sample page and skips those that have passed', async () => {
    const { report } = await importFeed(NEWHAM, SUNDAY_5_JANUARY_2020);

    // 198 updated items: 125 with a session from 5 January on, 69 all before, 4 at a gym whose
    // address has no postcode. The page's 71 deleted items were never imported.
    expect(report).toBe(
      [
        "Imported OpenActive sessions from newham_20200102.json (source 'active-newham')",
        '  imported: 125 (125 new, 0 updated)',
        '  removed: 0',
        '  skipped: 69',
        "    69 x all sessions have passed ('Crossfit Sess Sat 9.00am', id N6CLCRF09301017; 'Crossfit Session 10.30am', id N6CLXFT10300619; 'Crossfit Session 6.30pm', id N4CLXFT18300819; 'Crossfit Session 7pm', id N5CLXFT19000619; 'Group Cycle Sat 11.30am', id N6CLSPC11301015, ... 64 more)",
        '  rejected: 4',
        "    4 x no UK postcode in its location (address.postalCode) ('Group Gym Sess Mon 12pm', id W1CLGGS12000215; 'Group Gym Sess Wed 12pm', id W3CLGGS12000215; 'Group Gym Session Mon 8am', id W1CLGGS08000215; 'Group Gym Session Wed 8am', id W3CLGGS08000215)",
      ].join('\n'),
    );
    expect(await sourceUids()).toHaveLength(125);
  });

  it('takes the title, place, organiser, activity and booking from the session', async () => {
    await importFeed(NEWHAM, SUNDAY_5_JANUARY_2020);

    expect(await eventRow('N1CLXFT17000819')).toMatchObject({
      title: 'Crossfit Open Box',
      category: 'wellbeing',
      venue: 'Newham Leisure Centre',
      address: '281, Prince Regent Lane, London',
      postcode: 'E13 8SD',
      // Our postcode's point, not the feed's (51.51872, 0.036202).
      latitude: 51.51825,
      longitude: 0.03243,
      organizer_name: 'Active Newham',
      organizer_email: 'info@activenewham.org.uk',
      organizer_phone: '020 3770 4444',
      // An offer to pay for, though no booking link.
      registration_required: true,
      registration_link: null,
      tags: ['Crossfit'],
      recurrence: null,
      licence: 'https://creativecommons.org/licenses/by/4.0/',
      source_name: 'newham_20200102.json (OpenActive)',
    });
    expect(await sessions('N1CLXFT17000819')).toEqual([
      { startsAt: '2020-01-06T17:00:00.000Z', endsAt: '2020-01-06T17:30:00.000Z' },
    ]);
  });

  it('reads a page whose address is structured, with a weekly schedule and a booking link', async () => {
    const { report } = await importFeed(
      EVERYONE_ACTIVE,
      MONDAY_6_JANUARY_2020,
      '--licence',
      'CC BY 4.0',
    );

    // Its venues are all over England; our unit postcodes cover Bristol and London only.
    expect(report).toContain('imported: 3 (3 new, 0 updated)');
    expect(report).toContain(
      "247 x postcode not in the postcode table: correct it, or import that area's postcodes (--type postcodes)",
    );
    expect(await eventRow('0461CBB11350316')).toMatchObject({
      title: 'Virtual BODYBALANCE',
      venue: 'Kingsdown Sports Centre',
      address: 'Portland Street, Kingsdown, Bristol',
      postcode: 'BS2 8HL',
      tags: ['Bodybalance™'],
      recurrence: 'Every Monday',
      registration_required: true,
      registration_link:
        'https://profile.everyoneactive.com/booking?Site=0046&Activities=0461CBB11350316&Culture=en-GB',
      organizer_name: '',
      licence: 'CC BY 4.0',
    });
    expect(await sessions('0461CBB11350316')).toEqual([
      { startsAt: '2020-01-06T11:35:00.000Z', endsAt: '2020-01-06T12:04:59.000Z' },
      { startsAt: '2020-01-13T11:35:00.000Z', endsAt: '2020-01-13T12:04:59.000Z' },
    ]);
  });

  it('updates the same rows when the page is imported again', async () => {
    await importFeed(NEWHAM, SUNDAY_5_JANUARY_2020);
    const before = await sourceUids();

    const { report } = await importFeed(NEWHAM, SUNDAY_5_JANUARY_2020);

    expect(report).toContain('imported: 125 (0 new, 125 updated)');
    expect(await sourceUids()).toEqual(before);
  });

  it('reads a ScheduledSession through its SessionSeries, leaving out a cancelled session', async () => {
    const page = await pageFile(
      'series.json',
      [
        scheduledSession('yoga-1'),
        seriesWithSessions('walks', [
          { startDate: '2020-01-07T10:00:00Z', eventStatus: 'https://schema.org/EventCancelled' },
          { startDate: '2020-01-14T10:00:00', duration: 'PT1H' },
        ]),
      ],
      'https://creativecommons.org/licenses/by/4.0/',
    );

    const { report } = await importFeed(page, SUNDAY_5_JANUARY_2020);

    expect(report).toContain('imported: 2 (2 new, 0 updated)');
    expect(await eventRow('yoga-1')).toMatchObject({
      title: 'Chair yoga',
      venue: 'Kingsdown Sports Centre',
      organizer_name: 'St Pauls Community Trust',
      tags: ['Yoga'],
      registration_link: 'https://example.org/book/yoga',
    });
    // A time without an offset is London's.
    expect(await sessions('walks')).toEqual([
      { startsAt: '2020-01-14T10:00:00.000Z', endsAt: null },
    ]);
  });

  it('expands the eventSchedule of a series that publishes no sessions, in London time', async () => {
    const weekly = {
      '@type': 'Schedule',
      startDate: '2019-12-02',
      endDate: '2020-03-30',
      startTime: '10:00',
      endTime: '11:00',
      repeatFrequency: 'P1W',
      byDay: ['https://schema.org/Monday'],
      scheduleTimezone: 'Europe/London',
      exceptDate: ['2020-01-13T10:00:00Z'],
    };
    const page = await pageFile(
      'schedules.json',
      [
        seriesWithSchedule('walking-netball', weekly),
        seriesWithSchedule('no-times', { ...weekly, startTime: undefined }),
      ],
      'OGL',
    );

    const { report } = await importFeed(page, SUNDAY_5_JANUARY_2020);

    expect(report).toContain('imported: 1 (1 new, 0 updated)');
    expect(report).toContain(
      "1 x no session dates (startDate, subEvent, or eventSchedule with startDate and startTime) ('Health walk', id no-times)",
    );
    expect(await eventRow('walking-netball')).toMatchObject({ recurrence: 'Every Monday' });
    const starts = (await sessions('walking-netball')).map((session) => session.startsAt);
    // Mondays from 6 January (13 January excepted) to 30 March, after the clock change.
    expect(starts).toHaveLength(12);
    expect(starts.slice(0, 2)).toEqual(['2020-01-06T10:00:00.000Z', '2020-01-20T10:00:00.000Z']);
    expect(starts.at(-1)).toBe('2020-03-30T09:00:00.000Z');
    expect((await sessions('walking-netball'))[0]?.endsAt).toBe('2020-01-06T11:00:00.000Z');
  });

  // Issue 25: the bounds iCalendar rules have (decision 033).
  it('refuses a schedule repeating every hour, and keeps the soonest 400 of a series', async () => {
    const hourly = {
      '@type': 'Schedule',
      startDate: '2020-01-06',
      startTime: '10:00',
      duration: 'PT30M',
      repeatFrequency: 'PT1H',
      scheduleTimezone: 'Europe/London',
    };
    // Twice a day for 450 days: about 730 sessions in the year ahead.
    const daily = Array.from({ length: 900 }, (_, half) => ({
      '@type': 'ScheduledSession',
      startDate: new Date(Date.UTC(2020, 0, 6, 10 + 12 * half)).toISOString(),
    }));
    const page = await pageFile(
      'often.json',
      [seriesWithSchedule('hourly', hourly), seriesWithSessions('daily', daily)],
      'OGL',
    );

    const { report } = await importFeed(page, SUNDAY_5_JANUARY_2020);

    expect(report).toContain('imported: 1 (1 new, 0 updated)');
    expect(report).toContain(
      "1 x repeats every hour (repeatFrequency PT1H): Locals takes events that meet at most 24 times a day ('Health walk', id hourly)",
    );
    expect(report).toContain(
      "1 x only the soonest 400 sessions were kept ('Health walk', id daily)",
    );
    const starts = (await sessions('daily')).map((session) => session.startsAt);
    expect(starts).toHaveLength(400);
    expect(starts[0]).toBe('2020-01-06T10:00:00.000Z');
  });

  it('removes the event of a deleted item, and nothing else', async () => {
    await importFeed(
      await pageFile(
        'page-1.json',
        [scheduledSession('yoga-1'), scheduledSession('yoga-2')],
        'OGL',
      ),
      SUNDAY_5_JANUARY_2020,
    );

    const { report } = await importFeed(
      await pageFile(
        'page-2.json',
        [{ state: 'deleted', kind: 'ScheduledSession', id: 'yoga-1' }],
        'OGL',
      ),
      SUNDAY_5_JANUARY_2020,
    );

    expect(report).toContain('imported: 0 (0 new, 0 updated)');
    expect(report).toContain('removed: 1');
    expect(await sourceUids()).toEqual(['yoga-2']);
  });

  // Issue 25: such a run exited 0, as if it had done its job.
  it('fails a run that rejected every item, after reporting why', async () => {
    const page = await pageFile(
      'unusable.json',
      [
        { state: 'updated', kind: 'ScheduledSession', data: scheduledSession('x').data },
        { state: 'changed', kind: 'ScheduledSession', id: 'yoga-2' },
      ],
      'OGL',
    );

    const { report, failure } = await importFeed(page, SUNDAY_5_JANUARY_2020);

    expect(report).toContain('imported: 0 (0 new, 0 updated)');
    expect(report).toContain('rejected: 2');
    expect(failure).toBe(
      'Nothing was imported from unusable.json: 2 rejected, none accepted (the reasons are ' +
        'listed above). Correct the data or the command and import it again.',
    );
    expect(await sourceUids()).toEqual([]);
  });

  it('stops when neither the feed nor the command names a licence', async () => {
    const page = await pageFile('unlicensed.json', [scheduledSession('yoga-1')]);

    await expect(importFeed(page, SUNDAY_5_JANUARY_2020)).rejects.toThrow(
      /^--licence is required: the feed does not declare its licence/,
    );
    expect(await sourceUids()).toEqual([]);
  });

  it('changes nothing when a saved page is cut off, and names the line where it ends', async () => {
    await importFeed(
      await pageFile('page-1.json', [scheduledSession('yoga-1')], 'OGL'),
      SUNDAY_5_JANUARY_2020,
    );
    const before = await eventRow('yoga-1');
    const page = JSON.stringify(
      { items: [{ state: 'deleted', id: 'yoga-1' }, scheduledSession('yoga-2')], license: 'OGL' },
      null,
      2,
    );
    const cut = page.slice(0, page.indexOf('"superEvent"'));
    const file = path.join(dir, 'cut.json');
    await writeFile(file, cut);

    await expect(importFeed(file, SUNDAY_5_JANUARY_2020)).rejects.toThrow(
      `cut.json is not valid JSON (it ends too soon, at line ${cut.trimEnd().split('\n').length}): ` +
        'nothing was imported.',
    );
    expect(await sourceUids()).toEqual(['yoga-1']);
    expect(await eventRow('yoga-1')).toEqual(before);
  });

  describe('from a URL', () => {
    let server: Server;
    let base: string;
    let requested: string[];
    /** Answers each path with its page; `next` links are made absolute on this server. */
    let pages: Record<
      string,
      { status?: number; items?: unknown[]; next?: string; isCutShort?: boolean }
    >;
    beforeAll(async () => {
      server = createServer((request, response) => {
        requested.push(request.url ?? '');
        const page = pages[request.url ?? ''];
        response.writeHead(page?.status ?? (page ? 200 : 404), {
          'content-type': 'application/json',
        });
        const json = JSON.stringify({
          items: page?.items ?? [],
          next: page?.next ? `${base}${page.next}` : undefined,
          license: 'https://creativecommons.org/licenses/by/4.0/',
        });
        // Half of it, as a connection dropped in transfer leaves it.
        response.end(page?.isCutShort ? json.slice(0, json.length / 2) : json);
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
    beforeEach(() => {
      requested = [];
    });

    it('follows next page by page until a page names itself, a later page winning', async () => {
      pages = {
        '/feed': {
          items: [scheduledSession('yoga-1'), scheduledSession('yoga-2')],
          next: '/feed?page=2',
        },
        '/feed?page=2': {
          items: [
            { state: 'deleted', id: 'yoga-2' },
            scheduledSession('yoga-1', { name: 'Chair yoga, renamed' }),
          ],
          next: '/feed?page=3',
        },
        '/feed?page=3': { items: [scheduledSession('yoga-3')], next: '/feed?page=3' },
      };

      const { report } = await importFeed(`${base}/feed`, SUNDAY_5_JANUARY_2020);

      expect(requested).toEqual(['/feed', '/feed?page=2', '/feed?page=3']);
      expect(report.split('\n')[0]).toBe(
        `Imported OpenActive sessions from ${base}/feed (source 'active-newham')`,
      );
      expect(report).toContain('imported: 2 (2 new, 0 updated)');
      expect(await sourceUids()).toEqual(['yoga-1', 'yoga-3']);
      expect(await eventRow('yoga-1')).toMatchObject({
        title: 'Chair yoga, renamed',
        licence: 'https://creativecommons.org/licenses/by/4.0/',
        source_name: `127.0.0.1:${new URL(base).port} (OpenActive)`,
      });
    });

    it('stops at a page with no items', async () => {
      pages = {
        '/feed': { items: [scheduledSession('yoga-1')], next: '/feed?page=2' },
        '/feed?page=2': { items: [], next: '/feed?page=3' },
      };

      await importFeed(`${base}/feed`, SUNDAY_5_JANUARY_2020);

      expect(requested).toEqual(['/feed', '/feed?page=2']);
    });

    it('stops after the most pages a run reads, and says where the feed goes on', async () => {
      pages = {
        '/feed': { items: [scheduledSession('yoga-1')], next: '/feed?page=2' },
        '/feed?page=2': { items: [scheduledSession('yoga-2')], next: '/feed?page=3' },
      };

      const feed = await readRpdeFeed({ url: `${base}/feed` }, 1);

      expect([...feed.items.keys()]).toEqual(['yoga-1']);
      expect(feed.stoppedAt).toBe(`${base}/feed?page=2`);
    });

    /** Imports yoga-1 and yoga-2, then serves a first page that deletes one and renames the other. */
    const importThenChange = async (page2: (typeof pages)[string]) => {
      pages = { '/feed': { items: [scheduledSession('yoga-1'), scheduledSession('yoga-2')] } };
      await importFeed(`${base}/feed`, SUNDAY_5_JANUARY_2020);
      pages = {
        '/feed': {
          items: [
            { state: 'deleted', id: 'yoga-2' },
            scheduledSession('yoga-1', { name: 'Chair yoga, renamed' }),
          ],
          next: '/feed?page=2',
        },
        '/feed?page=2': page2,
      };
      requested = [];
    };

    it('changes nothing when a page still fails after its retries, and names it', async () => {
      await importThenChange({ status: 503 });
      const before = await eventRow('yoga-1');

      await expect(importFeed(`${base}/feed`, SUNDAY_5_JANUARY_2020)).rejects.toThrow(
        `Could not read page 2 of the feed (${base}/feed?page=2) in 3 tries: HTTP 503. ` +
          'Nothing was imported; try again later.',
      );
      expect(requested).toEqual(['/feed', '/feed?page=2', '/feed?page=2', '/feed?page=2']);
      expect(await sourceUids()).toEqual(['yoga-1', 'yoga-2']);
      expect(await eventRow('yoga-1')).toEqual(before);
    });

    it('changes nothing when a page is cut off halfway, and names it', async () => {
      await importThenChange({ items: [scheduledSession('yoga-3')], isCutShort: true });
      const before = await eventRow('yoga-1');

      await expect(importFeed(`${base}/feed`, SUNDAY_5_JANUARY_2020)).rejects.toThrow(
        `page 2 of the feed (${base}/feed?page=2) is not valid JSON (it ends too soon, at line 1): ` +
          'nothing was imported.',
      );
      expect(await sourceUids()).toEqual(['yoga-1', 'yoga-2']);
      expect(await eventRow('yoga-1')).toEqual(before);
    });
  });
});

/** A ScheduledSession on 8 January 2020 in the modern shape, its series holding the rest. */
function scheduledSession(id: string, overrides: Record<string, unknown> = {}) {
  return {
    state: 'updated',
    kind: 'ScheduledSession',
    id,
    modified: 1,
    data: {
      '@type': 'ScheduledSession',
      startDate: '2020-01-08T18:00:00Z',
      endDate: '2020-01-08T19:00:00Z',
      superEvent: {
        '@type': 'SessionSeries',
        name: 'Chair yoga',
        activity: [{ '@type': 'Concept', prefLabel: 'Yoga' }],
        url: `https://example.org/book/${id.replace(/-\d+$/, '')}`,
        organizer: { '@type': 'Organization', name: 'St Pauls Community Trust' },
        location: {
          '@type': 'Place',
          name: 'Kingsdown Sports Centre',
          address: {
            '@type': 'PostalAddress',
            streetAddress: 'Portland Street',
            postalCode: 'bs28hl',
          },
        },
      },
      ...overrides,
    },
  };
}

function seriesWithSessions(id: string, subEvent: unknown[]) {
  const session = scheduledSession(id);
  return { ...session, data: { ...session.data.superEvent, name: 'Health walk', subEvent } };
}

function seriesWithSchedule(id: string, eventSchedule: Record<string, unknown>) {
  const series = seriesWithSessions(id, []);
  const { subEvent: _subEvent, ...data } = series.data;
  return { ...series, data: { ...data, eventSchedule } };
}
