import { describe, expect, it } from 'vitest';
import { safeReturnTo } from './return-to';

describe('safeReturnTo', () => {
  it.each([
    ['/', '/'],
    ['/results?postcode=BS1+4DJ&radius=5', '/results?postcode=BS1+4DJ&radius=5'],
    ['/bookmarks#services', '/bookmarks#services'],
    ['/a/../b', '/b'],
    ['/results?next=//evil.com', '/results?next=//evil.com'],
    ['/#//evil.com', '/#//evil.com'],
  ])('keeps the same-site path %j', (value, expected) => {
    expect(safeReturnTo(value)).toBe(expected);
  });

  it.each([
    ['//evil.com'],
    ['//evil.com/path'],
    ['///evil.com'],
    ['https://evil.com'],
    ['http:/evil.com'],
    ['/\\evil.com'],
    ['\\\\evil.com'],
    ['/\t/evil.com'],
    ['/\n/evil.com'],
    // Issue 11: these normalise to '//evil.example'.
    ['/..//evil.example'],
    ['/.//evil.example'],
    ['/a/..//evil.example'],
    ['/./..//evil.example'],
    ['/%2e//evil.example'],
    ['/%2E%2E//evil.example'],
    ['/.%2e//evil.example'],
    ['/%2F/evil.example'],
    ['/%2f%2fevil.example'],
    ['/%5Cevil.example'],
    ['/..%2F%2Fevil.example/..'],
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
