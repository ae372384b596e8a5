import { categoryLabel } from '@locals/contracts/categories';
import type { CsvRow } from './csv';
import { tidyUkPhone, tidyUpperCase } from './tidy';
import type { services } from '../directory-schema';

export type NewService = typeof services.$inferInsert;

const OGL = 'Open Government Licence v3.0';

interface Kind {
  categories: string[];
  serviceTypes: string[];
  description: (row: CsvRow, place: string) => string;
}

/** How each source subcategory maps onto our 12 categories and service types (decision 003). */
const KINDS: Record<string, Kind> = {
  'GP practice': {
    categories: ['health'],
    serviceTypes: ['GP practice'],
    description: (_row, place) =>
      `NHS GP practice in ${place}. Register here to see a GP, practice nurse or other clinician.`,
  },
  'Walk-in centre': {
    categories: ['health'],
    serviceTypes: ['Walk-in centre', 'Urgent care'],
    description: (_row, place) =>
      `NHS walk-in centre in ${place} for minor illnesses and injuries, no appointment needed.`,
  },
  'Walk-in centre and out-of-hours': {
    categories: ['health'],
    serviceTypes: ['Walk-in centre', 'Out-of-hours care', 'Urgent care'],
    description: (_row, place) =>
      `NHS walk-in and out-of-hours centre in ${place} for urgent care when your GP is closed.`,
  },
  'Urgent and emergency care': {
    categories: ['health'],
    serviceTypes: ['Urgent care'],
    description: (_row, place) =>
      `NHS urgent and emergency care service in ${place}. In an emergency call 999; otherwise call 111 first.`,
  },
  'Public health service': {
    categories: ['health'],
    serviceTypes: ['Public health service'],
    description: (_row, place) =>
      `NHS public health service in ${place}. Some services of this kind take referrals only.`,
  },
  Hospice: {
    categories: ['health', 'socialcare'],
    serviceTypes: ['Hospice', 'End of life care'],
    description: (_row, place) => `Hospice care in ${place} for people with life-limiting illness and their families.`,
  },
  'Community pharmacy': {
    categories: ['health'],
    serviceTypes: ['Pharmacy'],
    description: (_row, place) =>
      `Community pharmacy in ${place}: prescriptions, medicines advice and NHS pharmacy services.`,
  },
  'Public library': {
    categories: ['welcomespaces', 'skillsdevelopment'],
    serviceTypes: ['Public library', 'Welcome space'],
    description: (row, place) =>
      `Public library in ${place}${row.library_type_label ? ` (${row.library_type_label.toLowerCase()})` : ''}: a free, warm place to read, study and get online, open to everyone.`,
  },
};

function blankToNull(value: string | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

function phonesOf(value: string | undefined): string[] {
  return (value ?? '')
    .split(/[,;/]/)
    .map(tidyUkPhone)
    .filter(Boolean);
}

function sourceOf(row: CsvRow): { source: string; licence: string } {
  if (row.service_id?.startsWith('ods:')) return { source: 'nhs-ods', licence: OGL };
  return { source: 'libraries-hacked', licence: 'MIT (Libraries Hacked librarydata-db)' };
}

/** Maps one row of the shared open-data service files onto a services row, or explains why not. */
export function serviceFromOpenData(row: CsvRow): { service: NewService } | { rejected: string } {
  const kind = row.subcategory ? KINDS[row.subcategory] : undefined;
  if (!kind) return { rejected: `unknown subcategory '${row.subcategory ?? ''}'` };
  const latitude = Number(row.latitude);
  const longitude = Number(row.longitude);
  if (!row.service_id || !row.name) return { rejected: 'missing service_id or name' };
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return { rejected: 'missing coordinates' };

  const name = tidyUpperCase(row.name);
  const address = row.address ? tidyUpperCase(row.address) : null;
  const place = row.lad_name || 'your area';
  const { source, licence } = sourceOf(row);
  const postcode = blankToNull(row.postcode);
  const description = kind.description(row, place);
  const openingHours = blankToNull(row.opening_hours);
  const coLocated = blankToNull(row.co_located_with);

  return {
    service: {
      id: row.service_id,
      name,
      nameOriginal: row.name,
      provider: source === 'libraries-hacked' ? blankToNull(row.library_authority) : null,
      description,
      fullDescription: coLocated ? `${description} Shares a building with: ${coLocated}.` : description,
      mainServices: kind.serviceTypes,
      serviceTypes: kind.serviceTypes,
      categories: kind.categories,
      status: 'open',
      statusDetails: null,
      // Verified means the record comes from an authoritative public register (decision 003).
      verified: true,
      verificationStatus:
        source === 'nhs-ods'
          ? `Listed in the NHS Organisation Data Service register (${row.source_as_of})`
          : `Listed in the public library dataset (${row.source_as_of})`,
      openingHours,
      website: blankToNull(row.website),
      phones: phonesOf(row.phone),
      email: blankToNull(row.email),
      address,
      addressOriginal: blankToNull(row.address),
      postcode,
      outcode: postcode ? postcode.split(' ')[0] ?? null : null,
      ladCode: blankToNull(row.lad_code),
      ladName: blankToNull(row.lad_name),
      latitude,
      longitude,
      source,
      sourceRecordId: blankToNull(row.source_record_id) ?? row.service_id,
      sourceName: blankToNull(row.source),
      licence,
      sourceUpdated: blankToNull(row.source_as_of),
      searchDocument: [
        description,
        ...kind.serviceTypes,
        ...kind.categories.map((id) => categoryLabel(id) ?? id),
        address ?? '',
        place,
      ].join(' '),
    },
  };
}
