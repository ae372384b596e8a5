import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { RegisterFormSchema } from './auth';
import { AddEventBookmarkSchema, AddServiceBookmarkSchema } from './bookmarks';
import { ProviderApplicationSchema } from './list-service';
import { SubscribeRequestSchema } from './newsletter';
import { CreateNoteSchema } from './notes';
import { CreateReviewSchema } from './reviews';
import { SearchQuerySchema, ServiceIdParamsSchema } from './search';
import { CreateSuggestionSchema } from './suggestions';

function messageFor(schema: z.ZodType, input: Record<string, unknown>, field: string) {
  const result = schema.safeParse(input);
  return result.error?.issues.find((issue) => issue.path[0] === field)?.message;
}

const fields: [string, z.ZodType, string, string, string][] = [
  ['newsletter', SubscribeRequestSchema, 'email', 'Email is required', 'Email must be text'],
  [
    'bookmark',
    AddServiceBookmarkSchema,
    'serviceId',
    'serviceId is required',
    'serviceId must be text',
  ],
  [
    'event bookmark',
    AddEventBookmarkSchema,
    'eventId',
    'eventId is required',
    'eventId must be text',
  ],
  ['note', CreateNoteSchema, 'noteText', 'Note is required', 'Note must be text'],
  ['review', CreateReviewSchema, 'reviewText', 'Review is required', 'Review must be text'],
  [
    'registration',
    RegisterFormSchema,
    'firstName',
    'First name is required',
    'First name must be text',
  ],
  ['registration', RegisterFormSchema, 'email', 'Email is required', 'Email must be text'],
  ['registration', RegisterFormSchema, 'password', 'Password is required', 'Password must be text'],
  [
    'registration',
    RegisterFormSchema,
    'confirmPassword',
    'Please confirm your password',
    'Confirm password must be text',
  ],
  [
    'application',
    ProviderApplicationSchema,
    'organizationName',
    'Organisation name is required',
    'Organisation name must be text',
  ],
  ['application', ProviderApplicationSchema, 'email', 'Email is required', 'Email must be text'],
];

const cases = fields.flatMap(([form, schema, field, required, mustBeText]) =>
  (
    [
      ['missing', undefined, required],
      ['null', null, required],
      ['empty', '', required],
      ['a number', 42, mustBeText],
      ['true', true, mustBeText],
      ['a list', ['a@example.org'], mustBeText],
      ['an object', { text: 'x' }, mustBeText],
    ] as const
  ).map(([what, value, message]) => ({ form, schema, field, what, value, message })),
);

describe('text fields: missing and wrong types get their own message', () => {
  it.each(cases)('$form $field: $what gives "$message"', ({ schema, field, value, message }) => {
    const input: Record<string, unknown> = value === undefined ? {} : { [field]: value };
    expect(messageFor(schema, input, field)).toBe(message);
  });
});

const limits: [string, z.ZodType, string, string, number, 'single-line' | 'multi-line'][] = [
  ['bookmark', AddServiceBookmarkSchema, 'serviceId', 'serviceId', 200, 'single-line'],
  ['event bookmark', AddEventBookmarkSchema, 'eventId', 'eventId', 200, 'single-line'],
  ['note', CreateNoteSchema, 'noteText', 'Note', 5000, 'multi-line'],
  ['review', CreateReviewSchema, 'reviewText', 'Review', 2000, 'multi-line'],
  ['suggestion', CreateSuggestionSchema, 'suggestionText', 'Suggestion', 2000, 'multi-line'],
  [
    'application',
    ProviderApplicationSchema,
    'organizationName',
    'Organisation name',
    200,
    'single-line',
  ],
  ['application', ProviderApplicationSchema, 'contactName', 'Contact name', 200, 'single-line'],
  ['application', ProviderApplicationSchema, 'address', 'Address', 500, 'multi-line'],
  ['application', ProviderApplicationSchema, 'services', 'Services offered', 2000, 'multi-line'],
  ['application', ProviderApplicationSchema, 'description', 'Description', 5000, 'multi-line'],
  ['search', SearchQuerySchema, 'keyword', 'keyword', 200, 'single-line'],
  ['service link', ServiceIdParamsSchema, 'id', 'The service id', 200, 'single-line'],
];

describe('text fields: one length limit each, and no control characters', () => {
  const limitCases = limits.map(([form, schema, field, label, max, lines]) => ({
    form,
    schema,
    field,
    label,
    max,
    lines,
  }));

  it.each(limitCases)('$form $field takes $max characters and no more', (each) => {
    expect(messageFor(each.schema, { [each.field]: 'a'.repeat(each.max) }, each.field)).toBe(
      undefined,
    );
    expect(messageFor(each.schema, { [each.field]: 'a'.repeat(each.max + 1) }, each.field)).toMatch(
      new RegExp(`^(${each.label} must be|A service id is at most)`),
    );
  });

  it.each(
    limitCases.flatMap((each) =>
      ['\u0000', '\u0007', '\u001b', '\u007f', '\u0085'].map((character) => ({
        ...each,
        code: `U+${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
        character,
      })),
    ),
  )('$form $field refuses $code, naming the field', (each) => {
    expect(messageFor(each.schema, { [each.field]: `a${each.character}b` }, each.field)).toBe(
      `${each.label} must not contain control characters`,
    );
  });

  it.each(limitCases)(
    '$form $field ($lines) keeps line breaks and tabs only when multi-line',
    (each) => {
      const message = messageFor(
        each.schema,
        { [each.field]: 'first line\r\n\tsecond' },
        each.field,
      );
      expect(message).toBe(
        each.lines === 'multi-line'
          ? undefined
          : `${each.label} must not contain control characters`,
      );
    },
  );
});
