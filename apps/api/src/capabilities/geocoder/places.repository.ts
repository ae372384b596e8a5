import type { Db } from '@locals/db/client';
import { queryRows } from '@locals/db/client';
import { sql } from 'drizzle-orm';

export type Point = { latitude: number; longitude: number };

export type Located = {
  unit: Point | null;
  district: (Point & { areaName: string | null }) | null;
};

export type NearbyDistrict = { outcode: string; areaName: string | null; metres: number };

/** Coordinates kept to a ten-millionth of a degree (about 1 cm), far finer than any postcode. */
const COORDINATE_SCALE = 1e7;

/**
 * A client's point for earthdistance. Rounded first: ll_to_earth refuses a vanishingly small
 * coordinate such as `lng=-5e-324` with "value out of range: underflow" (SQLSTATE 22003), on
 * PGlite and PostgreSQL alike, which answered 500 (found by the fuzz suite).
 */
function earthPoint(point: Point) {
  const round = (degrees: number) => Math.round(degrees * COORDINATE_SCALE) / COORDINATE_SCALE;
  return sql`ll_to_earth(${round(point.latitude)}::float8, ${round(point.longitude)}::float8)`;
}

/** Unit postcodes and district centroids: where a postcode is, and what is near a point. */
export function createPlacesRepository(db: Db) {
  return {
    /** The unit postcode's point (when loaded) and its district's centroid, in one round trip. */
    async locate(postcode: string, outcode: string): Promise<Located> {
      const [row] = await queryRows<{
        unit_lat: number | null;
        unit_lng: number | null;
        district_lat: number | null;
        district_lng: number | null;
        lad_name: string | null;
      }>(
        db,
        sql`select p.latitude as unit_lat, p.longitude as unit_lng,
                   d.latitude as district_lat, d.longitude as district_lng, d.lad_name
            from (select 1) as one
            left join postcodes p on p.postcode = ${postcode}
            left join postcode_districts d on d.outcode = ${outcode}`,
      );
      if (!row) return { unit: null, district: null };
      return {
        unit:
          row.unit_lat === null || row.unit_lng === null
            ? null
            : { latitude: row.unit_lat, longitude: row.unit_lng },
        district:
          row.district_lat === null || row.district_lng === null
            ? null
            : { latitude: row.district_lat, longitude: row.district_lng, areaName: row.lad_name },
      };
    },

    /** The few district centroids nearest a point (GiST nearest-neighbour), within maxMetres. */
    async nearestDistricts(
      point: Point,
      limit: number,
      maxMetres: number,
    ): Promise<NearbyDistrict[]> {
      const origin = earthPoint(point);
      const rows = await queryRows<{ outcode: string; lad_name: string | null; metres: number }>(
        db,
        sql`select outcode, lad_name, metres from (
              select outcode, lad_name, earth_distance(${origin}, ll_to_earth(latitude, longitude)) as metres
              from postcode_districts
              order by ll_to_earth(latitude, longitude) <-> ${origin}
              limit ${limit}
            ) as nearest
            where metres <= ${maxMetres}
            order by metres`,
      );
      return rows.map((row) => ({
        outcode: row.outcode,
        areaName: row.lad_name,
        metres: row.metres,
      }));
    },

    /** The nearest unit postcode in the given districts (outcode btree; no GiST on postcodes). */
    async nearestPostcodeIn(
      outcodes: string[],
      point: Point,
    ): Promise<{ postcode: string; outcode: string } | null> {
      const [row] = await queryRows<{ postcode: string; outcode: string }>(
        db,
        sql`select postcode, outcode from postcodes
            where outcode = any(${sql.param(outcodes)}::text[])
            order by earth_distance(${earthPoint(point)}, ll_to_earth(latitude, longitude)), postcode
            limit 1`,
      );
      return row ?? null;
    },

    /**
     * A local authority named by one of `names` (lower case, punctuation as spaces; 'bristol'
     * names "Bristol, City of"), placed at the centroid of its districts weighted by postcodes,
     * with its largest district. The longest name wins ('kingston upon thames' over 'kingston').
     */
    async findAuthority(
      names: readonly string[],
    ): Promise<(Point & { name: string; key: string; outcode: string }) | null> {
      if (names.length === 0) return null;
      const [row] = await queryRows<{
        name: string;
        key: string;
        outcode: string;
        latitude: number;
        longitude: number;
      }>(
        db,
        sql`with named as (
              select lad_name, outcode, latitude, longitude, postcodes_used,
                     trim(regexp_replace(regexp_replace(replace(lower(lad_name), '''', ''), '^city of |, city of$', ''),
                                         '[^a-z0-9]+', ' ', 'g')) as key
              from postcode_districts where lad_name is not null)
            select lad_name as name, key,
                   (array_agg(outcode order by postcodes_used desc, outcode))[1] as outcode,
                   sum(latitude * postcodes_used) / sum(postcodes_used) as latitude,
                   sum(longitude * postcodes_used) / sum(postcodes_used) as longitude
            from named
            where key = any(${sql.param([...names])}::text[])
            group by lad_name, key
            order by length(key) desc, lad_name
            limit 1`,
      );
      return row ?? null;
    },

    async hasUnitPostcodes(outcode: string): Promise<boolean> {
      const rows = await queryRows(
        db,
        sql`select 1 from postcodes where outcode = ${outcode} limit 1`,
      );
      return rows.length > 0;
    },
  };
}
