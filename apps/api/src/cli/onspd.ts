import { formatPostcode, isFullPostcode } from '@locals/contracts/postcode';
import type { PostcodeRow } from '@locals/db/open-data/load';

/** ONSPD and NSPL mark a postcode without a grid reference with this latitude. */
const NO_LATITUDE = 99.999999;

export type Parsed<T> = { row: T } | { rejected: string };

/** True when a CSV header names the ONSPD/NSPL columns we read. */
export function isOnspdHeader(columns: string[]): boolean {
  const names = columns.map((column) => column.trim().toLowerCase());
  return (
    (names.includes('pcds') || names.includes('pcd')) &&
    names.includes('lat') &&
    names.includes('long')
  );
}

/** One ONS Postcode Directory (or NSPL) row, keyed by its header, as a unit postcode. */
export function postcodeFromOnspd(record: Record<string, string>): Parsed<PostcodeRow> {
  const row = Object.fromEntries(
    Object.entries(record).map(([key, value]) => [key.trim().toLowerCase(), value.trim()]),
  );
  const raw = row.pcds || row.pcd || '';
  if (!isFullPostcode(raw))
    return { rejected: raw ? `'${raw}' is not a full UK postcode` : 'no postcode' };
  const latitude = Number(row.lat);
  const longitude = Number(row.long);
  if (!row.lat || !row.long || !Number.isFinite(latitude) || !Number.isFinite(longitude)) {
    return { rejected: 'no coordinates' };
  }
  if (latitude === NO_LATITUDE) return { rejected: 'no coordinates (lat 99.999999)' };
  return {
    row: { postcode: formatPostcode(raw), latitude, longitude, ladCode: localAuthorityCode(row) },
  };
}

/** 'oslaua' in older releases, 'lad23cd'/'lad24cd' style in newer ones, 'laua' in NSPL. */
function localAuthorityCode(row: Record<string, string>): string | null {
  const key =
    ['oslaua', 'laua'].find((name) => row[name]) ??
    Object.keys(row).find((name) => /^lad\d{2}cd$/.test(name));
  const code = key ? row[key] : undefined;
  return code ? code : null;
}
