import { POSTCODE_MESSAGE, formatPostcode, isValidPostcode } from '@locals/contracts/postcode';

/** PostcodeSchema's message for an empty field (check-postcode.test.ts keeps them in step). */
export const POSTCODE_REQUIRED_MESSAGE = 'Enter a postcode';

export type PostcodeCheck = { postcode: string; error?: undefined } | { error: string };

/**
 * The contracts' postcode rules without zod, so the results page can check a postcode
 * cheaply. Any case and spacing is accepted, outward codes too (GOV.UK: never reject a
 * postcode for its form), and the answer is normalised.
 */
export function checkPostcode(input: string): PostcodeCheck {
  const trimmed = input.trim();
  if (trimmed === '') return { error: POSTCODE_REQUIRED_MESSAGE };
  if (!isValidPostcode(trimmed)) return { error: POSTCODE_MESSAGE };
  return { postcode: formatPostcode(trimmed) };
}
