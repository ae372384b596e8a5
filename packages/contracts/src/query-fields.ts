import { z } from 'zod';

/** Query strings carry '' for "not set"; treat it as absent so defaults apply. */
export const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' || value === null ? undefined : value), schema.optional());

/** A whole number from a query string, between `min` and `max`, with messages naming the field. */
export const wholeNumber = (field: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${field} must be a whole number` })
    .int({ error: `${field} must be a whole number` })
    .min(min, { error: `${field} must be between ${min} and ${max}` })
    .max(max, { error: `${field} must be between ${min} and ${max}` });
