import { z } from 'zod';

/** Real counts from the database, shown in place of fixed marketing figures. */
export const PublicStatsSchema = z.object({
  /**
   * Newsletter addresses subscribed now, leaving out those that unsubscribed ("Join N+ community
   * members"). There is no confirmation step: an address counts from the moment it signs up.
   */
  subscribers: z.number().int().nonnegative(),
  /** Services listed in the directory (on /about, in place of "500+ providers"). */
  servicesListed: z.number().int().nonnegative(),
  /** Local authorities with at least one listed service (on /about, in place of "50+ cities"). */
  localAuthorities: z.number().int().nonnegative(),
});
export type PublicStats = z.infer<typeof PublicStatsSchema>;
