import { z } from 'zod';

/** Spec 3 "Site views": field names are the spec's, PascalCase included. */
export const SiteViewsSchema = z.object({
  TotalViews: z.number().int().nonnegative(),
  TodayViews: z.number().int().nonnegative(),
  /** ISO 8601 timestamp of the last counted visit, or null before the first one. */
  LastUpdated: z.string().nullable(),
});
export type SiteViews = z.infer<typeof SiteViewsSchema>;
