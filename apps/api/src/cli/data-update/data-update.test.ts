import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateRawSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseOpeningHours } from '@locals/contracts/opening-hours';
import { readCsv, type CsvRow } from '@locals/db/open-data/csv';
import { OPEN_DATA_FILES } from '@locals/db/open-data/load';
import { serviceFromOpenData } from '@locals/db/open-data/service-records';
import { parseDataUpdateArgs } from './args';
import { download } from './download';
import { foodBanks } from './give-food';
import { libraries } from './libraries';
import { comparePostcodes, readNspl } from './nspl';
import { communitySupport, dentalPractices, odsRecord, pharmacies, primaryCare } from './ods';
import { odsRecordsFromCsv, runDataUpdate } from './run';
import { unzipEntry } from './zip';

const FIXTURES = fileURLToPath(new URL('../fixtures/data-update', import.meta.url));
const REPO_OPEN_DATA = fileURLToPath(new URL('../../../../../open-data', import.meta.url));
const fixture = (name: string) => path.join(FIXTURES, name);

async function rows(file: string): Promise<CsvRow[]> {
  const all: CsvRow[] = [];
  for await (const row of readCsv(file)) all.push(row);
  return all;
}

async function nspl() {
  const names = new Map([
    ['E06000023', 'Bristol, City of'],
    ['E09000030', 'Tower Hamlets'],
    ['E09000007', 'Camden'],
    ['E09000002', 'Barking and Dagenham'],
    ['E09000018', 'Hounslow'],
  ]);
  const result = await readNspl(readCsv(fixture('nspl.csv')), names);
  return { ...result, findPlace: (postcode: string) => result.places.get(postcode) };
}

async function ods(name: string) {
  return odsRecordsFromCsv(await readFile(fixture(name), 'latin1'));
}

/** A zip holding one deflated file, as the NHS ODS downloads are. */
function zipOf(name: string, content: Buffer): Buffer {
  const data = deflateRawSync(content);
  const nameBytes = Buffer.from(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(content.length, 22);
  local.writeUInt16LE(nameBytes.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(content.length, 24);
  central.writeUInt16LE(nameBytes.length, 28);
  central.writeUInt32LE(0, 42);
  const directoryOffset = local.length + nameBytes.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + nameBytes.length, 12);
  end.writeUInt32LE(directoryOffset, 16);
  return Buffer.concat([local, nameBytes, data, central, nameBytes, end]);
}

describe('reading the ONS postcode lookup (NSPL)', () => {
  it('places only postcodes in the covered authorities, with their authority names', async () => {
    const { places } = await nspl();
    expect(places.get('BS1 4DJ')).toEqual({
      latitude: 51.45173,
      longitude: -2.59686,
      ladCode: 'E06000023',
      ladName: 'Bristol, City of',
    });
    expect(places.has('RM8 1QH')).toBe(true);
    expect(places.has('M1 1AE')).toBe(false);
    expect(places.has('RH11 7HL')).toBe(false);
  });

  it('keeps unit postcodes for the Bristol and inner London areas only, terminated ones marked', async () => {
    const { postcodes } = await nspl();
    expect(postcodes.map((row) => row.postcode)).toEqual([
      'BS1 1AA',
      'BS1 4DJ',
      'BS1 5TR',
      'E1 6AN',
      'NW1 0JR',
    ]);
    expect(postcodes[0]).toEqual({
      postcode: 'BS1 1AA',
      latitude: '51.44951',
      longitude: '-2.57837',
      lad_code: 'E06000023',
      date_terminated: '200012',
    });
  });

  it('centres each district on its live postcodes, across the UK, in postcode order', async () => {
    const { districts } = await nspl();
    expect(districts.map((row) => row.outcode)).toEqual([
      'BS1',
      'BT1',
      'E1',
      'EH1',
      'M1',
      'NW1',
      'RH11',
      'RM8',
      'TW3',
    ]);
    expect(districts[0]).toEqual({
      outcode: 'BS1',
      postcode_area: 'BS',
      // The mean of BS1 4DJ and BS1 5TR; BS1 1AA is terminated.
      latitude: '51.45216',
      longitude: '-2.59946',
      postcodes_used: '2',
      country: 'England',
      lad_code: 'E06000023',
      lad_name: 'Bristol, City of',
      lad_share: '1.000',
      centroid_basis: 'nspl_live_postcodes',
    });
    expect(districts.find((row) => row.outcode === 'BT1')?.country).toBe('Northern Ireland');
  });

  it.each([
    ['AB1 1AA', 'AB10 1AA', -1],
    ['AB2 1AA', 'AB10 1AA', -1],
    ['B1 1AA', 'BA1 1AA', -1],
    ['SW1A 1AA', 'SW1A 2AA', -1],
    ['E1', 'E1', 0],
  ])('orders %s before %s', (a, b, order) => {
    expect(Math.sign(comparePostcodes(a, b))).toBe(order);
    expect(Math.sign(comparePostcodes(b, a))).toBe(-order || 0);
  });
});

describe('reading NHS ODS files (27 headerless columns)', () => {
  it('refuses a row of another layout, saying so', () => {
    expect(() => odsRecord(Array.from({ length: 26 }, () => 'x'))).toThrow(
      /26 columns, not 27.*layout has changed/,
    );
  });

  it('lists active GP practices and other primary care in the covered area, with their ODS fields', async () => {
    const { findPlace } = await nspl();
    const { rows: out, skipped } = primaryCare(await ods('epraccur.csv'), findPlace);
    expect(out.map((row) => [row.service_id, row.subcategory])).toEqual([
      ['ods:L81001', 'GP practice'],
      ['ods:L81003', 'Walk-in centre'],
    ]);
    expect(out[0]).toEqual({
      service_id: 'ods:L81001',
      category: 'health',
      subcategory: 'GP practice',
      name: 'BRISTOL CENTRAL SURGERY',
      address: '1 BROAD STREET, BRISTOL',
      postcode: 'BS1 4DJ',
      latitude: '51.45173',
      longitude: '-2.59686',
      lad_code: 'E06000023',
      lad_name: 'Bristol, City of',
      phone: '0117 9292929',
      email: '',
      website: '',
      opening_hours: '',
      source: 'NHS ODS epraccur (GP and other prescribing cost centres)',
      source_record_id: 'L81001',
      // The newest date in the file (a close date, 31 October 2023) dates the release.
      source_as_of: '2023-10',
      ods_prescribing_setting: '4',
      icb_code: 'QUY',
      sub_icb_code: '15C',
      open_date: '1974-04-01',
    });
    expect(skipped).toEqual({ 'not active': 1 });
  });

  it('picks community services by the words in their names, in the documented order', async () => {
    const { findPlace } = await nspl();
    const { rows: out } = communitySupport(await ods('epraccur.csv'), findPlace);
    expect(
      out.map((row) => [row.service_id, row.category, row.subcategory, row.matched_keyword]),
    ).toEqual([
      ['ods:Y07878', 'health', 'Drug and alcohol service', 'DRUG'],
      // Misspelt in the source; "MH" still says what it is.
      ['ods:Y05555', 'mentalhealth', 'Mental health service', 'MH'],
      ['ods:Y05556', 'neurodiversity', 'ADHD service', 'ADHD'],
    ]);
  });

  it('lists pharmacies but not appliance contractors or closed ones', async () => {
    const { findPlace } = await nspl();
    const { rows: out } = pharmacies(await ods('edispensary.csv'), findPlace);
    expect(out).toHaveLength(1);
    expect(out[0]).toMatchObject({
      service_id: 'ods:FA012',
      subcategory: 'Community pharmacy',
      address: '100 WHITEHORSE LANE, STEPNEY, LONDON',
      lad_name: 'Tower Hamlets',
      parent_org_code: 'P55H',
      source_as_of: '2025-03',
    });
  });

  it('lists active dental practices in the covered area and counts what it left out', async () => {
    const { findPlace } = await nspl();
    const { rows: out, skipped } = dentalPractices(await ods('egdpprac.csv'), findPlace);
    expect(out.map((row) => [row.service_id, row.lad_name, row.ods_org_subtype])).toEqual([
      ['ods:V13560', 'Barking and Dagenham', 'D'],
    ]);
    expect(skipped).toEqual({
      'postcode outside the covered authorities or not in the NSPL': 1,
      'not active': 1,
    });
  });
});

describe("reading Give Food's food bank list", () => {
  it('keeps open food banks in the covered area, tidies addresses and phones, places them by postcode', async () => {
    const { findPlace } = await nspl();
    const { rows: out, skipped } = foodBanks(
      await rows(fixture('givefood-foodbanks.csv')),
      findPlace,
      '2025-11',
    );
    expect(out.map((row) => row.service_id)).toEqual([
      'givefood:barking',
      'givefood:victoria-park',
    ]);
    expect(out[0]).toMatchObject({
      category: 'food',
      subcategory: 'Food bank',
      name: 'Barking',
      address: 'The Beaver Centre, Unit 1, Selinas Lane, Dagenham',
      postcode: 'RM8 1QH',
      phone: '02086170660',
      website: 'https://barking.foodbank.org.uk',
      source_record_id: 'barking',
      source_as_of: '2025-11',
      network: 'Trussell Trust',
      charity_number: '1157921',
    });
    // Give Food's own point for it is far off; the postcode's centroid is used.
    expect(out[1]).toMatchObject({
      address: 'Victoria Park Baptist Church, Bristol',
      phone: '01179772484',
      latitude: '51.45173',
    });
    expect(skipped).toEqual({
      closed: 1,
      'postcode outside the covered authorities or not in the NSPL': 1,
    });
  });
});

describe("reading Libraries Hacked's library list", () => {
  it('keeps open libraries in the covered area with staffed hours Locals can read', async () => {
    const { findPlace } = await nspl();
    const { rows: out, skipped } = libraries(
      await rows(fixture('libraries.csv')),
      findPlace,
      '2025-11',
    );
    expect(out.map((row) => row.service_id)).toEqual([
      'library:bristol-city-council-central-library',
      'library:london-borough-of-tower-hamlets-idea-store',
      'library:london-borough-of-tower-hamlets-idea-store-2',
    ]);
    expect(out[0]).toMatchObject({
      address: 'College Green, Bristol',
      opening_hours:
        'staffed: Mon 09:30-19:00; Tue 09:30-19:00; Wed 09:30-13:00,14:00-17:00; Thu 9:30-19:00; Fri 09:30-17:00; Sat 10:00-17:00',
      library_type_label: 'Local authority library',
      email: 'central.library@bristol.gov.uk',
    });
    expect(parseOpeningHours(out[0]?.opening_hours)?.sessions).toHaveLength(7);
    expect(out[1]).toMatchObject({
      opening_hours: '',
      library_type_label: 'Community-run library',
      co_located_with: 'Health centre',
    });
    expect(skipped).toEqual({
      closed: 1,
      'postcode outside the covered authorities or not in the NSPL': 1,
    });
  });
});

describe('unzipEntry', () => {
  it('reads a deflated file out of a zip, and names what a zip holds when nothing matches', () => {
    const zip = zipOf('epraccur.csv', Buffer.from('"A81001","THE DENSHAM SURGERY"\n'));
    expect(unzipEntry(zip, (name) => name.endsWith('epraccur.csv')).toString()).toBe(
      '"A81001","THE DENSHAM SURGERY"\n',
    );
    expect(() => unzipEntry(zip, (name) => name === 'other.csv')).toThrow('it holds: epraccur.csv');
    expect(() => unzipEntry(Buffer.from('not a zip at all, not at all'), () => true)).toThrow(
      'Not a zip file',
    );
  });
});

describe('download', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'locals-download-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it.each([
    [
      'no network',
      () => Promise.reject(new TypeError('fetch failed', { cause: { code: 'ENOTFOUND' } })),
      /Could not reach files\.digital\.nhs\.uk \(ENOTFOUND\)\. npm run data:update needs internet access/,
    ],
    [
      'an HTTP error',
      () => Promise.resolve(new Response('gone', { status: 404, statusText: 'Not Found' })),
      /HTTP 404 Not Found/,
    ],
    [
      'a web page',
      () => Promise.resolve(new Response('<html>', { headers: { 'content-type': 'text/html' } })),
      /answered a web page, not a data file/,
    ],
  ])('fails clearly on %s', async (_case, answer, message) => {
    const fetchImpl = answer as unknown as typeof fetch;
    await expect(
      download(
        'https://files.digital.nhs.uk/assets/ods/current/epraccur.zip',
        path.join(dir, 'x.zip'),
        fetchImpl,
      ),
    ).rejects.toThrow(message);
  });

  it('writes what it fetched', async () => {
    const fetchImpl = (() =>
      Promise.resolve(new Response('a,b\n1,2\n'))) as unknown as typeof fetch;
    await download('https://example.org/data.csv', path.join(dir, 'sub', 'data.csv'), fetchImpl);
    expect(await readFile(path.join(dir, 'sub', 'data.csv'), 'utf8')).toBe('a,b\n1,2\n');
  });
});

describe('parseDataUpdateArgs', () => {
  const today = new Date('2025-11-23T10:00:00Z');

  it('asks for the NSPL, and defaults the rest to the repository', () => {
    expect(() => parseDataUpdateArgs([], '/repo', today)).toThrow('--nspl <NSPL csv> is required');
    expect(parseDataUpdateArgs(['--nspl', '/data/NSPL.csv'], '/repo', today)).toEqual({
      nspl: '/data/NSPL.csv',
      ladNames: undefined,
      out: '/repo/open-data',
      downloads: '/repo/.tmp/data-update',
      isOffline: false,
      asOf: '2025-11',
      nhsWebsite: {},
    });
    expect(parseDataUpdateArgs(['--help'], '/repo', today)).toBeNull();
    expect(() => parseDataUpdateArgs(['--nspl', 'x', '--as-of', 'May'], '/repo', today)).toThrow(
      '2025-11',
    );
    expect(() => parseDataUpdateArgs(['--nspl', 'x', '--fast'], '/repo', today)).toThrow(
      "Unknown option '--fast'",
    );
  });

  it('takes the NHS website files without the NSPL', () => {
    const args = ['--nhs-contacts', 'in/contacts.csv', '--nhs-clinics', '/in/clinics.csv'];
    expect(parseDataUpdateArgs(args, '/repo', today)).toMatchObject({
      nspl: undefined,
      out: '/repo/open-data',
      nhsWebsite: { contacts: path.resolve('in/contacts.csv'), clinics: '/in/clinics.csv' },
    });
  });
});

describe('runDataUpdate with the NHS website files (issue 26)', () => {
  let out: string;
  beforeEach(async () => {
    out = await mkdtemp(path.join(tmpdir(), 'locals-open-data-'));
  });
  afterEach(async () => {
    await rm(out, { recursive: true, force: true });
  });
  const options = (nhsWebsite: object) => ({
    nspl: undefined,
    ladNames: undefined,
    out,
    downloads: out,
    isOffline: true,
    asOf: '2025-11',
    nhsWebsite,
  });

  it('copies both files as they are and says how many contact rows are not merged', async () => {
    const log: string[] = [];
    const contacts = path.join(REPO_OPEN_DATA, OPEN_DATA_FILES.contacts);
    const clinics = path.join(REPO_OPEN_DATA, 'services_nhs_clinics.csv');
    await runDataUpdate(options({ contacts, clinics }), (line) => log.push(line));

    expect(await readFile(path.join(out, OPEN_DATA_FILES.contacts))).toEqual(
      await readFile(contacts),
    );
    expect(await readFile(path.join(out, 'services_nhs_clinics.csv'))).toEqual(
      await readFile(clinics),
    );
    expect(log).toContain(
      "nhs_contact_details.csv: 2752 rows (not merged: 142: postcode differs from the service's, so its contact details are not used)",
    );
    expect(log).toContain('services_nhs_clinics.csv: 166 rows');
  });

  it('writes neither file when one of them is not the file it should be', async () => {
    const wrong = path.join(out, 'wrong.csv');
    await writeFile(wrong, 'ods_code,name\r\nFA012,Medichem\r\n');
    const clinics = path.join(REPO_OPEN_DATA, 'services_nhs_clinics.csv');

    await expect(runDataUpdate(options({ contacts: wrong, clinics }), () => {})).rejects.toThrow(
      /wrong\.csv has no service_id, postcode_matches, phone, website, email column/,
    );
    await expect(readFile(path.join(out, 'services_nhs_clinics.csv'))).rejects.toThrow();
  });

  it('refuses a clinics file with a row Locals cannot read', async () => {
    const clinics = path.join(out, 'clinics.csv');
    const text = await readFile(path.join(REPO_OPEN_DATA, 'services_nhs_clinics.csv'), 'utf8');
    await writeFile(clinics, text.replace('NHS Talking Therapies service', 'Aromatherapy'));

    await expect(runDataUpdate(options({ clinics }), () => {})).rejects.toThrow(
      "1 unknown subcategory 'Aromatherapy'",
    );
    await expect(readFile(path.join(out, 'services_nhs_clinics.csv'))).rejects.toThrow();
  });
});

describe('runDataUpdate, offline on fixtures', () => {
  let out: string;
  let downloads: string;
  beforeEach(async () => {
    out = await mkdtemp(path.join(tmpdir(), 'locals-open-data-'));
    downloads = await mkdtemp(path.join(tmpdir(), 'locals-downloads-'));
    for (const name of ['epraccur', 'edispensary', 'egdpprac']) {
      await writeFile(
        path.join(downloads, `${name}.zip`),
        zipOf(`${name}.csv`, await readFile(fixture(`${name}.csv`))),
      );
    }
    await copyFile(
      fixture('givefood-foodbanks.csv'),
      path.join(downloads, 'givefood-foodbanks.csv'),
    );
    await copyFile(fixture('libraries.csv'), path.join(downloads, 'libraries.csv'));
    // Authority names come from the districts file already there.
    await copyFile(
      path.join(REPO_OPEN_DATA, OPEN_DATA_FILES.districts),
      path.join(out, OPEN_DATA_FILES.districts),
    );
  });
  afterEach(async () => {
    await rm(out, { recursive: true, force: true });
    await rm(downloads, { recursive: true, force: true });
  });

  it('writes every file in the columns the loader reads, and each service row loads', async () => {
    const log: string[] = [];
    await runDataUpdate(
      {
        nspl: fixture('nspl.csv'),
        ladNames: undefined,
        out,
        downloads,
        isOffline: true,
        asOf: '2025-11',
        nhsWebsite: {
          contacts: path.join(REPO_OPEN_DATA, OPEN_DATA_FILES.contacts),
          clinics: path.join(REPO_OPEN_DATA, 'services_nhs_clinics.csv'),
        },
      },
      (line) => log.push(line),
    );
    for (const file of OPEN_DATA_FILES.services) {
      const header = (await readFile(path.join(out, file), 'utf8')).split('\n')[0];
      const committed = (await readFile(path.join(REPO_OPEN_DATA, file), 'utf8')).split('\n')[0];
      expect(header, file).toBe(committed);
      for (const row of await rows(path.join(out, file))) {
        expect(serviceFromOpenData(row), `${file} ${row.service_id}`).toHaveProperty('service');
      }
    }
    const postcodes = await rows(path.join(out, OPEN_DATA_FILES.postcodes));
    expect(postcodes[1]).toMatchObject({
      postcode: 'BS1 4DJ',
      latitude: '51.45173',
      lad_code: 'E06000023',
    });
    const districts = await rows(path.join(out, OPEN_DATA_FILES.districts));
    expect(districts.find((row) => row.outcode === 'E1')).toMatchObject({
      lad_name: 'Tower Hamlets',
    });
    expect(log).toContain(
      'services_food_banks.csv: 2 rows (left out: 1 closed; 1 postcode outside the covered authorities or not in the NSPL)',
    );
  });

  it('writes nothing when a download is missing', async () => {
    await rm(path.join(downloads, 'libraries.csv'));
    await expect(
      runDataUpdate(
        {
          nspl: fixture('nspl.csv'),
          ladNames: undefined,
          out,
          downloads,
          isOffline: true,
          asOf: '2025-11',
          nhsWebsite: {},
        },
        () => {},
      ),
    ).rejects.toThrow(/--offline: .*libraries\.csv is missing/);
    await expect(readFile(path.join(out, 'services_food_banks.csv'))).rejects.toThrow();
  });

  it('says where to get the NSPL when it is missing', async () => {
    await expect(
      runDataUpdate(
        {
          nspl: '/nowhere/NSPL.csv',
          ladNames: undefined,
          out,
          downloads,
          isOffline: true,
          asOf: '2025-11',
          nhsWebsite: {},
        },
        () => {},
      ),
    ).rejects.toThrow(/ONS Open Geography Portal/);
  });
});
