import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeVotesApi, votesPath } from '@/features/votes/testing/fake-votes-api';
import { buildSearchResponse, buildServiceDetail, buildServices } from '@/testing/factories';
import { callsTo, jsonResponse, stubApi } from '@/testing/fetch-mock';
import type { RecordedRequest } from '@/testing/fetch-mock';
import { preloadRoutes, renderApp } from '@/testing/render';
import { expectNoAxeViolations } from '@/testing/axe';

const SEARCH = 'GET /api/HealthServices/search-new';
const RESULTS_URL =
  '/results?postcode=BS1+4DJ&distance=10&serviceTypes=any&includeUnverified=false';

/** jsdom has no IntersectionObserver; this one lets a test scroll the sentinel into range. */
function stubIntersectionObserver() {
  const callbacks: IntersectionObserverCallback[] = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      readonly options: IntersectionObserverInit | undefined;
      constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
        callbacks.push(callback);
        this.options = options;
        expect(options?.rootMargin).toBe('0px 0px 1000px 0px');
      }
      observe() {}
      disconnect() {}
    },
  );
  return {
    scrollToEnd: () =>
      callbacks.at(-1)?.(
        [{ isIntersecting: true } as IntersectionObserverEntry],
        {} as IntersectionObserver,
      ),
  };
}

function deferred() {
  let resolve: (response: Response) => void = () => {};
  const promise = new Promise<Response>((done) => (resolve = done));
  return { promise, resolve };
}

preloadRoutes('/results');

describe('/results', () => {
  it('shows "Loading results..." and then the heading with counts', async () => {
    const answer = deferred();
    const { requests } = stubApi({ [SEARCH]: () => answer.promise });
    renderApp(RESULTS_URL);

    expect(await screen.findByText('Loading results...')).toBeInTheDocument();
    answer.resolve(jsonResponse(buildSearchResponse({ results: buildServices(2) })));

    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Services available near BS1 4DJ (2 of 2 results)',
      }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(
      Object.fromEntries(callsTo(requests, 'GET', '/api/HealthServices/search-new')[0]!.query),
    ).toEqual({
      postcode: 'BS1 4DJ',
      distance: '10',
      serviceTypes: 'any',
      includeUnverified: 'false',
      page: '1',
      pageSize: '10',
    });
  });

  it('links the map views with the same filters', async () => {
    stubApi({ [SEARCH]: () => jsonResponse(buildSearchResponse()) });
    renderApp('/results?postcode=BS1+4DJ&distance=10&keyword=food&includeUnverified=false');

    const mapView = await screen.findByRole('link', { name: 'Map View' });
    expect(new URLSearchParams(mapView.getAttribute('href')?.split('?')[1])).toEqual(
      new URLSearchParams(
        'postcode=BS1 4DJ&distance=10&keyword=food&serviceTypes=any&includeUnverified=false&pageSize=1000&view=map',
      ),
    );
    const fullScreen = screen.getByRole('link', { name: /Full Screen Map/ });
    expect(fullScreen).toHaveAttribute('target', '_blank');
    expect(fullScreen.getAttribute('href')).toBe(
      '/map?postcode=BS1+4DJ&distance=10&keyword=food&serviceTypes=any&pageSize=1000',
    );
  });

  it('shows the empty state with the postcode and ways to widen the search', async () => {
    stubApi({
      [SEARCH]: () => jsonResponse(buildSearchResponse({ results: [], totalResults: 0 })),
    });
    renderApp(RESULTS_URL);

    expect(await screen.findByRole('heading', { name: 'No Results Found' })).toBeInTheDocument();
    expect(
      screen.getByText('No services found for BS1 4DJ. Try widening your search criteria.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Include unchecked listings' })).toHaveAttribute(
      'href',
      expect.stringContaining('includeUnverified=true'),
    );
    expect(screen.getByRole('link', { name: 'Search within 25 miles' })).toHaveAttribute(
      'href',
      expect.stringContaining('distance=25'),
    );
  });

  it('appends the next page when the list end nears, then shows the end texts', async () => {
    const observer = stubIntersectionObserver();
    const secondPage = deferred();
    const { requests } = stubApi({
      [SEARCH]: (request: RecordedRequest) =>
        request.query.get('page') === '1'
          ? jsonResponse(
              buildSearchResponse({ results: buildServices(10), hasMore: true, totalResults: 12 }),
            )
          : secondPage.promise,
    });
    renderApp(RESULTS_URL);

    await screen.findByRole('heading', { name: /\(10 of 12 results\)/ });
    observer.scrollToEnd();
    expect(await screen.findByText('Loading more results...')).toBeInTheDocument();
    secondPage.resolve(
      jsonResponse(
        buildSearchResponse({ results: buildServices(2, 11), page: 2, totalResults: 12 }),
      ),
    );

    expect(
      await screen.findByRole('heading', { name: /\(12 of 12 results\)/ }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(12);
    expect(
      screen.getByText("You've reached the end of the results. Showing all 12 services found."),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Load more results' })).not.toBeInTheDocument();
    const pages = callsTo(requests, 'GET', '/api/HealthServices/search-new').map((r) =>
      r.query.get('page'),
    );
    expect(pages).toEqual(['1', '2']);
  });

  it('offers a "Load more results" link that works without scrolling', async () => {
    stubApi({
      [SEARCH]: (request: RecordedRequest) =>
        jsonResponse(
          request.query.get('page') === '1'
            ? buildSearchResponse({ results: buildServices(10), hasMore: true, totalResults: 11 })
            : buildSearchResponse({ results: buildServices(1, 11), page: 2, totalResults: 11 }),
        ),
    });
    renderApp(RESULTS_URL);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('link', { name: 'Load more results' }));

    expect(
      await screen.findByRole('heading', { name: /\(11 of 11 results\)/ }),
    ).toBeInTheDocument();
  });

  it('keeps the cards when a later page fails, and loads it on "Try again"', async () => {
    let isDown = true;
    const retried = deferred();
    const { requests } = stubApi({
      [SEARCH]: (request: RecordedRequest) => {
        if (request.query.get('page') === '1')
          return jsonResponse(
            buildSearchResponse({ results: buildServices(10), hasMore: true, totalResults: 12 }),
          );
        if (isDown) return jsonResponse({ code: 'internal', message: 'Something went wrong' }, 503);
        return retried.promise;
      },
    });
    renderApp(RESULTS_URL);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('link', { name: 'Load more results' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not load more results. Check your connection and try again.',
    );
    expect(screen.queryByRole('heading', { name: 'Search Failed' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /\(10 of 12 results\)/ })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(10);
    // Page 2 was tried 4 times (3 retries) and is not replaced by sample data.
    expect(screen.queryByText(/Showing sample data/)).not.toBeInTheDocument();

    isDown = false;
    await user.click(screen.getByRole('link', { name: 'Try again' }));

    expect(await screen.findByText('Loading more results...')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    retried.resolve(
      jsonResponse(
        buildSearchResponse({ results: buildServices(2, 11), page: 2, totalResults: 12 }),
      ),
    );
    expect(
      await screen.findByRole('heading', { name: /\(12 of 12 results\)/ }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(12);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    const pages = callsTo(requests, 'GET', '/api/HealthServices/search-new').map((r) =>
      r.query.get('page'),
    );
    expect(pages).toEqual(['1', '2', '2', '2', '2', '2']);
  });

  // Issue 26: a postcode the server cannot use is the person's to correct, not a failure to
  // retry: the form keeps them, with the GOV.UK error summary and the message at the field.
  it.each([
    [400, 'invalid_postcode', 'Enter a real UK postcode, like BS1 4DJ'],
    [404, 'postcode_not_found', 'We could not find the postcode ZZ9 9ZZ'],
  ])(
    'keeps a %i postcode answer on the form with an error summary, not "Search Failed"',
    async (status, code, message) => {
      const { requests } = stubApi({ [SEARCH]: () => jsonResponse({ code, message }, status) });
      renderApp('/results?postcode=ZZ9+9ZZ&distance=10');

      const summary = await screen.findByRole('alert');
      expect(within(summary).getByRole('heading', { name: 'There is a problem' })).toBeVisible();
      expect(within(summary).getByRole('link', { name: message })).toHaveAttribute(
        'href',
        '#results-postcode',
      );
      expect(summary).toHaveFocus();
      expect(screen.getByRole('heading', { level: 1, name: 'Check the postcode' })).toBeVisible();
      expect(screen.getByLabelText('Postcode')).toHaveAccessibleDescription(
        expect.stringContaining(message),
      );
      expect(screen.getByLabelText('Postcode')).toHaveValue('ZZ9 9ZZ');
      expect(screen.queryByRole('heading', { name: 'Search Failed' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Try Again' })).not.toBeInTheDocument();
      expect(screen.queryByText(/Showing sample data/)).not.toBeInTheDocument();
      expect(callsTo(requests, 'GET', '/api/HealthServices/search-new')).toHaveLength(1);
      await expectNoAxeViolations();
    },
  );

  it('falls back to bannered sample data after a 5xx outlasts the retries, ending at page 5', async () => {
    const { requests } = stubApi({
      [SEARCH]: () => jsonResponse({ code: 'internal', message: 'Something went wrong' }, 503),
    });
    renderApp(RESULTS_URL);
    const user = userEvent.setup();

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Showing sample data due to API connectivity issues. Results may not reflect actual services.',
    );
    expect(screen.getByRole('heading', { name: /\(10 of 50 results\)/ })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Sample service 1' })).toBeInTheDocument();
    expect(screen.getAllByText('Sample data').length).toBeGreaterThan(0);
    // 1 call and 3 retries, then sample pages need no more calls.
    expect(callsTo(requests, 'GET', '/api/HealthServices/search-new')).toHaveLength(4);

    for (let page = 2; page <= 5; page += 1) {
      await user.click(await screen.findByRole('link', { name: 'Load more results' }));
      await screen.findByRole('heading', { name: new RegExp(`\\(${page * 10} of 50 results\\)`) });
    }

    expect(
      screen.getByText("You've reached the end of the results. Showing all 50 services found."),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Load more results' })).not.toBeInTheDocument();
    expect(callsTo(requests, 'GET', '/api/HealthServices/search-new')).toHaveLength(4);
    // Sample cards offer no actions, so no votes are asked for.
    expect(callsTo(requests, 'GET', '/api/votes')).toHaveLength(0);
  });

  it('opens the service named by serviceId in the URL', async () => {
    stubApi({
      [SEARCH]: () => jsonResponse(buildSearchResponse()),
      'GET /api/services/ods%3AF82625': () =>
        jsonResponse({
          success: true,
          data: buildServiceDetail({ id: 'ods:F82625', name: 'Castle Surgery' }),
        }),
    });
    renderApp(`${RESULTS_URL}&serviceId=ods%3AF82625`);

    // The first opening loads the dialog's code, which takes a while under the test transform.
    const dialog = await screen.findByRole('dialog', { name: 'Castle Surgery' }, { timeout: 8000 });
    expect(
      within(dialog).getByText('Locals demo data. Licence: CC0. Last updated 4 March 2025.'),
    ).toBeInTheDocument();
  }, 10_000);

  it('puts the open service in the URL and returns focus to MORE INFO on close', async () => {
    stubApi({
      [SEARCH]: () => jsonResponse(buildSearchResponse({ results: buildServices(2) })),
      'GET /api/services/demo%3Aservice-2': () =>
        jsonResponse({
          success: true,
          data: buildServiceDetail({ id: 'demo:service-2', name: 'Service 2' }),
        }),
    });
    const { router } = renderApp(RESULTS_URL);
    const user = userEvent.setup();

    const moreInfo = await screen.findByRole('link', { name: 'MORE INFO about Service 2' });
    await user.click(moreInfo);

    expect(
      await screen.findByRole('dialog', { name: 'Service 2' }, { timeout: 8000 }),
    ).toBeInTheDocument();
    expect(new URLSearchParams(router.state.location.search).get('serviceId')).toBe(
      'demo:service-2',
    );

    await user.keyboard('{Escape}');

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(new URLSearchParams(router.state.location.search).has('serviceId')).toBe(false);
    expect(moreInfo).toHaveFocus();
  }, 10_000);

  it('copies a link to the service, with toasts for success and failure', async () => {
    stubApi({ [SEARCH]: () => jsonResponse(buildSearchResponse({ results: buildServices(1) })) });
    renderApp(RESULTS_URL);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Copy link to Service 1' }));

    expect(await screen.findByText('Link Copied!')).toBeInTheDocument();
    expect(screen.getByText('Service link has been copied to clipboard.')).toBeInTheDocument();
    const copied = new URL(await navigator.clipboard.readText());
    expect(copied.origin).toBe(window.location.origin);
    expect(copied.pathname).toBe('/results');
    expect(copied.searchParams.get('serviceId')).toBe('demo:service-1');
    expect(copied.searchParams.get('postcode')).toBe('BS1 4DJ');

    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('Denied'));
    await user.click(screen.getByRole('button', { name: 'Copy link to Service 1' }));

    expect(await screen.findByText('Copy Failed')).toBeInTheDocument();
    expect(screen.getByText('Unable to copy link to clipboard.')).toBeInTheDocument();
  });

  it('asks for the votes of a page of cards in one request, and again for the next page', async () => {
    const firstPage = buildServices(10);
    const secondPage = buildServices(2, 11);
    const votes = Object.fromEntries(
      [...firstPage, ...secondPage].map((service, index) => [
        service.id,
        { thumbsUp: index, thumbsDown: 1, userVote: null },
      ]),
    );
    const { requests } = stubApi({
      'GET /api/auth/me': () => jsonResponse({ code: 'unauthorized', message: 'Sign in' }, 401),
      ...fakeVotesApi(votes),
      [SEARCH]: (request: RecordedRequest) =>
        jsonResponse(
          request.query.get('page') === '1'
            ? buildSearchResponse({ results: firstPage, hasMore: true, totalResults: 12 })
            : buildSearchResponse({ results: secondPage, page: 2, totalResults: 12 }),
        ),
    });
    renderApp(RESULTS_URL);
    const user = userEvent.setup();

    // Signed out, the thumbs are dimmed but show the public counts.
    // The first answer also loads the votes contract that checks it, which takes a while here.
    const up = await screen.findByRole(
      'button',
      { name: 'Thumbs up for Service 4, 3 votes' },
      { timeout: 3000 },
    );
    expect(up).toHaveAccessibleDescription('Login required to vote');
    expect(
      screen.getByRole('button', { name: 'Thumbs down for Service 10, 1 vote' }),
    ).toBeInTheDocument();
    expect(
      callsTo(requests, 'GET', '/api/votes').map((request) => request.query.get('serviceIds')),
    ).toEqual([firstPage.map((service) => service.id).join(',')]);

    await user.click(screen.getByRole('link', { name: 'Load more results' }));
    expect(
      await screen.findByRole('button', { name: 'Thumbs up for Service 12, 11 votes' }),
    ).toBeInTheDocument();
    expect(
      callsTo(requests, 'GET', '/api/votes').map((request) => request.query.get('serviceIds')),
    ).toEqual([
      firstPage.map((service) => service.id).join(','),
      'demo:service-11,demo:service-12',
    ]);
    for (const service of [...firstPage, ...secondPage]) {
      expect(callsTo(requests, 'GET', votesPath(service.id))).toHaveLength(0);
    }
  });
});
