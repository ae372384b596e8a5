import { EVENT_FORM_FIELDS } from '@locals/contracts/organiser-events';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { apiEventFormProblems, eventFormProblems, eventFormValuesFrom } from './event-form-errors';
import { EMPTY_EVENT_FORM, EVENT_FIELDS_IN_PAGE_ORDER } from './event-form-text';

describe('the event form', () => {
  it('shows every field of the contract, once', () => {
    expect([...EVENT_FIELDS_IN_PAGE_ORDER].sort()).toEqual([...EVENT_FORM_FIELDS].sort());
  });
});

describe('apiEventFormProblems', () => {
  it.each([
    [
      'a 400 naming fields by their place in the body',
      new ApiError({
        status: 400,
        code: 'validation_error',
        message: 'Event name is required',
        fieldErrors: {
          title: ['Event name is required'],
          'repeat.until': ['Enter the last date the event repeats until'],
          'repeat.except.2': ['Date left out must be a real date, like 2026-12-01'],
        },
      }),
      {
        fields: {
          title: 'Event name is required',
          repeatUntil: 'Enter the last date the event repeats until',
          repeatExcept: 'Date left out must be a real date, like 2026-12-01',
        },
        form: null,
      },
    ],
    [
      'a 422 for a postcode nobody knows',
      new ApiError({
        status: 422,
        code: 'postcode_not_found',
        message: 'We could not find that postcode',
        fieldErrors: { postcode: ['We could not find that postcode'] },
      }),
      { fields: { postcode: 'We could not find that postcode' }, form: null },
    ],
    [
      'a 400 naming no field',
      new ApiError({ status: 400, code: 'invalid_json', message: 'The request is not valid.' }),
      { fields: {}, form: 'The request is not valid.' },
    ],
    [
      'a 409 duplicate',
      new ApiError({ status: 409, code: 'conflict', message: 'Already listed: /events?eventId=x' }),
      { fields: {}, form: 'Already listed: /events?eventId=x' },
    ],
    [
      'something that is not the API',
      new TypeError('boom'),
      { fields: {}, form: 'Something went wrong. Please try again.' },
    ],
  ])('reads %s', (_case, error, expected) => {
    expect(apiEventFormProblems(error)).toEqual(expected);
  });
});

describe('a form sent back by the server', () => {
  it('keeps the known fields as text and leaves out the rest', () => {
    expect(eventFormValuesFrom({ title: 'Walk', repeatFrequency: 'weekly', secret: 'x' })).toEqual({
      ...EMPTY_EVENT_FORM,
      title: 'Walk',
      repeatFrequency: 'weekly',
    });
  });

  it('places each error beside its field, and the whole form’s above', () => {
    expect(
      eventFormProblems({ postcode: 'Enter a postcode', form: 'Try again tomorrow', other: 'x' }),
    ).toEqual({ fields: { postcode: 'Enter a postcode' }, form: 'Try again tomorrow' });
  });
});
