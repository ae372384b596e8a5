import { categoryLabel, type CategoryId } from '@locals/contracts/categories';
import { parseOpeningHours } from '@locals/contracts/opening-hours';
import { webAddressOf } from '@locals/contracts/safe-url';
import type { ContactSources, FieldSource } from '@locals/contracts/search';
import { agesFromName } from './ages-from-names';
import type { CsvRow } from './csv';
import { formatUkPhone } from '../uk-phone';
import { tidyUpperCase } from './tidy';
import type { services } from '../directory-schema';

export type NewService = typeof services.$inferInsert;

const OGL = 'Open Government Licence v3.0';
const GIVE_FOOD = 'CC BY 4.0 (Give Food, givefood.org.uk)';

interface Kind {
  categories: CategoryId[];
  /** What people search for: shown as the service's types and weighted high in search. */
  serviceTypes: string[];
  mainServices: string[];
  /** Says only what the data says (decision 003); `place` is the local authority's name. */
  description: (row: CsvRow, place: string) => string;
}

const REFERRAL_TEAM =
  'Many NHS teams like this take referrals through a GP or another professional: ask your GP, or call to check how to get help.';

/** How each source subcategory maps onto our 12 categories and service types (decision 003). */
const KINDS: Record<string, Kind> = {
  'GP practice': {
    categories: ['health'],
    serviceTypes: ['GP practice'],
    mainServices: ['GP practice'],
    description: (_row, place) =>
      `NHS GP practice in ${place}. Register here to see a GP, practice nurse or other clinician.`,
  },
  'Walk-in centre': {
    categories: ['health'],
    serviceTypes: ['Walk-in centre', 'Urgent care'],
    mainServices: ['Walk-in centre', 'Urgent care'],
    description: (_row, place) =>
      `NHS walk-in centre in ${place} for minor illnesses and injuries, no appointment needed.`,
  },
  'Walk-in centre and out-of-hours': {
    categories: ['health'],
    serviceTypes: ['Walk-in centre', 'Out-of-hours care', 'Urgent care'],
    mainServices: ['Walk-in centre', 'Out-of-hours care', 'Urgent care'],
    description: (_row, place) =>
      `NHS walk-in and out-of-hours centre in ${place} for urgent care when your GP is closed.`,
  },
  'Urgent and emergency care': {
    categories: ['health'],
    serviceTypes: ['Urgent care'],
    mainServices: ['Urgent care'],
    description: (_row, place) =>
      `NHS urgent and emergency care service in ${place}. In an emergency call 999; otherwise call 111 first.`,
  },
  'Public health service': {
    categories: ['health'],
    serviceTypes: ['Public health service'],
    mainServices: ['Public health service'],
    description: (_row, place) =>
      `NHS public health service in ${place}. Some services of this kind take referrals only.`,
  },
  Hospice: {
    categories: ['health', 'socialcare'],
    serviceTypes: ['Hospice', 'End of life care'],
    mainServices: ['Hospice', 'End of life care'],
    description: (_row, place) =>
      `Hospice care in ${place} for people with life-limiting illness and their families.`,
  },
  'Community pharmacy': {
    categories: ['health'],
    serviceTypes: ['Pharmacy'],
    mainServices: ['Pharmacy', 'Prescriptions', 'Medicines advice'],
    description: (_row, place) =>
      `Community pharmacy in ${place}: prescriptions, medicines advice and NHS pharmacy services.`,
  },
  'Public library': {
    categories: ['welcomespaces', 'skillsdevelopment'],
    serviceTypes: ['Public library', 'Welcome space'],
    mainServices: ['Public library', 'Welcome space'],
    description: (row, place) =>
      `Public library in ${place}${row.library_type_label ? ` (${row.library_type_label.toLowerCase()})` : ''}: a free, warm place to read, study and get online, open to everyone.`,
  },
  // The ODS dental file lists NHS contracts; it says nothing about new patients (open-data/README.md).
  'Dental practice': {
    categories: ['health'],
    serviceTypes: ['Dentist', 'NHS dental practice'],
    mainServices: ['Dentist', 'NHS dental practice', 'Dental care'],
    description: (_row, place) =>
      `Dental practice in ${place} that holds an NHS dental contract. This listing does not say whether it is taking new NHS patients: ask the practice.`,
  },
  'ADHD service': {
    categories: ['neurodiversity'],
    serviceTypes: ['ADHD service'],
    mainServices: ['ADHD service', 'ADHD support'],
    description: (_row, place) => `NHS-funded ADHD service in ${place}. ${REFERRAL_TEAM}`,
  },
  // None in today's file; data:update files any NHS service with AUTIS in its name here.
  'Autism service': {
    categories: ['neurodiversity'],
    serviceTypes: ['Autism service'],
    mainServices: ['Autism service', 'Autism support'],
    description: (_row, place) => `NHS-funded autism service in ${place}. ${REFERRAL_TEAM}`,
  },
  'Learning disability service': {
    categories: ['neurodiversity'],
    serviceTypes: ['Learning disability service'],
    mainServices: ['Learning disability service', 'Learning disability support'],
    description: (_row, place) =>
      `NHS-funded learning disability service in ${place}. ${REFERRAL_TEAM}`,
  },
  'Drug and alcohol service': {
    categories: ['health'],
    serviceTypes: ['Drug and alcohol service', 'Addiction support'],
    mainServices: ['Drug and alcohol service', 'Addiction support'],
    description: (_row, place) =>
      `NHS-funded drug and alcohol service in ${place}. Services like this often let you refer yourself: call to ask how to get help.`,
  },
  'Perinatal mental health service': {
    categories: ['mentalhealth'],
    serviceTypes: ['Perinatal mental health service', 'Mental health service'],
    mainServices: [
      'Perinatal mental health service',
      'Mental health support in pregnancy and after birth',
    ],
    description: (_row, place) =>
      `NHS perinatal mental health service in ${place}, for mental health problems in pregnancy and after birth. ${REFERRAL_TEAM}`,
  },
  // NHS Talking Therapies take self-referrals (nhs.uk, "NHS talking therapies for anxiety and
  // depression"); the clinics file says which service, not how each one takes them.
  'NHS Talking Therapies service': {
    categories: ['mentalhealth'],
    serviceTypes: ['NHS Talking Therapies', 'Talking therapies', 'Mental health service'],
    mainServices: ['NHS Talking Therapies', 'Talking therapy for anxiety and depression'],
    description: (_row, place) =>
      `NHS Talking Therapies service in ${place}, for anxiety, depression and stress. You can usually refer yourself, without seeing a GP: call or check their website to ask how.`,
  },
  'Sexual health service': {
    categories: ['health'],
    serviceTypes: ['Sexual health clinic', 'Sexual health service'],
    mainServices: ['Sexual health clinic', 'Contraception', 'STI testing'],
    description: (_row, place) =>
      `NHS sexual health service in ${place}: contraception, and testing and treatment for sexually transmitted infections. Call or check their website for how to be seen.`,
  },
  // The file says NHS clinics were held there, not which, when, or whether it is still open.
  "Children's centre or family hub (NHS clinic venue)": {
    categories: ['socialcare'],
    serviceTypes: ["Children's centre", 'Family hub'],
    mainServices: ["Children's centre", 'NHS clinic venue'],
    description: (_row, place) =>
      `Children's centre or family hub in ${place} where NHS clinics, such as baby clinics, have been held. This listing does not say which clinics run there or when: contact them to check.`,
  },
  'Mental health service': {
    categories: ['mentalhealth'],
    serviceTypes: ['Mental health service'],
    mainServices: ['Mental health service'],
    description: (_row, place) => `NHS-funded mental health service in ${place}. ${REFERRAL_TEAM}`,
  },
  // Give Food's list has no description, eligibility or hours, so we claim none (open-data/README.md).
  'Food bank': {
    categories: ['food'],
    serviceTypes: ['Food bank', 'Emergency food'],
    mainServices: ['Food bank', 'Emergency food'],
    description: (_row, place) =>
      `Food bank in ${place}. This listing does not say who can use it or when it is open: contact them to ask how to get help.`,
  },
};

const FOOD_BANK_NETWORKS: Record<string, string> = {
  'Trussell Trust': 'Part of the Trussell Trust network of food banks.',
  IFAN: 'A member of the Independent Food Aid Network (IFAN).',
  Independent: 'An independent food bank.',
};

function blankToNull(value: string | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

function phonesOf(value: string | undefined): string[] {
  return (value ?? '').split(/[,;/]/).map(formatUkPhone).filter(Boolean);
}

type Source = {
  source: string;
  licence: string;
  verificationStatus: (asOf: string) => string;
  /** The source in words, for where each contact detail came from. */
  label: string;
};

// Verified means the record comes from an authoritative public list (decisions 003 and 010).
const SOURCES: Record<string, Source> = {
  ods: {
    source: 'nhs-ods',
    licence: OGL,
    verificationStatus: (asOf) => `Listed in the NHS Organisation Data Service register (${asOf})`,
    label: 'the NHS Organisation Data Service register',
  },
  nhsclinic: {
    source: 'nhs-website',
    licence: OGL,
    verificationStatus: (asOf) => `Listed in the NHS website's clinics data (${asOf})`,
    label: "the NHS website's clinics data",
  },
  library: {
    source: 'libraries-hacked',
    licence: 'MIT (Libraries Hacked librarydata-db)',
    verificationStatus: (asOf) => `Listed in the public library dataset (${asOf})`,
    label: 'the public library dataset',
  },
  givefood: {
    source: 'givefood',
    licence: GIVE_FOOD,
    verificationStatus: (asOf) =>
      `Listed by Give Food, the charity that tracks UK food banks (${asOf})`,
    label: 'Give Food',
  },
};

/**
 * The `source` of every record the open-data files give. None of the files has an age column:
 * such a record's ages were read from its name (decision 044).
 */
export const OPEN_DATA_SOURCES: ReadonlySet<string> = new Set(
  Object.values(SOURCES).map(({ source }) => source),
);

/**
 * What the NHS website's own files give for a GP practice or pharmacy (nhs_contact_details.csv):
 * phone, website and email, as of their copy (2019 and 2020).
 */
export type NhsContact = {
  phones: string[];
  website: string | null;
  email: string | null;
  asOf: string | null;
};

const NHS_WEBSITE_DATA = 'NHS website data';

/**
 * One row of nhs_contact_details.csv, by the service id it belongs to. A row whose postcode
 * is not the service's (the practice moved, or the NHS website held another site) is not
 * merged: its phone may ring somewhere else.
 */
export function nhsContactFromCsv(
  row: CsvRow,
): { serviceId: string; contact: NhsContact } | { rejected: string } {
  if (!row.service_id) return { rejected: 'missing service_id' };
  if (row.postcode_matches !== 'yes') {
    return { rejected: "postcode differs from the service's, so its contact details are not used" };
  }
  return {
    serviceId: row.service_id,
    contact: {
      phones: phonesOf(row.phone),
      website: webAddressOf(row.website),
      email: blankToNull(row.email),
      asOf: blankToNull(row.source_as_of),
    },
  };
}

/**
 * A record's own phone, website and email, each filled from the NHS website's data when the
 * record has none, and where each came from. The record's own source is the newer (ODS 2023-25
 * against the NHS website's 2019-20), so it wins wherever it has a value.
 */
function contactsOf(row: CsvRow, source: Source, extra: NhsContact | undefined) {
  const own: FieldSource = { source: source.label, asOf: blankToNull(row.source_as_of) };
  const theirs: FieldSource = { source: NHS_WEBSITE_DATA, asOf: extra?.asOf ?? null };
  const contactSources: ContactSources = {};
  function pick<T>(
    field: keyof ContactSources,
    mine: T,
    other: T | undefined,
    has: (value: T) => boolean,
  ): T {
    if (has(mine)) contactSources[field] = own;
    else if (other !== undefined && has(other)) {
      contactSources[field] = theirs;
      return other;
    }
    return mine;
  }
  const present = (value: string | null) => value !== null;
  return {
    phones: pick('phone', phonesOf(row.phone), extra?.phones, (phones) => phones.length > 0),
    website: pick('website', webAddressOf(row.website), extra?.website, present),
    email: pick('email', blankToNull(row.email), extra?.email, present),
    contactSources,
  };
}

function sourceOf(row: CsvRow): Source | undefined {
  return SOURCES[row.service_id?.split(':')[0] ?? ''];
}

function moreAbout(row: CsvRow): string[] {
  const charity = row.charity_number?.trim();
  const coLocated = row.co_located_with?.trim();
  return [
    row.network ? FOOD_BANK_NETWORKS[row.network] : undefined,
    charity ? `Registered charity number ${charity}.` : undefined,
    coLocated ? `Shares a building with: ${coLocated}.` : undefined,
  ].filter((sentence) => sentence !== undefined);
}

/**
 * The words search matches, beside the name: what the service is, never where it is. Address
 * and place words ("Bank Street", "Hill House") must not make a keyword match (decision 011).
 */
export function searchDocumentOf(kind: {
  description: string;
  serviceTypes: string[];
  mainServices: string[];
  categories: string[];
}): string {
  return [
    kind.description,
    ...kind.serviceTypes,
    ...kind.mainServices,
    ...kind.categories.map((id) => categoryLabel(id) ?? id),
  ].join(' ');
}

/**
 * Maps one row of the open-data service files onto a services row, or explains why not; `contact`
 * is what nhs_contact_details.csv adds for it.
 */
export function serviceFromOpenData(
  row: CsvRow,
  contact?: NhsContact,
): { service: NewService } | { rejected: string } {
  const kind = row.subcategory ? KINDS[row.subcategory] : undefined;
  if (!kind) return { rejected: `unknown subcategory '${row.subcategory ?? ''}'` };
  const source = sourceOf(row);
  if (!source) return { rejected: `unknown source for id '${row.service_id ?? ''}'` };
  const latitude = Number(row.latitude);
  const longitude = Number(row.longitude);
  if (!row.service_id || !row.name) return { rejected: 'missing service_id or name' };
  if (
    !row.latitude ||
    !row.longitude ||
    !Number.isFinite(latitude) ||
    !Number.isFinite(longitude)
  ) {
    return { rejected: 'missing coordinates' };
  }

  const name = tidyUpperCase(row.name);
  const address = row.address ? tidyUpperCase(row.address) : null;
  const place = row.lad_name || 'your area';
  const postcode = blankToNull(row.postcode);
  const description = kind.description(row, place);
  const openingHours = blankToNull(row.opening_hours);
  const asOf = row.source_as_of ?? '';

  return {
    service: {
      id: row.service_id,
      name,
      nameOriginal: row.name,
      provider: source.source === 'libraries-hacked' ? blankToNull(row.library_authority) : null,
      description,
      fullDescription: [description, ...moreAbout(row)].join(' '),
      mainServices: kind.mainServices,
      serviceTypes: kind.serviceTypes,
      categories: kind.categories,
      status: 'open',
      statusDetails: null,
      verified: true,
      verificationStatus: source.verificationStatus(asOf),
      openingHours,
      weeklyHours: parseOpeningHours(openingHours),
      // Only http(s) addresses become links (decision 029).
      ...contactsOf(row, source, contact),
      address,
      addressOriginal: blankToNull(row.address),
      postcode,
      outcode: postcode ? (postcode.split(' ')[0] ?? null) : null,
      ladCode: blankToNull(row.lad_code),
      ladName: blankToNull(row.lad_name),
      latitude,
      longitude,
      source: source.source,
      sourceRecordId: blankToNull(row.source_record_id) ?? row.service_id,
      sourceName: blankToNull(row.source),
      licence: source.licence,
      sourceUpdated: blankToNull(row.source_as_of),
      // No file has an age column: only words in the name give ages (decision 044).
      ...agesFromName(row.name),
      // The place is in the description for people to read, not for keywords to match.
      searchDocument: searchDocumentOf({ ...kind, description: description.replaceAll(place, '') }),
    },
  };
}
