import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { onlineManager } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { buildSearchResponse, buildServices } from '@/testing/factories';
import { callsTo, jsonResponse, stubApi } from '@/testing/fetch-mock';
import type { RecordedRequest } from '@/testing/fetch-mock';
import { preloadRoutes, renderApp } from '@/testing/render';

const SEARCH = 'GET /api/HealthServices/search-new';
const SEARCH_PATH = '/api/HealthServices/search-new';
const BANNER =
  'Showing sample data due to API connectivity issues. Results may not reflect actual services.';
// Sample data only comes after the client's retries; the first render also loads the code.
const SLOW = { timeout: 5000 };

/** The search service answers 503 while `isDown` says so, and two real services otherwise. */
function stubOutage() {
  const service = { isDown: true };
  const { requests } = stubApi({
    [SEARCH]: (request: RecordedRequest) => {
      if (service.isDown)
        return jsonResponse({ code: 'internal', message: 'Something went wrong' }, 503);
      const answer = buildSearchResponse({ results: buildServices(2) });
      const postcode = request.query.get('postcode') ?? '';
      return jsonResponse({ ...answer, location: { ...answer.location!, postcode } });
    },
  });
  return { service, callCount: () => callsTo(requests, 'GET', SEARCH_PATH).length };
}

async function searchPostcode(postcode: string) {
  const user = userEvent.setup();
  const form = screen.getByRole('form', { name: 'Change postcode' });
  const field = within(form).getByLabelText('Postcode');
  await user.clear(field);
  await user.type(field, postcode);
  await user.click(within(form).getByRole('button', { name: 'Search' }));
}

preloadRoutes('/results', '/about');

describe('/results after an outage (issue 10)', () => {
  it('asks the server again when Search is pressed with the same postcode, and drops the sample', async () => {
    const { service, callCount } = stubOutage();
    renderApp('/results?postcode=BS1+4DJ&distance=10');
    expect(await screen.findByText(BANNER, {}, SLOW)).toBeVisible();
    expect(callCount()).toBe(4);

    service.isDown = false;
    await searchPostcode('BS1 4DJ');

    expect(
      await screen.findByRole('heading', { name: /Services available near BS1 4DJ \(2 of 2/ }),
    ).toBeInTheDocument();
    expect(screen.queryByText(BANNER)).not.toBeInTheDocument();
    expect(screen.queryByText(/Sample service/)).not.toBeInTheDocument();
    expect(callCount()).toBe(5);
  });

  it('never keeps a sample for a search: coming back to it asks the server again', async () => {
    const { service, callCount } = stubOutage();
    renderApp('/results?postcode=BS1+4DJ&distance=10');
    expect(await screen.findByText(BANNER, {}, SLOW)).toBeVisible();

    service.isDown = false;
    await searchPostcode('BS2 0JA');
    expect(await screen.findByRole('heading', { name: /near BS2 0JA \(2 of 2/ })).toBeVisible();
    const before = callCount();

    await searchPostcode('BS1 4DJ');

    expect(await screen.findByRole('heading', { name: /near BS1 4DJ \(2 of 2/ })).toBeVisible();
    expect(screen.queryByText(BANNER)).not.toBeInTheDocument();
    expect(callCount()).toBe(before + 1);
  });

  it('asks the server again on Back from another page', async () => {
    const { service, callCount } = stubOutage();
    const { router } = renderApp('/results?postcode=BS1+4DJ&distance=10');
    expect(await screen.findByText(BANNER, {}, SLOW)).toBeVisible();

    service.isDown = false;
    await act(() => router.navigate('/about'));
    await act(() => router.navigate(-1));

    expect(await screen.findByRole('heading', { name: /\(2 of 2 results\)/ })).toBeVisible();
    expect(screen.queryByText(BANNER)).not.toBeInTheDocument();
    expect(callCount()).toBe(5);
  });

  it('keeps the single attempt for searches made while blocked (decision 008)', async () => {
    const { callCount } = stubOutage();
    renderApp('/results?postcode=BS1+4DJ&distance=10');
    expect(await screen.findByText(BANNER, {}, SLOW)).toBeVisible();
    await searchPostcode('BS1 4DJ');
    await screen.findByText(BANNER, {}, SLOW);
    await searchPostcode('BS1 4DJ');
    await screen.findByText(BANNER, {}, SLOW);
    expect(callCount()).toBe(12);

    await searchPostcode('BS1 4DJ');

    expect(await screen.findByText(BANNER, {}, SLOW)).toBeVisible();
    expect(callCount()).toBe(13);
  });

  it('with the browser offline, still asks and shows the sample with its banner, not a blank page', async () => {
    const { callCount } = stubOutage();
    onlineManager.setOnline(false);
    try {
      renderApp('/results?postcode=BS1+4DJ&distance=10');

      expect(await screen.findByText(BANNER, {}, SLOW)).toBeVisible();
      expect(callCount()).toBe(4);
    } finally {
      onlineManager.setOnline(true);
    }
  });
});
