import fc from 'fast-check';

/**
 * Strings that have broken parsers, databases and logs elsewhere. None of them contains the
 * words the leak checks look for, so an echo of one can never pass for a leak.
 */
export const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u0000'.repeat(64),
  '\b\u001b[31m\u0007',
  '\r\nSet-Cookie: x=1',
  '\u007f\u0085\u009f',
  '\u2028\u2029',
  '\ud800',
  'a\udfffb',
  '\ufeff{}',
  '\u202eevil',
  '\u200b',
  'e\u0301\u0301\u0301',
  'İıßẞﬀ',
  '👩‍👩‍👧‍👦🏳️‍🌈',
  '%',
  '%00',
  '%zz',
  '%2e%2e%2f%2e%2e%2f',
  '%C0%AF',
  '%ED%A0%80',
  '%FF%FE',
  '%25%32%35',
  '%u0000',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  "' OR '1'='1' --",
  "'; DROP TABLE users; --",
  '"',
  '\\',
  "\\'",
  '%_%',
  '$1',
  '::uuid',
  '{}',
  '[]',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  '0x1F',
  '9'.repeat(400),
  '١٢٣',
  '__proto__',
  'constructor',
  'toString',
  '${7*7}{{7*7}}%s%s%n',
  '<script>alert(1)</script>',
  'https://evil.example/',
  '//evil.example',
  'javascript:alert(1)',
];

/** Strings outside any sensible schema: control characters, odd unicode, the very long. */
export function hostileString(): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
    { weight: 2, arbitrary: withInjected(fc.string({ maxLength: 20 })) },
    // Every code point, lone surrogates included.
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
    { weight: 1, arbitrary: fc.constantFrom(2_001, 20_000, 200_000).map((n) => 'a'.repeat(n)) },
  );
}

/** An ordinary string with one hostile character put in somewhere. */
function withInjected(text: fc.Arbitrary<string>): fc.Arbitrary<string> {
  const character = fc.constantFrom(
    '\u0000',
    '\u0001',
    '\u001f',
    '\u007f',
    '\u0085',
    '\ud800',
    '%',
  );
  return fc.tuple(text, character, fc.nat()).map(([base, inserted, at]) => {
    const index = base.length === 0 ? 0 : at % base.length;
    return base.slice(0, index) + inserted + base.slice(index);
  });
}

/** A JSON value of the wrong kind for almost any field: a type, a list, an object, a deep one. */
export function hostileJson(): fc.Arbitrary<unknown> {
  return fc.oneof(
    fc.constantFrom(null, true, false, 0, -1, 1.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2),
    hostileString().map((each) => [each]),
    fc.constant({}),
    fc.dictionary(fc.constantFrom('a', '__proto__', 'constructor', '$where'), hostileString(), {
      maxKeys: 3,
    }),
    fc.constantFrom(10, 1000).map(nested),
    fc.jsonValue({ maxDepth: 3 }),
    hostileString(),
  );
}

/** `{"a":{"a":…}}`, `depth` levels deep. */
export function nested(depth: number): unknown {
  let value: unknown = 'deep';
  for (let level = 0; level < depth; level += 1) value = { a: value };
  return value;
}
