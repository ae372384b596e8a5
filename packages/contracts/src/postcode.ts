/**
 * 1-2 letters, 1-2 digits, an optional letter, then a digit and 2 letters.
 * Spaces are ignored and case does not matter. We also accept an outward code alone
 * ("BS1", "SW1A"), which people often type when they do not know their full postcode.
 */
const FULL_POSTCODE = /^[A-Z]{1,2}[0-9]{1,2}[A-Z]?[0-9][A-Z]{2}$/;
const OUTWARD_CODE = /^[A-Z]{1,2}[0-9]{1,2}[A-Z]?$/;

export const POSTCODE_MESSAGE = 'Enter a real UK postcode, like BS1 4DJ';

function compact(input: string): string {
  return input.replace(/\s+/g, '').toUpperCase();
}

export function isFullPostcode(input: string): boolean {
  return FULL_POSTCODE.test(compact(input));
}

export function isOutwardCode(input: string): boolean {
  return OUTWARD_CODE.test(compact(input));
}

export function isValidPostcode(input: string): boolean {
  return isFullPostcode(input) || isOutwardCode(input);
}

/** Remove spaces, uppercase, and put a space before the last 3 characters when length >= 5. */
export function formatPostcode(input: string): string {
  const value = compact(input);
  if (value.length < 5 || isOutwardCode(value)) return value;
  return `${value.slice(0, -3)} ${value.slice(-3)}`;
}

/** The outward code (postcode district) of a full postcode or an outward code. */
export function outwardCode(input: string): string {
  const value = compact(input);
  return isOutwardCode(value) ? value : value.slice(0, -3);
}
