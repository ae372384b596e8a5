import fc from 'fast-check';
import { hostileJson } from './hostile-values';

/** The parts of JSON Schema that the API's zod contracts become in its OpenAPI document. */
export type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  maxItems?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
};

/** Valid values a field name stands for (a real service id, an email), beyond its bare schema. */
export type Hints = (name: string) => fc.Arbitrary<unknown> | undefined;

// Short strings find most problems; the lengths at and past the limits are generated on purpose.
const TYPICAL_LENGTH = 40;

/** A value the schema accepts: random within its rules, at its limits, or a hinted real one. */
export function validValue(schema: JsonSchema, name = '', hints: Hints = () => undefined) {
  const hinted = hints(name);
  const bySchema = valueBySchema(schema, hints);
  // Mostly the real value: the schema alone rarely passes the contract's own checks.
  return hinted
    ? fc.oneof({ weight: 4, arbitrary: hinted }, { weight: 1, arbitrary: bySchema })
    : bySchema;
}

function valueBySchema(schema: JsonSchema, hints: Hints): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.const !== undefined) return fc.constant(schema.const);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((each) => valueBySchema(each, hints)));
  switch (typeOf(schema)) {
    case 'string':
      return validString(schema);
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -1_000_000, max: schema.maximum ?? 1_000_000 });
    case 'number':
      return validNumber(schema);
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(validValue(schema.items ?? {}, '', hints), {
        maxLength: Math.min(schema.maxItems ?? 5, 5),
      });
    case 'object':
      return validObject(schema, hints);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function typeOf(schema: JsonSchema): string | undefined {
  return Array.isArray(schema.type) ? schema.type.find((each) => each !== 'null') : schema.type;
}

function validString(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = schema.maxLength ?? 10_000;
  if (schema.format === 'uuid') return fc.uuid();
  if (schema.pattern) {
    return fc
      .stringMatching(new RegExp(schema.pattern))
      .filter((value) => value.length >= minLength && value.length <= maxLength);
  }
  const typical = {
    minLength,
    maxLength: Math.max(minLength, Math.min(maxLength, TYPICAL_LENGTH)),
  };
  const longest = Math.min(maxLength, 2000);
  return (
    fc
      .oneof(
        { weight: 3, arbitrary: fc.string(typical) },
        // Any printable unicode: accents, scripts, emoji, combining marks.
        { weight: 2, arbitrary: fc.string({ ...typical, unit: 'grapheme' }) },
        { weight: 1, arbitrary: fc.constantFrom('x'.repeat(longest), 'é'.repeat(longest)) },
      )
      // The contracts trim text, so blank text is left to the hostile strings.
      .filter((value) => value.trim().length >= minLength && value.length <= maxLength)
  );
}

function validNumber(schema: JsonSchema): fc.Arbitrary<number> {
  const min = schema.minimum ?? -1e9;
  const max = schema.maximum ?? 1e9;
  return fc.oneof(
    fc.double({ min, max, noNaN: true, noDefaultInfinity: true }),
    fc.constantFrom(min, max),
  );
}

function validObject(schema: JsonSchema, hints: Hints): fc.Arbitrary<Record<string, unknown>> {
  const properties = Object.entries(schema.properties ?? {});
  const model = Object.fromEntries(
    properties.map(([name, property]) => [name, validValue(property, name, hints)]),
  );
  return fc.record(model, { requiredKeys: schema.required ?? [] });
}

/** A value that breaks this schema's own rules: one past a limit, the wrong type, a bad format. */
export function invalidValue(schema: JsonSchema): fc.Arbitrary<unknown> {
  const type = typeOf(schema);
  const { minLength = 0, maxLength } = schema;
  const broken: fc.Arbitrary<unknown>[] = [hostileJson()];
  if (type === 'string' && maxLength !== undefined) {
    broken.push(fc.constant('x'.repeat(maxLength + 1)));
  }
  if (type === 'string' && minLength > 0) broken.push(fc.constant('x'.repeat(minLength - 1)));
  if (schema.enum) broken.push(fc.constantFrom(...schema.enum.map((each) => `${String(each)}!`)));
  if (type === 'integer' || type === 'number') {
    broken.push(
      fc.constantFrom(
        (schema.minimum ?? -Number.MAX_VALUE) - 1,
        (schema.maximum ?? Number.MAX_VALUE) + 1,
        0.5,
        '12',
      ),
    );
  }
  return fc.oneof(...broken);
}
