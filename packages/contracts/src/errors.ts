import { z } from 'zod';

/** Every 4xx and 5xx body the API sends. 5xx messages never carry internal detail. */
export const ApiErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ApiErrorBody = z.infer<typeof ApiErrorSchema>;
