import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { RegisterFormSchema } from './auth';
import { AddEventBookmarkSchema, AddServiceBookmarkSchema } from './bookmarks';
import { ProviderApplicationSchema } from './list-service';
import { SubscribeRequestSchema } from './newsletter';
import { CreateNoteSchema } from './notes';
import { CreateReviewSchema } from './reviews';

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
