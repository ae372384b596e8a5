import type {
  EventFormField,
  EventFormValues,
  EventRepeat,
} from '@locals/contracts/organiser-events';

type FieldText = { label: string; hint?: string };

/** What each field is called on the page, and how to fill it in. */
export const EVENT_FIELD_TEXT: Record<EventFormField, FieldText> = {
  title: { label: 'Event name', hint: 'For example, Easton Coffee Morning' },
  description: {
    label: 'Description',
    hint: 'What happens, who it is for and anything people should bring',
  },
  category: { label: 'Category' },
  date: {
    label: 'Date',
    hint: 'The first date, if it repeats. For example, 2026-12-01',
  },
  allDay: { label: 'All day', hint: 'It has no start time' },
  startTime: { label: 'Start time', hint: 'On the 24-hour clock, for example 10:00' },
  endTime: { label: 'End time (optional)', hint: 'For example, 12:00' },
  venue: { label: 'Venue name', hint: 'For example, Easton Community Centre' },
  address: { label: 'Address', hint: 'Where the venue is, without the postcode' },
  postcode: { label: 'Postcode', hint: 'For example, BS5 6AW' },
  organizerName: { label: 'Organiser name', hint: 'The person or group running the event' },
  organizerEmail: {
    label: 'Organiser email address',
    hint: 'Shown with the event, for questions about it',
  },
  organizerPhone: { label: 'Organiser phone number (optional)' },
  registrationRequired: {
    label: 'People must register before they come',
    hint: 'Leave unticked for a drop-in event',
  },
  registrationLink: {
    label: 'Registration link (optional)',
    hint: 'Where people register. Include https://, for example https://example.org/register',
  },
  website: {
    label: 'Website (optional)',
    hint: 'Include https://, for example https://example.org',
  },
  accessibility: {
    label: 'Accessibility features (optional)',
    hint: 'Put each one on its own line, for example Step-free entrance',
  },
  tags: {
    label: 'Tags (optional)',
    hint: 'Words people might search for, separated by commas, for example coffee, social',
  },
  repeatFrequency: { label: 'Does the event repeat?' },
  repeatUntil: {
    label: 'Repeat until (if it repeats)',
    hint: 'The last date it can take place, up to a year after the first. For example, 2027-06-30',
  },
  repeatExcept: {
    label: 'Dates left out (optional)',
    hint: 'Dates in the repeat when it does not take place, separated by commas, for example 2026-12-22, 2026-12-29',
  },
};

export const REPEAT_TEXT: Record<EventRepeat, FieldText> = {
  none: { label: 'No, it takes place once' },
  weekly: { label: 'Every week', hint: 'On the same day of the week as the first date' },
  monthly: {
    label: 'Every month',
    hint: 'On the same day of the same week as the first date, such as the second Tuesday',
  },
};

/**
 * The fields in the order the page shows them (the repeat right after the date and times), so
 * the error summary lists problems in the same order.
 */
export const EVENT_FIELDS_IN_PAGE_ORDER = [
  'title',
  'description',
  'category',
  'date',
  'allDay',
  'startTime',
  'endTime',
  'repeatFrequency',
  'repeatUntil',
  'repeatExcept',
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
] as const satisfies readonly EventFormField[];

/** The id of a field's control (the first radio, for the repeat), which the summary links to. */
export function eventFieldId(field: EventFormField): string {
  return `event-${field}`;
}

/** A new event's form: nothing typed, repeating not at all. */
export const EMPTY_EVENT_FORM: EventFormValues = {
  title: '',
  description: '',
  category: '',
  date: '',
  allDay: '',
  startTime: '',
  endTime: '',
  venue: '',
  address: '',
  postcode: '',
  organizerName: '',
  organizerEmail: '',
  organizerPhone: '',
  registrationRequired: '',
  registrationLink: '',
  website: '',
  accessibility: '',
  tags: '',
  repeatFrequency: 'none',
  repeatUntil: '',
  repeatExcept: '',
};
