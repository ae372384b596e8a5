import { formatPostcode, isFullPostcode, outwardCode } from '@locals/contracts/postcode';

/** The local authorities Locals has services for: Bristol, South Gloucestershire, London. */
export const COVERAGE_LAD_CODES: ReadonlySet<string> = new Set([
  'E06000023',
  'E06000025',
  ...Array.from({ length: 33 }, (_unused, n) => `E09${String(n + 1).padStart(6, '0')}`),
]);

/** NHS ICBs over those authorities: Bristol, North Somerset and South Gloucestershire; London's five. */
export const COVERAGE_ICBS: ReadonlySet<string> = new Set([
  'QUY',
  'QMF',
  'QMJ',
  'QKK',
  'QRV',
  'QWE',
]);

/** Unit postcodes kept in postcodes_bristol_sglos_london.csv: these areas, and these districts. */
const UNIT_POSTCODE_AREAS = new Set(['BS', 'E', 'EC', 'N', 'NW', 'SE', 'SW', 'W', 'WC']);
const UNIT_POSTCODE_DISTRICTS = new Set(['GL9', 'GL12']);

export function isUnitPostcodeKept(postcode: string): boolean {
  const outcode = outwardCode(postcode);
  return UNIT_POSTCODE_DISTRICTS.has(outcode) || UNIT_POSTCODE_AREAS.has(areaOf(outcode));
}

export function areaOf(outcode: string): string {
  return /^[A-Z]+/.exec(outcode)?.[0] ?? outcode;
}

/** Where a postcode is: its NSPL centroid and local authority. */
export interface Place {
  latitude: number;
  longitude: number;
  ladCode: string;
  ladName: string;
}

export type FindPlace = (postcode: string) => Place | undefined;

/** "bs1 4dj" and "BS14DJ" alike, or null when it is not a full postcode. */
export function tidyPostcode(raw: string | undefined): string | null {
  const trimmed = raw?.trim() ?? '';
  return isFullPostcode(trimmed) ? formatPostcode(trimmed) : null;
}
