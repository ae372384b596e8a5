import { describe, expect, it } from 'vitest';
import { AGE_MAX_FIELD_ID, AGE_MIN_FIELD_ID, checkAges } from './check-ages';

describe('checkAges', () => {
  it.each([
    ['', ''],
    ['0', '120'],
    ['18', ''],
    ['', '25'],
    ['18', '18'],
  ])('accepts from %j to %j', (ageMin, ageMax) => {
    expect(checkAges(ageMin, ageMax)).toEqual([]);
  });

  it.each([
    ['eighteen', '', AGE_MIN_FIELD_ID, 'Age from must be a whole number from 0 to 120'],
    ['-1', '', AGE_MIN_FIELD_ID, 'Age from must be a whole number from 0 to 120'],
    ['12.5', '', AGE_MIN_FIELD_ID, 'Age from must be a whole number from 0 to 120'],
    ['', '121', AGE_MAX_FIELD_ID, 'Age to must be a whole number from 0 to 120'],
    ['30', '18', AGE_MIN_FIELD_ID, 'Age from must be the same as or less than age to'],
  ])('refuses from %j to %j', (ageMin, ageMax, fieldId, message) => {
    expect(checkAges(ageMin, ageMax)).toEqual([{ fieldId, message }]);
  });
});
