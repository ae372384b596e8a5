import { POSTCODE_MESSAGE } from '@locals/contracts/postcode';
import { PostcodeSchema } from '@locals/contracts/postcode-schema';
import { describe, expect, it } from 'vitest';
import { POSTCODE_REQUIRED_MESSAGE, checkPostcode } from './check-postcode';

describe('checkPostcode', () => {
  it.each([
    ['bs14dj', 'BS1 4DJ'],
    ['  BS1   4DJ ', 'BS1 4DJ'],
    ['sw1a1aa', 'SW1A 1AA'],
    ['Ec1A 1bB', 'EC1A 1BB'],
    ['bs1', 'BS1'],
    ['sw1a', 'SW1A'],
    ['m1', 'M1'],
  ])('accepts %j as %j', (input, postcode) => {
    expect(checkPostcode(input)).toEqual({ postcode });
  });

  it.each([
    ['', POSTCODE_REQUIRED_MESSAGE],
    ['   ', POSTCODE_REQUIRED_MESSAGE],
    ['hello', POSTCODE_MESSAGE],
    ['BS1 4DJX', POSTCODE_MESSAGE],
    ['12345', POSTCODE_MESSAGE],
  ])('rejects %j with %j', (input, error) => {
    expect(checkPostcode(input)).toEqual({ error });
  });

  it.each(['bs14dj', ' sw1a 1aa', 'bs1', '', 'hello', 'BS1 4DJX'])(
    'agrees with the contracts PostcodeSchema for %j',
    (input) => {
      const parsed = PostcodeSchema.safeParse(input);
      const expected = parsed.success
        ? { postcode: parsed.data }
        : { error: parsed.error.issues[0]?.message };
      expect(checkPostcode(input)).toEqual(expected);
    },
  );
});
