import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { queryRows, type Database } from '@locals/db/client';
import { createTestDatabase } from '@locals/db/test-db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertBristolGeography } from '../testing/directory-fixtures';
import { parseImportArgs, runImport } from './import-command';
import { readOrukFeed } from './oruk-feed';

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

/** A list item as the UK profile's service_list schema has it: no locations, hours or terms. */
const summaryOf = ({ id, name, status }: (typeof SERVICES)[number]) => ({ id, name, status });
const PAGE_SIZE = 2;
const TOTAL_PAGES = Math.ceil(SERVICES.length / PAGE_SIZE);

describe('npm run import -- <ORUK API URL>', () => {
  let database: Database;
  let server: Server;
  let base: string;
  let requested: string[];
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
    failing = new Map();
    cutShort = new Set();
    await database.db.execute(sql`truncate services cascade`);
  });

  /** 3.0 at /services (summaries, in pages of two); 1.0 at /v1/services (whole services). */
  function answer(url: URL): unknown {
    const number = Number(url.searchParams.get('page') ?? '1');
    const contents = SERVICES.slice((number - 1) * PAGE_SIZE, number * PAGE_SIZE);
    if (url.pathname === '/services') {
      return {
        total_items: SERVICES.length,
        total_pages: TOTAL_PAGES,
        page_number: number,
        size: contents.length,
        first_page: number === 1,
        last_page: number === TOTAL_PAGES,
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
    return SERVICES.find((service) => service.id === id);
  }

  const importUrl = (url: string) =>
    runImport(database, parseImportArgs([url, '--source', SOURCE, '--licence', OGL]));
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
    const page2 = '/services?page=2&per_page=100';
    failing.set(page2, Infinity);
    requested = [];

    await expect(importUrl(base)).rejects.toThrow(
      `Could not read page 2 of the feed (${base}${page2}) in 3 tries: HTTP 500. ` +
        'Nothing was imported; try again later.',
    );
    expect(requested.filter((path) => path === page2)).toHaveLength(3);
    // Page 1 was read again, but its services were not written over the edited one.
    expect(await services()).toEqual(before);
  });

  it('asks again for a page that fails once, and imports the whole feed', async () => {
    const page2 = '/services?page=2&per_page=100';
    failing.set(page2, 1);

    const { report } = await importUrl(base);

    expect(requested.filter((path) => path === page2)).toHaveLength(2);
    expect(report).toContain('accepted: 4');
  });

  it('imports nothing when a service cannot be read, and says which', async () => {
    failing.set('/services/svc-c', Infinity);

    await expect(importUrl(base)).rejects.toThrow(
      `Could not read service svc-c of the feed (${base}/services/svc-c) in 3 tries: HTTP 500.`,
    );
    expect(await services()).toEqual([]);
  });

  it('imports nothing when a page is cut off halfway, and says which page', async () => {
    await importUrl(base);
    const before = await services();
    const page2 = '/services?page=2&per_page=100';
    cutShort.add(page2);

    await expect(importUrl(base)).rejects.toThrow(
      `page 2 of the feed (${base}${page2}) is not valid JSON (it ends too soon, at line 1): ` +
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
    const page = `/${path}/services?page=1&per_page=100`;

    await expect(
      readOrukFeed(`${base}/${path}`, { timeoutMs: 200, retryDelaysMs: [0] }),
    ).rejects.toThrow(`Could not read page 1 of the feed (${base}${page}) in 2 tries: ${failure}`);
    expect(requested).toEqual([page, page]);
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
