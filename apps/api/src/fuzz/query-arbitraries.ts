import fc from 'fast-check';
import { hostileString } from './hostile-values';
import { invalidValue, validValue, type Hints } from './json-schema-arbitraries';
import type { Parameter } from './openapi-operations';

/**
 * encodeURIComponent, except that a lone surrogate (which it refuses) goes out as the bytes of
 * U+FFFD, as a browser would send it.
 */
export function percentEncoded(text: string): string {
  return [...Buffer.from(text, 'utf8')]
    .map((byte) => {
      const character = String.fromCharCode(byte);
      return /[A-Za-z0-9\-_.!~*'()]/.test(character)
        ? character
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
    })
    .join('');
}

/** One `key=value` of a query string, already percent-encoded (or deliberately not). */
type Pair = string;

const pair = (key: string, value: string): Pair =>
  `${percentEncoded(key)}=${percentEncoded(value)}`;

/** Escapes a browser would never send, passed through as they are. */
const RAW_QUERY_VALUES = ['%', '%zz', '%E0%A4%A', '%00', '%C0%AF', '%ED%A0%80', '%FF', '+%2B+'];

export function queryArbitrary(
  parameters: Parameter[],
  hints: Hints,
  isValid: boolean,
): fc.Arbitrary<string> {
  const declared = parameters.map((parameter) =>
    isValid ? validQueryParameter(parameter, hints) : queryParameter(parameter, hints),
  );
  if (isValid) return fc.tuple(...declared).map((pairs) => queryString(pairs.flat(), ''));
  const extra = fc.array(
    fc
      .tuple(
        // Names no schema declares, some meaningful elsewhere (OAuth's code, iss and error).
        fc.constantFrom(
          'x',
          '__proto__',
          'constructor',
          'a[b]',
          '',
          'page[]',
          'code',
          'iss',
          'error',
        ),
        hostileString(),
      )
      .map(([key, value]) => pair(key, value)),
    { maxLength: 2 },
  );
  const rawTail = fc.oneof(
    { weight: 12, arbitrary: fc.constant('') },
    { weight: 1, arbitrary: fc.constantFrom('&', '&&=&', '&%', '&%zz=1', '&a=%E0%A4%A', '&=x') },
    { weight: 1, arbitrary: fc.constant(`&${'a=1&'.repeat(2000)}`) },
  );
  return fc
    .tuple(fc.tuple(...declared), extra, rawTail)
    .map(([pairs, extraPairs, tail]) => queryString([...pairs.flat(), ...extraPairs], tail));
}

function queryString(pairs: Pair[], rawTail: string): string {
  const query = pairs.join('&');
  const whole = `${query}${query === '' ? rawTail.replace(/^&/, '') : rawTail}`;
  return whole === '' ? '' : `?${whole}`;
}

/** A required parameter with a valid value; an optional one mostly with one, or left out. */
function validQueryParameter(parameter: Parameter, hints: Hints): fc.Arbitrary<Pair[]> {
  const { name, schema = {} } = parameter;
  const present = validValue(schema, name, hints).map((value) => [pair(name, queryText(value))]);
  return parameter.required
    ? present
    : fc.oneof(
        { weight: 1, arbitrary: fc.constant<Pair[]>([]) },
        { weight: 3, arbitrary: present },
      );
}

function queryParameter(parameter: Parameter, hints: Hints): fc.Arbitrary<Pair[]> {
  const { name, schema = {} } = parameter;
  const valid = validValue(schema, name, hints).map(queryText);
  return fc.oneof(
    { weight: parameter.required ? 1 : 3, arbitrary: fc.constant<Pair[]>([]) },
    { weight: 6, arbitrary: valid.map((value) => [pair(name, value)]) },
    {
      weight: 3,
      arbitrary: invalidValue(schema).map((value) =>
        // A list becomes the parameter repeated (?id=a&id=b), as a form with two fields sends it.
        Array.isArray(value)
          ? value.map((each) => pair(name, queryText(each)))
          : [pair(name, queryText(value))],
      ),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(valid, valid).map(([a, b]) => [pair(name, a), pair(name, b)]),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(...RAW_QUERY_VALUES)
        .map((raw) => [`${percentEncoded(name)}=${raw}`]),
    },
  );
}

function queryText(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
}
