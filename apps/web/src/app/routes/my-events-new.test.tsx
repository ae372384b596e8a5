import { EVENT_FORM_FIELDS, TICKED } from '@locals/contracts/organiser-events';
import type { EventSubmissionInput } from '@locals/contracts/organiser-events';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  fillRequiredFields,
  pick,
  renderSentForm,
} from '@/features/organiser-events/testing/event-form-testing';
import {
  buildPublishedEvent,
  buildSubmittedEvent,
} from '@/features/organiser-events/testing/organiser-event-factories';
import { signedInAs, signedOut } from '@/testing/auth';
import { expectNoAxeViolations } from '@/testing/axe';
import { callsTo, jsonResponse, networkError, stubApi } from '@/testing/fetch-mock';
import { preloadRoutes, renderApp } from '@/testing/render';

const LAZY = { timeout: 5000 };
const PAGE = '/my-events/new';
const API = '/api/my/events';

preloadRoutes(PAGE, '/my-events');

async function openForm() {
  const user = userEvent.setup();
  renderApp(PAGE);
  await screen.findByRole('heading', { level: 1, name: 'Add an event' }, LAZY);
  return user;
}

function submitButton() {
  return screen.getByRole('button', { name: 'Send event' });
}

describe('/my-events/new', () => {
  it('asks someone signed out to sign in, without a form', async () => {
    stubApi({ 'GET /api/auth/me': signedOut });
    renderApp(PAGE);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sign in to add an event' }, LAZY),
    ).toBeVisible();
    expect(screen.getAllByRole('button', { name: 'Sign In' }).length).toBeGreaterThan(0);
    expect(screen.queryByRole('textbox', { name: 'Event name' })).toBeNull();
  });

  it('is a plain form to the page address, each field named as the server reads it', async () => {
    stubApi({ 'GET /api/auth/me': signedInAs() });
    await openForm();

    const form = submitButton().closest('form');
    expect(form).toHaveAttribute('method', 'post');
    expect(form).toHaveAttribute('action', PAGE);
    const names = new Set(
      Array.from(form?.elements ?? [], (element) => element.getAttribute('name')).filter(Boolean),
    );
    expect([...names].sort()).toEqual([...EVENT_FORM_FIELDS].sort());
    expect(screen.getByRole('checkbox', { name: 'All day' })).toHaveAttribute('value', TICKED);
    expect(
      screen.getByRole('checkbox', { name: 'People must register before they come' }),
    ).toHaveAttribute('value', TICKED);
    const repeat = screen.getByRole('group', { name: 'Does the event repeat?' });
    expect(within(repeat).getByRole('radio', { name: 'No, it takes place once' })).toBeChecked();
    expect(
      within(screen.getByLabelText('Category'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a category', 'Housing', 'Food', 'Wellbeing', 'Training', 'Health']);
    await waitFor(() => expect(document.title).toBe('Add an event – Locals'));
    await expectNoAxeViolations();
  });

  it('shows the error summary, focused, in page order, linking to each field, and sends nothing', async () => {
    const { requests } = stubApi({ 'GET /api/auth/me': signedInAs() });
    const user = await openForm();
    await user.type(screen.getByLabelText('Event name'), 'Kept as typed');
    await user.click(screen.getByRole('radio', { name: /Every week/ }));
    await user.click(submitButton());

    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    expect(summary).toHaveFocus();
    expect(
      within(summary)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Description is required',
      "Choose the event's category",
      'Enter the date',
      // Checks across fields are said on the first try too.
      'Enter the start time, or choose "All day"',
      'Enter the last date the event repeats until',
      'Venue name is required',
      'Address is required',
      'Enter a postcode',
      'Organiser name is required',
      'Email is required',
    ]);
    await user.click(within(summary).getByRole('link', { name: 'Enter the date' }));
    expect(screen.getByLabelText('Date')).toHaveFocus();
    expect(screen.getByLabelText('Repeat until (if it repeats)')).toHaveAccessibleDescription(
      /Error: Enter the last date the event repeats until/,
    );
    expect(screen.getByLabelText('Event name')).toHaveValue('Kept as typed');
    expect(callsTo(requests, 'POST', API)).toHaveLength(0);
    await waitFor(() => expect(document.title).toBe('Error: Add an event – Locals'));
    await expectNoAxeViolations();
  });

  it.each([
    ['no start time', '', '', 'Enter the start time, or choose "All day"', 'Start time'],
    [
      'an end before the start',
      '10:00',
      '09:00',
      'The end time must be after the start time',
      'End time (optional)',
    ],
  ])('asks again about the times when there is %s', async (_case, start, end, message, label) => {
    const { requests } = stubApi({ 'GET /api/auth/me': signedInAs() });
    const user = await openForm();
    await fillRequiredFields(user);
    pick('Start time', start);
    pick('End time (optional)', end);
    await user.click(submitButton());

    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    expect(within(summary).getByRole('link', { name: message })).toHaveAttribute(
      'href',
      `#${screen.getByLabelText(label).id}`,
    );
    expect(callsTo(requests, 'POST', API)).toHaveLength(0);
  });

  it('sends the event with an Idempotency-Key and confirms it on My events', async () => {
    const { requests } = stubApi({
      'GET /api/auth/me': signedInAs(),
      [`POST ${API}`]: () =>
        jsonResponse(
          { data: buildSubmittedEvent(), message: 'We will check it within 2 to 3 working days.' },
          201,
        ),
      [`GET ${API}`]: () => jsonResponse({ data: [buildSubmittedEvent()] }),
    });
    const user = await openForm();
    await fillRequiredFields(user);
    pick('End time (optional)', '12:00');
    await user.click(screen.getByRole('radio', { name: /Every week/ }));
    pick('Repeat until (if it repeats)', '2026-12-22');
    await user.type(screen.getByLabelText('Dates left out (optional)'), '2026-12-15');
    await user.type(
      screen.getByLabelText('Accessibility features (optional)'),
      'Step-free entrance{Enter}Hearing loop, at the front desk',
    );
    await user.type(screen.getByLabelText('Tags (optional)'), 'coffee, social');
    await user.click(submitButton());

    const banner = await screen.findByRole('alert', { name: 'Success' });
    expect(
      within(banner).getByRole('heading', {
        name: 'Easton Coffee Morning has been sent for review',
      }),
    ).toBeVisible();
    expect(banner).toHaveTextContent('We will check it within 2 to 3 working days.');
    expect(screen.getByRole('heading', { level: 1, name: 'My events' })).toBeVisible();

    const [post] = callsTo(requests, 'POST', API);
    expect(post?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(post?.body).toEqual({
      title: 'Easton Coffee Morning',
      description: 'Tea, coffee and cake.',
      category: 'wellbeing',
      date: '2026-12-01',
      allDay: false,
      startTime: '10:00',
      endTime: '12:00',
      venue: 'Easton Community Centre',
      address: 'Kilburn Street, Bristol',
      postcode: 'BS5 6AW',
      organizerName: 'Friends of Easton',
      organizerEmail: 'hello@easton.example',
      registrationRequired: false,
      accessibility: ['Step-free entrance', 'Hearing loop, at the front desk'],
      tags: ['coffee', 'social'],
      repeat: { frequency: 'weekly', until: '2026-12-22', except: ['2026-12-15'] },
    } satisfies EventSubmissionInput);
  });

  it('says an event at a verified listing is published', async () => {
    stubApi({
      'GET /api/auth/me': signedInAs(),
      [`POST ${API}`]: () =>
        jsonResponse({ data: buildPublishedEvent(), message: 'It is on Locals now.' }, 201),
      [`GET ${API}`]: () => jsonResponse({ data: [buildPublishedEvent()] }),
    });
    const user = await openForm();
    await fillRequiredFields(user);
    await user.click(submitButton());

    const banner = await screen.findByRole('alert', { name: 'Success' });
    expect(banner).toHaveTextContent('Easton Coffee Morning is published');
  });

  it("places the API's field errors beside their fields, keeping everything typed", async () => {
    stubApi({
      'GET /api/auth/me': signedInAs(),
      [`POST ${API}`]: () =>
        jsonResponse(
          {
            code: 'postcode_not_found',
            message: 'We could not find that postcode',
            fieldErrors: { postcode: ['We could not find that postcode'] },
          },
          422,
        ),
    });
    const user = await openForm();
    await fillRequiredFields(user);
    await user.click(submitButton());

    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    expect(
      within(summary).getByRole('link', { name: 'We could not find that postcode' }),
    ).toHaveAttribute('href', '#event-postcode');
    expect(screen.getByLabelText('Postcode')).toHaveAccessibleDescription(
      /Error: We could not find that postcode/,
    );
    expect(screen.getByLabelText('Event name')).toHaveValue('Easton Coffee Morning');
  });

  it('says where the duplicate is, and sends the same event again with the same key', async () => {
    const { requests } = stubApi({
      'GET /api/auth/me': signedInAs(),
      [`POST ${API}`]: () =>
        jsonResponse(
          {
            code: 'conflict',
            message:
              'Easton Coffee Morning at Easton Community Centre on 1 December 2026 is already listed: /events?eventId=ical-abc.',
          },
          409,
        ),
    });
    const user = await openForm();
    await fillRequiredFields(user);
    await user.click(submitButton());

    const problem = await screen.findByRole('alert', { name: 'There is a problem' });
    expect(problem).toHaveFocus();
    expect(problem).toHaveTextContent('is already listed');
    expect(within(problem).getByRole('link', { name: '/events?eventId=ical-abc' })).toHaveAttribute(
      'href',
      '/events?eventId=ical-abc',
    );
    expect(problem).toHaveTextContent('Everything you typed is still here.');
    expect(screen.getByLabelText('Venue name')).toHaveValue('Easton Community Centre');

    await user.click(submitButton());
    await waitFor(() => expect(callsTo(requests, 'POST', API)).toHaveLength(2));
    const keys = callsTo(requests, 'POST', API).map((post) => post.headers.get('Idempotency-Key'));
    expect(keys[0]).toBe(keys[1]);
  });

  it.each([
    [
      'asked too often',
      () =>
        jsonResponse(
          { code: 'rate_limited', message: 'You have added 10 events today. Try again tomorrow.' },
          429,
        ),
      'You have added 10 events today. Try again tomorrow.',
    ],
    [
      'the connection drops',
      networkError,
      'We could not reach Locals. Check your internet connection and try again.',
    ],
  ])('says what to do when %s, keeping everything typed', async (_case, reply, message) => {
    stubApi({ 'GET /api/auth/me': signedInAs(), [`POST ${API}`]: reply });
    const user = await openForm();
    await fillRequiredFields(user);
    await user.click(submitButton());

    const problem = await screen.findByRole('alert', { name: 'There is a problem' });
    expect(problem).toHaveTextContent(message);
    expect(screen.getByLabelText('Organiser name')).toHaveValue('Friends of Easton');
    expect(submitButton()).toBeEnabled();
  });

  it('shows the values and errors of the form the server sent back without JavaScript', async () => {
    stubApi({ 'GET /api/auth/me': signedInAs() });
    renderSentForm(PAGE, {
      form: 'event',
      values: {
        title: 'Easton Coffee Morning',
        date: '2026-12-01',
        allDay: TICKED,
        repeatFrequency: 'monthly',
        postcode: 'BS5',
        accessibility: 'Step-free entrance\nHearing loop',
        unknown: 'ignored',
      },
      errors: {
        postcode: 'Enter a full UK postcode, like BS1 4DJ',
        repeatUntil: 'Enter the last date the event repeats until',
      },
    });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Add an event' }, LAZY),
    ).toBeVisible();
    const summary = screen.getByRole('alert', { name: 'There is a problem' });
    expect(
      within(summary)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Enter the last date the event repeats until',
      'Enter a full UK postcode, like BS1 4DJ',
    ]);
    expect(screen.getByLabelText('Event name')).toHaveValue('Easton Coffee Morning');
    expect(screen.getByLabelText('Date')).toHaveValue('2026-12-01');
    expect(screen.getByRole('checkbox', { name: 'All day' })).toBeChecked();
    expect(screen.getByRole('radio', { name: /Every month/ })).toBeChecked();
    expect(screen.getByLabelText('Accessibility features (optional)')).toHaveValue(
      'Step-free entrance\nHearing loop',
    );
    expect(screen.getByLabelText('Postcode')).toHaveValue('BS5');
    expect(screen.getByLabelText('Postcode')).toHaveAccessibleDescription(
      /Error: Enter a full UK postcode, like BS1 4DJ/,
    );
    await waitFor(() => expect(document.title).toBe('Error: Add an event – Locals'));
  });

  it("shows the server's answer about the whole form sent without JavaScript", async () => {
    stubApi({ 'GET /api/auth/me': signedInAs() });
    renderSentForm(PAGE, {
      form: 'event',
      values: { title: 'Easton Coffee Morning' },
      errors: { form: 'You have added 10 events today. Try again tomorrow.' },
    });

    const problem = await screen.findByRole('alert', { name: 'There is a problem' }, LAZY);
    expect(problem).toHaveTextContent('You have added 10 events today. Try again tomorrow.');
    expect(screen.getByLabelText('Event name')).toHaveValue('Easton Coffee Morning');
  });
});
