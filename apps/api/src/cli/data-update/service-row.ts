import { coordinate, type OutRow } from './csv-out';
import type { Place } from './coverage';

/** The 17 columns every services_*.csv starts with (open-data/README.md), so files stack. */
export const SERVICE_COLUMNS = [
  'service_id',
  'category',
  'subcategory',
  'name',
  'address',
  'postcode',
  'latitude',
  'longitude',
  'lad_code',
  'lad_name',
  'phone',
  'email',
  'website',
  'opening_hours',
  'source',
  'source_record_id',
  'source_as_of',
] as const;

export interface ServiceFields {
  serviceId: string;
  category: string;
  subcategory: string;
  name: string;
  address: string;
  postcode: string;
  place: Place;
  phone?: string;
  email?: string;
  website?: string;
  openingHours?: string;
  source: string;
  sourceRecordId: string;
  sourceAsOf: string;
}

export function serviceRow(fields: ServiceFields, extra: OutRow = {}): OutRow {
  return {
    service_id: fields.serviceId,
    category: fields.category,
    subcategory: fields.subcategory,
    name: fields.name,
    address: fields.address,
    postcode: fields.postcode,
    latitude: coordinate(fields.place.latitude),
    longitude: coordinate(fields.place.longitude),
    lad_code: fields.place.ladCode,
    lad_name: fields.place.ladName,
    phone: fields.phone ?? '',
    email: fields.email ?? '',
    website: fields.website ?? '',
    opening_hours: fields.openingHours ?? '',
    source: fields.source,
    source_record_id: fields.sourceRecordId,
    source_as_of: fields.sourceAsOf,
    ...extra,
  };
}

/** What a transform made of a source: rows for our file, and how many it left out and why. */
export interface Transformed {
  rows: OutRow[];
  skipped: Record<string, number>;
}

export function skip(skipped: Record<string, number>, reason: string): void {
  skipped[reason] = (skipped[reason] ?? 0) + 1;
}
