import { z } from 'zod';

/** Real counts from the database that back the spec's marketing figures. */
export const PublicStatsSchema = z.object({
  /**
   * Newsletter addresses subscribed now, leaving out those that unsubscribed ("Join N+ community
   * members"). There is no confirmation step: an address counts from the moment it signs up.
   */
  subscribers: z.number().int().nonnegative(),
  /** Services listed in the directory (spec /about "500+ providers"). */
  servicesListed: z.number().int().nonnegative(),
  /** Local authorities with at least one listed service (spec /about "50+ cities"). */
  localAuthorities: z.number().int().nonnegative(),
});
export type PublicStats = z.infer<typeof PublicStatsSchema>;

/**
 * A figure worth printing as "N+": rounded down so it is never an overstatement, or null
 * while the true count is below `minimum` (we never print a number that is not true, and
 * "Join 3+ members" helps nobody).
 */
export function displayFigure(count: number, minimum: number): string | null {
  if (count < minimum) return null;
  const magnitude = 10 ** Math.max(0, Math.floor(Math.log10(count)) - 1);
  const rounded = Math.floor(count / magnitude) * magnitude;
  return `${rounded.toLocaleString('en-GB')}+`;
}
