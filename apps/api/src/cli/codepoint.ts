import { formatPostcode, isFullPostcode } from '@locals/contracts/postcode';
import type { PostcodeRow } from '@locals/db/open-data/load';
import proj4 from 'proj4';
import type { Parsed } from './onspd';

/** British National Grid (OSGB36), EPSG:27700, with the OS 7-parameter shift to WGS84 (about 5 m). */
const BRITISH_NATIONAL_GRID =
  '+proj=tmerc +lat_0=49 +lon_0=-2 +k=0.9996012717 +x_0=400000 +y_0=-100000 +ellps=airy ' +
  '+towgs84=446.448,-125.157,542.06,0.15,0.247,0.842,-20.489 +units=m +no_defs';
const toWgs84 = proj4(BRITISH_NATIONAL_GRID, 'WGS84');

/** Code-Point Open columns: postcode, quality, eastings, northings, country, ..., district code. */
const ADMIN_DISTRICT_COLUMN = 8;
const NO_COORDINATES_QUALITY = '90';

/** True for Code-Point Open's optional header row. */
export function isCodePointHeader(fields: string[]): boolean {
  return fields[0]?.trim().toLowerCase() === 'postcode';
}

/** Eastings and northings on the British National Grid to WGS84, rounded to about 1 m. */
export function gridToLatLng(
  eastings: number,
  northings: number,
): { latitude: number; longitude: number } {
  const [longitude, latitude] = toWgs84.forward([eastings, northings]);
  const round = (value: number) => Math.round(value * 1e5) / 1e5;
  return { latitude: round(latitude ?? Number.NaN), longitude: round(longitude ?? Number.NaN) };
}

/** One Code-Point Open row (no header) as a unit postcode. */
export function postcodeFromCodePoint(fields: string[]): Parsed<PostcodeRow> {
  const [raw = '', quality = '', eastingsText = '', northingsText = ''] = fields.map((field) =>
    field.trim(),
  );
  if (!isFullPostcode(raw))
    return { rejected: raw ? `'${raw}' is not a full UK postcode` : 'no postcode' };
  const eastings = Number(eastingsText);
  const northings = Number(northingsText);
  if (quality === NO_COORDINATES_QUALITY || !eastingsText || !northingsText) {
    return { rejected: 'no coordinates (positional quality 90)' };
  }
  if (
    !Number.isFinite(eastings) ||
    !Number.isFinite(northings) ||
    eastings <= 0 ||
    northings <= 0
  ) {
    return { rejected: 'eastings and northings are not grid coordinates' };
  }
  const ladCode = fields[ADMIN_DISTRICT_COLUMN]?.trim();
  return {
    row: {
      postcode: formatPostcode(raw),
      ...gridToLatLng(eastings, northings),
      ladCode: ladCode ? ladCode : null,
    },
  };
}
