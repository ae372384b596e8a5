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
