import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  buildHelpline,
  buildSearchResponse,
  buildService,
  buildServices,
} from '@/testing/factories';
import { callsTo, jsonResponse, stubApi } from '@/testing/fetch-mock';
import { preloadRoutes, renderApp } from '@/testing/render';

const SEARCH = 'GET /api/HealthServices/search-new';
const SEARCH_PATH = '/api/HealthServices/search-new';
// The first render loads the page's code, which takes a while under the test transform.
const SLOW = { timeout: 5000 };

const trussell = buildHelpline({
  id: 'trussell-help-through-hardship',
  organisation: 'Trussell',
  service: 'Help through Hardship helpline',
  phone: '0808 208 2138',
  hours: 'Monday to Friday, 9am to 5pm',
  helpsWith: 'Advice for anyone struggling to afford essentials, and referral to a food bank',
  categories: ['food', 'socialcare'],
  nations: 'England and Wales',
});

const manchester = buildSearchResponse({
  results: [],
  totalResults: 0,
  location: {
    postcode: 'M1 1AE',
    outcode: 'M1',
    coordinates: { lat: 53.48, lng: -2.24 },
    precision: 'postcode',
    areaName: 'Manchester',
  },
  coverage: {
    covered: false,
    areaName: 'Manchester',
    message: 'Locals does not cover Manchester yet.',
  },
  helplines: [buildHelpline(), trussell],
});

preloadRoutes('/results');

describe('/results says plainly what it found (issue 10)', () => {
  it('names the keyword it searched for in the heading', async () => {
    stubApi({
      [SEARCH]: () =>
        jsonResponse(
          buildSearchResponse({
            results: buildServices(2),
            keyword: {
              searched: 'food bank E1 6AN',
              used: 'food bank',
              match: 'all',
              matchedTerms: ['food', 'bank'],
              message: null,
              category: 'food',
            },
          }),
        ),
    });
    renderApp('/results?keyword=food+bank+E1+6AN&distance=10');

    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: "Services matching 'food bank' near BS1 4DJ (2 of 2 results)" },
        SLOW,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/No exact matches/)).not.toBeInTheDocument();
    expect(screen.queryByText('Showing results for similar spellings')).not.toBeInTheDocument();
  });

  it('says when it fell back to fewer words', async () => {
    const message = "No exact matches for 'food bank'; showing services matching 'food'";
    stubApi({
      [SEARCH]: () =>
        jsonResponse(
          buildSearchResponse({
            keyword: {
              searched: 'food bank',
              used: 'food bank',
              match: 'some',
              matchedTerms: ['food'],
              message,
              category: 'food',
            },
          }),
        ),
    });
    renderApp('/results?postcode=BS1+4DJ&keyword=food+bank');

    expect(await screen.findByText(message, {}, SLOW)).toBeVisible();
    expect(screen.queryByText('Showing results for similar spellings')).not.toBeInTheDocument();
  });

  it('says when it showed similar spellings', async () => {
    stubApi({
      [SEARCH]: () =>
        jsonResponse(
          buildSearchResponse({
            keyword: {
              searched: 'conselling',
              used: 'conselling',
              match: 'spelling',
              matchedTerms: ['counselling'],
              message: "No exact matches for 'conselling'; showing similar spellings",
              category: null,
            },
          }),
        ),
    });
    renderApp('/results?postcode=BS1+4DJ&keyword=conselling');

    expect(
      await screen.findByText('Showing results for similar spellings', {}, SLOW),
    ).toBeVisible();
    expect(
      screen.getByText("No exact matches for 'conselling'; showing similar spellings"),
    ).toBeVisible();
  });

  it('says an area is not covered, with the helplines and no widening loop', async () => {
    stubApi({ [SEARCH]: () => jsonResponse(manchester) });
    renderApp('/results?postcode=M1+1AE&distance=10');

    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Locals does not cover Manchester yet' },
        SLOW,
      ),
    ).toBeInTheDocument();
    const helplines = screen.getByRole('region', { name: 'National helplines' });
    expect(
      within(helplines).getByRole('link', { name: '116 123, Samaritans helpline' }),
    ).toHaveAttribute('href', 'tel:116123');
    expect(within(helplines).getByText('Help through Hardship helpline')).toBeVisible();
    expect(helplines).toHaveTextContent(/call 999/);
    expect(screen.queryByText(/Try widening/)).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Search within/ })).not.toBeInTheDocument();
    expect(
      screen.queryByRole('link', { name: 'Include unchecked listings' }),
    ).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'No Results Found' })).not.toBeInTheDocument();
    // Another postcode is one field away.
    expect(screen.getByLabelText('Postcode')).toHaveValue('M1 1AE');
  });

  it('says a category has no local services, with its helplines, above the other results', async () => {
    stubApi({
      [SEARCH]: () =>
        jsonResponse(
          buildSearchResponse({
            results: [buildService({ name: 'BS1 Food Bank (demo)', isDemo: true })],
            categoryGap: {
              category: 'food',
              message: 'Locals has no Food services within 10 miles of BS1 4DJ yet.',
            },
            helplines: [trussell],
            helplinePlacement: 'beside',
          }),
        ),
    });
    renderApp('/results?postcode=BS1+4DJ&distance=10&category=food&includeUnverified=true');

    const gap = await screen.findByRole(
      'region',
      { name: 'No local Food services listed yet' },
      SLOW,
    );
    expect(
      within(gap).getByText('Locals has no Food services within 10 miles of BS1 4DJ yet.'),
    ).toBeVisible();
    expect(
      within(gap).getByRole('heading', { level: 3, name: 'National helplines that can help' }),
    ).toBeVisible();
    expect(
      within(gap).getByRole('link', { name: '0808 208 2138, Help through Hardship helpline' }),
    ).toHaveAttribute('href', 'tel:08082082138');
    expect(screen.getByRole('heading', { name: 'BS1 Food Bank (demo)' })).toBeInTheDocument();
  });

  it('with nothing found, says the category has no local services before any widening link', async () => {
    stubApi({
      [SEARCH]: () =>
        jsonResponse(
          buildSearchResponse({
            results: [],
            totalResults: 0,
            categoryGap: {
              category: 'housing',
              message: 'Locals has no Housing services within 10 miles of BS1 4DJ yet.',
            },
            helplines: [buildHelpline({ id: 'streetlink', service: 'StreetLink', phone: null })],
            helplinePlacement: 'top',
          }),
        ),
    });
    renderApp('/results?postcode=BS1+4DJ&distance=10&category=housing');

    expect(
      await screen.findByRole('heading', { name: 'No Results Found' }, SLOW),
    ).toBeInTheDocument();
    const gap = screen.getByText('Locals has no Housing services within 10 miles of BS1 4DJ yet.');
    expect(gap).toBeVisible();
    expect(screen.queryByText(/Try widening your search/)).not.toBeInTheDocument();
    const helpline = screen.getByRole('heading', { name: 'StreetLink' });
    const widen = screen.getByRole('link', { name: 'Search within 25 miles' });
    // The helplines come first; widening the search is only one of the other things to try.
    expect(helpline.compareDocumentPosition(widen) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Other things to try' })).toBeVisible();
  });

  it('asks for a postcode, without searching, when there is none', async () => {
    const { requests } = stubApi({
      [SEARCH]: () => jsonResponse(buildSearchResponse({ results: buildServices(1) })),
    });
    const { router } = renderApp('/results?distance=10&category=food');
    const user = userEvent.setup();

    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Where are you looking for help?' },
        SLOW,
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Enter a postcode, like BS1 4DJ, so we can find services near you.'),
    ).toBeVisible();
    expect(screen.queryByText('Loading results...')).not.toBeInTheDocument();
    expect(document.title).toBe('Enter a postcode – Locals');
    expect(callsTo(requests, 'GET', SEARCH_PATH)).toHaveLength(0);

    await user.type(screen.getByLabelText('Postcode'), 'bs1 4dj');
    await user.click(
      within(screen.getByRole('form', { name: 'Change postcode' })).getByRole('button', {
        name: 'Search',
      }),
    );

    expect(
      await screen.findByRole('heading', { level: 1, name: /Services available near BS1 4DJ/ }),
    ).toBeInTheDocument();
    expect(new URLSearchParams(router.state.location.search).get('category')).toBe('food');
    expect(callsTo(requests, 'GET', SEARCH_PATH)).toHaveLength(1);
  });

  it('asks for a postcode in the server’s words when the keyword names no place', async () => {
    const message =
      'Enter a postcode, like BS1 4DJ, or use your location, so we can find services near you.';
    stubApi({ [SEARCH]: () => jsonResponse({ code: 'location_required', message }, 400) });
    renderApp('/results?keyword=counselling');

    expect(
      await screen.findByRole('heading', { name: 'Where are you looking for help?' }, SLOW),
    ).toBeInTheDocument();
    expect(screen.getByText(message)).toBeVisible();
    expect(
      screen.getByText('We will then search for ‘counselling’ near that postcode.'),
    ).toBeVisible();
    await waitFor(() => expect(screen.queryByText(/Search Failed/)).not.toBeInTheDocument());
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });
});
