import { describe, expect, it } from 'vitest';
import { safeReturnTo } from './return-to';

describe('safeReturnTo', () => {
  it.each([
    ['/', '/'],
    ['/results?postcode=BS1+4DJ&radius=5', '/results?postcode=BS1+4DJ&radius=5'],
    ['/bookmarks#services', '/bookmarks#services'],
    ['/a/../b', '/b'],
  ])('keeps the same-site path %j', (value, expected) => {
    expect(safeReturnTo(value)).toBe(expected);
  });

  it.each([
    ['//evil.com'],
    ['//evil.com/path'],
    ['https://evil.com'],
    ['http:/evil.com'],
    ['/\\evil.com'],
    ['\\\\evil.com'],
    ['/\t/evil.com'],
    ['/\n/evil.com'],
    ['javascript:alert(1)'],
    ['results'],
    [''],
    [undefined],
    [42],
    ['/' + 'a'.repeat(2001)],
  ])('replaces %j with /', (value) => {
    expect(safeReturnTo(value)).toBe('/');
  });
});
