import { TICKED } from '@locals/contracts/organiser-events';
import type { EventSubmission } from '@locals/contracts/organiser-events';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderSentForm } from '@/features/organiser-events/testing/event-form-testing';
import {
  MY_EVENT_ID,
  buildPublishedEvent,
  buildSubmittedEvent,
} from '@/features/organiser-events/testing/organiser-event-factories';
import { signedInAs, signedOut } from '@/testing/auth';
import { expectNoAxeViolations } from '@/testing/axe';
import { callsTo, jsonResponse, stubApi } from '@/testing/fetch-mock';
import { preloadRoutes, renderApp } from '@/testing/render';

const LAZY = { timeout: 5000 };
const PAGE = `/my-events/${MY_EVENT_ID}/edit`;
const API = `/api/my/events/${MY_EVENT_ID}`;

preloadRoutes(PAGE, '/my-events');

async function openForm() {
  const user = userEvent.setup();
  renderApp(PAGE);
  await screen.findByRole('heading', { level: 1, name: 'Edit Easton Coffee Morning' }, LAZY);
  return user;
}

describe('/my-events/:id/edit', () => {
  it('shows the event as its organiser wrote it, and what a change means', async () => {
    stubApi({
      'GET /api/auth/me': signedInAs(),
      [`GET ${API}`]: () => jsonResponse({ data: buildPublishedEvent(), message: 'Found' }),
    });
    await openForm();

    expect(screen.getByText(/your changes go back to us to check/)).toHaveTextContent(
      'At a verified listing you manage, they are live straight away.',
    );
    expect(screen.getByLabelText('Event name')).toHaveValue('Easton Coffee Morning');
    expect(screen.getByLabelText('Category')).toHaveValue('wellbeing');
    expect(screen.getByLabelText('Date')).toHaveValue('2026-12-01');
    expect(screen.getByLabelText('Start time')).toHaveValue('10:00');
    expect(screen.getByLabelText('Postcode')).toHaveValue('BS5 6AW');
    expect(screen.getByLabelText('Organiser phone number (optional)')).toHaveValue('0117 496 0123');
    expect(screen.getByRole('checkbox', { name: 'All day' })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: /Every week/ })).toBeChecked();
    expect(screen.getByLabelText('Repeat until (if it repeats)')).toHaveValue('2026-12-22');
    expect(screen.getByLabelText('Dates left out (optional)')).toHaveValue('2026-12-15');
    expect(screen.getByLabelText('Accessibility features (optional)')).toHaveValue(
      'Step-free entrance\nHearing loop, at the front desk',
    );
    expect(screen.getByLabelText('Tags (optional)')).toHaveValue('coffee, social');
    expect(screen.getByRole('button', { name: 'Save changes' }).closest('form')).toHaveAttribute(
      'action',
      PAGE,
    );
    await waitFor(() => expect(document.title).toBe('Edit Easton Coffee Morning – Locals'));
    await expectNoAxeViolations();
  });

  it('saves every field and says on My events that the change waits for review', async () => {
    const changed = buildSubmittedEvent({ submission: { allDay: true, startTime: undefined } });
    const { requests } = stubApi({
      'GET /api/auth/me': signedInAs(),
      [`GET ${API}`]: () => jsonResponse({ data: buildPublishedEvent(), message: 'Found' }),
      [`PUT ${API}`]: () => jsonResponse({ data: changed, message: 'We will check it soon.' }),
      'GET /api/my/events': () => jsonResponse({ data: [changed] }),
    });
    const user = await openForm();
    await user.click(screen.getByRole('checkbox', { name: 'All day' }));
    await user.clear(screen.getByLabelText('Start time'));
    await user.clear(screen.getByLabelText('End time (optional)'));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    const banner = await screen.findByRole('alert', { name: 'Success' });
    expect(banner).toHaveTextContent(
      'Your changes to Easton Coffee Morning have been sent for review',
    );
    expect(banner).toHaveTextContent('We will check it soon.');
    const [put] = callsTo(requests, 'PUT', API);
    expect(put?.body).toMatchObject({
      allDay: true,
      repeat: { frequency: 'weekly', until: '2026-12-22', except: ['2026-12-15'] },
    } satisfies Partial<EventSubmission>);
    expect(put?.body).not.toHaveProperty('startTime');
  });

  it('says why a change was refused, keeping it', async () => {
    stubApi({
      'GET /api/auth/me': signedInAs(),
      [`GET ${API}`]: () => jsonResponse({ data: buildPublishedEvent(), message: 'Found' }),
      [`PUT ${API}`]: () =>
        jsonResponse(
          { code: 'conflict', message: 'This event is cancelled, so it cannot be changed.' },
          409,
        ),
    });
    const user = await openForm();
    await user.type(screen.getByLabelText('Event name'), ' and Cake');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    const problem = await screen.findByRole('alert', { name: 'There is a problem' });
    expect(problem).toHaveTextContent('This event is cancelled, so it cannot be changed.');
    expect(screen.getByLabelText('Event name')).toHaveValue('Easton Coffee Morning and Cake');
  });

  it('says a cancelled event cannot be changed', async () => {
    stubApi({
      'GET /api/auth/me': signedInAs(),
      [`GET ${API}`]: () =>
        jsonResponse({ data: buildPublishedEvent({ cancelled: true }), message: 'Found' }),
    });
    renderApp(PAGE);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'This event is cancelled' }, LAZY),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Save changes' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to your events' })).toHaveAttribute(
      'href',
      '/my-events',
    );
  });

  it("says so when the event is not the person's", async () => {
    stubApi({
      'GET /api/auth/me': signedInAs(),
      [`GET ${API}`]: () => jsonResponse({ code: 'not_found', message: 'Not found' }, 404),
    });
    renderApp(PAGE);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Event not found' }, LAZY),
    ).toBeVisible();
  });

  it('asks someone signed out to sign in', async () => {
    const { requests } = stubApi({ 'GET /api/auth/me': signedOut });
    renderApp(PAGE);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sign in to edit your event' }, LAZY),
    ).toBeVisible();
    expect(callsTo(requests, 'GET', API)).toHaveLength(0);
  });

  it('shows the change the server sent back without JavaScript, with its errors', async () => {
    stubApi({
      'GET /api/auth/me': signedInAs(),
      [`GET ${API}`]: () => jsonResponse({ data: buildPublishedEvent(), message: 'Found' }),
    });
    renderSentForm(PAGE, {
      form: 'event',
      values: {
        title: 'Easton Coffee Morning',
        registrationRequired: TICKED,
        registrationLink: 'javascript:alert(1)',
        repeatFrequency: 'none',
      },
      errors: {
        registrationLink:
          'Enter the registration link as a full web address, like https://example.org',
      },
    });

    const summary = await screen.findByRole('alert', { name: 'There is a problem' }, LAZY);
    expect(
      within(summary).getByRole('link', {
        name: 'Enter the registration link as a full web address, like https://example.org',
      }),
    ).toHaveAttribute('href', '#event-registrationLink');
    expect(screen.getByLabelText('Registration link (optional)')).toHaveValue(
      'javascript:alert(1)',
    );
    expect(
      screen.getByRole('checkbox', { name: 'People must register before they come' }),
    ).toBeChecked();
    expect(screen.getByRole('radio', { name: 'No, it takes place once' })).toBeChecked();
    // What was sent, not what is stored.
    expect(screen.getByLabelText('Venue name')).toHaveValue('');
    await expectNoAxeViolations();
  });
});
