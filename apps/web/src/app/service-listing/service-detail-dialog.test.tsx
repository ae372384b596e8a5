import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { authConfig, buildUser, signedInAs, signedOut } from '@/testing/auth';
import { fakeVotesApi, votePath } from '@/features/votes/testing/fake-votes-api';
import { DEFAULT_RETRY_DELAYS_MS } from '@/lib/api-client';
import { buildHelpline, buildServiceDetail } from '@/testing/factories';
import { callsTo, jsonResponse, networkError, stubApi } from '@/testing/fetch-mock';
import type { RecordedRequest } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render';
import { bookmarkPath, fakeBookmarksApi } from './testing/fake-bookmarks-api';
import { ServiceDetailDialog } from './service-detail-dialog';
// Notes, suggestions and reviews load lazily; importing them here keeps those loads out of the
// tests' timing.
import '@/features/notes/components/notes-dialog';
import '@/features/reviews/components/reviews-section';
import '@/features/suggestions/components/suggestion-dialog';

const SERVICE_ID = 'demo:food-bs1-1';
const DETAIL = 'GET /api/services/demo%3Afood-bs1-1';
const IMAGES = ['/demo/photo-1.svg', '/demo/photo-2.svg', '/demo/photo-3.svg'];

type Handlers = Record<string, (request: RecordedRequest) => Response | Promise<Response>>;

function renderDetail(
  detail = buildServiceDetail(),
  handlers: Handlers = {},
  path = `/results?postcode=BS1+4DJ&serviceId=${SERVICE_ID}`,
) {
  const api = stubApi({
    'GET /api/auth/config': authConfig(),
    ...fakeVotesApi({ [SERVICE_ID]: { thumbsUp: 3, thumbsDown: 1, userVote: null } }),
    [DETAIL]: () => jsonResponse({ success: true, data: detail }),
    ...handlers,
  });
  const onClose = vi.fn();
  renderWithProviders(
    <ServiceDetailDialog serviceId={SERVICE_ID} distance={null} onClose={onClose} />,
    { path },
  );
  return { onClose, ...api };
}

function renderSignedIn(handlers: Handlers = {}) {
  return renderDetail(buildServiceDetail(), {
    'GET /api/auth/me': signedInAs(buildUser()),
    ...fakeBookmarksApi([SERVICE_ID]),
    ...handlers,
  });
}

/** The detail as the results page shows it: closing it removes it from the page. */
function ClosableDetail() {
  const [isOpen, setIsOpen] = useState(true);
  if (!isOpen) return <p>Back on the results</p>;
  return (
    <ServiceDetailDialog serviceId={SERVICE_ID} distance={null} onClose={() => setIsOpen(false)} />
  );
}

const HOUSING_HELPLINES = [
  buildHelpline({
    id: 'citizens-advice-adviceline',
    organisation: 'Citizens Advice',
    service: 'Adviceline (England)',
    phone: '0800 144 8848',
    categories: ['socialcare', 'housing'],
    nations: 'England',
  }),
  buildHelpline({
    id: 'streetlink',
    organisation: "StreetLink (Homeless Link and St Mungo's)",
    service: 'StreetLink rough sleeper alerts',
    phone: '0300 500 0914',
    categories: ['housing'],
    nations: 'England and Wales',
  }),
];
const ALL_HELPLINES = [buildHelpline(), ...HOUSING_HELPLINES];

const RATE_LIMITED = {
  code: 'rate_limited',
  message: 'Too many requests. Please wait a minute and try again.',
};

async function findDetail() {
  return screen.findByRole('dialog', { name: 'Harbourside Food Bank' });
}

function row(label: string) {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.nextElementSibling as HTMLElement;
}

describe('ServiceDetailDialog', () => {
  it('shows a loading state, then the details it has, saying once what it does not (issue 26)', async () => {
    renderDetail(
      buildServiceDetail({ distance: null, phones: [], phone: null, openingHours: null }),
    );

    expect(screen.getByText('Loading service details...', { selector: 'p' })).toBeInTheDocument();
    const dialog = await screen.findByRole('dialog', { name: 'Harbourside Food Bank' });

    for (const label of [
      'Provider',
      'Full description',
      'Main services',
      'Other services',
      'Facilities',
      'Who We Serve',
      'Distance',
      'Phone',
      'Website',
      'Email',
      'Status details',
      'Opening hours',
      'Age range',
      'Accessibility',
      'Languages',
    ]) {
      expect(screen.queryByText(label, { selector: 'dt' }), label).not.toBeInTheDocument();
    }
    expect(dialog).not.toHaveTextContent('N/A');
    expect(dialog).toHaveTextContent(
      'Locals does not have its phone number, website, email address or opening hours.',
    );
    expect(screen.queryByRole('heading', { name: 'Photos' })).not.toBeInTheDocument();
    expect(row('Status')).toHaveTextContent(/^Opening hours not known$/);
    expect(row('Verified')).toHaveTextContent('Yes');
    expect(row('Last checked')).toHaveTextContent(
      'Not yet checked by Locals: the details come from the source below',
    );
  });

  it('says when a person last checked the listing, and warns after 12 months', async () => {
    renderDetail(buildServiceDetail({ lastChecked: '2025-03-04', stale: true }));
    await findDetail();
    // The row's label says "Last checked"; the row does not say it again.
    expect(row('Last checked')).toHaveTextContent(/^4 March 2025Not checked since March 2025$/);
  });

  it("says when the ages were judged from the service's name, not stated by its source", async () => {
    renderDetail(buildServiceDetail({ ageRange: { min: 0, max: 4, basis: 'name' } }));

    await screen.findByRole('dialog', { name: 'Harbourside Food Bank' });
    expect(row('Age range')).toHaveTextContent('0 to 4 years, judged from its name');
  });

  it('shows the data that is there, including where it came from', async () => {
    renderDetail(
      buildServiceDetail({
        provider: 'Bristol City Council',
        status: 'open',
        serving: ['Families', 'Older people'],
        ageRange: { min: 18, max: null },
        verificationStatus: 'checked by phone',
        provenance: {
          source: 'library',
          sourceName: 'Bristol Libraries open data',
          licence: 'OGL v3.0',
          lastUpdated: '2025-01-02',
        },
      }),
    );

    await screen.findByRole('dialog', { name: 'Harbourside Food Bank' });
    expect(row('Provider')).toHaveTextContent('Bristol City Council');
    expect(within(row('Who We Serve')).getAllByRole('listitem')).toHaveLength(2);
    expect(row('Age range')).toHaveTextContent(/^18 years and over$/);
    expect(row('Verified')).toHaveTextContent(
      'Yes: confirmed by its provider or a Locals moderator (checked by phone)',
    );
    expect(row('Source')).toHaveTextContent(
      'Bristol Libraries open data. Licence: OGL v3.0. Last updated 2 January 2025.',
    );
  });

  describe('opening hours', () => {
    const LIBRARY_HOURS = {
      note: 'Staffed hours',
      sessions: [
        ...[1, 2, 3, 4, 5].map((day) => ({ day, opens: '09:30', closes: '17:00' })),
        { day: 6, opens: '10:00', closes: '16:00' },
      ],
    };

    it('shows the whole week as GOV.UK writes it, with what the hours are', async () => {
      renderDetail(
        buildServiceDetail({
          status: 'open',
          openState: 'closed',
          weeklyHours: LIBRARY_HOURS,
          openingHours:
            'Staffed hours: Monday to Friday: 9:30am to 5pm; Saturday: 10am to 4pm; Sunday: closed',
        }),
      );
      await findDetail();

      expect(row('Status')).toHaveTextContent(/^Closed now$/);
      const hours = row('Opening hours');
      expect(hours).toHaveTextContent(/^Staffed hours:/);
      expect(
        within(hours)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(['Monday to Friday: 9:30am to 5pm', 'Saturday: 10am to 4pm', 'Sunday: closed']);
    });

    it.each([
      ['open', 'Open now'],
      ['closed', 'Closed now'],
      ['unknown', 'Opening hours not known'],
    ] as const)("says the server's %s in words, never the listing status", async (state, text) => {
      renderDetail(buildServiceDetail({ status: 'open', openState: state }));
      await findDetail();
      expect(row('Status')).toHaveTextContent(new RegExp(`^${text}$`));
    });

    it('never calls a demo listing open', async () => {
      renderDetail(
        buildServiceDetail({
          isDemo: true,
          verified: false,
          status: 'open',
          statusDetails: 'Demo listing',
          openState: 'open',
        }),
      );
      await findDetail();
      expect(row('Status')).toHaveTextContent(/^Opening hours not known$/);
      expect(screen.queryByText('Opening hours', { selector: 'dt' })).not.toBeInTheDocument();
    });

    it('says when the listing itself is not current', async () => {
      renderDetail(buildServiceDetail({ status: 'Closed', openState: 'unknown' }));
      await findDetail();
      expect(row('Status')).toHaveTextContent(/^Opening hours not known\s*Listed as closed$/);
    });

    it('shows hours it has only as text, a line per part', async () => {
      renderDetail(
        buildServiceDetail({ weeklyHours: null, openingHours: 'Weekdays 9 till 5; Sat by appt' }),
      );
      await findDetail();
      expect(
        within(row('Opening hours'))
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(['Weekdays 9 till 5', 'Sat by appt']);
    });
  });

  describe('a demo listing', () => {
    const DEMO = buildServiceDetail({
      isDemo: true,
      verified: false,
      categories: ['housing'],
      provider: 'Locals demo data',
    });

    it('says it is an example, with the national helplines for its category', async () => {
      const { requests } = renderDetail(DEMO, {
        'GET /api/helplines': (request) =>
          jsonResponse({
            helplines: request.query.get('category') === 'housing' ? HOUSING_HELPLINES : [],
            crisis: null,
            notice: null,
          }),
      });
      const detail = await findDetail();

      expect(detail).toHaveAccessibleDescription(
        'This is an example listing, not a real service. Do not visit or call it.',
      );
      const notice = within(detail).getByText(
        /^Locals has no real listing of this kind in this area yet\./,
      );
      // Near the top: before any of the example's details.
      expect(notice.compareDocumentPosition(row('Provider'))).toBe(
        Node.DOCUMENT_POSITION_FOLLOWING,
      );
      const helplines = await within(detail).findByRole('region', {
        name: 'National helplines that can help',
      });
      expect(
        within(helplines)
          .getAllByRole('heading', { level: 4 })
          .map((heading) => heading.textContent),
      ).toEqual(['Adviceline (England)', 'StreetLink rough sleeper alerts']);
      expect(
        within(helplines).getByRole('link', { name: '0800 144 8848, Adviceline (England)' }),
      ).toHaveAttribute('href', 'tel:08001448848');
      expect(callsTo(requests, 'GET', '/api/helplines')[0]?.query.get('category')).toBe('housing');
    });

    it('shows the notice alone when no helpline serves its category', async () => {
      const { requests } = renderDetail(
        { ...DEMO, categories: ['transport'] },
        { 'GET /api/helplines': () => jsonResponse({ helplines: [], crisis: null, notice: null }) },
      );
      const detail = await findDetail();

      await waitFor(() => expect(callsTo(requests, 'GET', '/api/helplines')).toHaveLength(1));
      expect(within(detail).getByText(/^Locals has no real listing of this kind/)).toBeVisible();
      expect(within(detail).queryByRole('region', { name: /helplines/ })).not.toBeInTheDocument();
    });
  });

  describe('when the details cannot be shown', () => {
    it('says a removed service was not found, with every national helpline and nothing to retry', async () => {
      const { requests } = renderDetail(buildServiceDetail(), {
        [DETAIL]: () => jsonResponse({ code: 'not_found', message: 'No such service' }, 404),
        'GET /api/helplines': () =>
          jsonResponse({ helplines: ALL_HELPLINES, crisis: null, notice: null }),
      });

      const dialog = await screen.findByRole('dialog', { name: 'Service not found' });
      expect(within(dialog).getByRole('alert')).toHaveTextContent(
        'We could not find this service. It may have been removed from Locals.',
      );
      const helplines = await within(dialog).findByRole('region', {
        name: 'Other places to get help',
      });
      expect(within(helplines).getAllByRole('listitem')).toHaveLength(ALL_HELPLINES.length);
      expect(callsTo(requests, 'GET', '/api/helplines')[0]?.query.has('category')).toBe(false);
      expect(within(dialog).queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
      // Said once, in the dialog: no toast repeats it.
      expect(screen.getAllByText(/could not find this service/)).toHaveLength(1);
    });

    it('offline: says to check the connection, and Try again loads the details', async () => {
      let isOnline = false;
      const { requests } = renderDetail(buildServiceDetail(), {
        [DETAIL]: () =>
          isOnline ? jsonResponse({ success: true, data: buildServiceDetail() }) : networkError(),
        'GET /api/helplines': networkError,
      });
      const user = userEvent.setup();

      const dialog = await screen.findByRole('dialog', { name: 'Sorry, there is a problem' });
      expect(within(dialog).getByRole('alert')).toHaveTextContent(
        "We could not load this service's details. Check your internet connection and try again.",
      );
      const tryAgain = within(dialog).getByRole('button', { name: 'Try again' });
      // The helplines could not load either (once retried): nothing more is said, no second error.
      await waitFor(() =>
        expect(callsTo(requests, 'GET', '/api/helplines')).toHaveLength(
          DEFAULT_RETRY_DELAYS_MS.length + 1,
        ),
      );
      expect(screen.getAllByRole('alert')).toHaveLength(1);
      expect(within(dialog).queryByRole('region')).not.toBeInTheDocument();

      isOnline = true;
      await user.click(tryAgain);

      const detail = await findDetail();
      expect(within(detail).queryByRole('alert')).not.toBeInTheDocument();
      expect(row('Verified')).toHaveTextContent('Yes');
    });

    it('a failure on our side asks to try again in a few minutes, with every national helpline', async () => {
      renderDetail(buildServiceDetail(), {
        [DETAIL]: () => jsonResponse({ code: 'internal', message: 'Something went wrong' }, 503),
        'GET /api/helplines': () =>
          jsonResponse({ helplines: ALL_HELPLINES, crisis: null, notice: null }),
      });

      const dialog = await screen.findByRole('dialog', { name: 'Sorry, there is a problem' });
      expect(within(dialog).getByRole('alert')).toHaveTextContent(
        "We could not load this service's details. Try again in a few minutes.",
      );
      expect(within(dialog).getByRole('button', { name: 'Try again' })).toBeVisible();
      expect(
        await within(dialog).findByRole('region', { name: 'Other places to get help' }),
      ).toBeVisible();
    });
  });

  it('cycles photos both ways with wrap-around; Escape closes the lightbox, then the panel', async () => {
    const { onClose } = renderDetail(buildServiceDetail({ images: IMAGES }));
    const user = userEvent.setup();

    const thumbnail = await screen.findByRole('button', { name: 'Open photo 1 of 3' });
    await user.click(thumbnail);
    expect(await screen.findByRole('dialog', { name: 'Photo 1 of 3' })).toBeInTheDocument();

    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('dialog', { name: 'Photo 3 of 3' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Harbourside Food Bank (3 of 3)' })).toHaveAttribute(
      'src',
      '/demo/photo-3.svg',
    );
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('dialog', { name: 'Photo 1 of 3' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Previous photo' }));
    expect(screen.getByRole('dialog', { name: 'Photo 3 of 3' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next photo' }));
    await user.click(screen.getByRole('button', { name: 'Next photo' }));
    expect(screen.getByRole('dialog', { name: 'Photo 2 of 3' })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: /Photo/ })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('dialog', { name: 'Harbourside Food Bank' })).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(thumbnail).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('shows the reviews below the details', async () => {
    renderDetail();
    const detail = await findDetail();
    expect(await within(detail).findByRole('region', { name: 'Reviews' })).toBeInTheDocument();
  });

  describe('signed out', () => {
    it('shows the public vote counts', async () => {
      renderDetail(buildServiceDetail(), { 'GET /api/auth/me': signedOut });
      const detail = await findDetail();

      expect(
        await within(detail).findByRole('button', {
          name: 'Thumbs up for Harbourside Food Bank, 3 votes',
        }),
      ).toHaveAccessibleDescription('Login required to vote');
      expect(
        within(detail).getByRole('button', {
          name: 'Thumbs down for Harbourside Food Bank, 1 vote',
        }),
      ).toBeInTheDocument();
    });

    it('Bookmark says in a toast to sign in, with a link that comes back here', async () => {
      const { onClose, requests } = renderDetail(buildServiceDetail(), {
        'GET /api/auth/me': signedOut,
      });
      const user = userEvent.setup();
      const detail = await findDetail();

      const bookmark = await within(detail).findByRole('button', { name: 'Bookmark' });
      expect(bookmark).not.toHaveAttribute('aria-haspopup');
      await user.click(bookmark);

      expect(await screen.findByText('Authentication Required')).toBeInTheDocument();
      expect(screen.getByText('You must log in to bookmark services.')).toBeInTheDocument();
      const signIn = screen.getByRole('link', { name: 'Sign in' });
      const returnTo = new URL(signIn.getAttribute('href') ?? '', 'http://localhost').searchParams;
      expect(returnTo.get('returnTo')).toBe(
        `/results?postcode=BS1+4DJ&serviceId=${encodeURIComponent(SERVICE_ID)}`,
      );
      expect(screen.queryByRole('dialog', { name: 'Welcome to Locals' })).toBeNull();
      expect(callsTo(requests, 'POST', '/api/bookmarks')).toHaveLength(0);
      expect(onClose).not.toHaveBeenCalled();
    });

    it.each([
      ['Notes', 'Notes'],
      ['Suggest an edit', 'Suggest an edit'],
      ['Thumbs up', /^Thumbs up for Harbourside Food Bank/],
      ['Thumbs down', /^Thumbs down for Harbourside Food Bank/],
    ])('%s opens the login prompt over the detail instead', async (_, name) => {
      const { onClose, requests } = renderDetail(buildServiceDetail(), {
        'GET /api/auth/me': signedOut,
      });
      const user = userEvent.setup();
      const detail = await findDetail();

      const control = await within(detail).findByRole('button', { name });
      expect(control).toHaveAttribute('aria-haspopup', 'dialog');
      await user.click(control);

      expect(await screen.findByRole('dialog', { name: 'Welcome to Locals' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Login or Register' })).toBeInTheDocument();
      expect(screen.queryByRole('dialog', { name: /^(Notes on|Suggest an edit to)/ })).toBeNull();
      expect(callsTo(requests, 'PUT', votePath(SERVICE_ID))).toHaveLength(0);

      // Escape closes the innermost dialog first.
      await user.keyboard('{Escape}');
      await waitFor(() =>
        expect(screen.queryByRole('dialog', { name: 'Welcome to Locals' })).not.toBeInTheDocument(),
      );
      expect(screen.getByRole('dialog', { name: 'Harbourside Food Bank' })).toBeInTheDocument();
      expect(control).toHaveFocus();
      expect(onClose).not.toHaveBeenCalled();
    });
  });

  describe('signed in', () => {
    /** The toggle (aria-pressed), once the session and the bookmarks have loaded. */
    async function findReadyBookmark() {
      const detail = await findDetail();
      const bookmark = await within(detail).findByRole('button', {
        name: 'Bookmark',
        pressed: false,
      });
      await waitFor(() => expect(bookmark).not.toHaveAttribute('aria-disabled'));
      return bookmark;
    }

    it('Bookmark toggles the bookmark, each way with its toast', async () => {
      const { requests } = renderSignedIn();
      const user = userEvent.setup();

      const bookmark = await findReadyBookmark();
      expect(bookmark).toHaveAttribute('aria-pressed', 'false');
      await user.click(bookmark);

      expect(await screen.findByText('Bookmarked!')).toBeInTheDocument();
      expect(screen.getByText('Service added to your bookmarks.')).toBeInTheDocument();
      expect(await screen.findByRole('button', { name: 'Bookmarked', pressed: true })).toBe(
        bookmark,
      );
      expect(screen.queryByText('Authentication Required')).not.toBeInTheDocument();

      await user.click(bookmark);
      expect(await screen.findByText('Bookmark Removed')).toBeInTheDocument();
      expect(await screen.findByRole('button', { name: 'Bookmark', pressed: false })).toBe(
        bookmark,
      );
      expect(callsTo(requests, 'POST', '/api/bookmarks')).toHaveLength(1);
      expect(callsTo(requests, 'DELETE', bookmarkPath(SERVICE_ID))).toHaveLength(1);
    });

    it('says so when the bookmark cannot be changed, and leaves it as it was', async () => {
      renderSignedIn({
        'POST /api/bookmarks': () => jsonResponse({ code: 'internal', message: 'Oops' }, 503),
      });
      const user = userEvent.setup();

      const bookmark = await findReadyBookmark();
      await user.click(bookmark);

      expect(await screen.findByText('Failed to update bookmark.')).toBeInTheDocument();
      expect(screen.getByText('Oops')).toBeInTheDocument();
      expect(bookmark).toHaveAccessibleName('Bookmark');
      expect(bookmark).toHaveAttribute('aria-pressed', 'false');
    });

    it('says why a bookmark was refused: a 429 asks the person to wait', async () => {
      const { requests } = renderSignedIn({
        'POST /api/bookmarks': () => jsonResponse(RATE_LIMITED, 429),
      });
      const user = userEvent.setup();

      await user.click(await findReadyBookmark());

      expect(await screen.findByText('Failed to update bookmark.')).toBeInTheDocument();
      expect(screen.getByText(RATE_LIMITED.message)).toBeInTheDocument();
      expect(callsTo(requests, 'POST', '/api/bookmarks')).toHaveLength(1);
    });

    // TanStack Query drops mutate()'s callbacks once the component unmounts, as closing does.
    it('closed while bookmarking: the toast still says it was bookmarked', async () => {
      let answer: (response: Response) => void = () => {};
      stubApi({
        'GET /api/auth/config': authConfig(),
        'GET /api/auth/me': signedInAs(buildUser()),
        ...fakeVotesApi({ [SERVICE_ID]: { thumbsUp: 3, thumbsDown: 1, userVote: null } }),
        ...fakeBookmarksApi([SERVICE_ID]),
        [DETAIL]: () => jsonResponse({ success: true, data: buildServiceDetail() }),
        'POST /api/bookmarks': () => new Promise<Response>((resolve) => (answer = resolve)),
      });
      renderWithProviders(<ClosableDetail />);
      const user = userEvent.setup();

      await user.click(await findReadyBookmark());
      await user.keyboard('{Escape}');
      expect(await screen.findByText('Back on the results')).toBeInTheDocument();
      act(() => answer(jsonResponse({ success: true }, 201)));

      expect(await screen.findByText('Bookmarked!')).toBeInTheDocument();
    });

    it('closed while a review is saving: the toast still says it was saved', async () => {
      let answer: (response: Response) => void = () => {};
      stubApi({
        'GET /api/auth/config': authConfig(),
        'GET /api/auth/me': signedInAs(buildUser()),
        ...fakeVotesApi({ [SERVICE_ID]: { thumbsUp: 3, thumbsDown: 1, userVote: null } }),
        ...fakeBookmarksApi([SERVICE_ID]),
        [DETAIL]: () => jsonResponse({ success: true, data: buildServiceDetail() }),
        [`GET /api/services/${encodeURIComponent(SERVICE_ID)}/reviews`]: () =>
          jsonResponse({
            reviews: [],
            totalCount: 0,
            averageRating: null,
            ratingDistribution: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 },
            page: 1,
            pageSize: 10,
            hasMore: false,
            myReview: null,
          }),
        'POST /api/reviews': () => new Promise<Response>((resolve) => (answer = resolve)),
      });
      renderWithProviders(<ClosableDetail />);
      const user = userEvent.setup();
      const reviews = await screen.findByRole('region', { name: 'Reviews' });

      await user.click(await within(reviews).findByRole('radio', { name: '4 stars' }));
      await user.type(within(reviews).getByLabelText('Your review'), 'Kind and quick.');
      await user.click(within(reviews).getByRole('button', { name: 'Submit review' }));
      await user.keyboard('{Escape}');
      expect(await screen.findByText('Back on the results')).toBeInTheDocument();
      act(() =>
        answer(
          jsonResponse(
            {
              success: true,
              review: {
                id: '00000000-0000-4000-8000-000000000099',
                serviceId: SERVICE_ID,
                rating: 4,
                reviewText: 'Kind and quick.',
                userName: 'Ada L.',
                createdAt: '2026-11-22T12:05:00.000Z',
                updatedAt: '2026-11-22T12:05:00.000Z',
                helpful: 0,
                isMine: true,
              },
            },
            201,
          ),
        ),
      );

      expect(await screen.findByText('Review Saved')).toBeInTheDocument();
    });

    it('votes with the thumbs, showing the counts the server answers with', async () => {
      renderSignedIn();
      const user = userEvent.setup();
      const detail = await findDetail();

      const up = await within(detail).findByRole('button', {
        name: 'Thumbs up for Harbourside Food Bank, 3 votes',
        pressed: false,
      });
      await user.click(up);

      expect(await screen.findByText('Thumbs Up!')).toBeInTheDocument();
      expect(up).toHaveAccessibleName('Thumbs up for Harbourside Food Bank, 4 votes');
      expect(up).toHaveAttribute('aria-pressed', 'true');
    });

    it('Notes opens the notes over the detail; Escape closes them first, then the detail', async () => {
      const { onClose } = renderSignedIn({
        'GET /api/users/me/notes': () => jsonResponse({ notes: [] }),
      });
      const user = userEvent.setup();
      const detail = await findDetail();

      const notesButton = within(detail).getByRole('button', { name: 'Notes' });
      await user.click(notesButton);
      const notes = await screen.findByRole('dialog', { name: 'Notes on Harbourside Food Bank' });
      expect(within(notes).getByText('Only you can see your notes.')).toBeInTheDocument();

      await user.keyboard('{Escape}');
      await waitFor(() => expect(notes).not.toBeInTheDocument());
      expect(screen.getByRole('dialog', { name: 'Harbourside Food Bank' })).toBeInTheDocument();
      expect(notesButton).toHaveFocus();
      expect(onClose).not.toHaveBeenCalled();

      await user.keyboard('{Escape}');
      expect(onClose).toHaveBeenCalledTimes(1);
    });

    it('Suggest an edit opens the suggestion form over the detail', async () => {
      renderSignedIn();
      const user = userEvent.setup();
      const detail = await findDetail();

      await user.click(within(detail).getByRole('button', { name: 'Suggest an edit' }));

      const suggestion = await screen.findByRole('dialog', {
        name: 'Suggest an edit to Harbourside Food Bank',
      });
      expect(within(suggestion).getByLabelText(/Your suggestion/)).toBeInTheDocument();
      expect(screen.queryByRole('dialog', { name: 'Welcome to Locals' })).not.toBeInTheDocument();
    });
  });
});
