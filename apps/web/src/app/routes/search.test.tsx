import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubApi } from '@/testing/fetch-mock';
import { preloadRoutes, renderApp } from '@/testing/render';

const searchOf = (location: { search: string }) =>
  Object.fromEntries(new URLSearchParams(location.search));

preloadRoutes('/search', '/results');

describe('/search', () => {
  it.each([
    ['/search?category=food&postcode=bs14dj', 'Find Food services in BS1 4DJ'],
    ['/search?postcode=BS1', 'Find services in BS1'],
    ['/search?category=mentalhealth', 'Find Mental Health services near you'],
    ['/search', 'Find services near you'],
  ])('%s is headed "%s"', async (path, heading) => {
    stubApi({});
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });

  it('fills the form from the query string', async () => {
    stubApi({});
    renderApp(
      '/search?postcode=bs14dj&distance=&keyword=food&category=food&includeUnverified=true',
    );

    expect(await screen.findByLabelText('Postcode (required)')).toHaveValue('BS1 4DJ');
    expect(screen.getByLabelText('Search radius')).toHaveValue('');
    expect(screen.getByRole('option', { name: 'This area only' })).toBeInTheDocument();
    expect(screen.getByLabelText('Keyword (optional)')).toHaveValue('food');
    expect(screen.getByLabelText('Category')).toHaveValue('food');
    expect(screen.getByLabelText('Include unchecked listings')).toBeChecked();
  });

  it('keeps radius, keyword and the unverified flag in the URL, replacing history', async () => {
    stubApi({});
    const { router } = renderApp('/search?postcode=BS1');
    const user = userEvent.setup();

    await user.selectOptions(await screen.findByLabelText('Search radius'), '25');
    await waitFor(() => expect(searchOf(router.state.location).distance).toBe('25'));
    expect(router.state.historyAction).toBe('REPLACE');

    await user.type(screen.getByLabelText('Keyword (optional)'), 'gp');
    await user.click(screen.getByLabelText('Include unchecked listings'));

    await waitFor(() =>
      expect(searchOf(router.state.location)).toMatchObject({
        postcode: 'BS1',
        distance: '25',
        keyword: 'gp',
        includeUnverified: 'true',
      }),
    );
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('goes to /results with the parameters and the normalised postcode', async () => {
    stubApi({});
    const { router } = renderApp('/search?category=food&distance=5');
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('Postcode (required)'), ' bs1 4dj ');
    await user.type(screen.getByLabelText('Keyword (optional)'), 'pantry');
    await user.click(screen.getByRole('button', { name: 'Search' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/results'));
    expect(router.state.historyAction).toBe('PUSH');
    expect(searchOf(router.state.location)).toEqual({
      postcode: 'BS1 4DJ',
      distance: '5',
      keyword: 'pantry',
      category: 'food',
      serviceTypes: 'any',
      includeUnverified: 'false',
      page: '1',
      pageSize: '10',
    });
  });

  it.each([
    ['', 'Enter a postcode'],
    ['not a postcode', 'Enter a real UK postcode, like BS1 4DJ'],
  ])('with postcode %j shows an error summary and the message "%s"', async (typed, message) => {
    stubApi({});
    const { router } = renderApp('/search');
    const user = userEvent.setup();

    const field = await screen.findByLabelText('Postcode (required)');
    if (typed) await user.type(field, typed);
    await user.click(screen.getByRole('button', { name: 'Search' }));

    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    expect(summary).toHaveFocus();
    expect(screen.getByRole('link', { name: message })).toHaveAttribute('href', '#search-postcode');
    expect(field).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(router.state.location.pathname).toBe('/search');
  });
});
