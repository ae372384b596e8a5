import { z } from 'zod';

/** GET /api/config: what the browser needs to know about this deployment. */
export const ClientConfigSchema = z.object({
  map: z.object({
    /** A Leaflet URL template, e.g. https://tile.openstreetmap.org/{z}/{x}/{y}.png */
    tileUrl: z.string(),
    /** HTML credit line the tile provider requires (trusted: it comes from MAP_TILE_ATTRIBUTION). */
    tileAttribution: z.string(),
  }),
});
export type ClientConfig = z.infer<typeof ClientConfigSchema>;
