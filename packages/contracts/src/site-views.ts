import { z } from 'zod';

/**
 * The site's view counts. The field names are the product's original API names, PascalCase
 * included.
 */
export const SiteViewsSchema = z.object({
  TotalViews: z.number().int().nonnegative(),
  TodayViews: z.number().int().nonnegative(),
  /** ISO 8601 timestamp of the last counted visit, or null before the first one. */
  LastUpdated: z.string().nullable(),
});
export type SiteViews = z.infer<typeof SiteViewsSchema>;
