import { CategoryIdSchema, type CategoryId } from '@locals/contracts/categories';
import type { ServiceDetail, ServiceSummary } from '@locals/contracts/search';
import { queryRows, type Db } from '@locals/db/client';
import { services } from '@locals/db/schema';
import { eq, inArray } from 'drizzle-orm';
import { describeMiles, METRES_PER_MILE } from './distance';
import {
  countStatement,
  searchStatement,
  type SearchArea,
  type SearchFilters,
  type SearchPage,
} from './search-sql';

type SummaryRow = {
  id: string;
  name: string;
  description: string | null;
  address: string | null;
  postcode: string | null;
  phones: string[];
  rating_average: number | null;
  review_count: number;
  recommendations: number;
  categories: string[];
  service_types: string[];
  facilities: string[];
  verified: boolean;
  opening_hours: string | null;
  latitude: number | null;
  longitude: number | null;
  source: string;
  metres: number | null;
  total: number;
};

type ServiceRow = typeof services.$inferSelect;

export type SearchResultPage = { results: ServiceSummary[]; total: number };

export function createServicesRepository(db: Db) {
  return {
    async search(area: SearchArea, filters: SearchFilters, page: SearchPage): Promise<SearchResultPage> {
      const rows = await queryRows<SummaryRow>(db, searchStatement(area, filters, page));
      const first = rows[0];
      if (first) return { results: rows.map(summaryFromRow), total: first.total };
      if (page.offset === 0) return { results: [], total: 0 };
      const [counted] = await queryRows<{ total: number }>(db, countStatement(area, filters));
      return { results: [], total: counted?.total ?? 0 };
    },

    async findById(id: string): Promise<ServiceDetail | null> {
      const [row] = await db.select().from(services).where(eq(services.id, id));
      return row ? detailFromRow(row) : null;
    },

    /** Full details (distance null) in the order of `ids`; unknown ids are left out. */
    async findDetailsByIds(ids: readonly string[]): Promise<ServiceDetail[]> {
      return (await rowsInOrder(db, ids)).map(detailFromRow);
    },

    /** As result cards show them (distance null), in the order of `ids`; unknown ids left out. */
    async findSummariesByIds(ids: readonly string[]): Promise<ServiceSummary[]> {
      return (await rowsInOrder(db, ids)).map((row) => summaryFromRow(summaryRowOf(row)));
    },
  };
}

async function rowsInOrder(db: Db, ids: readonly string[]): Promise<ServiceRow[]> {
  if (ids.length === 0) return [];
  const rows = await db.select().from(services).where(inArray(services.id, [...ids]));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** A stored service as the search statement reads it, without a distance. */
function summaryRowOf(row: ServiceRow): SummaryRow {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    address: row.address,
    postcode: row.postcode,
    phones: row.phones,
    rating_average: row.ratingAverage,
    review_count: row.reviewCount,
    recommendations: row.recommendations,
    categories: row.categories,
    service_types: row.serviceTypes,
    facilities: row.facilities,
    verified: row.verified,
    opening_hours: row.openingHours,
    latitude: row.latitude,
    longitude: row.longitude,
    source: row.source,
    metres: null,
    total: 0,
  };
}

/** Storage is not the wire: snake_case rows become the contract's summary. */
function summaryFromRow(row: SummaryRow): ServiceSummary {
  const miles = row.metres === null ? null : row.metres / METRES_PER_MILE;
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    address: row.address,
    postcode: row.postcode,
    phone: phoneText(row.phones),
    phones: row.phones,
    rating: row.rating_average,
    reviewCount: row.review_count,
    recommendations: row.recommendations,
    categories: knownCategories(row.categories),
    serviceTypes: row.service_types,
    facilities: row.facilities,
    verified: row.verified,
    openingHours: row.opening_hours,
    distance: miles === null ? null : describeMiles(miles),
    distanceMiles: miles === null ? null : Math.round(miles * 1000) / 1000,
    coordinates: coordinatesOf(row.latitude, row.longitude),
    isDemo: row.source === 'demo',
  };
}

function detailFromRow(row: ServiceRow): ServiceDetail {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    address: row.address,
    postcode: row.postcode,
    phone: phoneText(row.phones),
    phones: row.phones,
    rating: row.ratingAverage,
    reviewCount: row.reviewCount,
    recommendations: row.recommendations,
    categories: knownCategories(row.categories),
    serviceTypes: row.serviceTypes,
    facilities: row.facilities,
    verified: row.verified,
    openingHours: row.openingHours,
    distance: null,
    distanceMiles: null,
    coordinates: coordinatesOf(row.latitude, row.longitude),
    isDemo: row.source === 'demo',
    provider: row.provider,
    reviewDate: row.reviewDate,
    fullDescription: row.fullDescription,
    mainServices: row.mainServices,
    otherServices: row.otherServices,
    serving: row.serving,
    status: row.status,
    statusDetails: row.statusDetails,
    website: row.website,
    email: row.email,
    images: row.images,
    ageRange: row.ageMin === null && row.ageMax === null ? null : { min: row.ageMin, max: row.ageMax },
    verificationStatus: row.verificationStatus,
    accessibility: row.accessibility,
    languages: row.languages,
    areaName: row.ladName,
    provenance: {
      source: row.source,
      sourceName: row.sourceName,
      licence: row.licence,
      lastUpdated: row.sourceUpdated,
    },
  };
}

/** Spec 3: phone may be a comma-separated list. */
function phoneText(phones: string[]): string | null {
  return phones.length > 0 ? phones.join(', ') : null;
}

function coordinatesOf(latitude: number | null, longitude: number | null) {
  return latitude === null || longitude === null ? null : { lat: latitude, lng: longitude };
}

/** Only the 12 fixed categories go on the wire, whatever an import stored. */
function knownCategories(categories: string[]): CategoryId[] {
  return categories.flatMap((category) => {
    const known = CategoryIdSchema.safeParse(category);
    return known.success ? [known.data] : [];
  });
}
