import type { EventBookmark } from '@locals/contracts/bookmarks';
import type { EventDetail } from '@locals/contracts/events';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { buildUser, signedInAs, signedOut } from '@/testing/auth';
import { buildEvent, buildEventDetail } from '@/testing/factories';
import { callsTo, jsonResponse, stubApi } from '@/testing/fetch-mock';
import type { RecordedRequest } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render';
import { EventDetailDialog } from './event-detail-dialog';

const EVENT_ID = 'demo:community-lunch';
const DETAIL = 'GET /api/events/demo%3Acommunity-lunch';

type Handlers = Record<string, (request: RecordedRequest) => Response | Promise<Response>>;

function renderDetail(detail: EventDetail = buildEventDetail(), handlers: Handlers = {}) {
  const api = stubApi({
    'GET /api/auth/me': signedOut,
    [DETAIL]: () => jsonResponse({ data: detail }),
    ...handlers,
  });
  const onClose = vi.fn();
  renderWithProviders(<EventDetailDialog eventId={EVENT_ID} onClose={onClose} />);
  return { onClose, ...api };
}

async function findDetail(name = 'Community Lunch') {
  return within(await screen.findByRole('dialog', { name }));
}

/** The signed-in person's event bookmarks, kept as the server would. */
function fakeEventBookmarks(initial: string[] = []) {
  const saved = new Set(initial);
  const bookmarkOf = (eventId: string, index: number): EventBookmark => ({
    id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    type: 'event',
    eventId,
    createdAt: '2026-11-22T12:05:00.000Z',
    event: buildEvent({ id: eventId }),
  });
  return {
    'GET /api/auth/me': signedInAs(buildUser()),
    'GET /api/users/bookmarks': () => jsonResponse({ bookmarks: [...saved].map(bookmarkOf) }),
    'POST /api/bookmarks/events': (request: RecordedRequest) => {
      saved.add((request.body as { eventId: string }).eventId);
      return jsonResponse({ success: true }, 201);
    },
    'DELETE /api/bookmarks/events/demo%3Acommunity-lunch': () => {
      saved.delete(EVENT_ID);
      return jsonResponse({ success: true });
    },
  } satisfies Handlers;
}

describe('the event dialog', () => {
  it('shows what spec 2 lists', async () => {
    renderDetail(
      buildEventDetail({
        organizer: {
          name: 'Easton Community Kitchen',
          email: 'hello@example.org',
          phone: '0117 000 0002',
        },
        accessibility: ['Step-free entrance', 'Accessible toilet'],
        tags: ['free', 'hot meal'],
        provenance: { source: 'demo', sourceName: 'Locals demo data', licence: 'CC0' },
      }),
    );
    const detail = await findDetail();

    for (const text of [
      'Food',
      'Organised by Easton Community Kitchen',
      'Tuesday 1 December 2026',
      '12:00 – 14:00',
      'Every Tuesday',
      'Drop-in Welcome',
      "St Mark's Hall",
      "St Mark's Road, Easton, Bristol",
      'BS5 6XX',
      'A free hot meal and a friendly chat. Everyone is welcome.',
      'Step-free entrance',
      'Accessible toilet',
      'hot meal',
      'Locals demo data. Licence: CC0.',
    ]) {
      expect(detail.getByText(text)).toBeVisible();
    }
    expect(detail.getByRole('link', { name: 'hello@example.org' })).toHaveAttribute(
      'href',
      'mailto:hello@example.org',
    );
    expect(detail.getByRole('link', { name: '0117 000 0002' })).toHaveAttribute(
      'href',
      'tel:01170000002',
    );
  });

  it('leaves out the email and phone when the organiser gave none', async () => {
    renderDetail();
    const detail = await findDetail();

    expect(detail.queryByText('Email')).not.toBeInTheDocument();
    expect(detail.queryByText('Phone')).not.toBeInTheDocument();
  });

  it('says a demo event is an example, not a real one', async () => {
    renderDetail(buildEventDetail({ isDemo: true }));
    const detail = await findDetail();

    expect(detail.getByText('Example event')).toBeVisible();
    expect(screen.getByRole('dialog')).toHaveAccessibleDescription(
      'This is an example event, not a real one. Do not go to it.',
    );
  });

  it('lists the sessions still to come', async () => {
    const session = (date: string) => ({
      date,
      time: '12:00',
      endTime: '14:00',
      allDay: false,
      startsAt: `${date}T12:00:00.000Z`,
      endsAt: `${date}T14:00:00.000Z`,
      dateCancelled: false,
    });
    renderDetail({
      ...buildEventDetail(),
      upcoming: [session('2026-12-01'), session('2026-12-08'), session('2026-12-15')],
    });
    const detail = await findDetail();

    const list = detail.getByRole('heading', { name: 'Upcoming sessions' }).nextElementSibling;
    expect(
      within(list as HTMLElement)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Tuesday 1 December 2026, 12:00 – 14:00',
      'Tuesday 8 December 2026, 12:00 – 14:00',
      'Tuesday 15 December 2026, 12:00 – 14:00',
    ]);
  });

  it('marks a date its organiser called off, in the notice and among the sessions', async () => {
    const session = (date: string, dateCancelled = false) => ({
      date,
      time: '12:00',
      endTime: '14:00',
      allDay: false,
      startsAt: `${date}T12:00:00.000Z`,
      endsAt: `${date}T14:00:00.000Z`,
      dateCancelled,
    });
    renderDetail({
      ...buildEventDetail({ dateCancelled: true }),
      upcoming: [session('2026-12-01', true), session('2026-12-08'), session('2026-12-15', true)],
    });
    const detail = await findDetail();

    expect(detail.getByText('Cancelled on Tuesday 1 December 2026')).toBeVisible();
    expect(
      detail.getByText(
        (_, element) =>
          element?.tagName === 'P' &&
          element.textContent ===
            'Cancelled on Tuesday 1 December 2026. The organiser has called off this date; its other dates go ahead unless marked cancelled.',
      ),
    ).toBeVisible();
    const list = detail.getByRole('heading', { name: 'Upcoming sessions' }).nextElementSibling;
    expect(
      within(list as HTMLElement)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Tuesday 1 December 2026, 12:00 – 14:00 Cancelled',
      'Tuesday 8 December 2026, 12:00 – 14:00',
      'Tuesday 15 December 2026, 12:00 – 14:00 Cancelled',
    ]);
  });

  it('says an event its organiser submitted was added by the organiser', async () => {
    renderDetail(
      buildEventDetail({
        provenance: {
          // As the API names an event its organiser sent (submitted-events.repository.ts).
          source: 'locals',
          sourceName: 'Added by the organiser',
          licence: 'Published on Locals with the permission of its organiser',
        },
      }),
    );
    const detail = await findDetail();

    expect(
      detail.getByText(
        'Added by the organiser. Licence: Published on Locals with the permission of its organiser.',
      ),
    ).toBeVisible();
  });

  it.each([
    [{ cancelled: true }, 'Cancelled. The organiser has called this event off.'],
    [
      { passed: true, date: '2026-11-03' },
      'This event has passed. Its last session was on Tuesday 3 November 2026.',
    ],
  ])('says first when the event is off: %o', async (overrides, notice) => {
    renderDetail(buildEventDetail({ ...overrides, upcoming: [] }));
    const detail = await findDetail();

    expect(
      detail.getByText((_, element) => element?.tagName === 'P' && element.textContent === notice),
    ).toBeVisible();
  });

  it('says when the event cannot be found, with nothing to try again', async () => {
    renderDetail(undefined, {
      [DETAIL]: () =>
        jsonResponse({ code: 'not_found', message: 'We could not find that event.' }, 404),
    });

    const dialog = await screen.findByRole('dialog', { name: 'Event not found' });
    expect(dialog).toHaveAccessibleDescription(
      'We could not find this event. Its organiser may no longer list it.',
    );
    expect(within(dialog).queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });
});

describe('the event dialog’s buttons (spec 2)', () => {
  const NEW_TAB = '(opens in a new tab)';

  it.each([
    [
      'booking is needed and there is a link',
      { registrationRequired: true, registrationLink: 'https://example.org/book' },
      true,
    ],
    [
      'booking is needed but there is no link',
      { registrationRequired: true, registrationLink: null },
      false,
    ],
    [
      'it is a drop-in',
      { registrationRequired: false, registrationLink: 'https://example.org/book' },
      false,
    ],
  ])('when %s: Register for Event, else Get Directions', async (_case, overrides, canRegister) => {
    renderDetail(buildEventDetail(overrides));
    const detail = await findDetail();

    const register = detail.queryByRole('link', { name: `Register for Event ${NEW_TAB}` });
    const directions = detail.queryByRole('link', {
      name: `Get Directions to St Mark's Hall on OpenStreetMap ${NEW_TAB}`,
    });
    if (canRegister) {
      expect(register).toHaveAttribute('href', 'https://example.org/book');
      expect(register).toHaveAttribute('target', '_blank');
      expect(directions).not.toBeInTheDocument();
    } else {
      expect(register).not.toBeInTheDocument();
      expect(directions).toHaveAttribute(
        'href',
        'https://www.openstreetmap.org/directions?to=51.4632%2C-2.5625',
      );
      expect(directions).toHaveAttribute('target', '_blank');
    }
  });

  it('offers Visit Website only when there is a website', async () => {
    renderDetail(buildEventDetail({ website: 'https://example.org/lunch' }));
    const detail = await findDetail();

    expect(detail.getByRole('link', { name: `Visit Website ${NEW_TAB}` })).toHaveAttribute(
      'href',
      'https://example.org/lunch',
    );
  });

  it('has no Visit Website without a website', async () => {
    renderDetail();
    const detail = await findDetail();

    expect(detail.queryByRole('link', { name: /Visit Website/ })).not.toBeInTheDocument();
  });

  it('adds the event to a calendar with a download of its .ics file', async () => {
    renderDetail();
    const detail = await findDetail();

    const calendar = detail.getByRole('link', { name: 'Add to calendar' });
    expect(calendar).toHaveAttribute('href', '/api/events/demo%3Acommunity-lunch.ics');
    expect(calendar).toHaveAttribute('download');
  });

  it('Share Event copies the link to the event and says so', async () => {
    renderDetail();
    const user = userEvent.setup();
    const detail = await findDetail();

    await user.click(detail.getByRole('button', { name: 'Share Event' }));

    expect(await screen.findByText('Link Copied!')).toBeInTheDocument();
    expect(screen.getByText('Event link has been copied to clipboard.')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(
      `${window.location.origin}/events?eventId=demo%3Acommunity-lunch`,
    );
  });

  it('says when the link cannot be copied', async () => {
    renderDetail();
    const user = userEvent.setup();
    const detail = await findDetail();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('Denied'));

    await user.click(detail.getByRole('button', { name: 'Share Event' }));

    expect(await screen.findByText('Copy Failed')).toBeInTheDocument();
    expect(screen.getByText('Unable to copy link to clipboard.')).toBeInTheDocument();
  });
});

describe('bookmarking an event', () => {
  it('signed out, says an account is needed, links to signing in and sends nothing', async () => {
    const { requests } = renderDetail();
    const user = userEvent.setup();
    const detail = await findDetail();

    await user.click(detail.getByRole('button', { name: 'Bookmark' }));

    expect(await screen.findByText('Authentication Required')).toBeInTheDocument();
    expect(screen.getByText('You must log in to bookmark events.')).toBeInTheDocument();
    // Never a dead end: the toast links to signing in, which comes back here.
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      expect.stringMatching(/\?returnTo=%2F/),
    );
    expect(callsTo(requests, 'POST', '/api/bookmarks/events')).toHaveLength(0);
  });

  it('signed in, bookmarks the event and removes it again, saying so each time', async () => {
    const { requests } = renderDetail(buildEventDetail(), fakeEventBookmarks());
    const user = userEvent.setup();
    const detail = await findDetail();
    const bookmark = await detail.findByRole('button', { name: 'Bookmark', pressed: false });
    await waitFor(() => expect(bookmark).not.toHaveAttribute('aria-disabled'));

    await user.click(bookmark);

    expect(await screen.findByText('Bookmarked!')).toBeInTheDocument();
    expect(screen.getByText('Event added to your bookmarks.')).toBeInTheDocument();
    expect(await detail.findByRole('button', { name: 'Bookmarked', pressed: true })).toBe(bookmark);
    expect(callsTo(requests, 'POST', '/api/bookmarks/events')[0]?.body).toEqual({
      eventId: EVENT_ID,
    });

    await waitFor(() => expect(bookmark).not.toHaveAttribute('aria-disabled'));
    await user.click(bookmark);

    expect(await screen.findByText('Event removed from bookmarks.')).toBeInTheDocument();
    expect(await detail.findByRole('button', { name: 'Bookmark', pressed: false })).toBe(bookmark);
  });

  it('keeps the toggle as it was when the server refuses', async () => {
    renderDetail(buildEventDetail(), {
      ...fakeEventBookmarks(),
      'POST /api/bookmarks/events': () =>
        jsonResponse({ code: 'internal', message: 'Something went wrong' }, 500),
    });
    const user = userEvent.setup();
    const detail = await findDetail();
    const bookmark = await detail.findByRole('button', { name: 'Bookmark', pressed: false });
    await waitFor(() => expect(bookmark).not.toHaveAttribute('aria-disabled'));

    await user.click(bookmark);

    expect(await screen.findByText('Failed to update bookmark.')).toBeInTheDocument();
    expect(bookmark).toHaveAttribute('aria-pressed', 'false');
  });
});
