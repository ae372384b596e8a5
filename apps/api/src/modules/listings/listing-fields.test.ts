import type { ListingFields } from '@locals/contracts/listing';
import { ListingFieldsSchema } from '@locals/contracts/listing';
import { parseOpeningHours } from '@locals/contracts/opening-hours';
import { describe, expect, it } from 'vitest';
import { isStale, monthsBefore } from './last-checked';
import { changedFields, hoursText } from './listing-fields';

const fields: ListingFields = {
  name: 'Broad Street Food Bank',
  description: 'Food parcels on referral.',
  categories: ['food'],
  phones: ['0117 496 0000'],
  email: '',
  website: '',
  address: '1 Broad Street, Bristol',
  postcode: 'BS1 2HA',
  openingHours: 'Mon 09:00-17:00',
};

describe('listing fields', () => {
  it('writes imported hours as text that reads back the same', () => {
    const imported = parseOpeningHours(
      'staffed: Mon 09:00-21:30; Tue 09:00-13:00,14:00-17:00; Sat 10:00-16:00',
    );
    expect(imported).not.toBeNull();
    const text = hoursText(imported!);
    expect(text).toBe('staffed: Mon 09:00-21:30; Tue 09:00-13:00,14:00-17:00; Sat 10:00-16:00');
    expect(parseOpeningHours(text)).toEqual(imported);
  });

  it('names only the fields that changed, on both sides', () => {
    const after = { ...fields, openingHours: 'Mon 10:00-16:00', phones: ['0117 496 0001'] };
    expect(changedFields(fields, after)).toEqual({
      before: { phones: ['0117 496 0000'], openingHours: 'Mon 09:00-17:00' },
      after: { phones: ['0117 496 0001'], openingHours: 'Mon 10:00-16:00' },
    });
    expect(changedFields(fields, { ...fields })).toEqual({ before: {}, after: {} });
  });

  it.each([
    [{ postcode: 'BS1' }, 'Enter a full UK postcode, like BS1 4DJ'],
    [{ categories: [] }, 'Choose at least one category'],
    [{ website: 'example.org' }, 'Enter a full web address, like https://example.org'],
    [{ email: 'not an email' }, 'Please enter a valid email address'],
    [{ phones: ['call us'] }, 'Enter a phone number, like 0117 496 0000'],
  ])('refuses %o with a message a person can act on', (change, message) => {
    const result = ListingFieldsSchema.safeParse({ ...fields, ...change });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toContain(message);
  });

  it('tidies the postcode it accepts', () => {
    expect(ListingFieldsSchema.parse({ ...fields, postcode: ' bs12ha ' }).postcode).toBe('BS1 2HA');
  });
});

describe('last checked', () => {
  it('counts months back on the calendar, keeping to the last day of a short month', () => {
    expect(monthsBefore('2026-11-26', 12)).toBe('2025-11-26');
    expect(monthsBefore('2026-11-26', 11)).toBe('2025-12-26');
    expect(monthsBefore('2026-03-31', 1)).toBe('2026-02-28');
    expect(monthsBefore('2028-03-31', 1)).toBe('2028-02-29');
  });

  it('is stale from the same date a year on, and never without a check', () => {
    expect(isStale('2025-11-26', '2026-11-26')).toBe(true);
    expect(isStale('2025-11-27', '2026-11-26')).toBe(false);
    expect(isStale(null, '2026-11-26')).toBe(false);
  });
});
