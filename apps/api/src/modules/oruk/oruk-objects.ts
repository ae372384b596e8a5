import { ORUK_DAY_CODES } from '@locals/contracts/oruk-query-fields';
import { webAddressOf } from '@locals/contracts/safe-url';
import type { WeeklyHours } from '@locals/contracts/opening-hours-contract';
import type {
  OrukService,
  OrukServiceAtLocationListItem,
  OrukServiceListItem,
} from '@locals/contracts/oruk';
import { orukId } from './ids';
import { CATEGORY_TERMS, PROVENANCE_TERMS } from './taxonomy';
import type { OrukTaxonomyTerm } from '@locals/contracts/oruk';

/** The columns of one published service the feed is made from (oruk.repository.ts). */
export type ServiceRow = {
  id: string;
  name: string;
  description: string | null;
  provider: string | null;
  status: string | null;
  website: string | null;
  email: string | null;
  phones: string[];
  address: string | null;
  postcode: string | null;
  lad_name: string | null;
  latitude: number | null;
  longitude: number | null;
  weekly_hours: WeeklyHours | null;
  opening_hours: string | null;
  age_min: number | null;
  age_max: number | null;
  languages: string[];
  categories: string[];
  source: string;
  source_name: string | null;
  source_updated: string | null;
  licence: string;
  verification_status: string | null;
  updated_at: Date | string;
};

type Json = Record<string, unknown>;

/** Leaves out what is unknown: the feed never says null or "" (decision 025). */
function present<T extends Json>(object: T): T {
  return Object.fromEntries(
    Object.entries(object).filter(
      ([, value]) => value !== undefined && value !== null && value !== '',
    ),
  ) as T;
}

function statusOf(status: string | null): OrukServiceListItem['status'] {
  if (!status) return 'active';
  if (/temporar/i.test(status)) return 'temporarily closed';
  if (/closed|inactive/i.test(status)) return 'inactive';
  return 'active';
}

/**
 * A web address consumers can follow (format "uri"): read as the data files are read
 * (webAddressOf: "www.x.org" gains http://), then written out as a normalised URL.
 */
export function urlOf(website: string | null): string | undefined {
  const address = webAddressOf(website);
  return address === null ? undefined : new URL(address).href;
}

/** An address validators read as format "email"; anything else is left out. */
export function emailOf(email: string | null): string | undefined {
  const trimmed = email?.trim();
  return trimmed && /^[^\s@"(),:;<>[\\\]]+@[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(trimmed)
    ? trimmed
    : undefined;
}

function lastModified(updatedAt: Date | string): string {
  return new Date(updatedAt).toISOString();
}

/**
 * The organisation behind a service: its provider when the record names one (shared by every
 * service it runs), otherwise the service standing for itself, as NHS practices do.
 */
function organizationOf(row: ServiceRow) {
  const provider = row.provider?.trim();
  if (provider) {
    return {
      id: orukId('organization', `provider:${provider.toLowerCase()}`),
      name: provider,
      description: `${provider}, an organisation that runs services listed on Locals.`,
    };
  }
  return {
    id: orukId('organization', `service:${row.id}`),
    name: row.name,
    description: row.description?.trim() || `${row.name}, as listed on Locals.`,
  };
}

export function serviceListItem(row: ServiceRow): OrukServiceListItem {
  const organization = organizationOf(row);
  return present({
    id: orukId('service', row.id),
    organization_id: organization.id,
    name: row.name,
    description: row.description?.trim(),
    url: urlOf(row.website),
    email: emailOf(row.email),
    status: statusOf(row.status),
    minimum_age: row.age_min ?? undefined,
    maximum_age: row.age_max ?? undefined,
    last_modified: lastModified(row.updated_at),
    organization,
  });
}

/** "Bristol, City of" is Bristol. */
function placeName(ladName: string | null): string | undefined {
  const name = ladName?.trim();
  if (!name) return undefined;
  const [first, rest] = name.split(/,\s*/);
  return rest && /^(city|county) of$/i.test(rest) ? first : name;
}

/**
 * The six address fields every consumer needs, from our one-line address: its last part is the
 * town when there are several (else the local authority), the local authority is the
 * state_province, and the country is GB. Null without an address and a postcode.
 */
export function addressParts(row: Pick<ServiceRow, 'address' | 'postcode' | 'lad_name'>) {
  const postcode = row.postcode?.trim();
  const parts = (row.address ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part && part.toUpperCase() !== postcode?.toUpperCase());
  if (!postcode || parts.length === 0) return null;
  const area = placeName(row.lad_name);
  const town = parts.length > 1 ? parts.pop() : undefined;
  const city = town ?? area ?? parts[0]!;
  return {
    address_1: parts.join(', '),
    city,
    state_province: area ?? city,
    postal_code: postcode,
    country: 'GB',
  };
}

function locationOf(row: ServiceRow) {
  const address = addressParts(row);
  if (!address) return null;
  const locationId = orukId('location', row.id);
  return {
    id: locationId,
    location_type: 'physical' as const,
    name: row.name,
    ...(row.latitude !== null && row.longitude !== null
      ? { latitude: row.latitude, longitude: row.longitude }
      : {}),
    addresses: [
      {
        id: orukId('address', row.id),
        location_id: locationId,
        ...address,
        address_type: 'physical' as const,
      },
    ],
  };
}

function serviceAtLocationOf(row: ServiceRow) {
  const location = locationOf(row);
  if (!location) return null;
  return {
    id: orukId('service_at_location', row.id),
    service_id: orukId('service', row.id),
    location_id: location.id,
    location,
  };
}

export function serviceAtLocationItem(
  row: ServiceRow,
  metres?: number,
): OrukServiceAtLocationListItem | null {
  const serviceAtLocation = serviceAtLocationOf(row);
  if (!serviceAtLocation) return null;
  const { addresses: _addresses, ...location } = serviceAtLocation.location;
  return {
    ...serviceAtLocation,
    location,
    service: serviceListItem(row),
    ...(metres === undefined ? {} : { distance: Math.round(metres) }),
  };
}

/** One weekly schedule per opening time, naming every day it applies to (RFC 5545 BYDAY). */
function schedulesOf(row: ServiceRow, serviceId: string) {
  const sessions = row.weekly_hours?.sessions ?? [];
  if (sessions.length === 0) {
    const words = row.opening_hours?.trim();
    return words
      ? [{ id: orukId('schedule', `${row.id}:text`), service_id: serviceId, description: words }]
      : [];
  }
  const byTime = new Map<string, { opens: string; closes: string; days: number[] }>();
  for (const session of sessions) {
    const key = `${session.opens}-${session.closes}`;
    const entry = byTime.get(key) ?? { opens: session.opens, closes: session.closes, days: [] };
    if (!entry.days.includes(session.day)) entry.days.push(session.day);
    byTime.set(key, entry);
  }
  const note = row.weekly_hours?.note?.trim();
  return [...byTime.entries()].map(([key, entry]) =>
    present({
      id: orukId('schedule', `${row.id}:${key}`),
      service_id: serviceId,
      freq: 'WEEKLY',
      interval: 1,
      byday: entry.days
        .sort((a, b) => a - b)
        .map((day) => ORUK_DAY_CODES[day - 1])
        .join(','),
      opens_at: entry.opens,
      closes_at: entry.closes,
      description: note,
    }),
  );
}

function contactsOf(row: ServiceRow, serviceId: string) {
  const email = emailOf(row.email);
  const numbers = row.phones.map((phone) => phone.trim()).filter(Boolean);
  if (!email && numbers.length === 0) return [];
  const contactId = orukId('contact', row.id);
  return [
    present({
      id: contactId,
      service_id: serviceId,
      name: row.name,
      email,
      phones: numbers.map((number) => ({
        id: orukId('phone', `${row.id}:${number}`),
        contact_id: contactId,
        number,
      })),
    }),
  ];
}

function attribute(row: ServiceRow, serviceId: string, term: OrukTaxonomyTerm, value?: string) {
  return present({
    id: orukId('attribute', `${row.id}:${term.id}`),
    link_id: serviceId,
    link_type: 'service',
    link_entity: 'service',
    taxonomy_term_id: term.id,
    value,
    taxonomy_term: term,
  });
}

/** Its categories, then where the record came from: licence, source and how it was checked. */
function attributesOf(row: ServiceRow, serviceId: string) {
  const categories = row.categories.flatMap((id) => {
    const term = CATEGORY_TERMS.get(id);
    return term ? [attribute(row, serviceId, term)] : [];
  });
  const source = [row.source_name?.trim() || row.source, row.source_updated?.trim()]
    .filter(Boolean)
    .join(', as of ');
  return [
    ...categories,
    attribute(row, serviceId, PROVENANCE_TERMS.licence, row.licence),
    attribute(row, serviceId, PROVENANCE_TERMS.source, source),
    ...(row.verification_status?.trim()
      ? [attribute(row, serviceId, PROVENANCE_TERMS.verification, row.verification_status.trim())]
      : []),
  ];
}

export function fullService(row: ServiceRow): OrukService {
  const serviceId = orukId('service', row.id);
  const serviceAtLocation = serviceAtLocationOf(row);
  return {
    ...serviceListItem(row),
    service_at_locations: serviceAtLocation ? [serviceAtLocation] : [],
    contacts: contactsOf(row, serviceId),
    schedules: schedulesOf(row, serviceId),
    languages: row.languages
      .map((language) => language.trim())
      .filter(Boolean)
      .map((name) => ({
        id: orukId('language', `${row.id}:${name}`),
        service_id: serviceId,
        name,
      })),
    attributes: attributesOf(row, serviceId),
  };
}
