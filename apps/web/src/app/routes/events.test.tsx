import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedOut } from '@/testing/auth';
import {
  buildEvent,
  buildEventDetail,
  buildEvents,
  buildEventsResponse,
} from '@/testing/factories';
import { callsTo, jsonResponse, networkError, stubApi } from '@/testing/fetch-mock';
import type { RecordedRequest } from '@/testing/fetch-mock';
import { preloadRoutes, renderApp } from '@/testing/render';

preloadRoutes('/events');

const SEARCH = 'GET /api/events/search';
const SEARCH_PATH = '/api/events/search';
// Routes and the details dialog load lazily; the first load can be slow.
const LAZY = { timeout: 5000 };
const searchOf = (location: { search: string }) => new URLSearchParams(location.search);

beforeAll(async () => {
  await Promise.all([import('./events'), import('@/app/event-listing/event-detail-dialog')]);
}, 60_000);

function stubEvents(
  answer: (request: RecordedRequest) => Response | Promise<Response> = () =>
    jsonResponse(buildEventsResponse()),
  extra: Parameters<typeof stubApi>[0] = {},
) {
  return stubApi({ 'GET /api/auth/me': signedOut, [SEARCH]: answer, ...extra });
}

async function heading() {
  return screen.findByRole('heading', { level: 1, name: 'Community Events & Support' }, LAZY);
}

describe('/events filters live in the URL', () => {
  it('asks the API for what the URL says, 20 to a page', async () => {
    const { requests } = stubEvents();
    renderApp('/events?location=bs5+6xx&maxDistance=5&date=2026-12-01&category=food&page=2');

    await heading();
    await waitFor(() => expect(callsTo(requests, 'GET', SEARCH_PATH)).toHaveLength(1));
    expect(Object.fromEntries(callsTo(requests, 'GET', SEARCH_PATH)[0]!.query)).toEqual({
      location: 'BS5 6XX',
      maxDistance: '5',
      date: '2026-12-01',
      category: 'food',
      page: '2',
      pageSize: '20',
    });
    expect(screen.getByLabelText('Postcode')).toHaveValue('BS5 6XX');
    expect(screen.getByLabelText('Distance')).toHaveValue('5');
    expect(screen.getByLabelText('Date')).toHaveValue('2026-12-01');
    expect(screen.getByLabelText('Category')).toHaveValue('food');
  });

  it('never sends a distance without a postcode', async () => {
    const { requests } = stubEvents();
    renderApp('/events?maxDistance=5&category=training');

    await heading();
    await waitFor(() => expect(callsTo(requests, 'GET', SEARCH_PATH)).toHaveLength(1));
    const query = callsTo(requests, 'GET', SEARCH_PATH)[0]!.query;
    expect(query.has('maxDistance')).toBe(false);
    expect(query.get('category')).toBe('training');
  });

  it('offers the spec’s distances and categories', async () => {
    stubEvents();
    renderApp('/events');
    await heading();

    const options = (name: string) =>
      within(screen.getByLabelText(name))
        .getAllByRole('option')
        .map((option) => option.textContent);
    expect(options('Distance')).toEqual(['1 mile', '3 miles', '5 miles', '10 miles', '25 miles']);
    expect(screen.getByLabelText('Distance')).toHaveValue('10');
    expect(options('Category')).toEqual([
      'All categories',
      'Housing',
      'Food',
      'Wellbeing',
      'Training',
    ]);
    expect(screen.getByLabelText('Date')).toHaveAttribute('type', 'date');
  });

  it('Find Events puts the filters in the URL as a new history entry, from page 1', async () => {
    stubEvents();
    const { router } = renderApp('/events?page=3');
    const user = userEvent.setup();
    await heading();

    await user.type(screen.getByLabelText('Postcode'), 'bs5 6xx');
    await user.selectOptions(screen.getByLabelText('Distance'), '5');
    await user.selectOptions(screen.getByLabelText('Category'), 'food');
    await user.click(screen.getByRole('button', { name: 'Find Events' }));

    await waitFor(() =>
      expect(router.state.location.search).toBe('?location=BS5+6XX&maxDistance=5&category=food'),
    );
    expect(router.state.historyAction).toBe('PUSH');
  });

  it('is a GET form to /events, so it works without JavaScript', async () => {
    stubEvents();
    renderApp('/events');
    await heading();

    const form = screen.getByRole('form', { name: 'Filter events' });
    expect(form).toHaveAttribute('method', 'get');
    expect(form).toHaveAttribute('action', '/events');
    expect(screen.getByLabelText('Postcode')).toHaveAttribute('name', 'location');
    expect(screen.getByLabelText('Distance')).toHaveAttribute('name', 'maxDistance');
    expect(screen.getByLabelText('Date')).toHaveAttribute('name', 'date');
    expect(screen.getByLabelText('Category')).toHaveAttribute('name', 'category');
  });

  it('tells organisers where to add their own event', async () => {
    stubEvents();
    renderApp('/events');
    await heading();

    expect(screen.getByRole('link', { name: 'Add your event' })).toHaveAttribute(
      'href',
      '/my-events/new',
    );
  });

  it('Clear Filters empties the fields and the URL', async () => {
    stubEvents();
    const { router } = renderApp('/events?location=BS5+6XX&category=food');
    const user = userEvent.setup();
    await heading();

    await user.click(screen.getByRole('link', { name: 'Clear Filters' }));

    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByLabelText('Postcode')).toHaveValue('');
    expect(screen.getByLabelText('Category')).toHaveValue('');
  });

  it.each([
    [
      'an invalid postcode',
      { location: ['Enter a real UK postcode, like BS1 4DJ'] },
      'Postcode',
      'Enter a real UK postcode, like BS1 4DJ',
    ],
    [
      'an invalid date',
      { date: ['date must be a real date written yyyy-MM-dd, like 2026-12-01'] },
      'Date',
      'date must be a real date written yyyy-MM-dd, like 2026-12-01',
    ],
  ])(
    'shows the API’s words for %s in an error summary linked to the field',
    async (_case, fieldErrors, label, message) => {
      stubEvents(() => jsonResponse({ code: 'validation_error', message, fieldErrors }, 400));
      renderApp('/events?location=hello&date=2026-02-30');
      const user = userEvent.setup();
      await heading();

      const summary = await screen.findByRole('alert', { name: 'There is a problem' });
      expect(summary).toHaveFocus();
      await user.click(within(summary).getByRole('link', { name: message }));
      expect(screen.getByLabelText(label)).toHaveFocus();
      expect(screen.getByLabelText(label)).toHaveAccessibleDescription(
        expect.stringContaining(message),
      );
      expect(screen.queryByText('Failed to Load Events')).not.toBeInTheDocument();
    },
  );

  it('puts a postcode no table places beside the postcode field', async () => {
    const message = "We couldn't find ZZ9 9ZZ. Check the postcode and try again.";
    stubEvents(() => jsonResponse({ code: 'postcode_not_found', message }, 404));
    renderApp('/events?location=ZZ9+9ZZ');
    await heading();

    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    expect(within(summary).getByRole('link', { name: message })).toHaveAttribute(
      'href',
      '#events-location',
    );
  });
});

describe('/events states', () => {
  it('says it is loading, then how many events it found', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    stubEvents(async () => {
      await held;
      return jsonResponse(buildEventsResponse({ events: buildEvents(12) }));
    });
    renderApp('/events');

    const status = await screen.findByRole('status', {}, LAZY);
    expect(status).toHaveTextContent('Loading events...');
    release();
    expect(await within(status).findByRole('heading', { name: '12 events' })).toBeVisible();
    expect(screen.getAllByRole('article')).toHaveLength(12);
  });

  it('says when nothing was found', async () => {
    stubEvents(() => jsonResponse(buildEventsResponse({ events: [] })));
    renderApp('/events?category=housing');

    expect(await screen.findByRole('heading', { name: 'No events found' }, LAZY)).toBeVisible();
    expect(
      screen.getByText(
        'Try adjusting your filters or search criteria to find more events in your area.',
      ),
    ).toBeVisible();
  });

  it('past the last page (an old link), says nothing is there and links to the first page', async () => {
    stubEvents(() => jsonResponse(buildEventsResponse({ events: [], totalCount: 3, page: 4 })));
    renderApp('/events?category=food&page=4');

    expect(await screen.findByRole('heading', { name: 'No events found' }, LAZY)).toBeVisible();
    expect(screen.queryByRole('heading', { name: '3 events' })).not.toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: 'Go to the first page of these events' }),
    ).toHaveAttribute('href', '/events?category=food');
  });

  it('says why it failed, and Try Again asks again', async () => {
    let isDown = true;
    stubEvents(() =>
      isDown
        ? jsonResponse({ code: 'internal', message: 'Something went wrong' }, 503)
        : jsonResponse(buildEventsResponse()),
    );
    renderApp('/events');
    const user = userEvent.setup();

    expect(
      await screen.findByRole('heading', { name: 'Failed to Load Events' }, LAZY),
    ).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent('Error: Something went wrong');
    isDown = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));

    expect(await screen.findByRole('heading', { name: '2 events' })).toBeVisible();
    expect(screen.queryByText('Failed to Load Events')).not.toBeInTheDocument();
  });

  it('says "Unknown error" when the failure has no words', async () => {
    stubEvents(() => networkError());
    renderApp('/events');

    expect(
      await screen.findByRole('heading', { name: 'Failed to Load Events' }, LAZY),
    ).toBeVisible();
    // The client's own words for a dropped connection.
    expect(screen.getByRole('alert')).toHaveTextContent(/^Error: We could not reach Locals/);
  });
});

describe('/events cards', () => {
  it('show what spec 2 lists, the distance and an example label on demo events', async () => {
    stubEvents(() =>
      jsonResponse(
        buildEventsResponse({
          events: [
            buildEvent({ distanceMiles: 1.2, isDemo: true }),
            buildEvent({
              id: 'demo:job-club',
              title: 'Job Club',
              category: 'training',
              time: null,
              endTime: null,
              allDay: true,
              recurrence: null,
              registrationRequired: true,
            }),
          ],
        }),
      ),
    );
    renderApp('/events?location=BS5+6XX');

    const [lunch, jobClub] = await screen.findAllByRole('article', {}, LAZY);
    const card = within(lunch!);
    expect(card.getByRole('heading', { level: 3, name: 'Community Lunch' })).toBeVisible();
    for (const text of [
      'Food',
      'Example event',
      'Dec 1, 2026',
      '12:00 – 14:00',
      'Every Tuesday',
      "St Mark's Hall, BS5 6XX",
      '1.2 miles away',
      'Drop-in Welcome',
      'A free hot meal and a friendly chat. Everyone is welcome.',
    ]) {
      expect(card.getByText(text)).toBeVisible();
    }
    expect(within(jobClub!).getByText('Training')).toBeVisible();
    expect(within(jobClub!).getByText('All day')).toBeVisible();
    expect(within(jobClub!).getByText('Registration Required')).toBeVisible();
    expect(within(jobClub!).queryByText('Example event')).not.toBeInTheDocument();
  });

  it('say in words when the date a card shows was called off, and when the whole event was', async () => {
    stubEvents(() =>
      jsonResponse(
        buildEventsResponse({
          events: [
            buildEvent({ dateCancelled: true }),
            buildEvent({ id: 'demo:job-club', title: 'Job Club', cancelled: true }),
            buildEvent({ id: 'demo:walk', title: 'Walk' }),
          ],
        }),
      ),
    );
    renderApp('/events');

    const [lunch, jobClub, walk] = await screen.findAllByRole('article', {}, LAZY);
    expect(within(lunch!).getByText('Cancelled on Dec 1, 2026')).toBeVisible();
    expect(within(jobClub!).getByText('Cancelled')).toBeVisible();
    expect(within(jobClub!).queryByText(/Cancelled on/)).not.toBeInTheDocument();
    expect(within(walk!).queryByText(/Cancelled/)).not.toBeInTheDocument();
  });

  it('offers the same events as a calendar feed', async () => {
    stubEvents();
    renderApp('/events?location=BS5+6XX&maxDistance=5&category=food&page=2');

    expect(
      await screen.findByRole(
        'link',
        { name: 'Subscribe to these events (a calendar feed)' },
        LAZY,
      ),
    ).toHaveAttribute(
      'href',
      '/api/events/calendar.ics?location=BS5+6XX&maxDistance=5&category=food',
    );
  });
});

describe('/events paging', () => {
  function stubPages() {
    return stubEvents((request) =>
      jsonResponse(
        request.query.get('page') === '1'
          ? buildEventsResponse({ events: buildEvents(20), totalCount: 25, hasMore: true })
          : buildEventsResponse({ events: buildEvents(5, 21), totalCount: 25, page: 2 }),
      ),
    );
  }

  it('links to the next page and back, keeping the filters, with focus on the count', async () => {
    stubPages();
    const { router } = renderApp('/events?category=food');
    const user = userEvent.setup();

    const next = await screen.findByRole('link', { name: 'Next page' }, LAZY);
    expect(next).toHaveAttribute('href', '/events?category=food&page=2');
    expect(screen.queryByRole('link', { name: 'Previous page' })).not.toBeInTheDocument();
    expect(screen.getByText('Page 1 of 2')).toBeVisible();

    await user.click(next);

    expect(await screen.findByRole('heading', { name: 'Event 21' })).toBeVisible();
    expect(searchOf(router.state.location).get('page')).toBe('2');
    expect(screen.getByRole('heading', { name: '25 events' })).toHaveFocus();
    expect(screen.getByText('Showing 21 to 25 of 25')).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Next page' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Previous page' })).toHaveAttribute(
      'href',
      '/events?category=food',
    );
  });
});

describe('/events details', () => {
  const DETAIL = 'GET /api/events/demo%3Aevent-2';

  function stubWithDetail() {
    return stubEvents(undefined, {
      [DETAIL]: () =>
        jsonResponse({ data: buildEventDetail({ id: 'demo:event-2', title: 'Event 2' }) }),
    });
  }

  it('a card opens its event as a new history entry, so Back closes it', async () => {
    stubWithDetail();
    const { router } = renderApp('/events?category=food');
    const user = userEvent.setup();
    const listKey = router.state.location.key;

    const link = await screen.findByRole('link', { name: 'Event 2' }, LAZY);
    expect(link).toHaveAttribute(
      'href',
      '/events?category=food&eventId=demo%3Aevent-2#event-detail',
    );
    await user.click(link);

    expect(await screen.findByRole('dialog', { name: 'Event 2' }, LAZY)).toBeVisible();
    expect(router.state.historyAction).toBe('PUSH');
    expect(searchOf(router.state.location).get('eventId')).toBe('demo:event-2');

    await act(() => router.navigate(-1));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.key).toBe(listKey);
  });

  it('Escape closes the dialog and takes eventId out of the URL', async () => {
    stubWithDetail();
    const { router } = renderApp('/events?category=food');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('link', { name: 'Event 2' }, LAZY));
    await screen.findByRole('dialog', { name: 'Event 2' }, LAZY);
    await user.keyboard('{Escape}');

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(searchOf(router.state.location).has('eventId')).toBe(false);
  });

  it('a shared link opens its event on load, and closes in place', async () => {
    stubWithDetail();
    const { router } = renderApp('/events?eventId=demo%3Aevent-2');
    const user = userEvent.setup();

    const dialog = await screen.findByRole('dialog', { name: 'Event 2' }, LAZY);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.search).toBe('');
    expect(router.state.historyAction).toBe('REPLACE');
  });
});
