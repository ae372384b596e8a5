import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  PENDING_EVENT_ID,
  asModerator,
  buildPendingEvent,
} from '@/features/moderation/testing/moderation-factories';
import { buildUser, signedInAs } from '@/testing/auth';
import { expectNoAxeViolations } from '@/testing/axe';
import { callsTo, jsonResponse, stubApi } from '@/testing/fetch-mock';
import type { RecordedRequest } from '@/testing/fetch-mock';
import { preloadRoutes, renderApp } from '@/testing/render';

const LAZY = { timeout: 5000 };
const PUBLISH = `/api/moderation/events/${PENDING_EVENT_ID}/publish`;
const REFUSE = `/api/moderation/events/${PENDING_EVENT_ID}/refuse`;
const LATER_ID = '9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a';

preloadRoutes('/moderation/events');

beforeEach(() => {
  // Only the clock: how long ago each event was sent is counted from today.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-25T12:00:00Z'));
});

afterEach(() => {
  vi.useRealTimers();
});

const decided = (request: RecordedRequest) =>
  jsonResponse({
    data: {
      ...buildPendingEvent(),
      status: request.path.endsWith('/publish') ? 'published' : 'refused',
      decidedAt: '2026-11-25T12:00:00.000Z',
    },
    message: 'Decided.',
  });

/** The queue as the server keeps it: a decided event is no longer in it. */
function stubQueue(decide: (request: RecordedRequest) => Response = decided) {
  const waiting = new Map([
    [PENDING_EVENT_ID, buildPendingEvent({ ageBusinessDays: 5, overdue: true })],
    [
      LATER_ID,
      buildPendingEvent({
        id: LATER_ID,
        submittedAt: '2026-11-25T09:00:00.000Z',
        ageBusinessDays: 0,
        overdue: false,
        recurrence: null,
        submission: {
          title: 'Winter Coat Swap',
          category: 'housing',
          date: '2026-12-05',
          allDay: true,
          startTime: undefined,
          endTime: undefined,
          organizerPhone: undefined,
          website: undefined,
          registrationRequired: true,
          registrationLink: 'https://coats.example/book',
          accessibility: [],
          tags: [],
          repeat: { frequency: 'none', except: [] },
        },
      }),
    ],
  ]);
  const answer = (request: RecordedRequest) => {
    const response = decide(request);
    if (response.ok) waiting.delete(PENDING_EVENT_ID);
    return response;
  };
  return stubApi({
    'GET /api/auth/me': asModerator,
    'GET /api/moderation/events': () =>
      jsonResponse({ data: [...waiting.values()], totalCount: waiting.size }),
    [`POST ${PUBLISH}`]: answer,
    [`POST ${REFUSE}`]: answer,
  });
}

async function findEvent(name = 'Easton Coffee Morning') {
  return screen.findByRole('region', { name }, LAZY);
}

/** A summary row's value, by its label. */
function row(region: HTMLElement, label: string) {
  const term = within(region).getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent;
}

describe('/moderation/events', () => {
  it('lists waiting events oldest first, how long each has waited, and all they said', async () => {
    stubQueue();
    renderApp('/moderation/events');

    const coffee = await findEvent();
    expect(screen.getByRole('heading', { level: 1, name: 'Events waiting' })).toBeVisible();
    expect(screen.getByText(/^2 events waiting, oldest first/)).toBeVisible();
    const [first, second] = screen.getAllByRole('region');
    expect(first).toBe(coffee);
    expect(second).toHaveAccessibleName('Winter Coat Swap');
    // Aged as applications are, in business days by the server, overdue after 2.
    expect(coffee).toHaveTextContent(
      'Sent on 18 November 2026 (5 business days ago) Overdue: waiting longer than 2 business days',
    );
    expect(second).toHaveTextContent('Sent on 25 November 2026 (0 business days ago)');
    expect(second).not.toHaveTextContent('Overdue');
    expect(
      Object.fromEntries(
        [
          'Description',
          'Category',
          'First date',
          'Time',
          'Repeats',
          'Dates left out',
          'Venue',
          'Address',
          'Postcode',
          'Organiser',
          'Organiser email',
          'Organiser phone',
          'Registration',
          'Registration link',
          'Website',
          'Accessibility',
          'Tags',
          'Sent by',
        ].map((label) => [label, row(coffee, label)]),
      ),
    ).toEqual({
      Description: 'Tea, coffee and cake with neighbours. Everyone welcome.',
      Category: 'Wellbeing',
      'First date': 'Tuesday 1 December 2026',
      Time: '10:00 – 12:00',
      Repeats: 'Every Tuesday until 30 March 2027',
      'Dates left out': 'Tuesday 29 December 2026',
      Venue: 'Easton Community Centre',
      Address: 'Kilburn Street, Easton, Bristol',
      Postcode: 'BS5 6AW',
      Organiser: 'Friends of Easton',
      'Organiser email': 'hello@friendsofeaston.example',
      'Organiser phone': '0117 496 0123',
      Registration: 'Not needed: drop in',
      'Registration link': 'None given',
      Website: 'https://friendsofeaston.example',
      Accessibility: 'Step-free entrance',
      Tags: 'coffee, social',
      'Sent by': 'organiser@example.org',
    });
    expect(row(second!, 'Date')).toBe('Saturday 5 December 2026');
    expect(row(second!, 'Time')).toBe('All day');
    expect(row(second!, 'Repeats')).toBe('No, a one-off event');
    expect(row(second!, 'Registration link')).toBe('https://coats.example/book');
    expect(within(second!).queryByText('Dates left out')).not.toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Events waiting – Locals'));
  });

  it('publishes an event: it leaves the queue, and the confirmation takes focus', async () => {
    const { requests } = stubQueue();
    renderApp('/moderation/events');
    const user = userEvent.setup();
    const coffee = await findEvent();

    await user.click(within(coffee).getByRole('button', { name: 'Publish event' }));

    const outcome = await screen.findByRole('status');
    expect(outcome).toHaveTextContent(
      'Published. Easton Coffee Morning is now on the events page, and its organiser is emailed.',
    );
    expect(outcome).toHaveFocus();
    expect(coffee).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Winter Coat Swap' })).toBeVisible();
    expect(screen.getByText(/^1 event waiting/)).toBeVisible();
    const sent = callsTo(requests, 'POST', PUBLISH);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses an event only with a reason, which is sent', async () => {
    const { requests } = stubQueue();
    renderApp('/moderation/events');
    const user = userEvent.setup();
    const coffee = await findEvent();

    await user.click(within(coffee).getByRole('button', { name: 'Refuse event' }));
    const dialog = screen.getByRole('dialog', { name: 'Refuse Easton Coffee Morning' });
    await user.click(within(dialog).getByRole('button', { name: 'Refuse event' }));

    expect(
      within(dialog).getByRole('link', { name: 'Enter the reason for refusing the event' }),
    ).toBeVisible();
    expect(callsTo(requests, 'POST', REFUSE)).toHaveLength(0);

    await user.type(
      within(dialog).getByRole('textbox', { name: /Reason for refusing/ }),
      'This is a commercial sale, not a community event.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Refuse event' }));

    const outcome = await screen.findByRole('status');
    expect(outcome).toHaveTextContent(
      'Refused. Easton Coffee Morning is not published, and its organiser is emailed your reason.',
    );
    await waitFor(() => expect(outcome).toHaveFocus());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(coffee).not.toBeInTheDocument();
    const [sent] = callsTo(requests, 'POST', REFUSE);
    expect(sent?.body).toEqual({ reason: 'This is a commercial sale, not a community event.' });
    expect(sent?.headers.get('Idempotency-Key')).toBeTruthy();
  });

  it('keeps the reason when refusing fails, and sends it again with the same key', async () => {
    let isDown = true;
    const { requests } = stubQueue(() =>
      isDown
        ? jsonResponse({ code: 'internal', message: 'Something went wrong on our side.' }, 500)
        : decided({ path: REFUSE } as RecordedRequest),
    );
    renderApp('/moderation/events');
    const user = userEvent.setup();
    const coffee = await findEvent();

    await user.click(within(coffee).getByRole('button', { name: 'Refuse event' }));
    const dialog = screen.getByRole('dialog', { name: 'Refuse Easton Coffee Morning' });
    const reason = within(dialog).getByRole('textbox', { name: /Reason for refusing/ });
    await user.type(reason, 'A duplicate of an event already listed.');
    await user.click(within(dialog).getByRole('button', { name: 'Refuse event' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Something went wrong on our side. Your reason is still here: send it again when you are ready.',
    );
    expect(reason).toHaveValue('A duplicate of an event already listed.');
    expect(coffee).toBeInTheDocument();

    isDown = false;
    await user.click(within(dialog).getByRole('button', { name: 'Refuse event' }));

    expect(await screen.findByRole('status')).toHaveTextContent(/^Refused\./);
    const keys = new Set(
      callsTo(requests, 'POST', REFUSE).map((request) => request.headers.get('Idempotency-Key')),
    );
    expect(keys.size).toBe(1);
  });

  it('says what the API said when another moderator decided first (409)', async () => {
    stubQueue(() =>
      jsonResponse({ code: 'conflict', message: 'This event has already been decided.' }, 409),
    );
    renderApp('/moderation/events');
    const user = userEvent.setup();
    const coffee = await findEvent();

    await user.click(within(coffee).getByRole('button', { name: 'Publish event' }));

    expect(await within(coffee).findByRole('alert')).toHaveTextContent(
      'This event has already been decided.',
    );
  });

  it('says so when no events are waiting', async () => {
    stubApi({
      'GET /api/auth/me': asModerator,
      'GET /api/moderation/events': () => jsonResponse({ data: [], totalCount: 0 }),
    });
    renderApp('/moderation/events');

    expect(await screen.findByText('No events are waiting.', {}, LAZY)).toBeVisible();
    expect(screen.getByText(/^0 events waiting/)).toBeVisible();
  });

  it('tells someone without the moderator role, without asking for events', async () => {
    const { requests } = stubApi({ 'GET /api/auth/me': signedInAs(buildUser(), []) });
    renderApp('/moderation/events');

    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'You need to be a moderator to see this page' },
        LAZY,
      ),
    ).toBeVisible();
    expect(callsTo(requests, 'GET', '/api/moderation/events')).toHaveLength(0);
  });

  it('has no axe violations, nor has its refuse dialog with a problem in it', async () => {
    stubQueue();
    renderApp('/moderation/events');
    const user = userEvent.setup();
    const coffee = await findEvent();

    await expectNoAxeViolations();

    await user.click(within(coffee).getByRole('button', { name: 'Refuse event' }));
    const dialog = screen.getByRole('dialog', { name: 'Refuse Easton Coffee Morning' });
    await user.click(within(dialog).getByRole('button', { name: 'Refuse event' }));
    await within(dialog).findByRole('link', { name: 'Enter the reason for refusing the event' });

    await expectNoAxeViolations();
  });
});
