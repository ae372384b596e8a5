import { COVERAGE_ICBS, COVERAGE_LAD_CODES, tidyPostcode, type FindPlace } from './coverage';
import { serviceRow, skip, type ServiceFields, type Transformed } from './service-row';

/**
 * NHS ODS "epraccur", "edispensary" and "egdpprac" share one headerless 27-column layout; these
 * are the columns we read (0-based), from the ODS file specifications.
 */
const COLUMN = {
  code: 0,
  name: 1,
  icb: 3, // "High Level Health Geography"
  address: [4, 5, 6, 7, 8],
  postcode: 9,
  openDate: 10,
  closeDate: 11,
  status: 12,
  subType: 13,
  commissioner: 14, // the sub-ICB location in epraccur; the parent organisation in edispensary
  joinDate: 15,
  leftDate: 16,
  phone: 17,
  prescribingSetting: 25,
} as const;
export const ODS_COLUMN_COUNT = 27;

export interface OdsRecord {
  code: string;
  name: string;
  icb: string;
  addressLines: string[];
  postcode: string;
  openDate: string;
  status: string;
  subType: string;
  commissioner: string;
  phone: string;
  prescribingSetting: string;
  dates: string[];
}

export function odsRecord(fields: string[]): OdsRecord {
  if (fields.length !== ODS_COLUMN_COUNT) {
    throw new Error(
      `An ODS row has ${fields.length} columns, not ${ODS_COLUMN_COUNT} (starts '${fields.slice(0, 2).join(',')}'): the file layout has changed.`,
    );
  }
  const at = (index: number) => fields[index]?.trim() ?? '';
  return {
    code: at(COLUMN.code),
    name: at(COLUMN.name),
    icb: at(COLUMN.icb),
    addressLines: COLUMN.address.map(at).filter(Boolean),
    postcode: at(COLUMN.postcode),
    openDate: at(COLUMN.openDate),
    status: at(COLUMN.status),
    subType: at(COLUMN.subType),
    commissioner: at(COLUMN.commissioner),
    phone: at(COLUMN.phone),
    prescribingSetting: at(COLUMN.prescribingSetting),
    dates: [COLUMN.openDate, COLUMN.closeDate, COLUMN.joinDate, COLUMN.leftDate]
      .map(at)
      .filter(Boolean),
  };
}

/** "19740401" as "1974-04-01". */
function isoDate(yyyymmdd: string): string {
  return /^\d{8}$/.test(yyyymmdd)
    ? `${yyyymmdd.slice(0, 4)}-${yyyymmdd.slice(4, 6)}-${yyyymmdd.slice(6, 8)}`
    : '';
}

/** ODS files carry no release date; the newest date in one is about its release month. */
export function odsReleaseMonth(records: OdsRecord[]): string {
  const newest = records.flatMap((record) => record.dates).reduce((a, b) => (a > b ? a : b), '');
  return isoDate(newest).slice(0, 7);
}

export const OUTSIDE = 'postcode outside the covered authorities or not in the NSPL';

type Common = Omit<ServiceFields, 'category' | 'subcategory'>;

/** Active, with a postcode we can place inside the covered authorities; or why not. */
function placed(
  record: OdsRecord,
  findPlace: FindPlace,
  source: string,
  asOf: string,
): Common | string {
  if (record.status !== 'A') return 'not active';
  const postcode = tidyPostcode(record.postcode);
  const place = postcode ? findPlace(postcode) : undefined;
  // findPlace knows only postcodes in the covered authorities (nspl.ts).
  if (!postcode || !place || !COVERAGE_LAD_CODES.has(place.ladCode)) return OUTSIDE;
  return {
    serviceId: `ods:${record.code}`,
    name: record.name,
    address: record.addressLines.join(', '),
    postcode,
    place,
    phone: record.phone,
    source,
    sourceRecordId: record.code,
    sourceAsOf: asOf,
  };
}

/** How a record is listed: its category and subcategory, anything it changes, its extra columns. */
type Listing = {
  fields: Pick<ServiceFields, 'category' | 'subcategory'> & Partial<Common>;
  extra: Record<string, string>;
};

/**
 * One ODS file's services: each record `listingOf` lists (null leaves it out silently) that is
 * placed inside the covered authorities, and the count of those that are not, by reason.
 */
function transform(
  records: OdsRecord[],
  findPlace: FindPlace,
  source: string,
  listingOf: (record: OdsRecord) => Listing | null,
): Transformed {
  const asOf = odsReleaseMonth(records);
  const result: Transformed = { rows: [], skipped: {} };
  for (const record of records) {
    const listing = listingOf(record);
    if (!listing) continue;
    const common = placed(record, findPlace, source, asOf);
    if (typeof common === 'string') {
      skip(result.skipped, common);
      continue;
    }
    result.rows.push(serviceRow({ ...common, ...listing.fields }, listing.extra));
  }
  return result;
}

const EPRACCUR = 'NHS ODS epraccur (GP and other prescribing cost centres)';

/** Prescribing settings we list as primary care, with our subcategory for each. */
export const PRIMARY_CARE_SETTINGS: Record<string, string> = {
  '4': 'GP practice',
  '1': 'Walk-in centre',
  '3': 'Walk-in centre and out-of-hours',
  '12': 'Urgent and emergency care',
  '8': 'Public health service',
  '13': 'Hospice',
};

export function primaryCare(records: OdsRecord[], findPlace: FindPlace): Transformed {
  return transform(records, findPlace, EPRACCUR, (record) => {
    const subcategory = PRIMARY_CARE_SETTINGS[record.prescribingSetting];
    if (!subcategory || !COVERAGE_ICBS.has(record.icb)) return null;
    return {
      fields: { category: 'health', subcategory },
      extra: {
        ods_prescribing_setting: record.prescribingSetting,
        icb_code: record.icb,
        sub_icb_code: record.commissioner,
        open_date: isoDate(record.openDate),
      },
    };
  });
}

/** Community services picked from epraccur by the words in their names, checked in this order. */
const COMMUNITY_KINDS: { pattern: RegExp; category: string; subcategory: string }[] = [
  { pattern: /ADHD/, category: 'neurodiversity', subcategory: 'ADHD service' },
  { pattern: /AUTIS/, category: 'neurodiversity', subcategory: 'Autism service' },
  {
    pattern: /LEARNING DISAB|\bLD\b/,
    category: 'neurodiversity',
    subcategory: 'Learning disability service',
  },
  {
    pattern: /PERINATAL/,
    category: 'mentalhealth',
    subcategory: 'Perinatal mental health service',
  },
  {
    pattern: /MENTAL|\bMH\b|CMHT|PSYCH|IAPT|TALKING THERAP/,
    category: 'mentalhealth',
    subcategory: 'Mental health service',
  },
  {
    pattern: /DRUG|ALCOHOL|SUBSTANCE/,
    category: 'health',
    subcategory: 'Drug and alcohol service',
  },
];

export function communitySupport(records: OdsRecord[], findPlace: FindPlace): Transformed {
  return transform(records, findPlace, EPRACCUR, (record) => {
    // Primary care settings are in the other file; the rest are "other prescribing cost centres".
    if (PRIMARY_CARE_SETTINGS[record.prescribingSetting]) return null;
    if (!COVERAGE_ICBS.has(record.icb)) return null;
    const name = record.name.toUpperCase();
    const kind = COMMUNITY_KINDS.find(({ pattern }) => pattern.test(name));
    if (!kind) return null;
    return {
      fields: { category: kind.category, subcategory: kind.subcategory },
      extra: {
        matched_keyword: kind.pattern.exec(name)?.[0] ?? '',
        ods_prescribing_setting: record.prescribingSetting,
        icb_code: record.icb,
        sub_icb_code: record.commissioner,
        open_date: isoDate(record.openDate),
      },
    };
  });
}

export function pharmacies(records: OdsRecord[], findPlace: FindPlace): Transformed {
  const source = 'NHS ODS edispensary (dispensing contractors)';
  return transform(records, findPlace, source, (record) => {
    // Sub-type 1 is a pharmacy; 2 is an appliance contractor, which people cannot walk into.
    if (record.subType !== '1' || !COVERAGE_ICBS.has(record.icb)) return null;
    return {
      fields: { category: 'health', subcategory: 'Community pharmacy' },
      extra: {
        icb_code: record.icb,
        parent_org_code: record.commissioner,
        open_date: isoDate(record.openDate),
      },
    };
  });
}

export function dentalPractices(records: OdsRecord[], findPlace: FindPlace): Transformed {
  const source = 'NHS ODS egdpprac (general dental practices)';
  return transform(records, findPlace, source, (record) => ({
    // egdpprac has no phone numbers.
    fields: { phone: '', category: 'health', subcategory: 'Dental practice' },
    extra: {
      ods_org_subtype: record.subType,
      icb_code: record.icb,
      commissioner_code: record.commissioner,
      open_date: isoDate(record.openDate),
    },
  }));
}

export const PRIMARY_CARE_EXTRA = [
  'ods_prescribing_setting',
  'icb_code',
  'sub_icb_code',
  'open_date',
];
export const COMMUNITY_EXTRA = ['matched_keyword', ...PRIMARY_CARE_EXTRA];
export const PHARMACY_EXTRA = ['icb_code', 'parent_org_code', 'open_date'];
export const DENTAL_EXTRA = ['ods_org_subtype', 'icb_code', 'commissioner_code', 'open_date'];
