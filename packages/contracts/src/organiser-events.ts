import { z } from 'zod';
import { EmailSchema } from './newsletter';
import { EVENT_CATEGORIES, type EventCategoryId } from './event-categories';
import { isCalendarDate } from './events';
import { TimestampSchema } from './engagement-common';
import { PostcodeSchema } from './postcode-schema';
import { safeHttpUrl } from './safe-url';
import { limitedText, textField, tooLongMessage } from './text-field';

/**
 * Events organisers submit themselves (decision 038): the spec's Event fields, plus a simple
 * repeat. The same rules in the browser's form, the page form without JavaScript and the API.
 */

/** How a submitted event repeats: not at all, every week on its day, or every month on it. */
export const EVENT_REPEATS = ['none', 'weekly', 'monthly'] as const;
export type EventRepeat = (typeof EVENT_REPEATS)[number];

/** Where a submitted event is: waiting for a moderator, on /events, or turned down. */
export const SUBMITTED_EVENT_STATUSES = ['pending', 'published', 'refused'] as const;
export type SubmittedEventStatus = (typeof SUBMITTED_EVENT_STATUSES)[number];

/** A repeating event's last date is at most this far after its first. */
export const MAX_REPEAT_DAYS = 366;
/** And at most this many dates may be left out of it. */
export const MAX_REPEAT_EXCEPTIONS = 60;
/** An event is submitted at most this far ahead. */
export const MAX_DAYS_AHEAD = 2 * 366;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

const optionalLink = (label: string) =>
  textField(label)
    .trim()
    .max(500, { error: tooLongMessage(label, 500) })
    // URL.canParse alone accepts javascript:alert(1) (decision 029).
    .refine((value) => value === '' || safeHttpUrl(value) !== null, {
      error: `Enter the ${label.toLowerCase()} as a full web address, like https://example.org`,
    })
    .optional()
    .transform((value) => (value ? value : undefined));

const dayField = (label: string) =>
  textField(label)
    .trim()
    .min(1, { error: `Enter the ${label.toLowerCase()}` })
    .refine(isCalendarDate, {
      error: `${label} must be a real date, like 2026-12-01`,
    });

const timeField = (label: string) =>
  textField(label)
    .trim()
    .refine((value) => value === '' || TIME.test(value), {
      error: `${label} must be a time on the 24-hour clock, like 09:30 or 14:00`,
    })
    .optional()
    .transform((value) => (value ? value : undefined));

/** A short list (accessibility features, tags): each item trimmed, empty ones left out. */
const shortList = (label: string, items: number, max: number) =>
  z
    .array(
      textField(label)
        .trim()
        .max(max, { error: tooLongMessage(label, max) }),
      {
        error: `${label} must be a list`,
      },
    )
    .max(items, { error: `Give at most ${items} ${label.toLowerCase()}` })
    .default([])
    .transform((values) => [...new Set(values.filter(Boolean))]);

export const EventRepeatSchema = z
  .object({
    frequency: z.enum(EVENT_REPEATS, {
      error: 'Choose whether the event repeats: not at all, every week or every month',
    }),
    /** The last date it may meet on (yyyy-MM-dd); needed for a repeat. */
    until: dayField('Repeat until date').optional(),
    /** Dates it does not meet on, within the repeat. */
    except: z
      .array(dayField('Date left out'), { error: 'Dates left out must be a list' })
      .max(MAX_REPEAT_EXCEPTIONS, {
        error: `Leave out at most ${MAX_REPEAT_EXCEPTIONS} dates`,
      })
      .default([]),
  })
  .refine((repeat) => repeat.frequency === 'none' || repeat.until !== undefined, {
    error: 'Enter the last date the event repeats until',
    path: ['until'],
  });
export type EventRepeatRule = z.output<typeof EventRepeatSchema>;

const EVENT_CATEGORY_IDS = EVENT_CATEGORIES.map((category) => category.id) as [
  EventCategoryId,
  ...EventCategoryId[],
];

/**
 * A check across fields runs once the fields it reads are sound, even while others are still
 * wrong: the form then shows every problem on the first try, not a second round of them. Never
 * on something that is not an object at all (a JSON body of null or "x"): there are no fields.
 */
const once = (...fields: string[]) => ({
  when: (payload: z.core.ParsePayload) =>
    typeof payload.value === 'object' &&
    payload.value !== null &&
    !Array.isArray(payload.value) &&
    payload.issues.every((issue) => !fields.includes(String(issue.path?.[0]))),
});

/** What an organiser writes about an event. */
export const EventSubmissionSchema = z
  .object({
    title: limitedText({ label: 'Event name', max: 150 }),
    description: limitedText({ label: 'Description', max: 5000, multiline: true }),
    category: z.enum(EVENT_CATEGORY_IDS, { error: "Choose the event's category" }),
    /** The first (or only) date, yyyy-MM-dd, London. */
    date: dayField('Date'),
    allDay: z.boolean({ error: 'allDay must be true or false' }).default(false),
    /** 'HH:mm' London; needed unless all day. */
    startTime: timeField('Start time'),
    endTime: timeField('End time'),
    venue: limitedText({ label: 'Venue name', max: 200 }),
    address: limitedText({ label: 'Address', max: 500, multiline: true }),
    postcode: PostcodeSchema,
    organizerName: limitedText({ label: 'Organiser name', max: 200 }),
    organizerEmail: EmailSchema,
    organizerPhone: textField('Phone number')
      .trim()
      .refine((value) => value === '' || /^[0-9+()\-\s]{7,40}$/.test(value), {
        error: 'Enter a phone number, like 0117 496 0000',
      })
      .optional()
      .transform((value) => (value ? value : undefined)),
    registrationRequired: z
      .boolean({ error: 'registrationRequired must be true or false' })
      .default(false),
    registrationLink: optionalLink('Registration link'),
    website: optionalLink('Website'),
    accessibility: shortList('Accessibility features', 20, 100),
    tags: shortList('Tags', 10, 40),
    repeat: EventRepeatSchema.default({ frequency: 'none', except: [] }),
  })
  .refine((event) => event.allDay || event.startTime !== undefined, {
    error: 'Enter the start time, or choose "All day"',
    path: ['startTime'],
    ...once('allDay', 'startTime'),
  })
  .refine(
    (event) =>
      event.allDay ||
      event.endTime === undefined ||
      event.startTime === undefined ||
      event.endTime > event.startTime,
    {
      error: 'The end time must be after the start time',
      path: ['endTime'],
      ...once('allDay', 'startTime', 'endTime'),
    },
  )
  .refine(
    (event) =>
      event.repeat.until === undefined ||
      event.repeat.frequency === 'none' ||
      event.repeat.until >= event.date,
    {
      error: 'The repeat until date must be on or after the first date',
      path: ['repeat', 'until'],
      ...once('date', 'repeat'),
    },
  )
  .refine(
    (event) =>
      event.repeat.until === undefined ||
      event.repeat.frequency === 'none' ||
      daysBetween(event.date, event.repeat.until) <= MAX_REPEAT_DAYS,
    {
      error: 'A repeating event can be listed up to a year ahead: choose an earlier until date',
      path: ['repeat', 'until'],
      ...once('date', 'repeat'),
    },
  );
export type EventSubmissionInput = z.input<typeof EventSubmissionSchema>;
export type EventSubmission = z.output<typeof EventSubmissionSchema>;

/** Whole days from one yyyy-MM-dd to another. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** One of a submitted event's dates, as its organiser sees it. */
export const SubmittedEventDateSchema = z.object({
  /** yyyy-MM-dd, London. */
  date: z.string(),
  cancelled: z.boolean(),
  passed: z.boolean(),
});

const storedText = z.string().optional();

/**
 * A submission in replies: what EventSubmissionSchema made of it, as plain values. Fastify
 * encodes a reply through its schema, and the request schema's transforms cannot run backwards.
 */
export const EventSubmissionValuesSchema = z.object({
  title: z.string(),
  description: z.string(),
  category: z.enum(EVENT_CATEGORY_IDS),
  date: z.string(),
  allDay: z.boolean(),
  startTime: storedText,
  endTime: storedText,
  venue: z.string(),
  address: z.string(),
  postcode: z.string(),
  organizerName: z.string(),
  organizerEmail: z.string(),
  organizerPhone: storedText,
  registrationRequired: z.boolean(),
  registrationLink: storedText,
  website: storedText,
  accessibility: z.array(z.string()),
  tags: z.array(z.string()),
  repeat: z.object({
    frequency: z.enum(EVENT_REPEATS),
    until: storedText,
    except: z.array(z.string()),
  }),
});
export type EventSubmissionValues = z.infer<typeof EventSubmissionValuesSchema>;

/** An event as its organiser (and a moderator) sees it. */
export const SubmittedEventSchema = z.object({
  id: z.string(),
  status: z.enum(SUBMITTED_EVENT_STATUSES),
  /** The moderator's reason, when refused. */
  refusalReason: z.string().nullable(),
  /** The whole series was called off. */
  cancelled: z.boolean(),
  submission: EventSubmissionValuesSchema,
  /** "Every Tuesday until 30 June 2027"; null for a one-off. */
  recurrence: z.string().nullable(),
  /** Its dates once published (cancelled ones marked), at most 400. Empty while it waits. */
  dates: z.array(SubmittedEventDateSchema),
  submittedAt: TimestampSchema,
  updatedAt: TimestampSchema,
  decidedAt: TimestampSchema.nullable(),
});
export type SubmittedEvent = z.infer<typeof SubmittedEventSchema>;

export const SubmittedEventResponseSchema = z.object({
  data: SubmittedEventSchema,
  message: z.string(),
});

export const MyEventsResponseSchema = z.object({ data: z.array(SubmittedEventSchema) });

export const CancelEventDateSchema = z.object({
  date: dayField('Date to cancel'),
});

/** In a moderator's queue: the event, who sent it, and how long it has waited. */
export const PendingEventSchema = SubmittedEventSchema.extend({
  /** The email of the account that sent it; null once that account is deleted. */
  submittedBy: z.string().nullable(),
  /** Business days since it was sent, counted as an application's (decision 023). */
  ageBusinessDays: z.number().int().nonnegative(),
  /** Waiting longer than an application may (OVERDUE_AFTER_BUSINESS_DAYS). */
  overdue: z.boolean(),
});
export const PendingEventsResponseSchema = z.object({
  data: z.array(PendingEventSchema),
  totalCount: z.number().int(),
});

export const RefuseEventSchema = z.object({
  reason: limitedText({ label: 'Reason', max: 1000, multiline: true }),
});

/** The dates a repeating event has, pure: London days from `date` to `until`. */
export function repeatDays(
  date: string,
  repeat: Pick<EventRepeatRule, 'frequency' | 'until' | 'except'>,
  max = 400,
): string[] {
  const first = parseDay(date);
  if (repeat.frequency === 'none' || !repeat.until) return [date];
  const until = repeat.until;
  const except = new Set(repeat.except);
  const days: string[] = [];
  const weekday = first.getUTCDay();
  // Monthly: the same weekday in the same week of the month (the 2nd Tuesday); a date in the
  // month's fifth week repeats on the last such weekday.
  const week = Math.ceil(first.getUTCDate() / 7);
  for (let step = 0; days.length < max; step += 1) {
    const day =
      repeat.frequency === 'weekly'
        ? addDays(first, step * 7)
        : nthWeekdayOf(first.getUTCFullYear(), first.getUTCMonth() + step, weekday, week);
    const text = formatDay(day);
    if (text > until) break;
    if (!except.has(text)) days.push(text);
  }
  return days;
}

function parseDay(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}

function formatDay(day: Date): string {
  return day.toISOString().slice(0, 10);
}

function addDays(day: Date, days: number): Date {
  return new Date(day.getTime() + days * 86_400_000);
}

/** The `week`th `weekday` of a month (month may run past 11), or the last one for week 5. */
function nthWeekdayOf(year: number, month: number, weekday: number, week: number): Date {
  const firstOfMonth = new Date(Date.UTC(year, month, 1));
  const offset = (weekday - firstOfMonth.getUTCDay() + 7) % 7;
  const nth = addDays(firstOfMonth, offset + (Math.min(week, 5) - 1) * 7);
  if (week < 5 && nth.getUTCMonth() === firstOfMonth.getUTCMonth()) return nth;
  // The last such weekday of the month.
  const lastOfMonth = new Date(Date.UTC(year, month + 1, 0));
  return addDays(lastOfMonth, -((lastOfMonth.getUTCDay() - weekday + 7) % 7));
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const ORDINALS = ['first', 'second', 'third', 'fourth', 'last'];

/** "Every Tuesday", "Monthly on the second Tuesday"; null for a one-off. */
export function repeatLabel(
  date: string,
  repeat: Pick<EventRepeatRule, 'frequency'>,
): string | null {
  if (repeat.frequency === 'none') return null;
  const first = parseDay(date);
  const weekday = WEEKDAYS[first.getUTCDay()] ?? '';
  if (repeat.frequency === 'weekly') return `Every ${weekday}`;
  const ordinal = ORDINALS[Math.min(Math.ceil(first.getUTCDate() / 7), 5) - 1] ?? 'last';
  return `Monthly on the ${ordinal} ${weekday}`;
}

/**
 * The event form's fields, by name: the same names in the page (with and without JavaScript),
 * the page form the server reads without it, and the error messages placed beside them. Every
 * value is text, as a plain form sends it.
 */
export const EVENT_FORM_FIELDS = [
  'title',
  'description',
  'category',
  'date',
  'allDay',
  'startTime',
  'endTime',
  'venue',
  'address',
  'postcode',
  'organizerName',
  'organizerEmail',
  'organizerPhone',
  'registrationRequired',
  'registrationLink',
  'website',
  'accessibility',
  'tags',
  'repeatFrequency',
  'repeatUntil',
  'repeatExcept',
] as const;
export type EventFormField = (typeof EVENT_FORM_FIELDS)[number];
export type EventFormValues = Record<EventFormField, string>;

/** A checkbox's value when ticked. */
export const TICKED = 'yes';

const lines = (value: string) =>
  value
    .split(/[\n,]/)
    .map((item) => item.trim())
    .filter(Boolean);

/** What the form's text says, as the API's submission (the schema then checks it). */
export function submissionFromForm(values: Partial<EventFormValues>): EventSubmissionInput {
  const text = (field: EventFormField) => values[field] ?? '';
  return {
    title: text('title'),
    description: text('description'),
    category: text('category') as EventSubmissionInput['category'],
    date: text('date'),
    allDay: text('allDay') === TICKED,
    startTime: text('startTime'),
    endTime: text('endTime'),
    venue: text('venue'),
    address: text('address'),
    postcode: text('postcode'),
    organizerName: text('organizerName'),
    organizerEmail: text('organizerEmail'),
    organizerPhone: text('organizerPhone'),
    registrationRequired: text('registrationRequired') === TICKED,
    registrationLink: text('registrationLink'),
    website: text('website'),
    // One feature per line (a feature may hold a comma: "Step-free, with a ramp").
    accessibility: text('accessibility')
      .split('\n')
      .map((item) => item.trim())
      .filter(Boolean),
    tags: lines(text('tags')),
    repeat: {
      frequency: (text('repeatFrequency') || 'none') as EventRepeat,
      until: text('repeatUntil') || undefined,
      except: lines(text('repeatExcept')),
    },
  };
}

/** A submission as the form shows it, to change it. */
export function formFromSubmission(submission: EventSubmissionValues): EventFormValues {
  return {
    title: submission.title,
    description: submission.description,
    category: submission.category,
    date: submission.date,
    allDay: submission.allDay ? TICKED : '',
    startTime: submission.startTime ?? '',
    endTime: submission.endTime ?? '',
    venue: submission.venue,
    address: submission.address,
    postcode: submission.postcode,
    organizerName: submission.organizerName,
    organizerEmail: submission.organizerEmail,
    organizerPhone: submission.organizerPhone ?? '',
    registrationRequired: submission.registrationRequired ? TICKED : '',
    registrationLink: submission.registrationLink ?? '',
    website: submission.website ?? '',
    accessibility: submission.accessibility.join('\n'),
    tags: submission.tags.join(', '),
    repeatFrequency: submission.repeat.frequency,
    repeatUntil: submission.repeat.until ?? '',
    repeatExcept: submission.repeat.except.join(', '),
  };
}

/** The form field a schema issue belongs beside: ['repeat', 'until'] is repeatUntil. */
export function eventFormFieldOf(path: readonly PropertyKey[]): EventFormField | 'form' {
  const [first, second] = path;
  if (first === 'repeat') {
    if (second === 'until') return 'repeatUntil';
    if (second === 'except') return 'repeatExcept';
    return 'repeatFrequency';
  }
  return (EVENT_FORM_FIELDS as readonly PropertyKey[]).includes(first ?? '')
    ? (first as EventFormField)
    : 'form';
}

/** Each field's first message, by form field, from the schema's issues. */
export function eventFormErrors(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): Partial<Record<EventFormField | 'form', string>> {
  const errors: Partial<Record<EventFormField | 'form', string>> = {};
  for (const issue of issues) errors[eventFormFieldOf(issue.path)] ??= issue.message;
  return errors;
}
