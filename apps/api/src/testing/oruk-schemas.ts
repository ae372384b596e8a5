import { readFileSync } from 'node:fs';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { expect } from 'vitest';

/**
 * The feed against the published schemas (unchanged copies in modules/oruk/schemas): every object must be
 * valid against both the UK profile and HSDS 3.0, formats asserted as the national validator does.
 */
type Schema = Record<string, unknown> & { properties: Record<string, Schema> };
const schema = (file: string) =>
  JSON.parse(
    readFileSync(new URL(`../modules/oruk/schemas/${file}`, import.meta.url), 'utf8'),
  ) as Schema;

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
const hsdsService = schema('hsds-3.0/compiled/service.json');
const hsdsTerm = (hsdsService.properties.attributes as unknown as { items: Schema }).items
  .properties.taxonomy_term!;
const ukOpenapi = schema('uk-profile-3.0/openapi.json') as unknown as {
  paths: Record<
    string,
    { get: { responses: Record<string, { content: Record<string, { schema: object }> }> } }
  >;
  components: { schemas: { Page: object } };
};

export const validators: Record<string, ValidateFunction[]> = {
  service: [ajv.compile(schema('uk-profile-3.0/compiled/service.json')), ajv.compile(hsdsService)],
  serviceList: [
    ajv.compile(schema('uk-profile-3.0/compiled/service_list.json')),
    ajv.compile(schema('hsds-3.0/compiled/service_list.json')),
  ],
  serviceAtLocationList: [
    ajv.compile(schema('uk-profile-3.0/compiled/service_at_location_list.json')),
  ],
  taxonomyTerm: [ajv.compile(schema('uk-profile-3.0/taxonomy_term.json')), ajv.compile(hsdsTerm)],
  taxonomy: [ajv.compile(hsdsTerm.properties.taxonomy_detail!)],
  page: [
    ajv.compile({
      ...ukOpenapi.components.schemas.Page,
      required: [
        'total_items',
        'total_pages',
        'page_number',
        'size',
        'first_page',
        'last_page',
        'empty',
        'contents',
      ],
    }),
  ],
  apiInfo: [
    ajv.compile({
      ...ukOpenapi.paths['/']!.get.responses['200']!.content['application/json']!.schema,
      required: ['version', 'profile', 'openapi_url'],
    }),
  ],
};

export function expectValid(kind: keyof typeof validators, value: unknown) {
  for (const validate of validators[kind]!) {
    const valid = validate(value);
    expect(valid, `${kind}: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(value)}`).toBe(
      true,
    );
  }
  expectNoBlanks(value, kind);
}

/** Unknown fields are left out: never null, never "". */
function expectNoBlanks(value: unknown, path: string) {
  if (value === null || value === '') throw new Error(`${path} is ${JSON.stringify(value)}`);
  if (Array.isArray(value))
    value.forEach((item, index) => expectNoBlanks(item, `${path}[${index}]`));
  else if (typeof value === 'object')
    for (const [key, item] of Object.entries(value)) expectNoBlanks(item, `${path}.${key}`);
}
