import { categoryLabel, type CategoryId } from '@locals/contracts/categories';
import { parseOpeningHours } from '@locals/contracts/opening-hours';
import type { WeeklyHours } from '@locals/contracts/opening-hours-contract';
import { formatPostcode, isFullPostcode, outwardCode } from '@locals/contracts/postcode';
import type { NewService } from '@locals/db/open-data/service-records';
import { z } from 'zod';
import type { Parsed } from './onspd';

/** Where imported records came from; every imported service carries it. */
export type ImportContext = {
  source: string;
  sourceName: string;
  licence: string;
  verified: boolean;
};

const text = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((value) =>
    value === null || value === undefined ? null : String(value).trim() || null,
  );
const number = z
  .union([z.number(), z.string()])
  .nullish()
  .transform((value) => {
    if (value === null || value === undefined || value === '') return null;
    const parsed = Number(value);
    return Number.isFinite(parsed) ? parsed : null;
  });
const list = <T extends z.ZodType>(item: T) =>
  z
    .array(z.unknown())
    .nullish()
    .transform((values) =>
      (values ?? []).flatMap((value) => {
        const parsed = item.safeParse(value);
        return parsed.success ? [parsed.data] : [];
      }),
    );

const TermSchema = z.union([
  z.string().transform((name) => ({ name, vocabulary: null as string | null })),
  z.looseObject({ name: text, term: text, vocabulary: text }).transform((term) => ({
    name: term.name ?? term.term,
    vocabulary: term.vocabulary,
  })),
]);

const AddressSchema = z.looseObject({
  address_1: text,
  address_2: text,
  city: text,
  postal_code: text,
});
const LocationSchema = z.looseObject({
  name: text,
  postcode: text,
  latitude: number,
  longitude: number,
  physical_addresses: list(AddressSchema),
});
const ScheduleSchema = z.looseObject({
  weekday: text,
  byday: text,
  opens_at: text,
  closes_at: text,
});
const PhoneSchema = z.looseObject({ number: text });

/** The parts of an Open Referral UK service (v1 and v3 spellings) that we read. */
export const OrukServiceSchema = z.looseObject({
  id: text,
  name: text,
  description: text,
  url: text,
  email: text,
  status: text,
  organization: z.looseObject({ name: text }).nullish(),
  service_at_locations: list(z.looseObject({ location: LocationSchema.nullish() })),
  locations: list(LocationSchema),
  contacts: list(z.looseObject({ phones: list(PhoneSchema) })),
  phones: list(PhoneSchema),
  regular_schedules: list(ScheduleSchema),
  schedules: list(ScheduleSchema),
  taxonomies: list(TermSchema),
  service_taxonomys: list(z.looseObject({ taxonomy: TermSchema.nullish() })),
  taxonomy_terms: list(TermSchema),
  eligibilitys: list(z.looseObject({ minimum_age: number, maximum_age: number })),
  minimum_age: number,
  maximum_age: number,
  languages: list(z.union([z.string(), z.looseObject({ language: text, name: text })])),
});
export type OrukService = z.input<typeof OrukServiceSchema>;

/** Taxonomy words that place a service in one of our 12 categories (spec 3). */
const CATEGORY_RULES: [RegExp, CategoryId][] = [
  [/food|meal|pantry|grocer/i, 'food'],
  [/mental|wellbeing|counsel|talking therap/i, 'mentalhealth'],
  [/housing|homeless|shelter|tenan/i, 'housing'],
  [/health|medical|gp\b|pharmac|clinic|nhs/i, 'health'],
  [/sport|physical activity|exercise|fitness|walking/i, 'sport'],
  [/volunteer/i, 'volunteering'],
  [/transport|travel|bus\b|dial-a-ride/i, 'transport'],
  [/autis|adhd|neurodiver|learning disab/i, 'neurodiversity'],
  [/disab|accessib|mobility|sensory/i, 'accessibility'],
  [/social care|carer|befriend|older people|adult social/i, 'socialcare'],
  [/skill|employ|training|education|learning|job|digital inclusion/i, 'skillsdevelopment'],
  [/warm space|welcome space|warm hub|library|community (space|centre)/i, 'welcomespaces'],
];

const DAY_NAMES: Record<string, string> = {
  MO: 'Mon',
  TU: 'Tue',
  WE: 'Wed',
  TH: 'Thu',
  FR: 'Fri',
  SA: 'Sat',
  SU: 'Sun',
  MONDAY: 'Mon',
  TUESDAY: 'Tue',
  WEDNESDAY: 'Wed',
  THURSDAY: 'Thu',
  FRIDAY: 'Fri',
  SATURDAY: 'Sat',
  SUNDAY: 'Sun',
};

/** One ORUK service (JSON record or flattened CSV row turned into that shape) as a services row. */
export function serviceFromOruk(input: unknown, context: ImportContext): Parsed<NewService> {
  const parsed = OrukServiceSchema.safeParse(input);
  if (!parsed.success) return { rejected: 'not an Open Referral UK service object' };
  const oruk = parsed.data;
  if (!oruk.id) return { rejected: 'missing id' };
  if (!oruk.name) return { rejected: 'missing name' };
  if (oruk.status && /^(inactive|defunct)$/i.test(oruk.status))
    return { rejected: `status is ${oruk.status.toLowerCase()}` };

  const location =
    oruk.service_at_locations.map((entry) => entry.location).find(Boolean) ??
    oruk.locations[0] ??
    null;
  const address = location?.physical_addresses[0] ?? null;
  const rawPostcode = address?.postal_code ?? location?.postcode ?? null;
  const postcode = rawPostcode && isFullPostcode(rawPostcode) ? formatPostcode(rawPostcode) : null;
  const terms = [
    ...oruk.taxonomies,
    ...oruk.taxonomy_terms,
    ...oruk.service_taxonomys.flatMap((entry) => (entry.taxonomy ? [entry.taxonomy] : [])),
  ];
  const termNames = unique(terms.flatMap((term) => (term.name ? [term.name] : [])));
  const categories = unique(
    CATEGORY_RULES.filter(([pattern]) => termNames.some((name) => pattern.test(name))).map(
      ([, id]) => id,
    ),
  );
  const eligibility = oruk.eligibilitys[0];
  const addressText =
    [address?.address_1, address?.address_2, address?.city].filter(Boolean).join(', ') || null;
  const phones = unique(
    [...oruk.phones, ...oruk.contacts.flatMap((contact) => contact.phones)].flatMap((phone) =>
      phone.number ? [phone.number] : [],
    ),
  );
  const latitude = location?.latitude ?? null;
  const longitude = location?.longitude ?? null;
  const hasCoordinates =
    latitude !== null && longitude !== null && latitude !== 0 && longitude !== 0;
  const isOpen = !oruk.status || /^active$/i.test(oruk.status);

  return {
    row: {
      id: `${context.source}:${oruk.id}`,
      name: oruk.name,
      nameOriginal: oruk.name,
      provider: oruk.organization?.name ?? null,
      description: oruk.description,
      fullDescription: oruk.description,
      mainServices: termNames,
      serviceTypes: termNames,
      categories,
      status: isOpen ? 'open' : 'closed',
      statusDetails: isOpen ? null : oruk.status,
      verified: context.verified,
      verificationStatus: `Imported from ${context.sourceName}`,
      openingHours: openingHoursOf([...oruk.regular_schedules, ...oruk.schedules]),
      weeklyHours: weeklyHoursOf([...oruk.regular_schedules, ...oruk.schedules]),
      ageMin: eligibility?.minimum_age ?? oruk.minimum_age,
      ageMax: eligibility?.maximum_age ?? oruk.maximum_age,
      languages: oruk.languages.flatMap((language) => {
        const name = typeof language === 'string' ? language : (language.language ?? language.name);
        return name ? [name] : [];
      }),
      website: oruk.url,
      phones,
      email: oruk.email,
      address: addressText,
      addressOriginal: addressText,
      postcode,
      outcode: postcode ? outwardCode(postcode) : null,
      latitude: hasCoordinates ? latitude : null,
      longitude: hasCoordinates ? longitude : null,
      source: context.source,
      sourceRecordId: oruk.id,
      sourceName: context.sourceName,
      licence: context.licence,
      searchDocument: [
        oruk.description ?? '',
        ...termNames,
        ...categories.map((id) => categoryLabel(id) ?? id),
        oruk.organization?.name ?? '',
      ]
        .filter(Boolean)
        .join(' '),
    },
  };
}

/** A flattened ORUK CSV row (one location, semicolon-separated lists) in the JSON shape. */
export function orukFromCsvRow(row: Record<string, string>): OrukService {
  const value = (...names: string[]) =>
    names.map((name) => row[name]?.trim()).find(Boolean) ?? null;
  const split = (input: string | null) =>
    (input ?? '')
      .split(/[;|]/)
      .map((part) => part.trim())
      .filter(Boolean);
  return {
    id: value('id', 'service_id'),
    name: value('name', 'service_name'),
    description: value('description'),
    url: value('url', 'website'),
    email: value('email'),
    status: value('status'),
    organization: {
      name: value('organization_name', 'organisation_name', 'organization', 'organisation'),
    },
    service_at_locations: [
      {
        location: {
          name: value('location_name'),
          latitude: value('latitude'),
          longitude: value('longitude'),
          physical_addresses: [
            {
              address_1: value('address_1', 'address'),
              city: value('city', 'town'),
              postal_code: value('postal_code', 'postcode'),
            },
          ],
        },
      },
    ],
    phones: split(value('phones', 'phone', 'phone_number')).map((phone) => ({ number: phone })),
    taxonomies: split(value('taxonomies', 'taxonomy', 'categories', 'service_types')),
    minimum_age: value('minimum_age'),
    maximum_age: value('maximum_age'),
    languages: split(value('languages')),
  };
}

function openingHoursOf(schedules: z.output<typeof ScheduleSchema>[]): string | null {
  const parts = schedules.flatMap((schedule) => {
    const days = (schedule.byday ?? schedule.weekday ?? '')
      .split(',')
      .map((day) => DAY_NAMES[day.trim().toUpperCase()])
      .filter(Boolean);
    if (days.length === 0 || !schedule.opens_at || !schedule.closes_at) return [];
    return [
      `${days.join(', ')} ${schedule.opens_at.slice(0, 5)}-${schedule.closes_at.slice(0, 5)}`,
    ];
  });
  return parts.length > 0 ? parts.join('; ') : null;
}

/** The same schedules, structured (issue 10): one "Mon 09:00-17:00" per day, read as any hours are. */
function weeklyHoursOf(schedules: z.output<typeof ScheduleSchema>[]): WeeklyHours | null {
  const days = schedules.flatMap((schedule) =>
    (schedule.byday ?? schedule.weekday ?? '')
      .split(',')
      .map((day) => DAY_NAMES[day.trim().toUpperCase()])
      .filter(Boolean)
      .map(
        (day) =>
          `${day} ${schedule.opens_at?.slice(0, 5) ?? ''}-${schedule.closes_at?.slice(0, 5) ?? ''}`,
      ),
  );
  return days.length > 0 ? parseOpeningHours(days.join('; ')) : null;
}

function unique<T>(values: T[]): T[] {
  return [...new Set(values)];
}
