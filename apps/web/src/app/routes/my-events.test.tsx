import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  MY_EVENT_ID,
  buildEventDate,
  buildPublishedEvent,
  buildSubmittedEvent,
} from '@/features/organiser-events/testing/organiser-event-factories';
import { signedInAs, signedOut } from '@/testing/auth';
import { expectNoAxeViolations } from '@/testing/axe';
import { callsTo, jsonResponse, stubApi } from '@/testing/fetch-mock';
import { preloadRoutes, renderApp } from '@/testing/render';

const LAZY = { timeout: 5000 };
const PAGE = '/my-events';
const LIST = '/api/my/events';
const ONE = `${LIST}/${MY_EVENT_ID}`;

preloadRoutes(PAGE);

const WAITING = buildSubmittedEvent({
  id: 'locals-waiting',
  recurrence: null,
  submission: { title: 'Repair Cafe', repeat: { frequency: 'none', except: [] } },
});
const REFUSED = buildSubmittedEvent({
  id: 'locals-refused',
  status: 'refused',
  refusalReason: 'This is a sale, not a community event.',
  submission: { title: 'Car Boot Sale' },
});
const CANCELLED = buildPublishedEvent({
  id: 'locals-cancelled',
  cancelled: true,
  submission: { title: 'Winter Walk' },
});

/** The list as the API keeps it: each action's answer changes what the next GET says. */
function stubMyEvents(events: ReturnType<typeof buildSubmittedEvent>[]) {
  let stored = events;
  const answer = (event: (typeof stored)[number]) => {
    stored = stored.map((item) => (item.id === event.id ? event : item));
    return jsonResponse({ data: event, message: 'Done' });
  };
  return stubApi({
    'GET /api/auth/me': signedInAs(),
    [`GET ${LIST}`]: () => jsonResponse({ data: stored }),
    [`POST ${ONE}/cancelled-dates`]: (request) => {
      const { date } = request.body as { date: string };
      const event = stored.find((item) => item.id === MY_EVENT_ID)!;
      return answer({
        ...event,
        dates: event.dates.map((day) => (day.date === date ? { ...day, cancelled: true } : day)),
      });
    },
    [`POST ${ONE}/cancel`]: () =>
      answer({ ...stored.find((item) => item.id === MY_EVENT_ID)!, cancelled: true }),
    [`DELETE ${ONE}`]: () => {
      stored = stored.filter((item) => item.id !== MY_EVENT_ID);
      return jsonResponse({ success: true });
    },
  });
}

async function openPage() {
  const user = userEvent.setup();
  renderApp(PAGE);
  await screen.findByRole('heading', { level: 1, name: 'My events' }, LAZY);
  return user;
}

describe('/my-events', () => {
  it('lists each event with where it stands, its first date and repeat, and what can be done', async () => {
    stubMyEvents([buildPublishedEvent(), WAITING, REFUSED, CANCELLED]);
    await openPage();

    const published = await screen.findByRole('article', { name: 'Easton Coffee Morning' });
    expect(within(published).getByText('Published')).toBeVisible();
    expect(published).toHaveTextContent('First dateTuesday 1 December 2026, 10:00 – 12:00');
    expect(published).toHaveTextContent('RepeatsEvery Tuesday until 22 December 2026');
    expect(published).toHaveTextContent('VenueEaston Community Centre, BS5 6AW');
    expect(
      within(published).getByRole('link', { name: 'Edit Easton Coffee Morning' }),
    ).toHaveAttribute('href', `/my-events/${MY_EVENT_ID}/edit`);
    expect(
      within(published).getByRole('link', { name: 'View Easton Coffee Morning on Locals' }),
    ).toHaveAttribute('href', `/events?eventId=${MY_EVENT_ID}`);
    // The dates still to come: not the one passed; the one called off says so.
    const dates = within(published).getAllByRole('listitem');
    expect(dates.map((date) => date.textContent)).toEqual([
      'Tuesday 8 December 2026Cancel this date on Tuesday 8 December 2026',
      'Tuesday 22 December 2026Cancelled',
    ]);
    expect(
      within(published).getByRole('button', {
        name: 'Cancel the whole event Easton Coffee Morning',
      }),
    ).toBeVisible();
    expect(within(published).queryByRole('button', { name: /^Delete/ })).toBeNull();

    const waiting = screen.getByRole('article', { name: 'Repair Cafe' });
    expect(within(waiting).getByText('Waiting for review')).toBeVisible();
    expect(waiting).toHaveTextContent('We will check it within 2 to 3 working days.');
    expect(waiting).not.toHaveTextContent('Repeats');
    expect(within(waiting).getByRole('button', { name: 'Delete Repair Cafe' })).toBeVisible();
    expect(within(waiting).queryByRole('button', { name: /Cancel/ })).toBeNull();

    const refused = screen.getByRole('article', { name: 'Car Boot Sale' });
    expect(within(refused).getByText('Not published')).toBeVisible();
    expect(refused).toHaveTextContent('This is a sale, not a community event.');

    const cancelled = screen.getByRole('article', { name: 'Winter Walk' });
    expect(within(cancelled).getByText('Cancelled')).toBeVisible();
    expect(within(cancelled).queryByRole('link', { name: /^Edit/ })).toBeNull();
    expect(within(cancelled).queryByRole('button')).toBeNull();

    expect(screen.getByRole('link', { name: 'Add an event' })).toHaveAttribute(
      'href',
      '/my-events/new',
    );
    await waitFor(() => expect(document.title).toBe('My events – Locals'));
    await expectNoAxeViolations();
  });

  it('cancels one date after asking, and says so', async () => {
    const { requests } = stubMyEvents([buildPublishedEvent()]);
    const user = await openPage();
    const event = await screen.findByRole('article', { name: 'Easton Coffee Morning' });
    await user.click(
      within(event).getByRole('button', { name: 'Cancel this date on Tuesday 8 December 2026' }),
    );

    const dialog = await screen.findByRole('dialog', {
      name: 'Cancel Easton Coffee Morning on Tuesday 8 December 2026?',
    });
    expect(dialog).toHaveTextContent('You cannot undo this.');
    await expectNoAxeViolations();
    await user.click(within(dialog).getByRole('button', { name: 'Yes, cancel this date' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const row = within(event).getByText('Tuesday 8 December 2026').closest('li');
    expect(row).toHaveTextContent('Cancelled');
    await waitFor(() => expect(row).toHaveFocus());
    expect(screen.getByRole('status')).toHaveTextContent(
      'Tuesday 8 December 2026 of Easton Coffee Morning is cancelled.',
    );
    const [post] = callsTo(requests, 'POST', `${ONE}/cancelled-dates`);
    expect(post?.body).toEqual({ date: '2026-12-08' });
  });

  it('cancels the whole event after asking', async () => {
    const { requests } = stubMyEvents([buildPublishedEvent()]);
    const user = await openPage();
    const event = await screen.findByRole('article', { name: 'Easton Coffee Morning' });
    await user.click(within(event).getByRole('button', { name: /Cancel the whole event/ }));

    const dialog = await screen.findByRole('dialog', { name: 'Cancel Easton Coffee Morning?' });
    expect(dialog).toHaveTextContent('people who saved the event are told');
    await expectNoAxeViolations();
    await user.click(within(dialog).getByRole('button', { name: 'Yes, cancel the whole event' }));

    await waitFor(() => expect(within(event).getByText('Cancelled')).toBeVisible());
    expect(within(event).queryByRole('button')).toBeNull();
    await waitFor(() =>
      expect(within(event).getByRole('heading', { name: 'Easton Coffee Morning' })).toHaveFocus(),
    );
    expect(callsTo(requests, 'POST', `${ONE}/cancel`)).toHaveLength(1);
  });

  it('keeps the event when the organiser thinks again', async () => {
    const { requests } = stubMyEvents([buildPublishedEvent()]);
    const user = await openPage();
    const button = await screen.findByRole('button', { name: /Cancel the whole event/ });
    await user.click(button);
    await user.click(await screen.findByRole('button', { name: 'No, keep it' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(button).toHaveFocus();
    expect(callsTo(requests, 'POST', `${ONE}/cancel`)).toHaveLength(0);
  });

  it('deletes an event never published, after asking', async () => {
    const { requests } = stubMyEvents([buildSubmittedEvent(), WAITING]);
    const user = await openPage();
    await user.click(await screen.findByRole('button', { name: 'Delete Easton Coffee Morning' }));

    const dialog = await screen.findByRole('dialog', { name: 'Delete Easton Coffee Morning?' });
    await expectNoAxeViolations();
    await user.click(within(dialog).getByRole('button', { name: 'Yes, delete it' }));

    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Easton Coffee Morning' })).toBeNull(),
    );
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Easton Coffee Morning is deleted.');
    await waitFor(() => expect(status).toHaveFocus());
    expect(screen.getByRole('article', { name: 'Repair Cafe' })).toBeVisible();
    expect(callsTo(requests, 'DELETE', ONE)).toHaveLength(1);
  });

  it('says in the dialog why an event could not be deleted', async () => {
    stubApi({
      'GET /api/auth/me': signedInAs(),
      [`GET ${LIST}`]: () => jsonResponse({ data: [buildSubmittedEvent()] }),
      [`DELETE ${ONE}`]: () =>
        jsonResponse(
          {
            code: 'conflict',
            message:
              'This event has been published: cancel it instead, so people who saved it are told.',
          },
          409,
        ),
    });
    const user = await openPage();
    await user.click(await screen.findByRole('button', { name: 'Delete Easton Coffee Morning' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Yes, delete it' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This event has been published: cancel it instead',
    );
    expect(within(dialog).getByRole('button', { name: 'Yes, delete it' })).toBeEnabled();
  });

  it('folds a long run of dates behind their count', async () => {
    const dates = Array.from({ length: 8 }, (_, week) =>
      buildEventDate({ date: `2027-01-${String(5 + week * 7).padStart(2, '0')}` }),
    ).filter((date) => date.date <= '2027-01-31');
    const many = [
      ...dates,
      buildEventDate({ date: '2027-02-02' }),
      buildEventDate({ date: '2027-02-09' }),
      buildEventDate({ date: '2027-02-16' }),
    ];
    stubMyEvents([buildPublishedEvent({ dates: many })]);
    await openPage();

    expect(await screen.findByText('Dates to come (7)')).toBeVisible();
  });

  it('confirms an event the form sent without JavaScript, named in the address', async () => {
    stubMyEvents([WAITING, buildPublishedEvent()]);
    renderApp(`${PAGE}?submitted=${WAITING.id}`);

    expect(
      await screen.findByRole('heading', { name: 'Repair Cafe has been sent for review' }, LAZY),
    ).toBeVisible();
    expect(screen.getByText(/A moderator will look at it/)).toBeVisible();
  });

  it('confirms a change sent without JavaScript that went live', async () => {
    const published = buildPublishedEvent();
    stubMyEvents([published]);
    renderApp(`${PAGE}?changed=${published.id}`);

    expect(
      await screen.findByRole(
        'heading',
        { name: `Your changes to ${published.submission.title} are live` },
        LAZY,
      ),
    ).toBeVisible();
  });

  it('explains how it works when the person has added no events', async () => {
    stubMyEvents([]);
    await openPage();

    expect(await screen.findByText('You have not added any events yet.')).toBeVisible();
    expect(screen.getByText(/within 2 to 3 working days/)).toHaveTextContent(
      'An event at a verified listing you manage is published straight away.',
    );
    expect(screen.getByRole('link', { name: 'Add your first event' })).toHaveAttribute(
      'href',
      '/my-events/new',
    );
  });

  it('sends its buttons as forms to this page, which says without JavaScript that they need it', async () => {
    stubMyEvents([buildPublishedEvent()]);
    await openPage();

    const button = await screen.findByRole('button', { name: /Cancel the whole event/ });
    expect(button).toHaveAttribute('type', 'submit');
    const form = button.closest('form');
    expect(form).toHaveAttribute('method', 'post');
    expect(form).not.toHaveAttribute('action');
  });

  it('asks someone signed out to sign in, without asking for events', async () => {
    const { requests } = stubApi({ 'GET /api/auth/me': signedOut });
    renderApp(PAGE);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sign in to see your events' }, LAZY),
    ).toBeVisible();
    expect(callsTo(requests, 'GET', LIST)).toHaveLength(0);
  });

  it('offers to try again when the events cannot be loaded', async () => {
    stubApi({
      'GET /api/auth/me': signedInAs(),
      [`GET ${LIST}`]: () =>
        jsonResponse({ code: 'internal_error', message: 'Something went wrong' }, 500),
    });
    renderApp(PAGE);

    expect(await screen.findByText(/We could not load your events/, {}, LAZY)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
  });
});
