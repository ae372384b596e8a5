import type { CsvRow } from '@locals/db/open-data/csv';
import { outwardCode } from '@locals/contracts/postcode';
import { coordinate, type OutRow } from './csv-out';
import {
  areaOf,
  COVERAGE_LAD_CODES,
  isUnitPostcodeKept,
  tidyPostcode,
  type Place,
} from './coverage';

export const DISTRICT_COLUMNS = [
  'outcode',
  'postcode_area',
  'latitude',
  'longitude',
  'postcodes_used',
  'country',
  'lad_code',
  'lad_name',
  'lad_share',
  'centroid_basis',
];
export const POSTCODE_COLUMNS = [
  'postcode',
  'latitude',
  'longitude',
  'lad_code',
  'date_terminated',
];

const COUNTRIES: Record<string, string> = {
  E92000001: 'England',
  W92000004: 'Wales',
  S92000003: 'Scotland',
  N92000002: 'Northern Ireland',
};

/** NSPL marks a postcode with no grid reference with this latitude. */
const NO_LATITUDE = 99.999999;

interface DistrictSum {
  latitude: number;
  longitude: number;
  count: number;
  country: string;
  lads: Map<string, number>;
}

export interface NsplResult {
  /** Every postcode (live or terminated) in a covered authority, for placing services. */
  places: Map<string, Place>;
  postcodes: OutRow[];
  districts: OutRow[];
}

/** NSPL names vary by release: 'laua' or 'lad24cd', 'ctry' or 'ctry25cd'. */
function pick(row: CsvRow, exact: string, pattern: RegExp): string {
  const key = exact in row ? exact : Object.keys(row).find((name) => pattern.test(name));
  return key ? (row[key]?.trim() ?? '') : '';
}

/** AB1 before AB10 before AB2; then the inward code. */
export function comparePostcodes(a: string, b: string): number {
  const key = (code: string) => {
    const [outcode = '', inward = ''] = code.split(' ');
    const area = areaOf(outcode);
    const rest = outcode.slice(area.length);
    return [area, Number.parseInt(rest, 10) || 0, rest, inward] as const;
  };
  const [x, y] = [key(a), key(b)];
  for (let index = 0; index < x.length; index += 1) {
    if (x[index]! < y[index]!) return -1;
    if (x[index]! > y[index]!) return 1;
  }
  return 0;
}

/**
 * One pass over the ONS National Statistics Postcode Lookup (NSPL CSV, header row, lower-case
 * names): unit postcodes for the kept areas, a centroid for every district from its live
 * postcodes (no `doterm`), and where each covered postcode is.
 */
export async function readNspl(
  rows: AsyncIterable<CsvRow>,
  ladNames: ReadonlyMap<string, string>,
): Promise<NsplResult> {
  const places = new Map<string, Place>();
  const postcodes: OutRow[] = [];
  const sums = new Map<string, DistrictSum>();
  for await (const raw of rows) {
    const row = Object.fromEntries(
      Object.entries(raw).map(([key, value]) => [key.trim().toLowerCase(), value]),
    );
    const postcode = tidyPostcode(row.pcds || row.pcd);
    const latitude = Number(row.lat);
    const longitude = Number(row.long);
    if (
      !postcode ||
      !row.lat ||
      !row.long ||
      !Number.isFinite(latitude) ||
      latitude === NO_LATITUDE
    )
      continue;
    const ladCode = pick(row, 'laua', /^lad\d\dcd$/);
    const terminated = row.doterm?.trim() ?? '';
    if (COVERAGE_LAD_CODES.has(ladCode)) {
      places.set(postcode, { latitude, longitude, ladCode, ladName: ladNames.get(ladCode) ?? '' });
    }
    if (isUnitPostcodeKept(postcode)) {
      postcodes.push({
        postcode,
        latitude: coordinate(latitude),
        longitude: coordinate(longitude),
        lad_code: ladCode,
        date_terminated: terminated,
      });
    }
    const country = COUNTRIES[pick(row, 'ctry', /^ctry\d\dcd$/)];
    if (terminated || !country) continue;
    const outcode = outwardCode(postcode);
    const sum = sums.get(outcode) ?? {
      latitude: 0,
      longitude: 0,
      count: 0,
      country,
      lads: new Map(),
    };
    sum.latitude += latitude;
    sum.longitude += longitude;
    sum.count += 1;
    if (ladCode) sum.lads.set(ladCode, (sum.lads.get(ladCode) ?? 0) + 1);
    sums.set(outcode, sum);
  }
  postcodes.sort((a, b) => comparePostcodes(a.postcode!, b.postcode!));
  return { places, postcodes, districts: districtRows(sums, ladNames) };
}

function districtRows(
  sums: Map<string, DistrictSum>,
  ladNames: ReadonlyMap<string, string>,
): OutRow[] {
  return [...sums.entries()]
    .sort(([a], [b]) => comparePostcodes(a, b))
    .map(([outcode, sum]) => {
      const [ladCode = '', inLad = 0] = [...sum.lads.entries()].reduce<[string, number]>(
        (best, entry) => (entry[1] > best[1] ? entry : best),
        ['', 0],
      );
      return {
        outcode,
        postcode_area: areaOf(outcode),
        latitude: coordinate(sum.latitude / sum.count),
        longitude: coordinate(sum.longitude / sum.count),
        postcodes_used: String(sum.count),
        country: sum.country,
        lad_code: ladCode,
        lad_name: ladNames.get(ladCode) ?? '',
        lad_share: ladCode ? (inLad / sum.count).toFixed(3) : '',
        centroid_basis: 'nspl_live_postcodes',
      };
    });
}

/**
 * Authority names by code: from ONS's "LA_UA names and codes" file in the NSPL download
 * (LADxxCD, LADxxNM columns) or, as a fallback, our current districts file (lad_code, lad_name).
 */
export function ladNamesFrom(rows: Iterable<CsvRow>): Map<string, string> {
  const names = new Map<string, string>();
  for (const row of rows) {
    const lower = Object.fromEntries(
      Object.entries(row).map(([key, value]) => [key.trim().toLowerCase(), value]),
    );
    const code = pick(lower, 'lad_code', /^lad\d\dcd$/);
    const name = pick(lower, 'lad_name', /^lad\d\dnm$/);
    if (code && name) names.set(code, name);
  }
  return names;
}
