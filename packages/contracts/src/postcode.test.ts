import { describe, expect, it } from 'vitest';
import {
  formatPostcode,
  isFullPostcode,
  isValidPostcode,
  outwardCode,
  POSTCODE_MESSAGE,
} from './postcode';
import { PostcodeSchema } from './postcode-schema';

describe('UK postcode rules (spec 5)', () => {
  it.each([
    ['BS1 4DJ', 'BS1 4DJ'],
    ['bs14dj', 'BS1 4DJ'],
    [' sw1a 1aa ', 'SW1A 1AA'],
    ['EC1A1BB', 'EC1A 1BB'],
    ['w1a  0ax', 'W1A 0AX'],
    ['M1 1AE', 'M1 1AE'],
    ['bs1', 'BS1'],
    ['sw1a', 'SW1A'],
  ])('accepts %j and formats it as %j', (input, formatted) => {
    expect(isValidPostcode(input)).toBe(true);
    expect(formatPostcode(input)).toBe(formatted);
    expect(PostcodeSchema.parse(input)).toBe(formatted);
  });

  it.each(['', 'hello', '12345', 'BS1 4DJJ', 'BS1 44J', 'BSS1 4DJ', 'B 4DJ', 'BS1 4DJX', 'Q'])(
    'rejects %j with a message a person can act on',
    (input) => {
      expect(isValidPostcode(input)).toBe(false);
      const result = PostcodeSchema.safeParse(input);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toMatch(
        input.trim() ? POSTCODE_MESSAGE : 'Enter a postcode',
      );
    },
  );

  it.each([
    ['BS1 4DJ', 'BS1', true],
    ['SW1A1AA', 'SW1A', true],
    ['bs1', 'BS1', false],
  ])('%j has the outward code %j (full postcode: %s)', (input, outward, full) => {
    expect(outwardCode(input)).toBe(outward);
    expect(isFullPostcode(input)).toBe(full);
  });
});
