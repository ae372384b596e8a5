import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { fileURLToPath } from 'node:url';
import { queryRows, type Database } from '../client';
import { listHelplines } from '../helplines';
import { createTestDatabase } from '../test-db';
import { loadOpenDataOnce } from './load';

// The repository's own open-data/ folder: a fresh clone needs nothing beside it (issue 10).
const openDataDir = fileURLToPath(new URL('../../../../open-data', import.meta.url));

describe('loadOpenDataOnce on the open data in the repository', () => {
  let database: Database;
  let first: Awaited<ReturnType<typeof loadOpenDataOnce>>;

  beforeAll(async () => {
    database = await createTestDatabase();
    first = await loadOpenDataOnce(database, openDataDir);
  }, 180_000);
  afterAll(() => database.close());

  it('loads every district, unit postcode, service and helpline in open-data/', () => {
    expect(first).toMatchObject({
      kind: 'first',
      districts: 2961,
      postcodes: 265_033,
      services: 1312 + 1848 + 384 + 1783 + 16 + 96 + 166,
      helplines: 17,
      contactsNotMerged: 142,
    });
    expect(first?.rejected).toEqual([]);
  });

  it("fills GP practices' and pharmacies' contact details from the NHS website, each with its source", async () => {
    const rows = await queryRows<{
      id: string;
      phones: string[];
      website: string | null;
      email: string | null;
      contact_sources: unknown;
    }>(
      database.db,
      sql`select id, phones, website, email, contact_sources from services
          where id in ('ods:E83007', 'ods:FAL54') order by id`,
    );
    const ods = (asOf: string) => ({ source: 'the NHS Organisation Data Service register', asOf });
    const nhsWebsite = (asOf: string) => ({ source: 'NHS website data', asOf });
    expect(rows).toEqual([
      // The register's phone (2023) is kept over the NHS website's 020 8346 1516 (2019).
      {
        id: 'ods:E83007',
        phones: ['020 8346 3388'],
        website: 'https://www.squireslanemedicalpractice.co.uk/',
        email: 'squireslanemedicalpractice@nhs.net',
        contact_sources: {
          phone: ods('2023-12'),
          website: nhsWebsite('2019-05'),
          email: nhsWebsite('2019-05'),
        },
      },
      // The register has no phone for this pharmacy; the NHS website (2020) has.
      {
        id: 'ods:FAL54',
        phones: ['020 8450 7654'],
        website: 'http://www.clockworkpharmacy.com/',
        email: null,
        contact_sources: { phone: nhsWebsite('2020-01'), website: nhsWebsite('2020-01') },
      },
    ]);
  });

  it("does not merge contact details whose postcode is not the service's", async () => {
    // In nhs_contact_details.csv with postcode_matches = no, a website and an email.
    const [row] = await queryRows<{ website: string | null; email: string | null }>(
      database.db,
      sql`select website, email from services where id = 'ods:FCE42'`,
    );
    expect(row).toEqual({ website: null, email: null });
  });

  it('lists the NHS clinics: Talking Therapies, sexual health and the rest', async () => {
    const rows = await queryRows<{ service_types: string[]; count: number }>(
      database.db,
      sql`select service_types, count(*)::int as count from services
          where source = 'nhs-website' group by service_types order by count desc`,
    );
    expect(rows).toContainEqual({
      service_types: ['NHS Talking Therapies', 'Talking therapies', 'Mental health service'],
      count: 37,
    });
    expect(rows).toContainEqual({
      service_types: ['Sexual health clinic', 'Sexual health service'],
      count: 9,
    });
  });

  it('places known postcodes where they are', async () => {
    const [palace] = await queryRows<{ latitude: number; longitude: number; outcode: string }>(
      database.db,
      sql`select latitude, longitude, outcode from postcodes where postcode = 'SW1A 1AA'`,
    );
    expect(palace).toEqual({ latitude: 51.50101, longitude: -0.14156, outcode: 'SW1A' });
  });

  it('finds a pharmacy near BS1 4DJ', async () => {
    const [nearest] = await queryRows<{ name: string; miles: number }>(
      database.db,
      sql`select s.name, earth_distance(ll_to_earth(s.latitude, s.longitude), ll_to_earth(p.latitude, p.longitude)) / 1609.344 as miles
          from services s, postcodes p
          where p.postcode = 'BS1 4DJ' and s.service_types @> array['Pharmacy']
          order by miles limit 1`,
    );
    expect(nearest?.miles).toBeLessThan(1);
  });

  it('maps sources onto categories and tidies NHS capitals, keeping the originals', async () => {
    const rows = await queryRows<{
      name: string;
      name_original: string;
      categories: string[];
      verified: boolean;
      licence: string;
    }>(
      database.db,
      sql`select name, name_original, categories, verified, licence from services where id = 'ods:F82625'`,
    );
    expect(rows[0]).toEqual({
      name: 'Abbey Medical Centre',
      name_original: 'ABBEY MEDICAL CENTRE',
      categories: ['health'],
      verified: true,
      licence: 'Open Government Licence v3.0',
    });
    const [library] = await queryRows<{ categories: string[] }>(
      database.db,
      sql`select categories from services where source = 'libraries-hacked' limit 1`,
    );
    expect(library?.categories).toEqual(['welcomespaces', 'skillsdevelopment']);
  });

  it.each([
    ['ods:V13560', ['health'], ['Dentist', 'NHS dental practice'], 'nhs-ods'],
    ['ods:Y06073', ['health'], ['Drug and alcohol service', 'Addiction support'], 'nhs-ods'],
    ['givefood:barking', ['food'], ['Food bank', 'Emergency food'], 'givefood'],
  ])('lists %s in %j as %j from %s', async (id, categories, serviceTypes, source) => {
    const [row] = await queryRows<Record<string, unknown>>(
      database.db,
      sql`select categories, service_types, source, verified from services where id = ${id}`,
    );
    expect(row).toEqual({ categories, service_types: serviceTypes, source, verified: true });
  });

  it('puts the community services in the category the file gives them', async () => {
    const rows = await queryRows<{ subcategory: string; categories: string[] }>(
      database.db,
      sql`select service_types[1] as subcategory, categories from services
          where id in (select id from services where source = 'nhs-ods' and not (categories && array['health']))
          group by 1, 2 order by 1`,
    );
    expect(rows).toEqual([
      { subcategory: 'ADHD service', categories: ['neurodiversity'] },
      { subcategory: 'Learning disability service', categories: ['neurodiversity'] },
      { subcategory: 'Mental health service', categories: ['mentalhealth'] },
      { subcategory: 'Perinatal mental health service', categories: ['mentalhealth'] },
    ]);
  });

  it('credits Give Food and says what the food bank listing does not know', async () => {
    const [foodBank] = await queryRows<Record<string, string>>(
      database.db,
      sql`select name, licence, source_name, verification_status, description, full_description
          from services where id = 'givefood:barking'`,
    );
    expect(foodBank).toMatchObject({
      name: 'Barking',
      licence: 'CC BY 4.0 (Give Food, givefood.org.uk)',
      source_name: 'Give Food (givefood.org.uk) food bank list, via givefood/data foodbanks.csv',
      verification_status: 'Listed by Give Food, the charity that tracks UK food banks (2024-06)',
    });
    expect(foodBank?.description).toContain('contact them to ask how to get help');
    expect(foodBank?.description).not.toMatch(/referral|voucher/i);
    expect(foodBank?.full_description).toContain('Trussell Trust');
  });

  it('keeps address and place words out of what keywords match', async () => {
    const [row] = await queryRows<{ search_document: string; address: string }>(
      database.db,
      sql`select search_document, address from services where id = 'givefood:barking'`,
    );
    expect(row?.address).toContain('Selinas Lane');
    expect(row?.search_document).not.toMatch(/Selinas|Dagenham|Barking/);
    const [leaks] = await queryRows<{ count: number }>(
      database.db,
      sql`select count(*)::int as count from services
          where search_document ilike '%' || coalesce(lad_name, '#') || '%'
             or search_document ilike '%' || coalesce(postcode, '#') || '%'`,
    );
    expect(leaks?.count).toBe(0);
  });

  it('reads library hours into weekly hours and keeps the source words', async () => {
    const [library] = await queryRows<{ opening_hours: string; weekly_hours: unknown }>(
      database.db,
      sql`select opening_hours, weekly_hours from services
          where id = 'library:london-borough-of-barking-and-dagenham-barking-learning-centre-community-hub'`,
    );
    expect(library?.opening_hours).toMatch(/^staffed: Mon 09:00-21:30/);
    expect(library?.weekly_hours).toMatchObject({
      note: 'Staffed hours',
      sessions: expect.arrayContaining([{ day: 7, opens: '10:00', closes: '16:00' }]) as unknown,
    });
    const [unread] = await queryRows<{ count: number }>(
      database.db,
      sql`select count(*)::int as count from services where opening_hours is not null and weekly_hours is null`,
    );
    expect(unread?.count).toBe(0);
  });

  it('adds demo listings only where there is no real data, labelled, unverified and at real postcodes', async () => {
    expect(first?.demoServices).toBeGreaterThan(100);
    const [misplaced] = await queryRows<{ count: number }>(
      database.db,
      sql`select count(*)::int as count from services s
          where s.source = 'demo' and (s.verified or s.name not like '%(demo)'
            or not exists (select 1 from postcodes p where p.postcode = s.postcode)
            or s.categories && array['food', 'mentalhealth', 'neurodiversity'])`,
    );
    expect(misplaced?.count).toBe(0);
  });

  it('lists the helplines in the order of the file, or those serving one category', async () => {
    const all = await listHelplines(database.db);
    expect(all).toHaveLength(17);
    expect(all[0]).toEqual({
      id: 'samaritans',
      organisation: 'Samaritans',
      service: 'Samaritans helpline',
      phone: '116 123',
      phoneHref: 'tel:116123',
      text: null,
      textHref: null,
      hours: '24 hours a day, every day of the year',
      open24Hours: true,
      forWhom: 'For people anywhere in the UK',
      helpsWith: expect.stringContaining('emotional support') as unknown,
      categories: ['mentalhealth'],
      nations: 'UK-wide',
      sourceUrls: [
        'https://www.samaritans.org/how-we-can-help/contact-samaritan/',
        'https://samaritans.org/branches/coventry/coventry-branch-news/coventry-samaritans-will-be-open-usual-over-christmas',
        'https://www.samaritans.org/news/why-free-caller-service-important',
      ],
      sourceSeen: expect.stringMatching(/^undated/) as unknown,
    });
    // Text lines are sms: links with the word to send; unconfirmed hours are null, never a note.
    expect(all.find((line) => line.id === 'shout-85258')).toMatchObject({
      phone: null,
      text: '85258 (text the word SHOUT)',
      textHref: 'sms:85258?body=SHOUT',
    });
    const unconfirmed = all.filter((line) => line.hours === null).map((line) => line.id);
    expect(unconfirmed).toEqual(expect.arrayContaining(['papyrus-hopelineuk', 'stepchange']));
    expect(all.map((line) => line.hours ?? '').join(' ')).not.toMatch(/confirm|check|stated/i);
    const mentalHealth = await listHelplines(database.db, 'mentalhealth');
    expect(mentalHealth.map((line) => line.id).slice(0, 2)).toEqual(['samaritans', 'shout-85258']);
    expect(mentalHealth.every((line) => line.categories.includes('mentalhealth'))).toBe(true);
    expect(await listHelplines(database.db, 'food')).not.toHaveLength(0);
    expect(await listHelplines(database.db, 'transport')).toEqual([]);
  });

  it('does nothing on the next start', async () => {
    await database.db.execute(
      sql`update services set name = 'Renamed by a person' where id = 'ods:F82625'`,
    );
    expect(await loadOpenDataOnce(database, openDataDir)).toBeNull();
    const [row] = await queryRows<{ name: string }>(
      database.db,
      sql`select name from services where id = 'ods:F82625'`,
    );
    expect(row?.name).toBe('Renamed by a person');
  });
});
