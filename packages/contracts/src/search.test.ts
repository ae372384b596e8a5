import { describe, expect, it } from 'vitest';
import { SearchQuerySchema } from './search';

describe('SearchQuerySchema', () => {
  it('applies defaults and treats empty strings as absent', () => {
    const query = SearchQuerySchema.parse({
      postcode: 'bs14dj',
      distance: '',
      keyword: '',
      serviceTypes: 'any',
    });
    expect(query).toMatchObject({
      postcode: 'BS1 4DJ',
      distance: undefined,
      keyword: undefined,
      serviceTypes: [],
      includeUnverified: false,
    });
  });

  it('reads comma-separated service types and the unverified flag', () => {
    const query = SearchQuerySchema.parse({
      serviceTypes: 'Pharmacy, GP practice',
      includeUnverified: 'true',
      distance: '10',
    });
    expect(query.serviceTypes).toEqual(['Pharmacy', 'GP practice']);
    expect(query.includeUnverified).toBe(true);
    expect(query.distance).toBe(10);
  });

  it.each([
    [{ distance: '7' }, 'distance must be one of 5, 10, 25, 40, 60 or 100 miles'],
    [{ page: '0' }, 'page must be between 1 and 100000'],
    [{ pageSize: '1001' }, 'pageSize must be between 1 and 1000'],
    [{ pageSize: 'ten' }, 'pageSize must be a whole number'],
    [{ category: 'pizza' }, 'Choose one of the listed categories'],
    [{ reviewRating: '6-stars' }, "reviewRating must be 'any' or 1-stars to 5-stars"],
    [{ includeUnverified: 'yes' }, 'includeUnverified must be true or false'],
    [{ ageMin: '30', ageMax: '20' }, 'ageMin must not be more than ageMax'],
    [{ postcode: 'not a postcode' }, 'Enter a real UK postcode, like BS1 4DJ'],
  ])('rejects %j with %j', (input, message) => {
    const result = SearchQuerySchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});
