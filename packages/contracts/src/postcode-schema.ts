import { z } from 'zod';
import { formatPostcode, isValidPostcode, POSTCODE_MESSAGE } from './postcode';

/** A UK postcode or outward code, formatted (postcode.ts has the rules, without zod). */
export const PostcodeSchema = z
  .string({ error: POSTCODE_MESSAGE })
  .trim()
  .min(1, { error: 'Enter a postcode' })
  .refine(isValidPostcode, { error: POSTCODE_MESSAGE })
  .transform(formatPostcode);
