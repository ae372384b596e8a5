import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { queryRows, type Database } from '@locals/db/client';
import { createTestDatabase } from '@locals/db/test-db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertBristolGeography } from '../testing/directory-fixtures';
import type { FetchPolicy } from './feed-fetch';
import { parseImportArgs, runImport } from './import-command';

const SOURCE = 'bristol-oruk';
const OGL = 'Open Government Licence v3.0';

/** Five services as GET /services/{id} gives them (3.0, UK profile). */
const SERVICES = [
  {
    id: 'svc-a',
    name: 'Easton Community Pantry',
    status: 'active',
    organization: { id: 'org-1', name: 'Easton Together' },
    service_at_locations: [
      {
        location: {
          addresses: [{ address_1: '12 Stapleton Road', postal_code: 'BS2 0JA' }],
        },
      },
    ],
    // As Locals' own feed publishes a category: a term coded with its id.
    attributes: [{ taxonomy_term: { code: 'food', name: 'Food', taxonomy: 'Locals categories' } }],
  },
  {
    id: 'svc-b',
    name: 'Harbourside Walks',
    status: 'active',
    service_at_locations: [
      {
        location: {
          latitude: 51.4495,
          longitude: -2.5835,
          addresses: [{ address_1: 'Canons Way', postal_code: 'BS1 5TR' }],
        },
      },
    ],
    schedules: [{ freq: 'WEEKLY', byday: 'SA', opens_at: '10:00:00', closes_at: '11:30:00' }],
    attributes: [{ taxonomy_term: { name: 'Walking groups' } }],
  },
  {
    id: 'svc-c',
    name: 'Ducie Road Advice',
    status: 'active',
    service_at_locations: [{ location: { addresses: [{ postal_code: 'BS1 4DJ' }] } }],
    contacts: [{ name: 'Advice line', phones: [{ number: '0117 555 0300' }] }],
  },
  {
    id: 'svc-d',
    name: 'Redcliffe Warm Space',
    status: 'active',
    service_at_locations: [{ location: { addresses: [{ postal_code: 'BS1 5TR' }] } }],
    attributes: [{ taxonomy_term: { name: 'Warm spaces' } }],
  },
  { id: 'svc-e', status: 'active', description: 'A record without a name.' },
];

type Service = { id: string; name?: string; status: string } & Record<string, unknown>;
/** A list item as the UK profile's service_list schema has it: no locations, hours or terms. */
const summaryOf = ({ id, name, status }: Service) => ({ id, name, status });
const PAGE_SIZE = 2;
const TOTAL_PAGES = Math.ceil(SERVICES.length / PAGE_SIZE);
/** When the fake feed's services were last changed, unless a test changes one later. */
const PUBLISHED = new Date('2025-05-01T00:00:00Z');
/** FEED_POLICY's three tries, with shorter waits. */
const QUICK: FetchPolicy = { timeoutMs: 2_000, retryDelaysMs: [100, 200] };
const PAGE_1 = '/services?page=1&per_page=100';
const PAGE_2 = '/services?page=2&per_page=100';
const PAGE_3 = '/services?page=3&per_page=100';

describe('npm run import -- <ORUK API URL>', () => {
  let database: Database;
  let server: Server;
  let base: string;
  let requested: string[];
  /** When each of `requested` arrived (performance.now()). */
  let requestedAt: number[];
  /** The services the fake feed publishes, each with when it last changed. */
  let feed: { service: Service; modified: Date }[];
  /** Paths (with their query) the server answers with HTTP 500, and how many more times. */
  let failing: Map<string, number>;
  /** Paths whose JSON the server sends cut off halfway, as a dropped connection leaves it. */
  let cutShort: Set<string>;

  beforeAll(async () => {
    database = await createTestDatabase();
    await insertBristolGeography(database);
    server = createServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      const path = `${url.pathname}${url.search}`;
      requested.push(path);
      requestedAt.push(performance.now());
      // A feed too slow to answer: nothing at all, or its headers and then a stall.
      if (url.pathname.startsWith('/silent/')) return;
      if (url.pathname.startsWith('/stalled/')) {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.write('{"contents": [');
        return;
      }
      if (url.pathname.startsWith('/dropped/')) {
        response.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
        response.write('{"contents": [', () => response.destroy());
        return;
      }
      const failuresLeft = failing.get(path) ?? 0;
      if (failuresLeft > 0) failing.set(path, failuresLeft - 1);
      const body = failuresLeft > 0 ? undefined : answer(url);
      response.writeHead(failuresLeft > 0 ? 500 : body === undefined ? 404 : 200, {
        'content-type': 'application/json',
      });
      const json = JSON.stringify(body ?? { message: 'Not here' });
      response.end(cutShort.has(path) ? json.slice(0, json.length / 2) : json);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await database.close();
  });
  beforeEach(async () => {
    requested = [];
    requestedAt = [];
    feed = SERVICES.map((service) => ({ service, modified: PUBLISHED }));
    failing = new Map();
    cutShort = new Set();
    await database.db.execute(sql`truncate services, feed_import_state cascade`);
  });

  /** The publisher renames a service at `modified`. */
  function rename(id: string, name: string, modified: Date) {
    feed = feed.map((entry) =>
      entry.service.id === id ? { service: { ...entry.service, name }, modified } : entry,
    );
  }

  /**
   * 3.0 at /services (summaries, in pages of two; `modified_after` lists those changed on or
   * after it); 1.0 at /v1/services (whole services).
   */
  function answer(url: URL): unknown {
    const number = Number(url.searchParams.get('page') ?? '1');
    const since = url.searchParams.get('modified_after');
    const listed = feed
      .filter(({ modified }) => since === null || modified >= new Date(since))
      .map(({ service }) => service);
    const contents = listed.slice((number - 1) * PAGE_SIZE, number * PAGE_SIZE);
    if (url.pathname === '/services') {
      const totalPages = Math.ceil(listed.length / PAGE_SIZE);
      return {
        total_items: listed.length,
        total_pages: totalPages,
        page_number: number,
        size: contents.length,
        first_page: number === 1,
        last_page: number >= totalPages,
        empty: contents.length === 0,
        contents: contents.map(summaryOf),
      };
    }
    if (url.pathname === '/v1/services') {
      // 1.0 nests locations in its list items.
      return {
        totalElements: SERVICES.length,
        totalPages: TOTAL_PAGES,
        number,
        size: contents.length,
        first: number === 1,
        last: number === TOTAL_PAGES,
        content: contents.map((service) => ({ service_at_locations: [], ...service })),
      };
    }
    if (url.pathname === '/unplaceable/services') {
      // Whole services (their locations listed), none of which can be placed on the map.
      const nowhere = (id: string) => ({ id, name: `Club ${id}`, service_at_locations: [] });
      return { total_pages: 1, contents: [nowhere('svc-x'), nowhere('svc-y')] };
    }
    const id = /^\/services\/([^/]+)$/.exec(url.pathname)?.[1];
    return feed.find(({ service }) => service.id === id)?.service;
  }

  const importUrl = (url: string, more: string[] = [], now = new Date()) =>
    runImport(
      database,
      parseImportArgs([url, '--source', SOURCE, '--licence', OGL, ...more]),
      now,
      QUICK,
    );
  const pagesRequested = () => requested.filter((path) => path.startsWith('/services?'));
  const detailsRequested = () => requested.filter((path) => path.startsWith('/services/')).sort();
  const services = () =>
    queryRows<{
      id: string;
      name: string;
      postcode: string;
      categories: string[];
      opening_hours: string | null;
      phones: string[];
      source_name: string;
    }>(
      database.db,
      sql`select id, name, postcode, categories, opening_hours, phones, source_name
          from services order by id`,
    );

  it('walks every page, then reads each listed service in full', async () => {
    const { report } = await importUrl(base);

    expect(report).toBe(
      [
        `Imported services from ${base} (source 'bristol-oruk')`,
        '  accepted: 4',
        '  rejected: 1',
        '    1 x missing name (row 5)',
      ].join('\n'),
    );
    expect(requested.filter((path) => path.startsWith('/services?'))).toEqual([
      '/services?page=1&per_page=100',
      '/services?page=2&per_page=100',
      '/services?page=3&per_page=100',
    ]);
    expect(requested.filter((path) => path.startsWith('/services/')).sort()).toEqual(
      SERVICES.map((service) => `/services/${service.id}`),
    );
    const host = new URL(base).host;
    expect(await services()).toEqual([
      {
        id: 'bristol-oruk:svc-a',
        name: 'Easton Community Pantry',
        postcode: 'BS2 0JA',
        categories: ['food'],
        opening_hours: null,
        phones: [],
        source_name: `${host} (imported)`,
      },
      expect.objectContaining({
        id: 'bristol-oruk:svc-b',
        postcode: 'BS1 5TR',
        categories: ['sport'],
        opening_hours: 'Sat 10:00-11:30',
      }),
      expect.objectContaining({ id: 'bristol-oruk:svc-c', phones: ['0117 555 0300'] }),
      expect.objectContaining({ id: 'bristol-oruk:svc-d', categories: ['welcomespaces'] }),
    ]);
  });

  it('updates, never duplicates, when run again', async () => {
    await importUrl(base);
    await database.db.execute(
      sql`update services set name = 'Edited' where id = 'bristol-oruk:svc-a'`,
    );
    await importUrl(`${base}/`);

    const rows = await services();
    expect(rows.map((row) => row.id)).toEqual([
      'bristol-oruk:svc-a',
      'bristol-oruk:svc-b',
      'bristol-oruk:svc-c',
      'bristol-oruk:svc-d',
    ]);
    expect(rows[0]?.name).toBe('Easton Community Pantry');
  });

  it('changes nothing when a page still fails after its retries, and says which page', async () => {
    await importUrl(base);
    await database.db.execute(
      sql`update services set name = 'Edited' where id = 'bristol-oruk:svc-a'`,
    );
    const before = await services();
    failing.set(PAGE_2, Infinity);
    requested = [];

    await expect(importUrl(base)).rejects.toThrow(
      `Could not read page 2 of the feed (${base}${PAGE_2}) in 3 tries: HTTP 500. ` +
        'Nothing was imported; try again later. Page 1 is kept: the same command resumes at page 2.',
    );
    expect(requested.filter((path) => path === PAGE_2)).toHaveLength(3);
    // Page 1 was read again, but its services were not written over the edited one.
    expect(await services()).toEqual(before);
  });

  it('changes nothing when a service still fails after its retries, and says which and where', async () => {
    await importUrl(base);
    const before = await services();
    // Page 1's services were read in full, but are not written without the rest.
    rename('svc-a', 'Easton Pantry', new Date());
    failing.set('/services/svc-c', Infinity);

    await expect(importUrl(base)).rejects.toThrow(
      `Could not read service svc-c, listed on page 2 of the feed (${base}/services/svc-c) in 3 ` +
        'tries: HTTP 500. Nothing was imported; try again later. Page 1 is kept: the same ' +
        'command resumes at page 2.',
    );
    expect(await services()).toEqual(before);
  });

  /** The waits between the tries of `path`, in milliseconds. */
  const waitsBefore = (path: string) => {
    const times = requestedAt.filter((_at, index) => requested[index] === path);
    return times.slice(1).map((at, index) => at - (times[index] ?? at));
  };

  it.each([
    ['a page', PAGE_2],
    ["a service's record", '/services/svc-c'],
  ])('asks again, waiting longer each time, for %s that fails twice', async (_what, path) => {
    failing.set(path, 2);

    const { report } = await importUrl(base);

    const [first, second] = waitsBefore(path);
    // QUICK waits 100 ms, then 200 (timers may fire a millisecond early).
    expect(first).toBeGreaterThanOrEqual(99);
    expect(second).toBeGreaterThanOrEqual(199);
    expect(waitsBefore(path)).toHaveLength(2);
    expect(report).toContain('accepted: 4');
  });

  it('imports nothing when a page is cut off halfway, and says which page', async () => {
    await importUrl(base);
    const before = await services();
    cutShort.add(PAGE_2);

    await expect(importUrl(base)).rejects.toThrow(
      `page 2 of the feed (${base}${PAGE_2}) is not valid JSON (it ends too soon, at line 1): ` +
        'nothing was imported.',
    );
    expect(await services()).toEqual(before);
  });

  // Issue 25: a page that timed out partway through its answer was reported as "The import of
  // <feed> failed: The operation was aborted due to timeout", naming neither page nor time.
  const TIMED_OUT =
    'it timed out, with no complete answer within 0.2 seconds. Nothing was imported; try ' +
    "again later, or ask the feed's publisher why it is slow.";
  it.each([
    ['answers nothing', 'silent', TIMED_OUT],
    ['sends its headers, then stalls', 'stalled', TIMED_OUT],
    [
      'drops the connection partway through its answer',
      'dropped',
      'its answer was cut off in transfer (UND_ERR_SOCKET). Nothing was imported; try again later.',
    ],
  ])('names the page, and asks again, when the feed %s', async (_what, path, failure) => {
    const page = `/${path}${PAGE_1}`;
    const command = parseImportArgs([`${base}/${path}`, '--source', SOURCE, '--licence', OGL]);

    await expect(
      runImport(database, command, new Date(), { timeoutMs: 200, retryDelaysMs: [0] }),
    ).rejects.toThrow(`Could not read page 1 of the feed (${base}${page}) in 2 tries: ${failure}`);
    expect(requested).toEqual([page, page]);
  });

  describe('a run that stops', () => {
    it('is resumed by the same command at the page it stopped on', async () => {
      failing.set(PAGE_2, Infinity);
      const firstTry = new Date('2025-06-01T09:00:00Z');
      await expect(importUrl(base, [], firstTry)).rejects.toThrow('resumes at page 2');
      failing.clear();
      requested = [];

      const { report } = await importUrl(base, [], new Date('2025-06-01T10:00:00Z'));

      expect(pagesRequested()).toEqual([PAGE_2, PAGE_3]);
      expect(detailsRequested()).toEqual(['/services/svc-c', '/services/svc-d', '/services/svc-e']);
      expect(report).toContain(
        '  resumed: page 1 was read by the run that began at 2025-06-01T09:00:00.000Z and stopped',
      );
      expect((await services()).map((row) => row.id)).toEqual([
        'bristol-oruk:svc-a',
        'bristol-oruk:svc-b',
        'bristol-oruk:svc-c',
        'bristol-oruk:svc-d',
      ]);
    });

    it('counts from the first try, so what changed while it was stopped is read next time', async () => {
      failing.set(PAGE_2, Infinity);
      await expect(importUrl(base, [], new Date('2025-06-01T09:00:00Z'))).rejects.toThrow();
      failing.clear();
      await importUrl(base, [], new Date('2025-06-01T10:00:00Z'));
      requested = [];

      await importUrl(base, ['--modified-after', 'auto'], new Date('2025-06-02T09:00:00Z'));

      expect(pagesRequested()).toEqual([`${PAGE_1}&modified_after=2025-06-01T08%3A55%3A00.000Z`]);
    });

    it('is read from the start once a run has succeeded', async () => {
      failing.set(PAGE_2, Infinity);
      await expect(importUrl(base)).rejects.toThrow();
      failing.clear();
      await importUrl(base);
      requested = [];

      const { report } = await importUrl(base);

      expect(pagesRequested()).toEqual([PAGE_1, PAGE_2, PAGE_3]);
      expect(report).not.toContain('resumed');
    });

    it('is read from the start by a command asking for something else', async () => {
      failing.set(PAGE_2, Infinity);
      await expect(importUrl(base)).rejects.toThrow();
      failing.clear();
      requested = [];

      await importUrl(base, ['--modified-after', '2025-01-01T00:00:00Z']);

      expect(pagesRequested()).toEqual([
        `${PAGE_1}&modified_after=2025-01-01T00%3A00%3A00.000Z`,
        `${PAGE_2}&modified_after=2025-01-01T00%3A00%3A00.000Z`,
        `${PAGE_3}&modified_after=2025-01-01T00%3A00%3A00.000Z`,
      ]);
    });
  });

  it('keeps a page whose text the database could not hold as jsonb, and rejects only that row', async () => {
    rename('svc-a', 'Food\u0000bank', PUBLISHED);

    const { report } = await importUrl(base);

    expect(report).toContain('  accepted: 3\n  rejected: 2\n');
    expect(report).toContain('    1 x name contains control characters (row 1)');
  });

  describe('--modified-after', () => {
    const LAST_RUN = new Date('2025-06-01T09:00:00Z');
    const NEXT_RUN = new Date('2025-06-03T09:00:00Z');
    const rows = () =>
      queryRows<{ id: string; name: string; updated_at: Date }>(
        database.db,
        sql`select id, name, updated_at from services order by id`,
      );

    it('asks the feed for what changed since the time given, and writes only that', async () => {
      await importUrl(base);
      rename('svc-b', 'Harbourside Walks and Talks', new Date('2025-06-02T08:00Z'));
      const before = await rows();
      requested = [];

      const { report } = await importUrl(base, ['--modified-after', '2025-06-02T00:00:00+01:00']);

      expect(pagesRequested()).toEqual([`${PAGE_1}&modified_after=2025-06-01T23%3A00%3A00.000Z`]);
      expect(detailsRequested()).toEqual(['/services/svc-b']);
      expect(report).toBe(
        [
          `Imported services from ${base} (source 'bristol-oruk')`,
          '  changed since 2025-06-01T23:00:00.000Z: 1 listed',
          '  accepted: 1',
          '  rejected: 0',
        ].join('\n'),
      );
      const after = await rows();
      expect(after.map((row) => row.name)).toEqual([
        'Easton Community Pantry',
        'Harbourside Walks and Talks',
        'Ducie Road Advice',
        'Redcliffe Warm Space',
      ]);
      // The services the feed did not list are as they were, not even touched.
      expect(after.filter((row) => row.id !== 'bristol-oruk:svc-b')).toEqual(
        before.filter((row) => row.id !== 'bristol-oruk:svc-b'),
      );
    });

    it('with auto, asks for what changed since the last successful import began', async () => {
      await importUrl(base, [], LAST_RUN);
      rename('svc-c', 'Ducie Road Advice Centre', new Date('2025-06-02T12:00Z'));
      requested = [];

      const { report, failure } = await importUrl(base, ['--modified-after', 'auto'], NEXT_RUN);

      expect(pagesRequested()).toEqual([`${PAGE_1}&modified_after=2025-06-01T08%3A55%3A00.000Z`]);
      expect(report).toContain(
        '  changed since 2025-06-01T08:55:00.000Z (5 minutes before the last successful import ' +
          'began): 1 listed\n  accepted: 1',
      );
      expect(failure).toBeNull();
      expect((await services()).map((row) => row.name)).toContain('Ducie Road Advice Centre');

      // Nothing has changed since: a success that writes nothing, and the next asks from here.
      requested = [];
      const quiet = await importUrl(base, ['--modified-after', 'auto'], new Date('2025-06-04Z'));
      expect(pagesRequested()).toEqual([`${PAGE_1}&modified_after=2025-06-03T08%3A55%3A00.000Z`]);
      expect(quiet.report).toContain(': 0 listed\n  accepted: 0\n  rejected: 0');
      expect(quiet.failure).toBeNull();
    });

    it('does not take a service the feed stopped listing for gone', async () => {
      await importUrl(base, [], LAST_RUN);
      const before = await rows();
      feed = feed.filter(({ service }) => service.id !== 'svc-a');

      const { report } = await importUrl(base, ['--modified-after', 'auto'], NEXT_RUN);

      expect(report).toContain(': 0 listed');
      expect(await rows()).toEqual(before);
    });

    it('with auto, reads the whole feed when no import of the source is remembered', async () => {
      const { report } = await importUrl(base, ['--modified-after', 'auto'], LAST_RUN);

      expect(pagesRequested()).toEqual([PAGE_1, PAGE_2, PAGE_3]);
      expect(report).toContain(
        '  no earlier import of this source is remembered, so the whole feed was read: 5 listed',
      );
      expect(report).toContain('accepted: 4');
    });

    it('remembers no time from a run that stopped', async () => {
      await importUrl(base, [], LAST_RUN);
      failing.set(`${PAGE_1}&modified_after=2025-06-01T08%3A55%3A00.000Z`, Infinity);
      await expect(importUrl(base, ['--modified-after', 'auto'], NEXT_RUN)).rejects.toThrow(
        'Could not read page 1',
      );
      failing.clear();
      requested = [];

      await importUrl(base, ['--modified-after', 'auto'], new Date('2025-06-04T09:00:00Z'));

      expect(pagesRequested()).toEqual([`${PAGE_1}&modified_after=2025-06-01T08%3A55%3A00.000Z`]);
    });
  });

  // Issue 25: such a run exited 0, as if it had done its job.
  it('fails a run that rejected every service, after reporting why', async () => {
    const { report, failure } = await importUrl(`${base}/unplaceable`);

    expect(report).toContain('accepted: 0');
    expect(report).toContain('2 x no coordinates and no valid postcode (rows 1, 2)');
    expect(failure).toBe(
      `Nothing was imported from ${base}/unplaceable: 2 rejected, none accepted (the reasons ` +
        'are listed above). Correct the data or the command and import it again.',
    );
    expect(await services()).toEqual([]);
  });

  it('reads a 1.0 feed (content, totalPages), asking again only for what its list leaves out', async () => {
    const { report } = await importUrl(`${base}/v1/services`);

    expect(report).toContain('accepted: 4');
    expect(requested.filter((path) => path.startsWith('/v1/services?'))).toHaveLength(3);
    // Every item of a 1.0 list has its locations, even empty: none is asked for again.
    expect(requested.filter((path) => path.startsWith('/services/'))).toEqual([]);
    expect((await services()).map((row) => row.postcode)).toEqual([
      'BS2 0JA',
      'BS1 5TR',
      'BS1 4DJ',
      'BS1 5TR',
    ]);
  });

  it('stops with one line when the URL is not an ORUK API', async () => {
    await expect(importUrl(`${base}/nothing-here`)).rejects.toThrow(
      `Could not read page 1 of the feed (${base}/nothing-here/services?page=1&per_page=100): HTTP 404.`,
    );
  });
});
