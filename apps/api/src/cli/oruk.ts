import { CATEGORIES, categoryLabel, type CategoryId } from '@locals/contracts/categories';
import { formatPostcode, isFullPostcode, outwardCode } from '@locals/contracts/postcode';
import type { NewService } from '@locals/db/open-data/service-records';
import { z } from 'zod';
import type { Parsed } from './onspd';
import { openingHoursOf, weeklyHoursOf } from './oruk-schedules';

/** Where imported records came from; every imported service carries it. */
export type ImportContext = {
  source: string;
  sourceName: string;
  licence: string;
  verified: boolean;
  /** The import's date (ISO, in London): schedules that ended before it are not read. */
  today?: string;
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
  z.string().transform((name) => ({ name, code: null as string | null })),
  // 3.0 taxonomy_term: `name` (and `term`, the UK profile's copy of it), `code` within its taxonomy.
  z.looseObject({ name: text, term: text, code: text }).transform((term) => ({
    name: term.name ?? term.term,
    code: term.code,
  })),
]);

const AddressSchema = z.looseObject({
  address_1: text,
  address_2: text,
  city: text,
  postal_code: text,
  address_type: text,
});
const LocationSchema = z.looseObject({
  name: text,
  postcode: text,
  latitude: number,
  longitude: number,
  /** 3.0 */
  addresses: list(AddressSchema),
  /** 1.0 */
  physical_addresses: list(AddressSchema),
});
const ScheduleSchema = z.looseObject({
  weekday: text,
  byday: text,
  opens_at: text,
  closes_at: text,
  freq: text,
  interval: number,
  valid_to: text,
});
const PhoneSchema = z.looseObject({ number: text });

/** The parts of an Open Referral UK service (1.0 and 3.0 spellings) that we read. */
export const OrukServiceSchema = z.looseObject({
  id: text,
  name: text,
  description: text,
  url: text,
  email: text,
  status: text,
  organization: z.looseObject({ name: text }).nullish(),
  service_at_locations: list(
    z.looseObject({ location: LocationSchema.nullish(), schedules: list(ScheduleSchema) }),
  ),
  locations: list(LocationSchema),
  contacts: list(z.looseObject({ phones: list(PhoneSchema) })),
  phones: list(PhoneSchema),
  regular_schedules: list(ScheduleSchema),
  schedules: list(ScheduleSchema),
  taxonomies: list(TermSchema),
  service_taxonomys: list(z.looseObject({ taxonomy: TermSchema.nullish() })),
  taxonomy_terms: list(TermSchema),
  /** 3.0: a service's taxonomy terms are its attributes. */
  attributes: list(z.looseObject({ taxonomy_term: TermSchema.nullish(), value: text })),
  eligibilitys: list(z.looseObject({ minimum_age: number, maximum_age: number })),
  minimum_age: number,
  maximum_age: number,
  languages: list(z.union([z.string(), z.looseObject({ language: text, name: text })])),
});
export type OrukService = z.input<typeof OrukServiceSchema>;
type Location = z.output<typeof LocationSchema>;
type Address = z.output<typeof AddressSchema>;

/** Taxonomy words that place a service in one of our 12 categories. */
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

/** One ORUK service (JSON record or flattened CSV row turned into that shape) as a services row. */
export function serviceFromOruk(input: unknown, context: ImportContext): Parsed<NewService> {
  const parsed = OrukServiceSchema.safeParse(input);
  if (!parsed.success) return { rejected: 'not an Open Referral UK service object' };
  const oruk = parsed.data;
  if (!oruk.id) return { rejected: 'missing id' };
  if (!oruk.name) return { rejected: 'missing name' };
  if (oruk.status && /^(inactive|defunct)$/i.test(oruk.status))
    return { rejected: `status is ${oruk.status.toLowerCase()}` };

  const { location, address, postcode, schedules: locationSchedules } = placeOf(oruk);
  const terms = [
    ...oruk.taxonomies,
    ...oruk.taxonomy_terms,
    ...oruk.service_taxonomys.flatMap((entry) => (entry.taxonomy ? [entry.taxonomy] : [])),
    // An attribute with a value is a fact about the service (Locals publishes its data licence
    // and source so), not a kind of service.
    ...oruk.attributes.flatMap((entry) =>
      entry.taxonomy_term && !entry.value ? [entry.taxonomy_term] : [],
    ),
  ];
  const termNames = unique(terms.flatMap((term) => (term.name ? [term.name] : [])));
  // Locals' own published taxonomy codes its terms with our category ids: a round trip keeps
  // them as they are, and their names ("Mental Health") are not read again by the word rules,
  // which would add Health.
  const coded = terms.flatMap((term) => (term.code && isCategoryId(term.code) ? [term.code] : []));
  const uncodedNames = terms.flatMap((term) =>
    term.name && !(term.code && isCategoryId(term.code)) ? [term.name] : [],
  );
  const categories = unique([
    ...coded,
    ...CATEGORY_RULES.filter(([pattern]) => uncodedNames.some((name) => pattern.test(name))).map(
      ([, id]) => id,
    ),
  ]);
  const eligibility = oruk.eligibilitys[0];
  const addressText =
    [address?.address_1, address?.address_2, address?.city].filter(Boolean).join(', ') || null;
  const phones = unique(
    [...oruk.phones, ...oruk.contacts.flatMap((contact) => contact.phones)].flatMap((phone) => {
      // The HSDS 3.0 example quotes its number ("\"+44 1234 234567\""); so may a feed copying it.
      const number = phone.number?.replace(/^["']+|["']+$/g, '').trim();
      return number ? [number] : [];
    }),
  );
  const hasCoordinates = location ? isPlaced(location) : false;
  const isOpen = !oruk.status || /^active$/i.test(oruk.status);
  const serviceSchedules = [...oruk.regular_schedules, ...oruk.schedules];
  // 3.0 may give hours per location instead (service_at_location.schedules).
  const schedules = serviceSchedules.length > 0 ? serviceSchedules : locationSchedules;

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
      openingHours: openingHoursOf(schedules, context.today),
      weeklyHours: weeklyHoursOf(schedules, context.today),
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
      latitude: hasCoordinates ? location?.latitude : null,
      longitude: hasCoordinates ? location?.longitude : null,
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

type ParsedService = z.output<typeof OrukServiceSchema>;

/**
 * Locals keeps one location per service: the first that can be placed (coordinates or a full
 * postcode), else the first. Its address is the physical one (3.0 also lists postal and
 * virtual addresses), and the postcode the first full one among its addresses.
 */
function placeOf(oruk: ParsedService) {
  const entries = [
    ...oruk.service_at_locations.flatMap((entry) =>
      entry.location ? [{ location: entry.location, schedules: entry.schedules }] : [],
    ),
    ...oruk.locations.map((location) => ({ location, schedules: [] })),
  ];
  const placed = entries.map((entry) => ({ ...entry, postcode: postcodeOf(entry.location) }));
  const chosen =
    placed.find((entry) => isPlaced(entry.location) || entry.postcode !== null) ?? placed[0];
  if (!chosen) return { location: null, address: null, postcode: null, schedules: [] };
  return { ...chosen, address: addressOf(chosen.location) };
}

function addressesOf(location: Location): Address[] {
  return [...location.addresses, ...location.physical_addresses];
}

function addressOf(location: Location): Address | null {
  const addresses = addressesOf(location);
  return (
    addresses.find((address) => /^physical$/i.test(address.address_type ?? '')) ??
    addresses.find((address) => !/^virtual$/i.test(address.address_type ?? '')) ??
    null
  );
}

function postcodeOf(location: Location): string | null {
  const address = addressOf(location);
  const found = [address, ...addressesOf(location)]
    .map((candidate) => candidate?.postal_code)
    .concat(location.postcode)
    .find((value) => value && isFullPostcode(value));
  return found ? formatPostcode(found) : null;
}

/** Coordinates on the globe; 0 is what many feeds write for "unknown". */
function isPlaced({ latitude, longitude }: Location): boolean {
  return (
    latitude !== null &&
    longitude !== null &&
    latitude !== 0 &&
    longitude !== 0 &&
    Math.abs(latitude) <= 90 &&
    Math.abs(longitude) <= 180
  );
}

function isCategoryId(code: string): code is CategoryId {
  return CATEGORIES.some((category) => category.id === code);
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

function unique<T>(values: T[]): T[] {
  return [...new Set(values)];
}
