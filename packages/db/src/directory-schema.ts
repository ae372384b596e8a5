import { sql } from 'drizzle-orm';
import type { WeeklyHours } from '@locals/contracts/opening-hours-contract';
import type { ContactSources } from '@locals/contracts/search';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/** Postcode districts (outward codes) with their centroids: the geography every search falls back to. */
export const postcodeDistricts = pgTable(
  'postcode_districts',
  {
    outcode: text('outcode').primaryKey(),
    area: text('area').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    country: text('country').notNull(),
    ladCode: text('lad_code'),
    ladName: text('lad_name'),
    postcodesUsed: integer('postcodes_used').notNull(),
  },
  (table) => [
    index('postcode_districts_earth_idx').using(
      'gist',
      sql`ll_to_earth(${table.latitude}, ${table.longitude})`,
    ),
  ],
);

/** Full unit postcodes, stored formatted ("BS1 4DJ"). Loaded for the embedded areas or imported. */
export const postcodes = pgTable(
  'postcodes',
  {
    postcode: text('postcode').primaryKey(),
    outcode: text('outcode').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    ladCode: text('lad_code'),
  },
  // No GiST here: 265k+ rows would make first start slow, and nearest-postcode lookups
  // narrow to a few districts (small GiST on postcode_districts) first.
  (table) => [index('postcodes_outcode_idx').on(table.outcode)],
);

/** A listed service. Storage names are snake_case; the API contract maps them (see services module). */
export const services = pgTable(
  'services',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    /** The name exactly as the source published it (NHS data is upper case). */
    nameOriginal: text('name_original').notNull(),
    provider: text('provider'),
    description: text('description'),
    fullDescription: text('full_description'),
    mainServices: text('main_services')
      .array()
      .notNull()
      .default(sql`'{}'`),
    otherServices: text('other_services')
      .array()
      .notNull()
      .default(sql`'{}'`),
    facilities: text('facilities')
      .array()
      .notNull()
      .default(sql`'{}'`),
    serving: text('serving')
      .array()
      .notNull()
      .default(sql`'{}'`),
    status: text('status'),
    statusDetails: text('status_details'),
    verified: boolean('verified').notNull().default(false),
    verificationStatus: text('verification_status'),
    /** The source's own words, shown when they could not be read into `weeklyHours`. */
    openingHours: text('opening_hours'),
    /** Parsed on import (Europe/London local time); null when the source has none we can read. */
    weeklyHours: jsonb('weekly_hours').$type<WeeklyHours>(),
    serviceTypes: text('service_types')
      .array()
      .notNull()
      .default(sql`'{}'`),
    categories: text('categories')
      .array()
      .notNull()
      .default(sql`'{}'`),
    images: text('images')
      .array()
      .notNull()
      .default(sql`'{}'`),
    ageMin: integer('age_min'),
    ageMax: integer('age_max'),
    accessibility: text('accessibility')
      .array()
      .notNull()
      .default(sql`'{}'`),
    languages: text('languages')
      .array()
      .notNull()
      .default(sql`'{}'`),
    website: text('website'),
    phones: text('phones')
      .array()
      .notNull()
      .default(sql`'{}'`),
    email: text('email'),
    /** Where each contact detail came from, when open data merged them (migration 0022). */
    contactSources: jsonb('contact_sources').$type<ContactSources>().notNull().default({}),
    address: text('address'),
    addressOriginal: text('address_original'),
    postcode: text('postcode'),
    outcode: text('outcode'),
    ladCode: text('lad_code'),
    ladName: text('lad_name'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    reviewDate: text('review_date'),
    ratingAverage: real('rating_average'),
    reviewCount: integer('review_count').notNull().default(0),
    recommendations: integer('recommendations').notNull().default(0),
    /** Where the record came from: 'nhs-ods', 'libraries-hacked', 'demo', 'import:<file>'. */
    source: text('source').notNull(),
    sourceRecordId: text('source_record_id'),
    sourceName: text('source_name'),
    licence: text('licence').notNull(),
    sourceUpdated: text('source_updated'),
    /**
     * Plain text about the service (description, services, types), kept for imports and tools.
     * Search reads two generated tsvector columns that live in SQL only (migration 0010, never
     * written): `search` (stemmed) and `search_exact` (word for word), built from the name,
     * types, categories, services and description, never the address.
     */
    searchDocument: text('search_document').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When the 11-month "is this still correct?" email went for the current check (decision 024).
     */
    checkNudgedAt: timestamp('check_nudged_at', { withTimezone: true, mode: 'date' }),
    /**
     * The record the search shows instead of this one: same kind of service, same name, same
     * postcode (decision 028). Kept by migration 0021's triggers on every write, never by the
     * application (a write that sets it is corrected); null when this record is shown.
     */
    duplicateOf: text('duplicate_of'),
  },
  (table) => [
    // Migration 0005 (SQL only: Drizzle cannot declare INCLUDE) rebuilt this one as
    // `... include (latitude, longitude, verified)` and added a partial copy per fixed category,
    // services_earth_<category>_idx `where categories @> '{<category>}'`, for radius search.
    index('services_earth_idx').using(
      'gist',
      sql`ll_to_earth(${table.latitude}, ${table.longitude})`,
    ),
    index('services_outcode_idx').on(table.outcode),
    index('services_categories_idx').using('gin', table.categories),
    // Migration 0021 (SQL only) adds services_place_postcode_idx on
    // locals_place_postcode(postcode), services_duplicate_of_idx (partial: duplicate_of is not
    // null) and services_earth_duplicates_idx, a partial copy of the location index for them.
  ],
);

/**
 * National helplines (open-data/helplines.csv), each row checked on the organisation's own page.
 * Offered beside searches for the needs they serve (`need_words`), and where Locals has no local
 * service for a need or does not cover an area; `position` keeps the file's order.
 */
export const helplines = pgTable(
  'helplines',
  {
    id: text('id').primaryKey(),
    position: integer('position').notNull(),
    organisation: text('organisation').notNull(),
    service: text('service').notNull(),
    phone: text('phone'),
    text: text('text'),
    /** Confirmed opening hours; null when no page confirmed them. */
    hours: text('hours'),
    helpsWith: text('helps_with').notNull(),
    categories: text('categories')
      .array()
      .notNull()
      .default(sql`'{}'`),
    nations: text('nations').notNull(),
    sourceUrls: text('source_urls')
      .array()
      .notNull()
      .default(sql`'{}'`),
    sourceSeen: text('source_seen').notNull(),
    /** The everyday words people type for what the line serves ("debt", "want to die"). */
    needWords: text('need_words')
      .array()
      .notNull()
      .default(sql`'{}'`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('helplines_categories_idx').using('gin', table.categories)],
);
