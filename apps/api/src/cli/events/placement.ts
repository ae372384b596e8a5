import { formatPostcode, isFullPostcode } from '@locals/contracts/postcode';
import { queryRows, type Db } from '@locals/db/client';
import { sql } from 'drizzle-orm';
import type { Place } from './event-draft';

/**
 * Candidates in running text; the postcode rule of contracts' postcode.ts decides which are
 * postcodes.
 */
const POSTCODE_IN_TEXT = /\b[A-Z]{1,2}[0-9][A-Z0-9]?\s*[0-9][A-Z]{2}\b/gi;
const COUNTRIES = /^(england|scotland|wales|northern ireland|united kingdom|uk|gb)$/i;

/** The last full UK postcode in a text (an address ends with it), and where it stands. */
function findPostcode(text: string): { postcode: string; at: number } | null {
  const found = [...text.matchAll(POSTCODE_IN_TEXT)].filter((match) => isFullPostcode(match[0]));
  const last = found.at(-1);
  return last ? { postcode: formatPostcode(last[0]), at: last.index } : null;
}

/**
 * A one-line location, "St Agnes Church, Thomas Street, Bristol BS2 9LJ": the venue is the text
 * before the first comma (or before the postcode), the address the rest, without the postcode.
 */
export function placeOfLocation(location: string): Place {
  const found = findPostcode(location);
  const withoutPostcode = found
    ? `${location.slice(0, found.at)} ${location.slice(found.at).replace(POSTCODE_IN_TEXT, '')}`
    : location;
  const [venue = '', ...rest] = withoutPostcode
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '' && !COUNTRIES.test(part));
  return { venue, address: rest.join(', '), postcode: found?.postcode ?? null };
}

export type Point = { latitude: number; longitude: number };

/**
 * Unit postcodes' points, as the geocoder reads them (places.repository.ts). A district's
 * centroid is never used: an event is listed at a real postcode or not at all.
 */
export async function pointsOf(db: Db, postcodes: string[]): Promise<Map<string, Point>> {
  const rows = await queryRows<Point & { postcode: string }>(
    db,
    sql`select postcode, latitude, longitude from postcodes
        where postcode = any(${sql.param([...new Set(postcodes)])}::text[])`,
  );
  return new Map(
    rows.map(({ postcode, latitude, longitude }) => [postcode, { latitude, longitude }]),
  );
}
