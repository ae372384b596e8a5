import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildSearchResponse, buildServiceDetail, buildServices } from '@/testing/factories';
import { callsTo, jsonResponse, stubApi } from '@/testing/fetch-mock';
import type { RecordedRequest } from '@/testing/fetch-mock';
import { preloadRoutes, renderApp } from '@/testing/render';

const SEARCH = 'GET /api/HealthServices/search-new';
const SEARCH_PATH = '/api/HealthServices/search-new';
const RESULTS_URL = '/results?postcode=BS1+4DJ&distance=10';
// The first render loads the page's code, which takes a while under the test transform.
const SLOW = { timeout: 5000 };
const searchOf = (location: { search: string }) => new URLSearchParams(location.search);

/** Two pages of results, and the detail of any service asked for. */
function stubTwoPages() {
  return stubApi({
    [SEARCH]: (request: RecordedRequest) =>
      jsonResponse(
        request.query.get('page') === '1'
          ? buildSearchResponse({ results: buildServices(10), hasMore: true, totalResults: 12 })
          : buildSearchResponse({ results: buildServices(2, 11), page: 2, totalResults: 12 }),
      ),
    'GET /api/services/demo%3Aservice-2': () =>
      jsonResponse({
        success: true,
        data: buildServiceDetail({ id: 'demo:service-2', name: 'Service 2' }),
      }),
  });
}

/** jsdom does not scroll: pretend the page is scrolled to `y` and watch where it is sent. */
function fakeScroll(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  return vi.spyOn(window, 'scrollTo');
}

afterEach(() => {
  Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
});

preloadRoutes('/results', '/about');

describe('/results navigation (issue 10)', () => {
  it('opens a detail as a new history entry, so Back closes it', async () => {
    stubTwoPages();
    const { router } = renderApp(RESULTS_URL);
    const user = userEvent.setup();
    const resultsKey = router.state.location.key;

    await user.click(await screen.findByRole('link', { name: 'MORE INFO about Service 2' }, SLOW));

    expect(
      await screen.findByRole('dialog', { name: 'Service 2' }, { timeout: 8000 }),
    ).toBeInTheDocument();
    expect(router.state.historyAction).toBe('PUSH');
    expect(searchOf(router.state.location).get('serviceId')).toBe('demo:service-2');

    await act(() => router.navigate(-1));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.key).toBe(resultsKey);
    expect(screen.getAllByRole('article')).toHaveLength(10);
  }, 10_000);

  it('goes back when the detail it opened is closed, so history does not pile up', async () => {
    stubTwoPages();
    const { router } = renderApp(RESULTS_URL);
    const user = userEvent.setup();
    const resultsKey = router.state.location.key;

    await user.click(await screen.findByRole('link', { name: 'MORE INFO about Service 2' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'Service 2' }, { timeout: 8000 });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.historyAction).toBe('POP');
    expect(router.state.location.key).toBe(resultsKey);
  }, 10_000);

  it('closes a shared link’s detail in place, without leaving the page', async () => {
    stubTwoPages();
    const { router } = renderApp(`${RESULTS_URL}&serviceId=demo%3Aservice-2`);
    const user = userEvent.setup();

    await screen.findByRole('dialog', { name: 'Service 2' }, { timeout: 8000 });
    await user.keyboard('{Escape}');

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.historyAction).toBe('REPLACE');
    expect(router.state.location.pathname).toBe('/results');
    expect(searchOf(router.state.location).has('serviceId')).toBe(false);
  }, 10_000);

  it('shows every loaded page again on Back from another page, without searching again', async () => {
    const { requests } = stubTwoPages();
    const { router } = renderApp(RESULTS_URL);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'Load more results' }));
    await screen.findByRole('heading', { name: /\(12 of 12 results\)/ });

    await act(() => router.navigate('/about'));
    await screen.findByRole('heading', { level: 1, name: /About/ });
    await act(() => router.navigate(-1));

    expect(
      await screen.findByRole('heading', { name: /\(12 of 12 results\)/ }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(12);
    expect(callsTo(requests, 'GET', SEARCH_PATH).map((r) => r.query.get('page'))).toEqual([
      '1',
      '2',
    ]);
  });

  it.each([
    ['Back', -1],
    ['a link to the same search', `${RESULTS_URL}&page=1&pageSize=10`],
  ] as const)('returns to the same scroll position on %s', async (_, to) => {
    stubTwoPages();
    const { router } = renderApp(RESULTS_URL);
    await screen.findByRole('heading', { name: /\(10 of 12 results\)/ });

    const scrollTo = fakeScroll(1234);
    await act(() => router.navigate('/about'));
    await screen.findByRole('heading', { level: 1, name: /About/ });
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);

    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
    await act(() => (typeof to === 'number' ? router.navigate(to) : router.navigate(to)));

    await screen.findByRole('heading', { name: /\(10 of 12 results\)/ });
    expect(scrollTo).toHaveBeenLastCalledWith(0, 1234);
  });
});
