import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
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

const FEED = fileURLToPath(new URL('../fixtures/events/community-events.ics', import.meta.url));
const SOURCE = 'easton-calendar';
/** A Monday before the spring clock change: the fixture's sessions lie either side of it. */
const NOW = new Date('2026-03-02T09:00:00Z');

/** The fixture's venues, with their points from open-data/postcodes_bristol_sglos_london.csv. */
const VENUE_POSTCODES = [
  { postcode: 'BS2 9LJ', latitude: 51.46414, longitude: -2.57903 },
  { postcode: 'BS5 6XX', latitude: 51.47343, longitude: -2.5678 },
  { postcode: 'BS5 0HE', latitude: 51.4621, longitude: -2.56763 },
  { postcode: 'BS5 0AX', latitude: 51.45625, longitude: -2.56367 },
  { postcode: 'BS2 0JA', latitude: 51.45517, longitude: -2.58473 },
];

const eventsArgs = (file: string, ...more: string[]) => [
  file,
  '--type',
  'events',
  '--source',
  SOURCE,
  '--licence',
  'CC BY 4.0',
  ...more,
];

type EventRow = {
  id: string;
  source_uid: string;
  title: string;
  description: string;
  category: string;
  venue: string;
  address: string;
  postcode: string;
  latitude: number;
  organizer_name: string;
  organizer_email: string | null;
  registration_required: boolean;
  registration_link: string | null;
  website: string | null;
  tags: string[];
  recurrence: string | null;
  cancelled: boolean;
  source_name: string | null;
  licence: string;
};

describe('npm run import -- feed.ics --type events', () => {
  // One database for the file (migrating one takes seconds); each test starts with no events.
  let database: Database;
  let dir: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    await insertPostcodes(
      database,
      VENUE_POSTCODES.map((venue) => ({ ...venue, ladCode: 'E06000023' })),
    );
  });
  afterAll(async () => database.close());
  beforeEach(async () => {
    await database.db.execute(sql`truncate events cascade`);
    dir = await mkdtemp(path.join(tmpdir(), 'locals-events-'));
  });
  afterEach(async () => rm(dir, { recursive: true, force: true }));

  const importFeed = (file = FEED, ...more: string[]) =>
    runImport(database, parseImportArgs(eventsArgs(file, ...more)), NOW);
  /** A copy of the fixture with some text changed, as next month's feed might be. */
  const editedFeed = async (edit: (text: string) => string) => {
    const file = path.join(dir, 'community-events.ics');
    await writeFile(file, edit(await readFile(FEED, 'utf8')));
    return file;
  };
  const feedOf = async (name: string, events: string[]) => {
    const file = path.join(dir, name);
    await writeFile(
      file,
      ['BEGIN:VCALENDAR', 'VERSION:2.0', ...events, 'END:VCALENDAR'].join('\r\n'),
    );
    return file;
  };
  const eventRows = () =>
    queryRows<EventRow>(database.db, sql`select * from events order by source_uid`);
  const eventRow = async (uid: string) => (await eventRows()).find((row) => row.source_uid === uid);
  const sessions = async (uid: string) =>
    (
      await queryRows<{ starts_at: Date; ends_at: Date | null; all_day: boolean }>(
        database.db,
        sql`select starts_at, ends_at, all_day from event_occurrences
            where event_id = ${eventIdOf(SOURCE, uid)} order by starts_at`,
      )
    ).map((row) => ({
      startsAt: new Date(row.starts_at).toISOString(),
      endsAt: row.ends_at ? new Date(row.ends_at).toISOString() : null,
      allDay: row.all_day,
    }));
  const starts = async (uid: string) => (await sessions(uid)).map((session) => session.startsAt);

  it('imports the events it can place and names each one skipped or rejected, with why', async () => {
    const { report, failure } = await importFeed();

    expect(report).toBe(
      [
        "Imported events from community-events.ics (source 'easton-calendar')",
        '  imported: 7 (7 new, 0 updated)',
        '  removed: 0',
        '  skipped: 1',
        "    1 x all sessions have passed ('New Year lunch', line 106)",
        '  rejected: 6',
        '    1 x no SUMMARY: it needs a title (line 114)',
        "    1 x no DTSTART: it needs a start ('Date to be confirmed', line 121)",
        "    1 x DTSTART '20261345T100000' is not a date ('Thirteenth month social', line 128)",
        "    1 x no category we know; pass --category ('Knit and natter', line 136)",
        "    1 x no UK postcode in LOCATION; pass --postcode for a single-venue feed ('Pop-up pantry', line 90)",
        "    1 x postcode not in the postcode table: correct it, or import that area's postcodes (--type postcodes) ('Somewhere we have no postcodes for', line 98, ZE2 9QQ)",
      ].join('\n'),
    );
    expect((await eventRows()).map((row) => row.source_uid)).toEqual([
      'autumn-skills@locals-test',
      'first-friday@locals-test',
      'harvest-fair@locals-test',
      'job-club@locals-test',
      'nhs-checks@locals-test',
      'tenancy-talk@locals-test',
      'weekly-food@locals-test',
    ]);
    expect(failure).toBeNull();
  });

  it('keeps a 10:00 London session at 10:00 on both sides of each clock change', async () => {
    await importFeed();

    // Spring: 29 March 2026. 10:00 GMT is 10:00Z; 10:00 BST is 09:00Z. EXDATE drops 17 March.
    expect(await starts('weekly-food@locals-test')).toEqual([
      '2026-03-03T10:00:00.000Z',
      '2026-03-10T10:00:00.000Z',
      '2026-03-24T10:00:00.000Z',
      '2026-03-31T09:00:00.000Z',
      '2026-04-07T09:00:00.000Z',
      '2026-04-14T09:00:00.000Z',
      '2026-04-21T09:00:00.000Z',
      '2026-04-28T09:00:00.000Z',
    ]);
    // Autumn: 25 October 2026.
    expect(await starts('autumn-skills@locals-test')).toEqual([
      '2026-10-17T09:00:00.000Z',
      '2026-10-24T09:00:00.000Z',
      '2026-10-31T10:00:00.000Z',
    ]);
    // A floating time (no TZID, no Z) is London's: 14:00 stays 14:00 after the change.
    expect(await sessions('first-friday@locals-test')).toEqual([
      { startsAt: '2026-03-06T14:00:00.000Z', endsAt: '2026-03-06T16:00:00.000Z', allDay: false },
      { startsAt: '2026-04-03T13:00:00.000Z', endsAt: '2026-04-03T15:00:00.000Z', allDay: false },
      { startsAt: '2026-05-01T13:00:00.000Z', endsAt: '2026-05-01T15:00:00.000Z', allDay: false },
      { startsAt: '2026-06-05T13:00:00.000Z', endsAt: '2026-06-05T15:00:00.000Z', allDay: false },
    ]);
    // A UTC time is that instant: 13:00Z is 14:00 in London in June.
    expect(await sessions('nhs-checks@locals-test')).toEqual([
      { startsAt: '2026-06-10T13:00:00.000Z', endsAt: '2026-06-10T15:00:00.000Z', allDay: false },
    ]);
  });

  it('starts an all-day event at midnight in London', async () => {
    await importFeed();

    expect(await sessions('harvest-fair@locals-test')).toEqual([
      { startsAt: '2026-09-25T23:00:00.000Z', endsAt: '2026-09-26T23:00:00.000Z', allDay: true },
    ]);
  });

  it('keeps a cancelled event, marked so, and leaves out a session cancelled on its own', async () => {
    await importFeed();

    expect(await eventRow('tenancy-talk@locals-test')).toMatchObject({ cancelled: true });
    expect(await starts('tenancy-talk@locals-test')).toEqual(['2026-04-15T17:00:00.000Z']);
    // Every other Wednesday from 4 March; 18 March's session has STATUS:CANCELLED.
    expect(await eventRow('job-club@locals-test')).toMatchObject({
      cancelled: false,
      recurrence: 'Every 2 weeks on Wednesday',
    });
    expect(await starts('job-club@locals-test')).toEqual([
      '2026-03-04T13:00:00.000Z',
      '2026-04-01T12:00:00.000Z',
      '2026-04-15T12:00:00.000Z',
    ]);
  });

  it('reads escaped commas, semicolons and backslashes, and folded lines', async () => {
    await importFeed();

    expect(await eventRow('weekly-food@locals-test')).toMatchObject({
      title: 'St Pauls Food Bank, Tuesday session',
      description:
        'Free food parcels for anyone who needs them.\nBring a bag; we have tins, fresh fruit ' +
        'and bread. Ask for Ana \\ Ben at the door.',
      venue: 'St Agnes Church',
      address: 'Thomas Street, Bristol',
      postcode: 'BS2 9LJ',
    });
  });

  // Issue 25: a title holding U+2028 was rejected as "no SUMMARY".
  it('reads a title with a Unicode line or paragraph separator as one line, and a description as two', async () => {
    const feed = await feedOf('separators.ics', [
      'BEGIN:VEVENT',
      'UID:coffee@hall',
      'DTSTART;TZID=Europe/London:20260305T100000',
      'SUMMARY:Coffee\u2028morning\u2029at the hall',
      'DESCRIPTION:Tea and cake.\u2028All welcome.',
      'LOCATION:Main hall\\, Bristol BS5 6XX',
      'CATEGORIES:Food',
      'END:VEVENT',
    ]);

    const { report } = await importFeed(feed);

    expect(report).toContain('imported: 1 (1 new, 0 updated)');
    expect(await eventRow('coffee@hall')).toMatchObject({
      title: 'Coffee morning at the hall',
      description: 'Tea and cake.\nAll welcome.',
    });
  });

  it('takes the category, organiser, booking and repeat from the feed, and the point from our postcodes', async () => {
    await importFeed();

    expect(await eventRow('weekly-food@locals-test')).toMatchObject({
      category: 'food',
      tags: ['Food bank', 'Community'],
      organizer_name: 'St Pauls Community Trust',
      organizer_email: 'hello@stpauls.example',
      website: 'https://stpauls.example/food',
      registration_required: false,
      registration_link: null,
      recurrence: 'Every Tuesday',
      latitude: 51.46414,
      source_name: 'Easton and St Pauls community calendar',
      licence: 'CC BY 4.0',
    });
    expect(await eventRow('first-friday@locals-test')).toMatchObject({
      category: 'wellbeing',
      registration_required: true,
      recurrence: 'Monthly on the first Friday',
      venue: 'Easton Community Centre',
      address: 'Kilburn Street, Bristol',
    });
    expect(await eventRow('autumn-skills@locals-test')).toMatchObject({
      category: 'training',
      registration_required: true,
      registration_link: 'https://library.example/digital',
      recurrence: 'Every Saturday',
      venue: 'Easton Library',
      address: '',
    });
    expect(await eventRow('harvest-fair@locals-test')).toMatchObject({ recurrence: null });
    expect(await eventRow('nhs-checks@locals-test')).toMatchObject({ category: 'health' });
  });

  describe('run again', () => {
    it('updates the same rows, with the same ids and sessions', async () => {
      await importFeed();
      const before = await eventRows();
      const sessionsBefore = await sessions('weekly-food@locals-test');

      const { report } = await importFeed();

      expect(report).toContain('imported: 7 (0 new, 7 updated)');
      expect(report).toContain('removed: 0');
      const after = await eventRows();
      expect(after.map((row) => row.id)).toEqual(before.map((row) => row.id));
      expect(after.map((row) => row.title)).toEqual(before.map((row) => row.title));
      expect(await sessions('weekly-food@locals-test')).toEqual(sessionsBefore);
    });

    it('changes an event the feed changed and removes one it no longer lists', async () => {
      await importFeed();
      const idBefore = (await eventRow('weekly-food@locals-test'))?.id;
      const nextMonth = await editedFeed((text) =>
        text
          .replace('Tuesday session', 'Tuesday afternoons')
          .replace('T100000', 'T140000')
          .replace(/BEGIN:VEVENT\r\nUID:nhs-checks[\s\S]*?END:VEVENT\r\n/, ''),
      );

      const { report } = await importFeed(nextMonth);

      expect(report).toContain('imported: 6 (0 new, 6 updated)');
      expect(report).toContain('removed: 1');
      expect(await eventRow('nhs-checks@locals-test')).toBeUndefined();
      expect(await eventRow('weekly-food@locals-test')).toMatchObject({
        id: idBefore,
        title: 'St Pauls Food Bank, Tuesday afternoons',
      });
      expect((await starts('weekly-food@locals-test')).slice(0, 2)).toEqual([
        '2026-03-03T14:00:00.000Z',
        '2026-03-10T14:00:00.000Z',
      ]);
    });

    it('leaves another source’s events alone', async () => {
      const other = await feedOf('other.ics', [
        'BEGIN:VEVENT',
        'UID:weekly-food@locals-test',
        'DTSTART;TZID=Europe/London:20260305T100000',
        'SUMMARY:Another feed’s event with the same UID',
        'LOCATION:Easton Library BS5 0HE',
        'CATEGORIES:Food',
        'END:VEVENT',
      ]);
      await runImport(
        database,
        parseImportArgs([other, '--type', 'events', '--source', 'other', '--licence', 'OGL']),
        NOW,
      );

      const { report } = await importFeed();

      expect(report).toContain('removed: 0');
      const uids = await queryRows<{ source: string }>(
        database.db,
        sql`select source from events where source_uid = 'weekly-food@locals-test' order by source`,
      );
      expect(uids).toEqual([{ source: 'easton-calendar' }, { source: 'other' }]);
    });
  });

  // Issue 25: such a run exited 0, as if it had done its job.
  it('removes nothing, and fails, when none of the feed’s events can be imported', async () => {
    await importFeed();
    const unplaceable = await feedOf('unplaceable.ics', [
      'BEGIN:VEVENT',
      'UID:coffee@hall',
      'DTSTART;TZID=Europe/London:20260305T100000',
      'SUMMARY:Coffee morning',
      'LOCATION:Main hall',
      'CATEGORIES:Food',
      'END:VEVENT',
    ]);

    const { report, failure } = await importFeed(unplaceable);

    expect(report).toContain('removed: 0');
    expect(report).toContain(
      "  nothing removed: none of the feed's events could be imported, so the source's events are kept",
    );
    expect(failure).toBe(
      'Nothing was imported from unplaceable.ics: 1 rejected, none accepted (the reasons are ' +
        'listed above). Correct the data or the command and import it again.',
    );
    expect(await eventRows()).toHaveLength(7);
  });

  // Issue 25: a calendar cut before its 5th event imported 4 and removed the other 6.
  describe('a calendar cut off in transfer', () => {
    /** Ten weekly events, eight lines each: after the two header lines, the 5th begins on line 35. */
    const TEN_EVENTS = Array.from({ length: 10 }, (_, n) => [
      'BEGIN:VEVENT',
      `UID:session-${n + 1}@hall`,
      'DTSTART;TZID=Europe/London:20260305T100000',
      'RRULE:FREQ=WEEKLY',
      `SUMMARY:Session ${n + 1}`,
      'LOCATION:Main hall\\, Bristol BS5 6XX',
      'CATEGORIES:Food',
      'END:VEVENT',
    ]).flat();
    const cutFeed = async (lineCount: number) => {
      const file = path.join(dir, 'cut.ics');
      const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', ...TEN_EVENTS].slice(0, lineCount);
      await writeFile(file, `${lines.join('\r\n')}\r\n`);
      return file;
    };

    it.each([
      [
        'before its 5th event',
        34,
        'cut.ics ends at line 34 without END:VCALENDAR, as if cut off in transfer. ' +
          "Nothing was imported and the source's events are as they were: " +
          'fetch the whole file and import it again.',
      ],
      [
        'inside its 5th event',
        39,
        'cut.ics is incomplete: the event that begins on line 35 has no END:VEVENT, as if cut ' +
          "off in transfer. Nothing was imported and the source's events are as they were: " +
          'fetch the whole file and import it again.',
      ],
    ])(
      'leaves the source’s 10 events as they were when cut %s, naming the line',
      async (_where, lineCount, message) => {
        await importFeed(await feedOf('whole.ics', TEN_EVENTS));
        const before = await eventRows();
        const sessionsBefore = await starts('session-10@hall');
        expect(before).toHaveLength(10);

        await expect(importFeed(await cutFeed(lineCount))).rejects.toThrow(message);

        expect(await eventRows()).toEqual(before);
        expect(await starts('session-10@hall')).toEqual(sessionsBefore);
      },
    );

    it('removes the events a whole calendar no longer lists', async () => {
      await importFeed(await feedOf('whole.ics', TEN_EVENTS));

      const { report } = await importFeed(await feedOf('fewer.ics', TEN_EVENTS.slice(0, 32)));

      expect(report).toContain('removed: 6');
      expect(await eventRows()).toHaveLength(4);
    });
  });

  it('places a single-venue feed at --postcode, and categorises with --category', async () => {
    const feed = await feedOf('hall.ics', [
      'BEGIN:VEVENT',
      'UID:coffee@hall',
      'DTSTART;TZID=Europe/London:20260305T100000',
      'RRULE:FREQ=WEEKLY',
      'SUMMARY:Coffee morning',
      'LOCATION:Main hall\\, first floor',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:lunch@hall',
      'DTSTART;TZID=Europe/London:20260306T120000',
      'SUMMARY;LANGUAGE=en-GB:Community lunch',
      'URL;VALUE=URI:https://hall.example/lunch',
      'LOCATION;ALTREP="https://hall.example/map":Elsewhere\\, Bristol BS2 9LJ',
      'CATEGORIES:Community meal',
      'END:VEVENT',
    ]);

    const { report } = await importFeed(feed, '--postcode', 'bs56xx', '--category', 'wellbeing');

    expect(report).toContain('imported: 2 (2 new, 0 updated)');
    expect(await eventRow('coffee@hall')).toMatchObject({
      venue: 'Main hall',
      address: 'first floor',
      postcode: 'BS5 6XX',
      category: 'wellbeing',
      recurrence: 'Every Thursday',
    });
    // Its own postcode and category win; properties with parameters are read all the same.
    expect(await eventRow('lunch@hall')).toMatchObject({
      title: 'Community lunch',
      website: 'https://hall.example/lunch',
      postcode: 'BS2 9LJ',
      category: 'food',
    });
    // Weekly with no end: 12 months of Thursdays from today.
    expect(await starts('coffee@hall')).toHaveLength(52);
  });

  // Issue 25: seven events with javascript: links were rendered as links.
  it('drops a link that is not http(s), keeps the event and says so in the report', async () => {
    const eventWith = (uid: string, url: string) => [
      'BEGIN:VEVENT',
      `UID:${uid}`,
      'DTSTART;TZID=Europe/London:20260305T100000',
      `SUMMARY:${uid}`,
      'X-BOOKING-REQUIRED:TRUE',
      `URL:${url}`,
      'END:VEVENT',
    ];
    const feed = await feedOf('links.ics', [
      ...eventWith('script', 'javascript:alert(1)'),
      ...eventWith('data', 'data:text/html,<script>alert(1)</script>'),
      ...eventWith('vb', 'vbscript:msgbox(1)'),
      ...eventWith('fine', 'https://hall.example/book'),
    ]);

    const { report } = await importFeed(feed, '--postcode', 'BS5 6XX', '--category', 'food');

    expect(report).toContain('imported: 4 (4 new, 0 updated)');
    expect(report).toContain(
      "3 x website dropped: only http:// and https:// web addresses are kept ('script', line 3;",
    );
    expect(report).toContain(
      '3 x registration link dropped: only http:// and https:// web addresses are kept',
    );
    const links = (await eventRows()).map((row) => [
      row.source_uid,
      row.website,
      row.registration_link,
    ]);
    expect(links).toEqual([
      ['data', null, null],
      ['fine', 'https://hall.example/book', 'https://hall.example/book'],
      ['script', null, null],
      ['vb', null, null],
    ]);
  });

  it('rejects only the event whose rule cannot be read, or that has no UID', async () => {
    const feed = await feedOf('broken.ics', [
      'BEGIN:VEVENT',
      'UID:broken@hall',
      'DTSTART;TZID=Europe/London:20260305T100000',
      'RRULE:FREQ=SOMETIMES',
      'SUMMARY:Broken rule',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'DTSTART;TZID=Europe/London:20260305T100000',
      'SUMMARY:No UID',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:unknown-zone@hall',
      'DTSTART;TZID=Mars/Olympus:20260305T100000',
      'SUMMARY:Unknown zone',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:fine@hall',
      'DTSTART;TZID=Europe/London:20260305T100000',
      'SUMMARY:Fine',
      'END:VEVENT',
    ]);

    const { report } = await importFeed(feed, '--postcode', 'BS5 6XX', '--category', 'food');

    expect(report).toBe(
      [
        "Imported events from broken.ics (source 'easton-calendar')",
        '  imported: 1 (1 new, 0 updated)',
        '  removed: 0',
        '  skipped: 0',
        '  rejected: 3',
        "    1 x cannot be read: Invalid FREQ value: SOMETIMES ('Broken rule', line 3)",
        "    1 x no UID: a re-import needs it to find the event again ('No UID', line 9)",
        "    1 x DTSTART has an unknown time zone 'Mars/Olympus' ('Unknown zone', line 13)",
      ].join('\n'),
    );
  });

  it('writes nothing when the database refuses part of the import', async () => {
    await importFeed();
    await database.db.execute(sql`
      create or replace function refuse_job_club() returns trigger language plpgsql as $$
        begin
          if new.source_uid = 'job-club@locals-test' then raise exception 'refused by the test'; end if;
          return new;
        end $$`);
    await database.db.execute(sql`
      create trigger refuse_job_club before insert on events for each row execute function refuse_job_club()`);
    try {
      // Every title changes and one event goes: none of it may be seen after the failure.
      const nextMonth = await editedFeed((text) =>
        text
          .replaceAll('SUMMARY:', 'SUMMARY:Renamed ')
          .replace(/BEGIN:VEVENT\r\nUID:nhs-checks[\s\S]*?END:VEVENT\r\n/, ''),
      );

      await expect(importFeed(nextMonth)).rejects.toThrow(
        'The database refused the import of community-events.ics (error P0001). ' +
          'An events import is one transaction, so nothing of it was written.',
      );
      const rows = await eventRows();
      expect(rows).toHaveLength(7);
      expect(rows.filter((row) => row.title.startsWith('Renamed'))).toEqual([]);
    } finally {
      await database.db.execute(sql`drop trigger refuse_job_club on events`);
    }
  });

  it.each([
    [
      'a file that is not iCalendar',
      'notes.ics',
      'Dear all,\nsee you Tuesday.',
      'notes.ics is not an iCalendar file (it must begin with BEGIN:VCALENDAR).',
    ],
    [
      'a calendar with no events',
      'empty.ics',
      'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n',
      'There are no events in empty.ics: nothing was imported.',
    ],
  ])('stops with one line for %s', async (_what, name, content, message) => {
    const file = path.join(dir, name);
    await writeFile(file, content);

    await expect(importFeed(file)).rejects.toThrow(message);
  });

  it('stops when --postcode is not in the postcode table', async () => {
    await expect(importFeed(FEED, '--postcode', 'BS99 9ZZ')).rejects.toThrow(
      '--postcode BS99 9ZZ is not in the postcode table',
    );
    expect(await eventRows()).toEqual([]);
  });

  // Issue 25: one event with RRULE:FREQ=HOURLY;UNTIL=99991231T000000Z stored 8,760 sessions and
  // made the area's calendar feed 5 MB; a file of such rules took minutes of CPU to reject.
  describe('repeating events are bounded', () => {
    const repeating = (uid: string, rule: string, start = '20260302T100000') => [
      'BEGIN:VEVENT',
      `UID:${uid}@hall`,
      `DTSTART;TZID=Europe/London:${start}`,
      rule,
      `SUMMARY:${uid}`,
      'END:VEVENT',
    ];

    it('refuses a rule repeating every hour, and one with more than 24 sessions a day', async () => {
      const feed = await feedOf('often.ics', [
        ...repeating('hourly', 'RRULE:FREQ=HOURLY;UNTIL=99991231T000000Z'),
        ...repeating('minutely', 'RRULE:FREQ=MINUTELY;COUNT=5'),
        ...repeating(
          'half-hours',
          'RRULE:FREQ=DAILY;BYHOUR=9,10,11,12,13,14,15,16,17,18,19,20,21;BYMINUTE=0,30',
        ),
        ...repeating('twice-daily', 'RRULE:FREQ=DAILY;BYHOUR=10,14;UNTIL=20260310T000000Z'),
      ]);

      const { report } = await importFeed(feed, '--postcode', 'BS5 6XX', '--category', 'food');

      expect(report).toContain('imported: 1 (1 new, 0 updated)');
      expect(report).toContain(
        "1 x repeats every hour (FREQ=HOURLY): Locals takes events that meet at most 24 times a day ('hourly', line 3)",
      );
      expect(report).toContain('1 x repeats every minute (FREQ=MINUTELY)');
      expect(report).toContain(
        "1 x more than 24 sessions a day (26, from BYHOUR and BYMINUTE): Locals takes events that meet at most 24 times a day ('half-hours', line 15)",
      );
      expect((await eventRows()).map((row) => row.source_uid)).toEqual(['twice-daily@hall']);
      expect(await starts('twice-daily@hall')).toHaveLength(16);
    });

    it('keeps the soonest 400 sessions of an event that has more, and says so', async () => {
      // Three a day for the year ahead: 1,095 sessions in the import window; the 400th is on day 134.
      const feed = await feedOf('three-a-day.ics', [
        ...repeating('three-a-day', 'RRULE:FREQ=DAILY;BYHOUR=10,14,18'),
      ]);

      const { report } = await importFeed(feed, '--postcode', 'BS5 6XX', '--category', 'food');

      expect(report).toContain('imported: 1 (1 new, 0 updated)');
      expect(report).toContain(
        "1 x only the soonest 400 sessions were kept ('three-a-day', line 3)",
      );
      const stored = await starts('three-a-day@hall');
      expect(stored).toHaveLength(400);
      expect(stored[0]).toBe('2026-03-02T10:00:00.000Z');
      expect(stored.at(-1)).toBe('2026-07-13T09:00:00.000Z');
    });

    it('refuses a COUNT that would step through years of sessions before reaching today', async () => {
      const feed = await feedOf('old.ics', [
        ...repeating('since-1900', 'RRULE:FREQ=DAILY;COUNT=100000', '19000101T100000'),
        ...repeating('daily-since-1900', 'RRULE:FREQ=DAILY', '19000101T100000'),
      ]);

      const { report } = await importFeed(feed, '--postcode', 'BS5 6XX', '--category', 'food');

      expect(report).toContain(
        "1 x its COUNT reaches today only after 1,000+ repeats: give a later start, or UNTIL ('since-1900', line 3)",
      );
      // Without COUNT the library goes straight to the window: the old event is fine.
      expect(report).toContain('imported: 1 (1 new, 0 updated)');
      expect(await starts('daily-since-1900@hall')).toHaveLength(365);
    });

    it('rejects a large file of hourly rules to the year 9999, each by name', async () => {
      const events = Array.from({ length: 2000 }, (_, index) =>
        repeating(`hourly-${index}`, 'RRULE:FREQ=HOURLY;UNTIL=99991231T000000Z'),
      ).flat();
      const feed = await feedOf('hostile.ics', events);

      const { report } = await importFeed(feed, '--postcode', 'BS5 6XX', '--category', 'food');

      expect(report).toContain('imported: 0 (0 new, 0 updated)');
      expect(report).toContain(
        "2000 x repeats every hour (FREQ=HOURLY): Locals takes events that meet at most 24 times a day ('hourly-0', line 3;",
      );
      expect(await eventRows()).toEqual([]);
    });
  });
});

describe('parseImportArgs for events', () => {
  it.each([
    [
      ['feed.ics', '--type', 'events', '--source', 'easton'],
      /^--licence is required when importing events/,
    ],
    [
      ['feed.ics', '--type', 'events', '--licence', 'OGL'],
      /^--source is required when importing events/,
    ],
    [
      ['feed.ics', '--type', 'events', '--licence', 'OGL', '--source', 'a b'],
      /^--source 'a b' cannot be used/,
    ],
    [
      [
        'feed.ics',
        '--type',
        'events',
        '--licence',
        'OGL',
        '--source',
        'easton',
        '--postcode',
        'BS5',
      ],
      "--postcode 'BS5' is not a full UK postcode: give one like BS5 6XX.",
    ],
    [
      [
        'feed.ics',
        '--type',
        'events',
        '--licence',
        'OGL',
        '--source',
        'easton',
        '--category',
        'sport',
      ],
      "--category 'sport' is not one of ours: use housing, food, wellbeing, training or health.",
    ],
    [
      ['feed.ics', '--type', 'events', '--licence', 'OGL', '--source', 'demo'],
      /^--source demo is kept for Locals' example events/,
    ],
    [
      ['file.json', '--licence', 'OGL', '--source', 'easton', '--category', 'food'],
      '--postcode and --category are for --type events only.',
    ],
    [
      ['feed.rss', '--type', 'rss'],
      "--type must be services, postcodes, events or openactive, not 'rss'.",
    ],
  ])('refuses %j', (args, message) => {
    expect(() => parseImportArgs(args)).toThrow(message);
  });

  it('formats --postcode and lower-cases --category', () => {
    expect(
      parseImportArgs([
        'feed.ics',
        ...['--type', 'events', '--licence', 'OGL', '--source', 'easton'],
        ...['--postcode', 'bs5 6xx', '--category', 'Food'],
      ]),
    ).toMatchObject({ type: 'events', postcode: 'BS5 6XX', category: 'food' });
  });
});
