import type { ServiceSummary } from '@locals/contracts/search';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  buildCrisis,
  buildHelpline,
  buildSearchResponse,
  buildService,
  buildServiceDetail,
  buildServices,
} from '@/testing/factories';
import { callsTo, jsonResponse, stubApi } from '@/testing/fetch-mock';
import { preloadRoutes, renderApp } from '@/testing/render';
import { expectNoAxeViolations } from '@/testing/axe';

// A synchronous factory: with an async one, the map's two concurrent imports of leaflet-map
// could race it and get the real Leaflet, which jsdom cannot lay out.
const standIn = await vi.hoisted(() => import('@/features/map/testing/leaflet-map-stand-in'));
vi.mock('@/features/map/components/leaflet-map', () => standIn);

const SEARCH = 'GET /api/HealthServices/search-new';
const CONFIG = 'GET /api/config';
const MAP_URL =
  '/map?postcode=SW1A+1AA&distance=10&serviceTypes=any&includeUnverified=true&pageSize=1000';
const tiles = { tileUrl: 'https://tiles.example.com/{z}/{x}/{y}.png', tileAttribution: 'Example' };
/** The polite live region that announces the count. */
const LIVE = '[role=status]';
const westminster = {
  postcode: 'SW1A 1AA',
  outcode: 'SW1A',
  coordinates: { lat: 51.501, lng: -0.1416 },
  precision: 'postcode' as const,
  areaName: 'Westminster',
};

function answerSearch(results: ServiceSummary[], totalResults = results.length) {
  return stubApi({
    [SEARCH]: () =>
      jsonResponse(buildSearchResponse({ results, totalResults, location: westminster })),
    [CONFIG]: () => jsonResponse({ map: tiles }),
    'GET /api/services/demo%3Aservice-1': () =>
      jsonResponse({
        success: true,
        data: buildServiceDetail({ id: 'demo:service-1', name: 'Service 1' }),
      }),
  });
}

preloadRoutes('/map', '/results');

describe('/map', () => {
  it('asks for up to 1000 services with the same filters, and says how many it shows', async () => {
    const { requests } = answerSearch(buildServices(3), 1500);
    renderApp(MAP_URL);

    expect(await screen.findByText('Loading map data...', { selector: LIVE })).toBeInTheDocument();
    expect(await screen.findByText('Showing 3 of 1500 results in SW1A 1AA')).toBeInTheDocument();
    expect(screen.getByText('1500 services found', { selector: LIVE })).toBeInTheDocument();
    const map = await screen.findByRole('region', { name: 'Map of services near SW1A 1AA' });
    expect(
      within(map).getByText(`Around SW1A 1AA, radius 10, tiles ${tiles.tileUrl}`),
    ).toBeInTheDocument();
    expect(within(map).getAllByRole('button')).toHaveLength(3);
    expect(
      Object.fromEntries(callsTo(requests, 'GET', '/api/HealthServices/search-new')[0]!.query),
    ).toEqual({
      postcode: 'SW1A 1AA',
      distance: '10',
      serviceTypes: 'any',
      includeUnverified: 'true',
      page: '1',
      pageSize: '1000',
    });
  });

  it('lists services without a location under the map instead of guessing where they are', async () => {
    answerSearch([
      buildService({ id: 'a', name: 'Mapped Surgery' }),
      buildService({ id: 'b', name: 'Somewhere Advice Centre', coordinates: null }),
    ]);
    renderApp(MAP_URL);

    const map = await screen.findByRole('region', { name: 'Map of services near SW1A 1AA' });
    expect(within(map).getByRole('button', { name: 'Marker Mapped Surgery' })).toBeInTheDocument();
    expect(within(map).queryByText(/Somewhere/)).not.toBeInTheDocument();
    const unmapped = screen.getByRole('region', { name: 'Location not mapped' });
    expect(within(unmapped).getByText('Somewhere Advice Centre')).toBeInTheDocument();
  });

  it('opens the same service details as the list from a marker', async () => {
    answerSearch(buildServices(1));
    renderApp(MAP_URL);

    await userEvent.click(await screen.findByRole('button', { name: 'Marker Service 1' }));

    // The first opening loads the dialog's code, which takes a while under the test transform.
    expect(
      await screen.findByRole('dialog', { name: 'Service 1' }, { timeout: 5000 }),
    ).toBeInTheDocument();
  });

  it('goes back to the list with the same query', async () => {
    answerSearch(buildServices(1));
    renderApp('/map?postcode=SW1A+1AA&distance=25&keyword=pharmacy&includeUnverified=true');

    const back = await screen.findByRole('link', { name: 'Back to List View' });
    const [path, query] = back.getAttribute('href')?.split('?') ?? [];
    expect(path).toBe('/results');
    expect(Object.fromEntries(new URLSearchParams(query))).toMatchObject({
      postcode: 'SW1A 1AA',
      distance: '25',
      keyword: 'pharmacy',
      includeUnverified: 'true',
    });
  });

  it('says so when there is nothing to map, with a way back to the search', async () => {
    answerSearch([]);
    renderApp(MAP_URL);

    expect(
      await screen.findByRole('heading', { name: 'No services to display on map' }),
    ).toBeInTheDocument();
    const back = screen.getByRole('link', { name: 'Back to Search' });
    expect(back.getAttribute('href')).toMatch(/^\/search\?postcode=SW1A\+1AA&distance=10/);
  });

  it('says plainly when Locals does not cover the place yet, with the national helplines', async () => {
    stubApi({
      [SEARCH]: () =>
        jsonResponse(
          buildSearchResponse({
            results: [],
            totalResults: 0,
            location: westminster,
            coverage: {
              covered: false,
              areaName: 'Manchester',
              message: 'Locals does not cover Manchester yet.',
            },
            helplines: [buildHelpline({ service: 'Samaritans helpline', phone: '116 123' })],
          }),
        ),
      [CONFIG]: () => jsonResponse({ map: tiles }),
    });
    renderApp(MAP_URL);

    expect(
      await screen.findByRole('heading', { name: 'Locals does not cover Manchester yet' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /116 123/ })).toHaveAttribute('href', 'tel:116123');
    expect(
      screen.queryByRole('heading', { name: 'No services to display on map' }),
    ).not.toBeInTheDocument();
  });

  it('offers the lines for the need under the map, with the notice about them', async () => {
    stubApi({
      [SEARCH]: () =>
        jsonResponse(
          buildSearchResponse({
            results: buildServices(2),
            totalResults: 2,
            location: westminster,
            helplines: [buildHelpline({ service: 'StepChange debt line', phone: '0800 138 1111' })],
            helplinePlacement: 'beside',
            helplineNotice: 'Only one line fits.',
          }),
        ),
      [CONFIG]: () => jsonResponse({ map: tiles }),
    });
    renderApp(MAP_URL);

    const lines = await screen.findByRole('region', { name: 'Lines you can call' });
    expect(within(lines).getByText('Only one line fits.')).toBeInTheDocument();
    expect(within(lines).getByRole('link', { name: /0800 138 1111/ })).toHaveAttribute(
      'href',
      expect.stringMatching(/^tel:/),
    );
  });

  it('reports a failed search and tries again on request', async () => {
    let attempts = 0;
    stubApi({
      [SEARCH]: () => {
        attempts += 1;
        return attempts === 1
          ? jsonResponse(
              {
                code: 'rate_limited',
                message: 'Too many searches. Wait a minute, then try again.',
              },
              429,
            )
          : jsonResponse(buildSearchResponse({ location: westminster }));
      },
      [CONFIG]: () => jsonResponse({ map: tiles }),
    });
    renderApp(MAP_URL);

    expect(
      await screen.findByRole('heading', { name: 'Failed to Load Map Data' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Too many searches.');
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));

    expect(await screen.findByText('Showing 2 of 2 results in SW1A 1AA')).toBeInTheDocument();
  });

  // Issue 26: a mistyped postcode led to "Failed to Load Map Data", whose Try Again repeated it.
  it.each([
    [400, 'invalid_postcode', 'Enter a full UK postcode, like BS1 4DJ'],
    [404, 'postcode_not_found', 'We could not find ZZ9 9ZZ. Check it and try again.'],
  ] as const)(
    'keeps a %i postcode answer on the open Search Options, with an error summary',
    async (status, code, message) => {
      const { requests } = stubApi({
        [SEARCH]: () => jsonResponse({ code, message }, status),
        [CONFIG]: () => jsonResponse({ map: tiles }),
      });
      renderApp('/map?postcode=ZZ9+9ZZ&distance=10&pageSize=1000');

      const summary = await screen.findByRole('alert');
      expect(within(summary).getByRole('link', { name: message })).toHaveAttribute(
        'href',
        '#search-postcode',
      );
      expect(summary).toHaveFocus();
      expect(screen.getByRole('heading', { level: 1, name: 'Check the postcode' })).toBeVisible();
      expect(document.title).toMatch(/^Error: Check the postcode/);
      expect(screen.getByText('Search Options').closest('details')).toHaveAttribute('open');
      const field = screen.getByLabelText('Postcode (required)');
      expect(field).toHaveValue('ZZ9 9ZZ');
      expect(field).toHaveAccessibleDescription(expect.stringContaining(message));
      expect(screen.queryByText('Failed to Load Map Data')).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Try Again' })).not.toBeInTheDocument();
      expect(callsTo(requests, 'GET', '/api/HealthServices/search-new')).toHaveLength(1);
      await expectNoAxeViolations();

      // Correcting it searches again, on the map.
      answerSearch(buildServices(1));
      await userEvent.clear(field);
      await userEvent.type(field, 'SW1A 1AA');
      await userEvent.click(screen.getByRole('button', { name: 'Search' }));
      expect(await screen.findByText('Showing 1 of 1 results in SW1A 1AA')).toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    },
  );

  it('waits for a postcode before searching, with the search options open', async () => {
    const { requests } = answerSearch(buildServices(1));
    renderApp('/map');

    expect(
      await screen.findByText('Enter a postcode in Search Options to see services on the map.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Search Options').closest('details')).toHaveAttribute('open');
    expect(callsTo(requests, 'GET', '/api/HealthServices/search-new')).toHaveLength(0);
  });

  it("asks to correct ages that cannot be searched, in the list's filters, and searches nothing", async () => {
    const { requests } = answerSearch(buildServices(1));
    const { router } = renderApp(`${MAP_URL}&ageMin=30&ageMax=5`);
    const user = userEvent.setup();

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Check the ages' }),
    ).toBeInTheDocument();
    expect(document.title).toMatch(/^Error: Check the ages/);
    expect(screen.getByText(/Age from must be the same as or less than age to/)).toBeVisible();
    expect(callsTo(requests, 'GET', '/api/HealthServices/search-new')).toHaveLength(0);

    await user.click(
      screen.getByRole('link', { name: 'Change the ages in the filters of the list' }),
    );
    expect(router.state.location.pathname).toBe('/results');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Check the ages' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Age from')).toHaveValue('30');
  });

  it('searches again from Search Options, staying on the map', async () => {
    answerSearch(buildServices(1));
    const { router } = renderApp(MAP_URL);
    await screen.findByText('Showing 1 of 1 results in SW1A 1AA');

    await userEvent.click(screen.getByText('Search Options'));
    await userEvent.selectOptions(screen.getByLabelText('Search radius'), '25');
    expect(router.state.location.search).toContain('distance=10');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));

    expect(router.state.location.pathname).toBe('/map');
    expect(new URLSearchParams(router.state.location.search).get('distance')).toBe('25');
    expect(new URLSearchParams(router.state.location.search).get('pageSize')).toBe('1000');
  });

  it('falls back to the default tile server when the settings cannot be read', async () => {
    stubApi({ [SEARCH]: () => jsonResponse(buildSearchResponse({ location: westminster })) });
    renderApp(MAP_URL);

    expect(
      await screen.findByText(
        'Around SW1A 1AA, radius 10, tiles https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      ),
    ).toBeInTheDocument();
  });

  it('puts 999 and the crisis lines straight after the heading when the words signal a risk to life', async () => {
    const { requests } = stubApi({
      [SEARCH]: () =>
        jsonResponse(buildSearchResponse({ results: buildServices(2), location: westminster })),
      [CONFIG]: () => jsonResponse({ map: tiles }),
      'GET /api/helplines': () =>
        jsonResponse({ helplines: [], crisis: buildCrisis(), notice: null }),
    });
    renderApp('/map?postcode=SW1A+1AA&keyword=suicide');

    const panel = await screen.findByRole('region', {
      name: 'If your life is at risk, get help now',
    });
    expect(screen.getByRole('heading', { level: 1 }).nextElementSibling).toBe(panel);
    expect(within(panel).getByRole('link', { name: 'Call 999' })).toHaveAttribute(
      'href',
      'tel:999',
    );
    const [asked] = callsTo(requests, 'GET', '/api/helplines');
    expect(asked?.query.get('keyword')).toBe('suicide');
    expect(asked?.query.get('postcode')).toBe('SW1A 1AA');
  });
});

describe('/results Map View tab', () => {
  it('shows the same map inside the results, asking for 1000 services', async () => {
    const { requests } = answerSearch(buildServices(3), 1500);
    renderApp('/results?postcode=SW1A+1AA&distance=10&includeUnverified=true');

    await userEvent.click(await screen.findByRole('link', { name: 'Map View' }));

    expect(await screen.findByRole('link', { name: 'Map View' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    const map = await screen.findByRole('region', { name: 'Map of services near SW1A 1AA' });
    expect(within(map).getAllByRole('button')).toHaveLength(3);
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    const pageSizes = callsTo(requests, 'GET', '/api/HealthServices/search-new').map((request) =>
      request.query.get('pageSize'),
    );
    expect(pageSizes).toEqual(['10', '1000']);

    await userEvent.click(within(map).getByRole('button', { name: 'Marker Service 1' }));
    expect(
      await screen.findByRole('dialog', { name: 'Service 1' }, { timeout: 5000 }),
    ).toBeInTheDocument();
  });
});
