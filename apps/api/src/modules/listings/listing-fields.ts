import type { ListingValues } from '@locals/contracts/listing';
import { LISTING_FIELD_ORDER } from '@locals/contracts/listing';
import type { WeeklyHours } from '@locals/contracts/opening-hours-contract';
import { parseOpeningHours } from '@locals/contracts/opening-hours';
import { outwardCode } from '@locals/contracts/postcode';
import { searchDocumentOf } from '@locals/db/open-data/service-records';
import type { services } from '@locals/db/schema';

type ServiceRow = typeof services.$inferSelect;
type NewService = typeof services.$inferInsert;

/** Where a listing's postcode is: a unit postcode's own point, never a district's centre. */
export type PlacedPostcode = {
  postcode: string;
  latitude: number;
  longitude: number;
  areaName: string | null;
};

const DAY_ABBREVIATIONS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/**
 * Weekly hours written the way `parseOpeningHours` reads them ("Mon 09:00-17:00; Tue ..."), so a
 * listing imported with structured hours opens in the edit form as text that reads back the same.
 */
export function hoursText(hours: WeeklyHours): string {
  const days = new Map<number, string[]>();
  for (const session of hours.sessions) {
    days.set(session.day, [...(days.get(session.day) ?? []), `${session.opens}-${session.closes}`]);
  }
  const text = [...days]
    .sort(([a], [b]) => a - b)
    .map(([day, ranges]) => `${DAY_ABBREVIATIONS[day - 1]} ${ranges.join(',')}`)
    .join('; ');
  return hours.note === 'Staffed hours' ? `staffed: ${text}` : text;
}

/** A listing's editable fields as they are now, as the forms show them. */
export function listingFieldsOf(row: ServiceRow): ListingValues {
  return {
    name: row.name,
    description: row.description ?? '',
    categories: row.categories,
    phones: row.phones,
    email: row.email ?? '',
    website: row.website ?? '',
    address: row.address ?? '',
    postcode: row.postcode ?? '',
    openingHours: row.openingHours ?? (row.weeklyHours ? hoursText(row.weeklyHours) : ''),
  };
}

/** The fields whose values differ, each side with only those fields: the audit's before/after. */
export function changedFields(
  before: ListingValues,
  after: ListingValues,
): { before: Partial<ListingValues>; after: Partial<ListingValues> } {
  const changed = LISTING_FIELD_ORDER.filter(
    (field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]),
  );
  return {
    before: Object.fromEntries(changed.map((field) => [field, before[field]])),
    after: Object.fromEntries(changed.map((field) => [field, after[field]])),
  };
}

/**
 * The services columns a listing's fields set, checked `today` (London date). The hours are
 * read into weekly hours when they can be; otherwise the words are shown as written.
 */
export function listingColumns(
  fields: ListingValues,
  place: PlacedPostcode,
  kind: { serviceTypes: string[]; mainServices: string[] },
  today: string,
): Omit<NewService, 'id' | 'source' | 'licence'> {
  const openingHours = fields.openingHours === '' ? null : fields.openingHours;
  return {
    name: fields.name,
    nameOriginal: fields.name,
    description: fields.description,
    categories: fields.categories,
    phones: fields.phones,
    email: fields.email === '' ? null : fields.email,
    website: fields.website === '' ? null : fields.website,
    // The provider or a moderator confirmed them all: no field is open data's any more.
    contactSources: {},
    address: fields.address,
    addressOriginal: fields.address,
    postcode: place.postcode,
    outcode: outwardCode(place.postcode),
    latitude: place.latitude,
    longitude: place.longitude,
    ladName: place.areaName,
    openingHours,
    weeklyHours: parseOpeningHours(openingHours),
    searchDocument: searchDocumentOf({
      ...kind,
      description: fields.description,
      categories: fields.categories,
    }),
    reviewDate: today,
    checkNudgedAt: null,
    updatedAt: new Date(),
  };
}
