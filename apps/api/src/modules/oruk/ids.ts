import { createHash } from 'node:crypto';

/**
 * Every id in the feed is a name-based UUID (RFC 4122 version 3) of what the object is and our
 * own id, in Locals' namespace: the same listing has the same ids in every run and on every
 * server, without a table of ids (decision 025). Version 3 (MD5), not 5 (SHA-1): PostgreSQL and
 * PGlite compute MD5 without an extension, so SQL makes the same UUIDs (locals_oruk_id, migration
 * 0018) and finds a service by one through an index.
 */
export const LOCALS_ORUK_NAMESPACE = '4b5d1c2e-7a0f-4c43-9d6e-1f0b8a9c3e27';
const NAMESPACE_HEX = LOCALS_ORUK_NAMESPACE.replaceAll('-', '');
const NAMESPACE_BYTES = Buffer.from(NAMESPACE_HEX, 'hex');

/** What a UUID stands for: 'service', 'location', 'phone', ...; the key is our id (and more). */
export type OrukKind =
  | 'service'
  | 'organization'
  | 'location'
  | 'address'
  | 'service_at_location'
  | 'contact'
  | 'phone'
  | 'schedule'
  | 'language'
  | 'attribute'
  | 'taxonomy'
  | 'taxonomy_term';

export function orukId(kind: OrukKind, key: string): string {
  const hash = createHash('md5').update(NAMESPACE_BYTES).update(`${kind}:${key}`, 'utf8').digest();
  hash[6] = (hash[6]! & 0x0f) | 0x30;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}
