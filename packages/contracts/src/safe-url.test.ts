import { describe, expect, it } from 'vitest';
import { ProviderApplicationSchema } from './list-service';
import { ListingFieldsSchema } from './listing';
import { safeHttpUrl, webAddressOf } from './safe-url';

describe('safeHttpUrl (issue 25)', () => {
  it.each([
    ['https://example.org/food', 'https://example.org/food'],
    ['  http://example.org  ', 'http://example.org'],
    ['HTTPS://EXAMPLE.ORG', 'HTTPS://EXAMPLE.ORG'],
  ])('keeps %j', (value, expected) => {
    expect(safeHttpUrl(value)).toBe(expected);
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'mailto:a@example.org',
    '//example.org',
    '/relative',
    'example.org',
    '',
    '   ',
    null,
    undefined,
  ])('refuses %j', (value) => {
    expect(safeHttpUrl(value)).toBeNull();
  });
});

describe('the forms that take a website', () => {
  it.each([
    ['an application', ProviderApplicationSchema.shape.website],
    ['a listing', ListingFieldsSchema.shape.website],
  ])('refuse javascript: on %s (URL.canParse accepted it)', (_form, website) => {
    expect(website.safeParse('javascript:alert(1)').success).toBe(false);
    expect(website.safeParse('https://example.org').success).toBe(true);
  });
});

describe('webAddressOf (issue 26)', () => {
  it.each([
    ['www.boots.co.uk', 'http://www.boots.co.uk'],
    ['  surgery.nhs.uk/contact ', 'http://surgery.nhs.uk/contact'],
    ['https://example.org/a', 'https://example.org/a'],
  ])('reads %j as %j', (value, expected) => {
    expect(webAddressOf(value)).toBe(expected);
  });

  it.each(['javascript:alert(1)', 'localhost', 'not a website', 'a@b.com', '', null])(
    'refuses %j',
    (value) => {
      expect(webAddressOf(value)).toBeNull();
    },
  );
});
