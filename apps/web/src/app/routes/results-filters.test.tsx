import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { SearchRefinements, SearchResponse } from '@locals/contracts/search';
import { buildSearchResponse, buildService } from '@/testing/factories';
import { callsTo, jsonResponse, stubApi } from '@/testing/fetch-mock';
import { preloadRoutes, renderApp } from '@/testing/render';

const SEARCH = 'GET /api/HealthServices/search-new';
const SEARCH_PATH = '/api/HealthServices/search-new';
// The first render loads the page's code, which takes a while under the test transform.
const SLOW = { timeout: 5000 };
const searchOf = (location: { search: string }) =>
  Object.fromEntries(new URLSearchParams(location.search));

function stubSearch(overrides: Partial<SearchResponse> = {}) {
  return stubApi({
    [SEARCH]: () =>
      jsonResponse(
        buildSearchResponse({
          results: [
            buildService({ id: 'demo:1', name: 'Harbourside Food Bank' }),
            buildService({ id: 'demo:2', name: 'Old Market Pantry', serviceTypes: ['Pantry'] }),
          ],
          ...overrides,
        }),
      ),
  });
}

const refinements = (change: Partial<SearchRefinements>): SearchRefinements => ({
  serviceTypes: [],
  agesNotStated: null,
  hoursNotKnown: null,
  ...change,
});

preloadRoutes('/results');

describe('/results filters (issue 10)', () => {
  it('lists the keyword and every filter in use, each with a remove button', async () => {
    stubSearch();
    renderApp(
      '/results?postcode=BS1+4DJ&distance=25&keyword=food&category=food&serviceTypes=Food+bank&reviewRating=4-stars&ageMin=16&ageMax=25&openNow=true&includeUnverified=true',
    );

    const inUse = await screen.findByRole('region', { name: 'Filters in use' }, SLOW);
    expect(
      within(inUse)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual([
      'Remove filter: Keyword: food',
      'Remove filter: Food',
      'Remove filter: Service type: Food bank',
      'Remove filter: Rated 4 stars or more',
      'Remove filter: Ages 16 to 25',
      'Remove filter: Open now',
      'Remove filter: Including unchecked listings',
      'Remove filter: Within 25 miles',
    ]);
  });

  it('states the default radius, which has nothing to remove', async () => {
    stubSearch();
    renderApp('/results?postcode=BS1+4DJ&distance=10');

    const inUse = await screen.findByRole('region', { name: 'Filters in use' }, SLOW);
    expect(within(inUse).getByText('Within 10 miles')).toBeVisible();
    expect(within(inUse).queryByRole('button')).not.toBeInTheDocument();
  });

  it('removes one filter from the URL and searches again without it', async () => {
    const { requests } = stubSearch();
    const { router } = renderApp(
      '/results?postcode=BS1+4DJ&distance=10&category=food&openNow=true',
    );
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Remove filter: Food' }, SLOW));

    await waitFor(() => expect(searchOf(router.state.location).category).toBeUndefined());
    expect(router.state.historyAction).toBe('REPLACE');
    expect(searchOf(router.state.location).openNow).toBe('true');
    expect(screen.getByRole('heading', { name: 'Filters in use' })).toHaveFocus();
    await waitFor(() => expect(callsTo(requests, 'GET', SEARCH_PATH)).toHaveLength(2));
    const last = callsTo(requests, 'GET', SEARCH_PATH).at(-1)!.query;
    expect(last.has('category')).toBe(false);
    expect(last.get('openNow')).toBe('true');
    expect(screen.queryByRole('button', { name: 'Remove filter: Food' })).not.toBeInTheDocument();
  });

  it('applies service type, rating, ages and Open now from the filter form', async () => {
    const { requests } = stubSearch();
    const { router } = renderApp('/results?postcode=BS1+4DJ&distance=10');
    const user = userEvent.setup();

    // The types on offer are those the search counted, so they wait for its answer.
    expect(await screen.findByText('Old Market Pantry', {}, SLOW)).toBeInTheDocument();
    await user.click(screen.getByText('Filter results', { selector: 'summary' }));
    const form = screen.getByRole('form', { name: 'Filter results' });
    const boxes = within(form).getAllByRole<HTMLInputElement>('checkbox');
    expect(boxes.map((box) => box.labels?.[0]?.textContent)).toEqual([
      'Food bank (1)',
      'Pantry (1)',
      'Open now',
      'Include services whose hours are not known',
      'Include unchecked listings',
    ]);
    await user.click(within(form).getByLabelText('Pantry (1)'));
    await user.selectOptions(within(form).getByLabelText('Rating'), '3 stars or more');
    await user.type(within(form).getByLabelText('Age from'), '16');
    await user.type(within(form).getByLabelText('Age to'), ' 25 ');
    await user.click(within(form).getByLabelText('Open now'));
    await user.click(within(form).getByRole('button', { name: 'Apply filters' }));

    await waitFor(() =>
      expect(searchOf(router.state.location)).toMatchObject({
        serviceTypes: 'Pantry',
        reviewRating: '3-stars',
        ageMin: '16',
        ageMax: '25',
        openNow: 'true',
      }),
    );
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.getByRole('heading', { name: 'Filters in use' })).toHaveFocus();
    await waitFor(() => expect(callsTo(requests, 'GET', SEARCH_PATH)).toHaveLength(2));
    expect(Object.fromEntries(callsTo(requests, 'GET', SEARCH_PATH).at(-1)!.query)).toMatchObject({
      serviceTypes: 'Pantry',
      reviewRating: '3-stars',
      ageMin: '16',
      ageMax: '25',
      openNow: 'true',
    });
    expect(
      await screen.findByRole('button', { name: 'Remove filter: Service type: Pantry' }),
    ).toBeInTheDocument();
  });

  it('starts the form from the filters in the URL', async () => {
    stubSearch();
    renderApp(
      '/results?postcode=BS1+4DJ&category=food&serviceTypes=Food+bank&reviewRating=4-stars&ageMin=18&openNow=true',
    );
    const user = userEvent.setup();

    expect(await screen.findByText('Old Market Pantry', {}, SLOW)).toBeInTheDocument();
    await user.click(screen.getByText('Filter results', { selector: 'summary' }));
    const form = screen.getByRole('form', { name: 'Filter results' });
    expect(within(form).getByLabelText('Category')).toHaveValue('food');
    expect(within(form).getByLabelText('Food bank (1)')).toBeChecked();
    expect(within(form).getByLabelText('Pantry (1)')).not.toBeChecked();
    expect(within(form).getByLabelText('Rating')).toHaveValue('4-stars');
    expect(within(form).getByLabelText('Age from')).toHaveValue('18');
    expect(within(form).getByLabelText('Age to')).toHaveValue('');
    expect(within(form).getByLabelText('Open now')).toBeChecked();
    expect(within(form).getByLabelText('Include unchecked listings')).not.toBeChecked();
  });

  it('says what is wrong with the ages, and searches nothing', async () => {
    const { requests } = stubSearch();
    const { router } = renderApp('/results?postcode=BS1+4DJ&distance=10');
    const user = userEvent.setup();

    await user.click(await screen.findByText('Filter results', { selector: 'summary' }, SLOW));
    const form = screen.getByRole('form', { name: 'Filter results' });
    await user.type(within(form).getByLabelText('Age from'), '30');
    await user.type(within(form).getByLabelText('Age to'), '18');
    await user.click(within(form).getByRole('button', { name: 'Apply filters' }));

    const message = 'Age from must be the same as or less than age to';
    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    expect(summary).toHaveFocus();
    expect(within(summary).getByRole('link', { name: message })).toHaveAttribute(
      'href',
      '#filter-age-min',
    );
    expect(within(form).getByLabelText('Age from')).toHaveAccessibleDescription(
      expect.stringContaining(message),
    );
    expect(searchOf(router.state.location).ageMin).toBeUndefined();
    expect(callsTo(requests, 'GET', SEARCH_PATH)).toHaveLength(1);
  });

  it('offers the types of every match, with their counts, not only those on the page', async () => {
    stubSearch({
      refinements: refinements({
        serviceTypes: [
          { type: 'GP practice', count: 12 },
          { type: 'Pharmacy', count: 7 },
          { type: 'Pantry', count: 1 },
        ],
      }),
    });
    renderApp('/results?postcode=E1+6AN&distance=10');
    const user = userEvent.setup();

    await user.click(await screen.findByText('Filter results', { selector: 'summary' }, SLOW));
    const fieldset = screen.getByRole('group', { name: 'Service type' });
    expect(
      within(fieldset)
        .getAllByRole<HTMLInputElement>('checkbox')
        .map((box) => box.labels?.[0]?.textContent),
    ).toEqual(['GP practice (12)', 'Pharmacy (7)', 'Pantry (1)']);
  });

  it('keeps a chosen type that nothing matches on offer, chosen, so it can be removed', async () => {
    stubSearch({
      results: [],
      totalResults: 0,
      refinements: refinements({
        serviceTypes: [
          { type: 'Food bank', count: 2 },
          { type: 'Dentist', count: 0 },
        ],
      }),
    });
    renderApp('/results?postcode=BS1+4DJ&distance=10&category=food&serviceTypes=dentist');
    const user = userEvent.setup();

    await user.click(await screen.findByText('Filter results', { selector: 'summary' }, SLOW));
    const form = screen.getByRole('form', { name: 'Filter results' });
    expect(within(form).getByLabelText('Dentist (0)')).toBeChecked();
    expect(within(form).getByLabelText('Food bank (2)')).not.toBeChecked();
  });

  it('says how many results do not say which ages they serve', async () => {
    stubSearch({ refinements: refinements({ agesNotStated: 312 }) });
    renderApp('/results?postcode=BS1+4DJ&distance=10&ageMin=16&ageMax=25');

    expect(
      await screen.findByText('312 of these services do not say which ages they serve.', {}, SLOW),
    ).toBeVisible();
  });

  it('says how many services open now leaves out for having no hours, and shows them on request', async () => {
    const { requests } = stubSearch({ refinements: refinements({ hoursNotKnown: 14 }) });
    const { router } = renderApp('/results?postcode=BS1+4DJ&distance=10&openNow=true');
    const user = userEvent.setup();

    expect(
      await screen.findByText(
        /14 services are not shown because Locals does not know their opening hours/,
        {},
        SLOW,
      ),
    ).toBeVisible();
    await user.click(
      screen.getByRole('link', { name: 'Show services whose hours are not known too' }),
    );

    await waitFor(() =>
      expect(searchOf(router.state.location)).toMatchObject({
        openNow: 'true',
        includeUnknownHours: 'true',
      }),
    );
    await waitFor(() => expect(callsTo(requests, 'GET', SEARCH_PATH)).toHaveLength(2));
    expect(callsTo(requests, 'GET', SEARCH_PATH).at(-1)!.query.get('includeUnknownHours')).toBe(
      'true',
    );
    expect(
      await screen.findByRole('button', { name: 'Remove filter: Including hours not known' }),
    ).toBeInTheDocument();
  });

  it('asks to correct ages that cannot be searched in the address, beside the fields, and searches nothing', async () => {
    const { requests } = stubSearch();
    renderApp('/results?postcode=BS1+4DJ&distance=10&ageMin=30&ageMax=5');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Check the ages' }, SLOW),
    ).toBeVisible();
    const message = 'Age from must be the same as or less than age to';
    const summary = screen.getByRole('alert', { name: 'There is a problem' });
    expect(within(summary).getByRole('link', { name: message })).toHaveAttribute(
      'href',
      '#filter-age-min',
    );
    const form = screen.getByRole('form', { name: 'Filter results' });
    expect(within(form).getByLabelText('Age from')).toBeVisible();
    expect(within(form).getByLabelText('Age from')).toHaveAccessibleDescription(
      expect.stringContaining(message),
    );
    expect(document.title).toMatch(/^Error: Check the ages/);
    expect(callsTo(requests, 'GET', SEARCH_PATH)).toHaveLength(0);
  });
});
