import { z } from 'zod';
import type { Point } from './places.repository';

export const POSTCODES_API_TIMEOUT_MS = 3000;

/** The part of a postcodes.io answer we read: GET {url}/postcodes/{postcode}. */
const PostcodesApiAnswerSchema = z.object({
  result: z.object({
    latitude: z.number(),
    longitude: z.number(),
    admin_district: z.string().nullable().optional(),
  }),
});

export type PostcodesApiPlace = Point & { adminDistrict: string | null };

export type PostcodesApiOptions = {
  baseUrl: string;
  timeoutMs?: number;
};

/**
 * Places a postcode with a postcodes.io-compatible service. Null when the service does not know
 * it; throws when the service cannot be reached in time or answers with something else.
 */
export async function lookupPostcodesApi(
  postcode: string,
  options: PostcodesApiOptions,
): Promise<PostcodesApiPlace | null> {
  const url = `${options.baseUrl}/postcodes/${encodeURIComponent(postcode)}`;
  const response = await fetch(url, {
    headers: { accept: 'application/json' },
    signal: AbortSignal.timeout(options.timeoutMs ?? POSTCODES_API_TIMEOUT_MS),
  });
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`Postcodes API answered ${response.status} for ${postcode}`);
  const answer = PostcodesApiAnswerSchema.safeParse(await response.json());
  // postcodes.io answers 200 with a null result for terminated postcodes without a location.
  if (!answer.success) return null;
  const { latitude, longitude, admin_district } = answer.data.result;
  return { latitude, longitude, adminDistrict: admin_district ?? null };
}
