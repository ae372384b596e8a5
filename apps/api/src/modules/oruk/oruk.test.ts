import { CATEGORIES } from '@locals/contracts/categories';
import {
  getOrukService,
  listOrukServiceAtLocations,
  listOrukServices,
  listOrukTaxonomyTerms,
} from '@locals/contracts/routes/oruk';
import { queryRows } from '@locals/db/client';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkReply } from '../../testing/contract-reply';
import { aService, insertBristolGeography, insertServices } from '../../testing/directory-fixtures';
import { expectValid, validators } from '../../testing/oruk-schemas';
import { useTestApp } from '../../testing/test-app';
import { orukId, type OrukKind } from './ids';
import { pageOf } from './oruk.routes';

type Page = {
  total_items: number;
  total_pages: number;
  page_number: number;
  size: number;
  first_page: boolean;
  last_page: boolean;
  empty: boolean;
  contents: Record<string, unknown>[];
};

const testApp = useTestApp();

async function get(url: string) {
  const response = await testApp.app.inject({ method: 'GET', url });
  return response;
}

async function getPage(url: string, kind?: keyof typeof validators): Promise<Page> {
  const response = await get(url);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['access-control-allow-origin']).toBe('*');
  const page = response.json<Page>();
  expectValid('page', page);
  if (kind) for (const item of page.contents) expectValid(kind, item);
  return page;
}

/** 20 ordinary listings on a line going north from BS1 4DJ, about 111 m apart, and some odd ones. */
const LINE = Array.from({ length: 20 }, (_, index) =>
  aService({
    id: `line-${String(index).padStart(2, '0')}`,
    latitude: 51.4519 + index * 0.001,
    longitude: -2.5967,
    categories: index % 2 === 0 ? ['health'] : ['food', 'welcomespaces'],
  }),
);
const SPECIAL = [
  aService({
    id: 'pharmacy',
    name: 'Harbourside Pharmacy',
    description: 'A community pharmacy dispensing NHS prescriptions.',
    serviceTypes: ['Pharmacy'],
    searchDocument: 'A community pharmacy dispensing NHS prescriptions. Pharmacy',
    latitude: 51.4493,
    longitude: -2.5832,
    postcode: 'BS1 5TR',
  }),
  aService({
    id: 'youth',
    name: 'Youth Club',
    categories: ['sport'],
    ageMin: 11,
    ageMax: 18,
    provider: 'Bristol City Council',
    website: 'www.bristol.gov.uk/youth',
    email: 'not an email',
    phones: ['0117 922 2000', '0800 123 4567'],
    languages: ['English', 'Polish'],
    weeklyHours: {
      note: 'Term time',
      sessions: [
        { day: 1, opens: '16:00', closes: '20:00' },
        { day: 3, opens: '16:00', closes: '20:00' },
        { day: 6, opens: '10:00', closes: '13:00' },
      ],
    },
    address: 'Youth House, 5 Park Row, Bristol, BS1 4DJ',
    sourceName: 'Bristol youth services list',
    sourceUpdated: '2025-04',
    verificationStatus: 'Checked by a Locals moderator on 2025-05-01',
  }),
  aService({
    id: 'adults',
    name: 'Adult Learning',
    ageMin: 19,
    ageMax: 99,
    categories: ['skillsdevelopment'],
  }),
  aService({
    id: 'phone-only',
    name: 'Helpline Without Premises',
    address: null,
    postcode: null,
    latitude: null,
    longitude: null,
    openingHours: 'Weekdays, office hours',
  }),
  aService({ id: 'demo-1', name: 'Demo Listing', source: 'demo' }),
  aService({ id: 'unverified-1', name: 'Unverified Listing', verified: false }),
];
const PUBLISHED = 20 + 4;
const WITH_LOCATION = 20 + 3;

beforeAll(async () => {
  await insertBristolGeography(testApp.database);
  await insertServices(testApp.database, [...LINE, ...SPECIAL]);
});

describe('/api/oruk (API info)', () => {
  it.each(['/api/oruk', '/api/oruk/'])(
    '%s answers the version the validator reads',
    async (url) => {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['access-control-allow-origin']).toBe('*');
      const info = response.json<{ version: string }>();
      expect(info.version).toBe('3.0');
      expectValid('apiInfo', info);
    },
  );
});

describe('/api/oruk/services', () => {
  it('walks every published service over several pages, each valid in the list and in full', async () => {
    const seen: string[] = [];
    for (let page = 1; ; page += 1) {
      const body = await getPage(`/api/oruk/services?page=${page}&per_page=7`, 'serviceList');
      expect(body).toMatchObject({
        total_items: PUBLISHED,
        total_pages: 4,
        page_number: page,
        size: body.contents.length,
        first_page: page === 1,
        last_page: page === 4,
        empty: false,
      });
      seen.push(...body.contents.map((item) => String(item.id)));
      if (body.last_page) break;
    }
    expect(seen).toHaveLength(PUBLISHED);
    expect(new Set(seen).size).toBe(PUBLISHED);
    for (const id of seen) {
      const response = await get(`/api/oruk/services/${id}`);
      expect(response.statusCode).toBe(200);
      const service = await checkReply(getOrukService, response, 200);
      expectValid('service', service);
      expect(service.id).toBe(id);
    }
  });

  it('answers the whole directory on the first page without per_page (the DfE importer reads no more)', async () => {
    const body = await getPage('/api/oruk/services', 'serviceList');
    expect(body).toMatchObject({
      total_items: PUBLISHED,
      total_pages: 1,
      size: PUBLISHED,
      last_page: true,
    });
  });

  it('keeps demo and unverified listings out, and gives each service the UUID of its own id', async () => {
    const body = await getPage('/api/oruk/services');
    const ids = body.contents.map((item) => item.id);
    for (const hidden of ['demo-1', 'unverified-1']) {
      expect(ids).not.toContain(orukId('service', hidden));
      expect((await get(`/api/oruk/services/${orukId('service', hidden)}`)).statusCode).toBe(404);
    }
    expect(ids).toContain(orukId('service', 'line-00'));
    expect(orukId('service', 'line-00')).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-3[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(orukId('service', 'line-00')).toBe(orukId('service', 'line-00'));
    expect(orukId('service', 'line-00')).not.toBe(orukId('location', 'line-00'));
    const upper = await get(`/api/oruk/services/${orukId('service', 'line-00').toUpperCase()}`);
    expect(upper.json()).toMatchObject({ id: orukId('service', 'line-00') });
  });

  it('pages past the end are empty; bad paging is a 400 with a JSON body', async () => {
    const past = await getPage('/api/oruk/services?page=9&per_page=10');
    expect(past).toMatchObject({
      page_number: 9,
      size: 0,
      empty: true,
      first_page: false,
      last_page: true,
      total_pages: 3,
    });
    for (const query of ['page=0', 'per_page=0', 'per_page=10001', 'page=x', 'minimum_age=old']) {
      const response = await get(`/api/oruk/services?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json<{ code: string }>().code).toBe('validation_error');
    }
  });

  it('filters by full text, taxonomy term (id or code), taxonomy and ages', async () => {
    const names = async (query: string) =>
      (await getPage(`/api/oruk/services?${query}`, 'serviceList')).contents.map(
        (item) => item.name,
      );
    expect(await names('search=pharmacies')).toEqual(['Harbourside Pharmacy']);
    expect(await names('search=nothing-like-this')).toEqual([]);
    const sport = orukId('taxonomy_term', 'Locals categories:sport');
    expect(await names(`taxonomy_term_id=${sport}`)).toEqual(['Youth Club']);
    expect(await names('taxonomy_term_id=sport')).toEqual(['Youth Club']);
    expect(await names(`taxonomy_term_id=${orukId('taxonomy_term', 'nothing')}`)).toEqual([]);
    expect(await names('taxonomy_term_id=food')).toHaveLength(10);
    expect(await names(`taxonomy_id=${orukId('taxonomy', 'categories')}`)).toHaveLength(PUBLISHED);
    expect(await names(`taxonomy_id=${orukId('taxonomy', 'other')}`)).toEqual([]);
    expect(await names('minimum_age=11')).toEqual(['Adult Learning', 'Youth Club']);
    expect(await names('maximum_age=18')).toEqual(['Youth Club']);
    expect(await names('minimum_age=11&maximum_age=18')).toEqual(['Youth Club']);
    expect(await names('minimum_age=10.5&maximum_age=18.5')).toEqual(['Youth Club']);
  });
});

describe("a service's feed id, in SQL", () => {
  const KINDS: OrukKind[] = ['service', 'service_at_location', 'location', 'taxonomy_term'];
  const KEYS = [
    'youth',
    'osm:node/123456789',
    'ofsted:EY123456',
    'Café Ünïcode – 日本',
    "it's 100%_",
  ];

  it('is the UUID the API computes, for any kind and key', async () => {
    const pairs = KINDS.flatMap((kind) => KEYS.map((key) => ({ kind, key })));
    const rows = await queryRows<{ kind: string; key: string; id: string }>(
      testApp.database.db,
      sql`select kind, key, locals_oruk_id(kind, key)::text as id
          from jsonb_to_recordset(${JSON.stringify(pairs)}::jsonb) as p(kind text, key text)`,
    );
    expect(rows).toEqual(pairs.map(({ kind, key }) => ({ kind, key, id: orukId(kind, key) })));
  });

  it('finds a service through its index, not by computing every row', async () => {
    // With too few rows the planner would scan anyway; refusing scans asks whether it can.
    const plan = await testApp.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const query = sql`explain select id from services s
        where s.verified and s.source <> 'demo'
          and locals_oruk_id('service', s.id) = ${orukId('service', 'youth')}::uuid`;
      return (await queryRows<{ 'QUERY PLAN': string }>(tx, query))
        .map((row) => row['QUERY PLAN'])
        .join('\n');
    });
    expect(plan).toContain('services_oruk_service_id_idx');
  });
});

describe('a service in full', () => {
  it('has an organisation, six address fields, phones in contacts, weekly schedules and its provenance', async () => {
    const id = orukId('service', 'youth');
    const service = (await get(`/api/oruk/services/${id}`)).json<Record<string, unknown>>();
    expectValid('service', service);
    expect(service).toMatchObject({
      name: 'Youth Club',
      status: 'active',
      // The same address the web app links to: a bare host gains http:// (webAddressOf).
      url: 'http://www.bristol.gov.uk/youth',
      minimum_age: 11,
      maximum_age: 18,
      organization: { name: 'Bristol City Council', description: expect.any(String) as string },
    });
    expect(service).not.toHaveProperty('email');
    expect(new Date(String(service.last_modified)).toISOString()).toBe(service.last_modified);
    const [serviceAtLocation] = service.service_at_locations as {
      id: string;
      location: { addresses: unknown[] };
    }[];
    expect(serviceAtLocation?.id).toBe(orukId('service_at_location', 'youth'));
    expect(serviceAtLocation?.location.addresses).toEqual([
      expect.objectContaining({
        address_1: 'Youth House, 5 Park Row',
        city: 'Bristol',
        state_province: 'Bristol',
        postal_code: 'BS1 4DJ',
        country: 'GB',
        address_type: 'physical',
      }),
    ]);
    expect(service.contacts).toEqual([
      expect.objectContaining({
        phones: [
          expect.objectContaining({ number: '0117 922 2000' }),
          expect.objectContaining({ number: '0800 123 4567' }),
        ],
      }),
    ]);
    expect(service.schedules).toEqual([
      expect.objectContaining({
        freq: 'WEEKLY',
        byday: 'MO,WE',
        opens_at: '16:00',
        closes_at: '20:00',
        description: 'Term time',
      }),
      expect.objectContaining({
        freq: 'WEEKLY',
        byday: 'SA',
        opens_at: '10:00',
        closes_at: '13:00',
      }),
    ]);
    expect(service.languages).toEqual([
      expect.objectContaining({ name: 'English' }),
      expect.objectContaining({ name: 'Polish' }),
    ]);
    const attributes = service.attributes as {
      link_entity: string;
      link_id: string;
      value?: string;
      taxonomy_term: { code: string };
    }[];
    expect(
      attributes.every(
        (attribute) => attribute.link_entity === 'service' && attribute.link_id === id,
      ),
    ).toBe(true);
    expect(attributes.map((attribute) => [attribute.taxonomy_term.code, attribute.value])).toEqual([
      ['sport', undefined],
      ['data_licence', 'Test licence'],
      ['data_source', 'Bristol youth services list, as of 2025-04'],
      ['verification', 'Checked by a Locals moderator on 2025-05-01'],
    ]);
  });

  it('the same organisation for every service of one provider; a service without one stands for itself', async () => {
    const service = (await get(`/api/oruk/services/${orukId('service', 'line-01')}`)).json<{
      organization: { id: string; name: string; description: string };
    }>();
    expect(service.organization).toEqual({
      id: orukId('organization', 'service:line-01'),
      name: 'Service line-01',
      description: 'Service line-01 helps people in Bristol.',
    });
  });

  it('without an address, no location, and its opening hours in words', async () => {
    const service = (await get(`/api/oruk/services/${orukId('service', 'phone-only')}`)).json<
      Record<string, unknown[]>
    >();
    expectValid('service', service);
    expect(service.service_at_locations).toEqual([]);
    expect(service.schedules).toEqual([
      expect.objectContaining({ description: 'Weekdays, office hours' }),
    ]);
  });

  it.each(['not-a-uuid', orukId('service', 'missing'), orukId('service_at_location', 'line-00')])(
    '%s is a 404 with a JSON body',
    async (id) => {
      const response = await get(`/api/oruk/services/${id}`);
      expect(response.statusCode).toBe(404);
      expect(response.headers['access-control-allow-origin']).toBe('*');
      expect(response.json()).toMatchObject({ code: 'not_found' });
    },
  );
});

describe('/api/oruk/service_at_locations', () => {
  it('walks every service with a location, each valid, and opens each in full', async () => {
    const seen: string[] = [];
    for (let page = 1; ; page += 1) {
      const body = await getPage(
        `/api/oruk/service_at_locations?page=${page}&per_page=10`,
        'serviceAtLocationList',
      );
      expect(body).toMatchObject({ total_items: WITH_LOCATION, total_pages: 3, page_number: page });
      seen.push(...body.contents.map((item) => String(item.id)));
      if (body.last_page) break;
    }
    expect(new Set(seen).size).toBe(WITH_LOCATION);
    for (const id of seen) {
      const response = await get(`/api/oruk/service_at_locations/${id}`);
      expect(response.statusCode).toBe(200);
      expectValid('service', response.json());
    }
    expect(
      (await get(`/api/oruk/service_at_locations/${orukId('service_at_location', 'phone-only')}`))
        .statusCode,
    ).toBe(404);
  });

  it('near a postcode, nearest first, within the proximity in metres', async () => {
    const body = await getPage(
      '/api/oruk/service_at_locations?postcode=bs14dj&proximity=1000&per_page=5',
      'serviceAtLocationList',
    );
    const reply = await checkReply(
      listOrukServiceAtLocations,
      await get('/api/oruk/service_at_locations?postcode=bs14dj&proximity=1000&per_page=5'),
      200,
    );
    expect(reply.contents).toHaveLength(5);
    const distances = body.contents.map((item) => Number(item.distance));
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(distances[0]).toBe(0);
    // Ten on the line are within 1 km (the 10th about 1,000 m): 9 or 10 with rounding, then the
    // rest of the line and the others at BS1 4DJ; the pharmacy is ~1.0 km east.
    const all = await getPage('/api/oruk/service_at_locations?postcode=BS1 4DJ&proximity=1000');
    expect(all.contents.every((item) => Number(item.distance) <= 1000)).toBe(true);
    expect(all.total_items).toBeLessThan(WITH_LOCATION);
    const nearest = await getPage('/api/oruk/service_at_locations?postcode=BS1 4DJ');
    expect(nearest.total_items).toBe(WITH_LOCATION);
    const ordered = nearest.contents.map((item) => Number(item.distance));
    expect(ordered).toEqual([...ordered].sort((a, b) => a - b));
  });

  it.each([
    ['proximity=500', 'postcode'],
    ['postcode=NOTAPOSTCODE', 'postcode'],
    ['postcode=ZZ99 9ZZ', 'postcode'],
    ['postcode=BS1 4DJ&proximity=-5', 'proximity'],
  ])('%s is a 400 naming %s', async (query, field) => {
    const response = await get(`/api/oruk/service_at_locations?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ fieldErrors: Record<string, unknown> }>().fieldErrors).toHaveProperty(
      field,
    );
  });
});

describe('taxonomies and taxonomy terms', () => {
  it('our 12 categories are terms with codes and descriptions, and each term opens by id', async () => {
    const terms = await getPage('/api/oruk/taxonomy_terms?per_page=5', 'taxonomyTerm');
    expect(terms).toMatchObject({ total_items: 15, total_pages: 3, size: 5 });
    const all = await checkReply(listOrukTaxonomyTerms, await get('/api/oruk/taxonomy_terms'), 200);
    expect(all.contents.slice(0, 12).map((term) => term.code)).toEqual(
      CATEGORIES.map((category) => category.id),
    );
    for (const term of all.contents) {
      expectValid('taxonomyTerm', term);
      const response = await get(`/api/oruk/taxonomy_terms/${term.id}`);
      expect(response.json()).toEqual(term);
      const taxonomy = await get(`/api/oruk/taxonomies/${term.taxonomy_id}`);
      expect(taxonomy.statusCode).toBe(200);
    }
    expect((await get(`/api/oruk/taxonomy_terms/${orukId('taxonomy_term', 'x')}`)).statusCode).toBe(
      404,
    );
  });

  it('lists the taxonomies, each valid', async () => {
    const body = await getPage('/api/oruk/taxonomies', 'taxonomy');
    expect(body.contents.map((taxonomy) => taxonomy.name)).toEqual([
      'Locals categories',
      'Locals record provenance',
    ]);
    expect((await get('/api/oruk/taxonomies/nope')).statusCode).toBe(404);
  });
});

describe('paging maths', () => {
  it.each([
    [0, 1, 10, { total_pages: 1, first_page: true, last_page: true, empty: true }],
    [10, 1, 10, { total_pages: 1, last_page: true }],
    [11, 1, 10, { total_pages: 2, last_page: false }],
    [11, 2, 10, { total_pages: 2, first_page: false, last_page: true }],
    [11, 3, 10, { total_pages: 2, last_page: true }],
  ])('%i items, page %i of %i a page', (total, page, perPage, expected) => {
    const size = Math.max(0, Math.min(perPage, total - (page - 1) * perPage));
    const body = pageOf(
      Array.from({ length: size }, () => ({})),
      total,
      page,
      perPage,
    );
    expect(body).toMatchObject({ total_items: total, page_number: page, size, ...expected });
  });
});

describe('the OpenAPI document', () => {
  it('includes the nine feed routes', async () => {
    const document = (await get('/api/docs/json')).json<{ paths: Record<string, unknown> }>();
    for (const path of [
      '/api/oruk',
      '/api/oruk/services',
      '/api/oruk/services/{id}',
      '/api/oruk/service_at_locations',
      '/api/oruk/service_at_locations/{id}',
      '/api/oruk/taxonomies',
      '/api/oruk/taxonomies/{id}',
      '/api/oruk/taxonomy_terms',
      '/api/oruk/taxonomy_terms/{id}',
    ])
      expect(document.paths, path).toHaveProperty([path]);
  });
});

it('lists through the contract', async () => {
  const body = await checkReply(listOrukServices, await get('/api/oruk/services?per_page=3'), 200);
  expect(body.size).toBe(3);
});

it('the schema checks are not vacuous: they refuse what the feed must never send', () => {
  const good = { id: orukId('service', 'x'), name: 'X', status: 'active' };
  expect(validators.serviceList!.every((validate) => validate(good))).toBe(true);
  for (const bad of [
    { ...good, id: 'x' },
    { ...good, status: 'open' },
    { ...good, last_modified: '2025-01-01' },
    { ...good, url: 'www.example.org' },
    { ...good, organization: { id: orukId('organization', 'x'), name: 'X' } },
  ])
    expect(
      validators.serviceList!.some((validate) => !validate(bad)),
      JSON.stringify(bad),
    ).toBe(true);
  const address = {
    id: orukId('address', 'x'),
    address_1: '1 St',
    city: 'Bristol',
    postal_code: 'BS1 4DJ',
    country: 'GB',
    address_type: 'physical',
  };
  const withAddress = {
    ...good,
    service_at_locations: [
      {
        id: orukId('service_at_location', 'x'),
        location: { id: orukId('location', 'x'), location_type: 'physical', addresses: [address] },
      },
    ],
  };
  expect(validators.service![0]!(withAddress)).toBe(false);
});
