import type { ResolvedLocation, ReverseGeocodeResponse } from '@locals/contracts/search';
import { isFullPostcode, outwardCode } from '@locals/contracts/postcode';
import type { Db } from '@locals/db/client';
import type { FastifyBaseLogger } from 'fastify';
import { rememberedAnswers } from '../../lib/remembered-answers';
import { createPlacesRepository, type Located, type Point } from './places.repository';
import { lookupPostcodesApi } from './postcodes-api';

/** Postcodes found are remembered this long (a load of postcodes shows within it), this many. */
const LOCATION_ANSWER_TTL_MS = 60_000;
const LOCATION_ANSWERS = 50_000;

/** Reverse geocoding looks at this many district centroids, and none farther than this. */
const NEAREST_DISTRICTS = 5;
export const REVERSE_MAX_METRES = 20_000;
/** The longest authority name in words ("king s lynn and west norfolk" is 6). */
const MAX_PLACE_WORDS = 6;

export type GeocoderOptions = {
  db: Db;
  log: Pick<FastifyBaseLogger, 'warn'>;
  postcodesApiUrl?: string | undefined;
  postcodesApiTimeoutMs?: number;
};

export type Geocoder = {
  resolve(postcode: string): Promise<ResolvedLocation | null>;
  resolvePlace(
    words: readonly string[],
  ): Promise<{ location: ResolvedLocation; rest: string[] } | null>;
  reverse(point: Point): Promise<ReverseGeocodeResponse | null>;
  within(db: Db): Geocoder;
};

/**
 * Postcodes and places to coordinates. Built once for the app (geocoder.plugin.ts) and handed to
 * whoever needs it as `app.geocoder`; benchmarks and tests build their own.
 */
export function createGeocoder(options: GeocoderOptions): Geocoder {
  const places = createPlacesRepository(options.db);
  // Each search starts here: where a postcode is changes only when postcodes are loaded.
  const locations = rememberedAnswers<Located>({
    ttlMs: LOCATION_ANSWER_TTL_MS,
    maxEntries: LOCATION_ANSWERS,
    isKept: (located) => located.unit !== null || located.district !== null,
  });

  async function fromPostcodesApi(
    postcode: string,
  ): Promise<{ point: Point; areaName: string | null } | null> {
    if (!options.postcodesApiUrl) return null;
    try {
      const place = await lookupPostcodesApi(postcode, {
        baseUrl: options.postcodesApiUrl,
        ...(options.postcodesApiTimeoutMs ? { timeoutMs: options.postcodesApiTimeoutMs } : {}),
      });
      return place ? { point: place, areaName: place.adminDistrict } : null;
    } catch (error) {
      // A slow or failing lookup service must not fail the search: the district centroid will do.
      options.log.warn({ err: error }, 'postcodes API lookup failed; using the district centroid');
      return null;
    }
  }

  return {
    /**
     * Places a formatted postcode or outward code: its unit postcode row, else the postcodes API,
     * else its district centroid. Null when none of them knows it.
     */
    async resolve(postcode: string): Promise<ResolvedLocation | null> {
      const outcode = outwardCode(postcode);
      const isFull = isFullPostcode(postcode);
      const { unit, district } = await locations(postcode, () => places.locate(postcode, outcode));
      const areaName = district?.areaName ?? null;
      const located = (
        point: Point,
        precision: ResolvedLocation['precision'],
        name = areaName,
      ) => ({
        postcode,
        outcode,
        coordinates: { lat: point.latitude, lng: point.longitude },
        precision,
        areaName: name,
      });
      if (isFull && unit) return located(unit, 'postcode');
      if (isFull) {
        const fromApi = await fromPostcodesApi(postcode);
        if (fromApi) return located(fromApi.point, 'postcodes-api', areaName ?? fromApi.areaName);
      }
      return district ? located(district, 'district') : null;
    },

    /**
     * A local authority named in a keyword's words ("food bank hackney"): where it is, and the
     * words left over. The place stands in for a postcode (decision 011), so `postcode` is the
     * authority's largest district and `areaName` its name.
     */
    async resolvePlace(
      words: readonly string[],
    ): Promise<{ location: ResolvedLocation; rest: string[] } | null> {
      const spans: { key: string; start: number; end: number }[] = [];
      for (let start = 0; start < words.length; start++) {
        for (let end = start + 1; end <= Math.min(words.length, start + MAX_PLACE_WORDS); end++) {
          spans.push({ key: words.slice(start, end).join(' '), start, end });
        }
      }
      const place = await places.findAuthority([...new Set(spans.map((span) => span.key))]);
      const span = place ? spans.find((candidate) => candidate.key === place.key) : undefined;
      if (!place || !span) return null;
      return {
        location: {
          postcode: place.outcode,
          outcode: place.outcode,
          coordinates: { lat: place.latitude, lng: place.longitude },
          precision: 'district',
          areaName: place.name,
        },
        rest: [...words.slice(0, span.start), ...words.slice(span.end)],
      };
    },

    /** The nearest unit postcode to a point, or the nearest district where no units are loaded. */
    async reverse(point: Point): Promise<ReverseGeocodeResponse | null> {
      const districts = await places.nearestDistricts(point, NEAREST_DISTRICTS, REVERSE_MAX_METRES);
      const nearest = districts[0];
      if (!nearest) return null;
      if (await places.hasUnitPostcodes(nearest.outcode)) {
        const unit = await places.nearestPostcodeIn(
          districts.map((district) => district.outcode),
          point,
        );
        if (unit) {
          const district = districts.find((candidate) => candidate.outcode === unit.outcode);
          return { ...unit, areaName: district?.areaName ?? null, precision: 'postcode' };
        }
      }
      return {
        postcode: nearest.outcode,
        outcode: nearest.outcode,
        areaName: nearest.areaName,
        precision: 'district',
      };
    },

    /** The same geocoder reading through another handle: a transaction's, to see its writes. */
    within(db: Db): Geocoder {
      return createGeocoder({ ...options, db });
    },
  };
}

/** Says what went wrong and what to try instead. */
export function postcodeNotFoundMessage(postcode: string): string {
  return isFullPostcode(postcode)
    ? `We couldn't find ${postcode}. Check it and try again, or search by the first part (like ${outwardCode(postcode)}).`
    : `We couldn't find ${postcode}. Check it and try again.`;
}
