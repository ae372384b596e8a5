import type {
  BookmarkShare,
  BookmarksResponse,
  EventBookmark,
  ServiceBookmark,
} from '@locals/contracts/bookmarks';
import type { Event } from '@locals/contracts/events';
import type { Suggestion } from '@locals/contracts/suggestions';
import type { ServiceDetail } from '@locals/contracts/search';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { authConfig, signedInAs, signedOut } from '@/testing/auth';
import { buildEvent, buildEventDetail, buildServiceDetail } from '@/testing/factories';
import { callsTo, jsonResponse, stubApi } from '@/testing/fetch-mock';
import { preloadRoutes, renderApp } from '@/testing/render';

preloadRoutes('/bookmarks');

const CREATED = '2025-03-04T10:00:00.000Z';
// Routes, the auth dialog and the details dialog load lazily; the first load can be slow.
const LAZY = { timeout: 5000 };
const SHARE_URL = 'http://localhost/shared/bookmarks/share-token-123456789012345';

function serviceBookmark(overrides: Partial<ServiceDetail> = {}): ServiceBookmark {
  const service = buildServiceDetail(overrides);
  return {
    id: crypto.randomUUID(),
    type: 'service',
    serviceId: service.id,
    createdAt: CREATED,
    service,
  };
}

function eventBookmark(eventId: string, overrides: Partial<Event> | null = {}): EventBookmark {
  return {
    id: crypto.randomUUID(),
    type: 'event',
    eventId,
    createdAt: CREATED,
    event: overrides === null ? null : buildEvent({ id: eventId, ...overrides }),
  };
}

const LUNCH = eventBookmark('demo:lunch', { title: 'Community Lunch', category: 'food' });
const JOB_CLUB = eventBookmark('demo:job-club', {
  title: 'Job Club',
  category: 'training',
  date: '2026-12-03',
  time: '10:00',
  endTime: null,
  location: {
    venue: 'Easton Library',
    address: 'Stapleton Road, Bristol',
    postcode: 'BS5 0QL',
    coordinates: { lat: 51.46, lng: -2.56 },
  },
});

const GP = serviceBookmark({
  id: 'ods:F1',
  name: 'Riverside Surgery',
  serviceTypes: ['GP practice', 'Health'],
  rating: 4.25,
  reviewCount: 12,
  phones: ['020 7000 0001'],
  address: '1 River Road',
  postcode: 'SW1A 1AA',
});
const PHARMACY = serviceBookmark({
  id: 'ods:P1',
  name: 'Corner Pharmacy',
  serviceTypes: ['Pharmacy'],
  rating: null,
  reviewCount: 0,
});
const UNTYPED = serviceBookmark({ id: 'demo:x', name: 'Drop-in Centre', serviceTypes: [] });

type Answers = {
  bookmarks?: BookmarksResponse['bookmarks'];
  share?: BookmarkShare['share'];
  suggestions?: Suggestion[];
};

/** A signed-in resident whose bookmarks, share link and suggestions the test decides. */
function signedInWith(answers: Answers, extra: Parameters<typeof stubApi>[0] = {}) {
  const state = { bookmarks: answers.bookmarks ?? [], share: answers.share ?? null };
  const stub = stubApi({
    'GET /api/auth/me': signedInAs(),
    'GET /api/users/bookmarks': () => jsonResponse({ bookmarks: state.bookmarks }),
    'GET /api/users/me/bookmark-share': () => jsonResponse({ share: state.share }),
    'GET /api/users/me/suggestions': () => jsonResponse({ suggestions: answers.suggestions ?? [] }),
    ...extra,
  });
  return { ...stub, state };
}

async function page() {
  await screen.findByRole('heading', { level: 1, name: 'My Bookmarks' }, LAZY);
  return within(screen.getByRole('main'));
}

// Load the lazily imported modules once, so a busy machine's first import does not eat into the
// first test's time limit.
beforeAll(async () => {
  await Promise.all([
    import('./bookmarks'),
    import('@/features/auth/components/auth-dialog'),
    import('@/app/service-listing/service-detail-dialog'),
    import('@/app/event-listing/event-detail-dialog'),
    import('@/components/ui/toast-view'),
  ]);
}, 60_000);

describe('/bookmarks signed out', () => {
  it('says login is required and opens the sign-in dialog', async () => {
    const { requests } = stubApi({
      'GET /api/auth/me': signedOut,
      'GET /api/auth/config': authConfig(),
    });
    renderApp('/bookmarks');
    const user = userEvent.setup();

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Login Required' }, LAZY),
    ).toBeVisible();
    expect(screen.getByText('You must log in to view your bookmarks.')).toBeVisible();
    await user.click(within(screen.getByRole('main')).getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByRole('dialog', {}, LAZY)).toBeInTheDocument();
    expect(callsTo(requests, 'GET', '/api/users/bookmarks')).toHaveLength(0);
  });
});

describe('/bookmarks signed in', () => {
  it('shows "No Bookmarks Yet" with links to search and events', async () => {
    signedInWith({});
    renderApp('/bookmarks');
    const main = await page();

    expect(await main.findByRole('heading', { name: 'No Bookmarks Yet' })).toBeVisible();
    expect(main.getByRole('link', { name: 'Search for services' })).toHaveAttribute(
      'href',
      '/search',
    );
    expect(main.getByRole('link', { name: 'Browse community events' })).toHaveAttribute(
      'href',
      '/events',
    );
    expect(main.queryByRole('button', { name: 'Print my list' })).not.toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('My bookmarks – Locals'));
  });

  it('groups services by their first type, with Other last', async () => {
    signedInWith({ bookmarks: [UNTYPED, PHARMACY, GP] });
    renderApp('/bookmarks');
    const main = await page();

    const groups = (await main.findAllByRole('heading', { level: 3 })).map((h) => h.textContent);
    expect(groups).toEqual(['GP practice', 'Pharmacy', 'Other']);

    const gp = within(main.getByRole('region', { name: 'GP practice' }));
    expect(gp.getByRole('heading', { level: 4, name: 'Riverside Surgery' })).toBeVisible();
    expect(gp.getByText('1 River Road, SW1A 1AA')).toBeVisible();
    expect(gp.getByRole('link', { name: '020 7000 0001' })).toHaveAttribute(
      'href',
      'tel:02070000001',
    );
    expect(gp.getByText('Rating: 4.3 (12 reviews)')).toBeVisible();
    const pharmacy = within(main.getByRole('region', { name: 'Pharmacy' }));
    expect(pharmacy.getByText('No reviews yet')).toBeVisible();
    expect(
      within(main.getByRole('region', { name: 'Other' })).getByText('Drop-in Centre'),
    ).toBeVisible();
  });

  it('groups events by category, each with its title, date, time and venue', async () => {
    signedInWith({ bookmarks: [LUNCH, JOB_CLUB, eventBookmark('demo:gone', null)] });
    renderApp('/bookmarks');
    const main = await page();
    const events = within(await main.findByRole('region', { name: 'Events' }));

    const groups = events.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(groups).toEqual(['Food', 'Training', 'Other']);
    const training = within(events.getByRole('region', { name: 'Training' }));
    const jobClub = training.getByRole('heading', { level: 4, name: 'Job Club' });
    expect(jobClub.closest('article')).toHaveTextContent('Dec 3, 2026, 10:00');
    expect(training.getByText('Easton Library, BS5 0QL')).toBeVisible();
    expect(training.getByRole('button', { name: 'Remove Job Club from bookmarks' })).toBeEnabled();
    const food = within(events.getByRole('region', { name: 'Food' }));
    expect(food.getByRole('article')).toHaveTextContent('Dec 1, 2026, 12:00 – 14:00');
  });

  it('keeps a passed or cancelled event, or one with a cancelled date, and says so', async () => {
    signedInWith({
      bookmarks: [
        eventBookmark('demo:fair', { title: 'Winter Fair', passed: true, date: '2026-11-03' }),
        eventBookmark('demo:walk', { title: 'Health Walk', category: 'health', cancelled: true }),
        eventBookmark('demo:swap', {
          title: 'Coat Swap',
          category: 'housing',
          date: '2026-12-08',
          dateCancelled: true,
        }),
      ],
    });
    renderApp('/bookmarks');
    const main = await page();

    const fair = (await main.findByRole('heading', { name: 'Winter Fair' })).closest('article');
    expect(fair).toHaveTextContent('This event has passed. Its last session was on Nov 3, 2026.');
    const walk = within(main.getByRole('region', { name: 'Health' }));
    expect(walk.getByText('Cancelled')).toBeVisible();
    // One date called off: said, with where to find the others.
    const swap = (await main.findByRole('heading', { name: 'Coat Swap' })).closest('article');
    expect(swap).toHaveTextContent(
      'Cancelled on Dec 8, 2026 The organiser has called off this date; open it for the other dates.',
    );
  });

  it('says when an event is no longer listed, and it can still be removed', async () => {
    const { state } = signedInWith(
      { bookmarks: [eventBookmark('demo:gone', null)] },
      {
        'DELETE /api/bookmarks/events/demo%3Agone': () => {
          state.bookmarks = [];
          return jsonResponse({ success: true });
        },
      },
    );
    renderApp('/bookmarks');
    const main = await page();
    const user = userEvent.setup();

    expect(
      await main.findByText(/This event is no longer listed by its organiser\./),
    ).toBeVisible();
    await user.click(
      main.getByRole('button', { name: 'Remove the event saved on 4 March 2025 from bookmarks' }),
    );

    expect(await screen.findByText('Event removed from bookmarks.')).toBeInTheDocument();
    expect(await main.findByRole('heading', { name: 'No Bookmarks Yet' })).toBeVisible();
  });

  it('opens the event details when its title is chosen', async () => {
    signedInWith(
      { bookmarks: [LUNCH] },
      {
        'GET /api/events/demo%3Alunch': () =>
          jsonResponse({ data: buildEventDetail({ id: 'demo:lunch', title: 'Community Lunch' }) }),
      },
    );
    renderApp('/bookmarks');
    const main = await page();
    const user = userEvent.setup();

    await user.click(await main.findByRole('button', { name: 'Community Lunch' }));

    const dialog = await screen.findByRole('dialog', { name: 'Community Lunch' }, LAZY);
    expect(
      await within(dialog).findByRole('button', { name: 'Bookmarked', pressed: true }),
    ).toBeVisible();
  });

  it('opens the service details when a name is chosen', async () => {
    signedInWith(
      { bookmarks: [GP] },
      { 'GET /api/services/ods%3AF1': () => jsonResponse({ success: true, data: GP.service }) },
    );
    renderApp('/bookmarks');
    const main = await page();
    const user = userEvent.setup();

    await user.click(await main.findByRole('button', { name: 'Riverside Surgery' }));

    expect(await screen.findByRole('dialog', { name: 'Riverside Surgery' }, LAZY)).toBeVisible();
  });

  it('removes a service, says so and takes it off the list', async () => {
    const { state, requests } = signedInWith(
      { bookmarks: [GP, PHARMACY] },
      {
        'DELETE /api/bookmarks/ods%3AF1': () => {
          state.bookmarks = [PHARMACY];
          return jsonResponse({ success: true });
        },
      },
    );
    renderApp('/bookmarks');
    const main = await page();
    const user = userEvent.setup();

    await user.click(
      await main.findByRole('button', { name: 'Remove Riverside Surgery from bookmarks' }),
    );

    expect(await screen.findByText('Bookmark Removed')).toBeInTheDocument();
    expect(screen.getByText('Service removed from bookmarks.')).toBeInTheDocument();
    await waitFor(() => expect(main.queryByText('Riverside Surgery')).not.toBeInTheDocument());
    expect(main.getByText('Corner Pharmacy')).toBeVisible();
    expect(
      callsTo(requests, 'DELETE', '/api/bookmarks/ods%3AF1')[0]?.headers.get('X-Requested-With'),
    ).toBe('locals');
    expect(screen.getByRole('heading', { level: 1, name: 'My Bookmarks' })).toHaveFocus();
  });

  it('removes an event bookmark', async () => {
    const { state } = signedInWith(
      { bookmarks: [LUNCH] },
      {
        'DELETE /api/bookmarks/events/demo%3Alunch': () => {
          state.bookmarks = [];
          return jsonResponse({ success: true });
        },
      },
    );
    renderApp('/bookmarks');
    const main = await page();
    const user = userEvent.setup();

    await user.click(
      await main.findByRole('button', { name: 'Remove Community Lunch from bookmarks' }),
    );

    expect(await screen.findByText('Event removed from bookmarks.')).toBeInTheDocument();
    expect(await main.findByRole('heading', { name: 'No Bookmarks Yet' })).toBeVisible();
  });

  it('keeps the service and says so when removing fails', async () => {
    signedInWith(
      { bookmarks: [GP] },
      {
        'DELETE /api/bookmarks/ods%3AF1': () =>
          jsonResponse({ code: 'internal', message: 'Something went wrong' }, 500),
      },
    );
    renderApp('/bookmarks');
    const main = await page();
    const user = userEvent.setup();

    await user.click(
      await main.findByRole('button', { name: 'Remove Riverside Surgery from bookmarks' }),
    );

    expect(await screen.findByText('Failed to update bookmark.')).toBeInTheDocument();
    expect(screen.getByText('Something went wrong')).toBeInTheDocument();
    expect(screen.queryByText('Bookmark Removed')).not.toBeInTheDocument();
    expect(main.getByRole('heading', { name: 'Riverside Surgery' })).toBeVisible();
  });

  it('says why a removal was refused: a 429 asks the person to wait', async () => {
    const message = 'Too many requests. Please wait a minute and try again.';
    signedInWith(
      { bookmarks: [GP] },
      {
        'DELETE /api/bookmarks/ods%3AF1': () =>
          jsonResponse({ code: 'rate_limited', message }, 429),
      },
    );
    renderApp('/bookmarks');
    const main = await page();
    const user = userEvent.setup();

    await user.click(
      await main.findByRole('button', { name: 'Remove Riverside Surgery from bookmarks' }),
    );

    expect(await screen.findByText('Failed to update bookmark.')).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(main.getByRole('heading', { name: 'Riverside Surgery' })).toBeVisible();
  });

  it('shows an error with Try again when the bookmarks cannot be loaded', async () => {
    let isDown = true;
    signedInWith(
      {},
      {
        'GET /api/users/bookmarks': () =>
          isDown
            ? jsonResponse({ code: 'internal', message: 'Something went wrong' }, 503)
            : jsonResponse({ bookmarks: [GP] }),
      },
    );
    renderApp('/bookmarks');
    const main = await page();
    const user = userEvent.setup();

    expect(await main.findByText('We could not load your bookmarks')).toBeVisible();
    isDown = false;
    await user.click(main.getByRole('button', { name: 'Try again' }));

    expect(await main.findByRole('heading', { name: 'Riverside Surgery' })).toBeVisible();
  });

  it('prints the list with the browser', async () => {
    signedInWith({ bookmarks: [GP] });
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    renderApp('/bookmarks');
    const main = await page();
    const user = userEvent.setup();

    await user.click(await main.findByRole('button', { name: 'Print my list' }));

    expect(print).toHaveBeenCalledOnce();
  });
});

describe('sharing the list', () => {
  it('creates a read-only link, copies it and stops sharing after confirming', async () => {
    const { state, requests } = signedInWith(
      { bookmarks: [GP] },
      {
        'POST /api/users/me/bookmark-share': () => {
          state.share = { token: 'share-token', url: SHARE_URL, createdAt: CREATED };
          return jsonResponse({ share: state.share });
        },
        'DELETE /api/users/me/bookmark-share': () => {
          state.share = null;
          return jsonResponse({ success: true, share: null });
        },
      },
    );
    renderApp('/bookmarks');
    const main = await page();
    const user = userEvent.setup();
    const panel = within(await main.findByRole('region', { name: 'Share my list' }));
    expect(
      panel.getByText(
        'Anyone with the link can see the services on your list, but not who made it or any notes.',
      ),
    ).toBeVisible();

    await user.click(await panel.findByRole('button', { name: 'Create a share link' }));
    expect(await panel.findByLabelText('Your share link')).toHaveValue(SHARE_URL);

    await user.click(panel.getByRole('button', { name: 'Copy link' }));
    expect(await screen.findByText('Link Copied!')).toBeInTheDocument();
    expect(screen.getByText('Share link has been copied to clipboard.')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(SHARE_URL);

    await user.click(panel.getByRole('button', { name: 'Stop sharing' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Stop sharing your list?' }));
    await user.click(confirm.getByRole('button', { name: 'Yes, stop sharing' }));

    expect(await panel.findByRole('button', { name: 'Create a share link' })).toBeVisible();
    expect(panel.queryByLabelText('Your share link')).not.toBeInTheDocument();
    expect(callsTo(requests, 'POST', '/api/users/me/bookmark-share')).toHaveLength(1);
    expect(callsTo(requests, 'DELETE', '/api/users/me/bookmark-share')).toHaveLength(1);
  });

  it('keeps sharing when the person changes their mind', async () => {
    const { requests } = signedInWith({
      bookmarks: [GP],
      share: { token: 'share-token', url: SHARE_URL, createdAt: CREATED },
    });
    renderApp('/bookmarks');
    const main = await page();
    const user = userEvent.setup();

    await user.click(await main.findByRole('button', { name: 'Stop sharing' }));
    await user.click(await screen.findByRole('button', { name: 'Keep sharing' }));

    expect(main.getByLabelText('Your share link')).toHaveValue(SHARE_URL);
    expect(callsTo(requests, 'DELETE', '/api/users/me/bookmark-share')).toHaveLength(0);
  });

  it('offers no new link for an empty list, but lets a live one be stopped', async () => {
    signedInWith({ share: { token: 'share-token', url: SHARE_URL, createdAt: CREATED } });
    renderApp('/bookmarks');
    const main = await page();

    expect(await main.findByRole('button', { name: 'Stop sharing' })).toBeVisible();
    expect(main.getByRole('heading', { name: 'No Bookmarks Yet' })).toBeVisible();
  });

  it('does not offer to share an empty list', async () => {
    const { requests } = signedInWith({});
    renderApp('/bookmarks');
    const main = await page();

    await main.findByRole('heading', { name: 'No Bookmarks Yet' });
    await waitFor(() =>
      expect(callsTo(requests, 'GET', '/api/users/me/bookmark-share')).toHaveLength(1),
    );
    expect(main.queryByRole('region', { name: 'Share my list' })).not.toBeInTheDocument();
  });

  it('says when the link cannot be copied', async () => {
    signedInWith({
      bookmarks: [GP],
      share: { token: 'share-token', url: SHARE_URL, createdAt: CREATED },
    });
    renderApp('/bookmarks');
    const main = await page();
    const user = userEvent.setup();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('Denied'));

    await user.click(await main.findByRole('button', { name: 'Copy link' }));

    expect(await screen.findByText('Copy Failed')).toBeInTheDocument();
    expect(screen.getByText('Unable to copy link to clipboard.')).toBeInTheDocument();
  });
});

describe('my suggestions', () => {
  function suggestion(overrides: Partial<Suggestion>): Suggestion {
    return {
      id: crypto.randomUUID(),
      serviceId: 'ods:F1',
      serviceName: 'Riverside Surgery',
      suggestionText: 'Please add a ramp.',
      status: 'new',
      readBy: 'provider',
      createdAt: CREATED,
      updatedAt: CREATED,
      ...overrides,
    };
  }

  it('lists them newest first with what the provider decided', async () => {
    signedInWith({
      suggestions: [
        suggestion({
          serviceName: 'Old Library',
          status: 'rejected',
          createdAt: '2025-01-02T09:00:00.000Z',
        }),
        suggestion({
          serviceName: 'Riverside Surgery',
          status: 'new',
          createdAt: '2025-03-04T10:00:00.000Z',
        }),
        suggestion({
          serviceName: 'Corner Pharmacy',
          status: 'accepted',
          createdAt: '2025-02-03T10:00:00.000Z',
        }),
      ],
    });
    renderApp('/bookmarks');
    const main = await page();
    const section = within(await main.findByRole('region', { name: 'My suggestions' }));

    const items = await section.findAllByRole('article');
    expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual([
      'Riverside Surgery',
      'Corner Pharmacy',
      'Old Library',
    ]);
    expect(items[0]).toHaveTextContent('Waiting for the provider');
    expect(items[0]).toHaveTextContent('Please add a ramp.');
    expect(items[0]).toHaveTextContent('Sent on 4 March 2025');
    expect(items[1]).toHaveTextContent('Accepted by the provider');
    expect(items[2]).toHaveTextContent('Not accepted');
  });

  it('names a Locals moderator as the reader of a suggestion about an unclaimed listing', async () => {
    signedInWith({
      suggestions: [
        suggestion({ serviceName: 'Central Library', readBy: 'moderators' }),
        suggestion({ serviceName: 'Old Library', readBy: 'moderators', status: 'accepted' }),
      ],
    });
    renderApp('/bookmarks');
    const section = within(await (await page()).findByRole('region', { name: 'My suggestions' }));

    const [waiting, accepted] = await section.findAllByRole('article');
    expect(waiting).toHaveTextContent('Waiting for a Locals moderator');
    expect(waiting).not.toHaveTextContent('provider');
    expect(accepted).toHaveTextContent('Accepted by a Locals moderator');
  });

  it('says when there are none yet', async () => {
    signedInWith({});
    renderApp('/bookmarks');
    const main = await page();

    expect(await main.findByText(/You have not sent any suggestions yet/)).toBeVisible();
  });
});
