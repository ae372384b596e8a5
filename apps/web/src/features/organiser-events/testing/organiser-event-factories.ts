import type { EventSubmission, SubmittedEvent } from '@locals/contracts/organiser-events';

type SubmittedEventDate = SubmittedEvent['dates'][number];
/** What a test changes: any field, and any of the submission's. */
type EventOverrides = Omit<Partial<SubmittedEvent>, 'submission'> & {
  submission?: Partial<EventSubmission>;
};

export const MY_EVENT_ID = 'locals-3c4d5e6f7a8b4c9d8e0f';

/** A weekly coffee morning, as its organiser wrote it. */
export function buildEventSubmission(overrides: Partial<EventSubmission> = {}): EventSubmission {
  return {
    title: 'Easton Coffee Morning',
    description: 'Tea, coffee and cake with neighbours. Everyone welcome.',
    category: 'wellbeing',
    date: '2026-12-01',
    allDay: false,
    startTime: '10:00',
    endTime: '12:00',
    venue: 'Easton Community Centre',
    address: 'Kilburn Street, Easton, Bristol',
    postcode: 'BS5 6AW',
    organizerName: 'Friends of Easton',
    organizerEmail: 'hello@friendsofeaston.example',
    organizerPhone: '0117 496 0123',
    registrationRequired: false,
    registrationLink: undefined,
    website: 'https://friendsofeaston.example',
    accessibility: ['Step-free entrance', 'Hearing loop, at the front desk'],
    tags: ['coffee', 'social'],
    repeat: { frequency: 'weekly', until: '2026-12-22', except: ['2026-12-15'] },
    ...overrides,
  };
}

export function buildEventDate(overrides: Partial<SubmittedEventDate> = {}): SubmittedEventDate {
  return { date: '2026-12-08', cancelled: false, passed: false, ...overrides };
}

/** An event the signed-in person submitted, waiting for a moderator unless told otherwise. */
export function buildSubmittedEvent(overrides: EventOverrides = {}): SubmittedEvent {
  const { submission, ...rest } = overrides;
  return {
    id: MY_EVENT_ID,
    status: 'pending',
    refusalReason: null,
    cancelled: false,
    submission: buildEventSubmission(submission),
    recurrence: 'Every Tuesday until 22 December 2026',
    dates: [],
    submittedAt: '2026-11-18T10:00:00.000Z',
    updatedAt: '2026-11-18T10:00:00.000Z',
    decidedAt: null,
    ...rest,
  };
}

/** The same event, published: its dates, the first passed and one called off. */
export function buildPublishedEvent(overrides: EventOverrides = {}): SubmittedEvent {
  return buildSubmittedEvent({
    status: 'published',
    decidedAt: '2026-11-19T09:00:00.000Z',
    dates: [
      buildEventDate({ date: '2026-12-01', passed: true }),
      buildEventDate({ date: '2026-12-08' }),
      buildEventDate({ date: '2026-12-22', cancelled: true }),
    ],
    ...overrides,
  });
}
