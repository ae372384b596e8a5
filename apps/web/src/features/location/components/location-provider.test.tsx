import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, jsonResponse, stubApi } from '@/testing/fetch-mock';
import { renderApp } from '@/testing/render';

const REVERSE = 'GET /api/geocode/reverse';
const PLACE = { postcode: 'BS1 4DJ', outcode: 'BS1', areaName: 'Bristol', precision: 'postcode' };

type Outcome = { coords: { latitude: number; longitude: number } } | { code: number };

/** jsdom has no geolocation; this one answers every request with the given outcome. */
function stubGeolocation(outcome: Outcome) {
  const getCurrentPosition = vi.fn(
    (
      success: PositionCallback,
      failure?: PositionErrorCallback | null,
      _options?: PositionOptions,
    ) => {
      if ('coords' in outcome) success(outcome as GeolocationPosition);
      else failure?.(outcome as GeolocationPositionError);
    },
  );
  Object.defineProperty(navigator, 'geolocation', {
    value: { getCurrentPosition },
    configurable: true,
  });
  return getCurrentPosition;
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'geolocation');
});

describe('location detection (spec 4)', () => {
  it('detects on load, sets the postcode and uses it for the category tiles', async () => {
    const getCurrentPosition = stubGeolocation({ coords: { latitude: 51.45, longitude: -2.59 } });
    const { requests } = stubApi({ [REVERSE]: () => jsonResponse(PLACE) });
    renderApp('/');

    expect(await screen.findByText('Location detected')).toBeInTheDocument();
    expect(screen.getByText('Your location has been set to BS1 4DJ')).toBeInTheDocument();
    expect(screen.getByText('Using your location:')).toHaveTextContent('BS1 4DJ');
    expect(screen.getByRole('link', { name: 'Food' })).toHaveAttribute(
      'href',
      '/search?category=food&postcode=BS1+4DJ',
    );
    expect(getCurrentPosition.mock.calls[0]?.[2]).toEqual({
      enableHighAccuracy: true,
      timeout: 10_000,
      maximumAge: 300_000,
    });
    const [lookup] = callsTo(requests, 'GET', '/api/geocode/reverse');
    expect(Object.fromEntries(lookup!.query)).toEqual({ lat: '51.45', lng: '-2.59' });
    expect(sessionStorage.getItem('detectedPostcode')).toBe('BS1 4DJ');
  });

  it('sends the detected postcode with a keyword search', async () => {
    stubGeolocation({ coords: { latitude: 51.45, longitude: -2.59 } });
    stubApi({ [REVERSE]: () => jsonResponse(PLACE) });
    const { router } = renderApp('/');
    const user = userEvent.setup();

    await screen.findByText('Location detected');
    await user.type(screen.getByLabelText('What are you looking for?'), 'food');
    await user.click(screen.getByRole('button', { name: 'Search' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/results'));
    expect(new URLSearchParams(router.state.location.search).get('postcode')).toBe('BS1 4DJ');
  });

  it('clears the postcode, and detects again on request', async () => {
    stubGeolocation({ coords: { latitude: 51.45, longitude: -2.59 } });
    stubApi({ [REVERSE]: () => jsonResponse(PLACE) });
    renderApp('/');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Clear location' }));
    expect(screen.getByRole('link', { name: 'Food' })).toHaveAttribute(
      'href',
      '/search?category=food',
    );
    expect(screen.queryByText('Using your location:')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Use my location' }));
    expect(await screen.findByText('Using your location:')).toHaveTextContent('BS1 4DJ');
  });

  it.each([
    [1, 'Location access denied by user'],
    [2, 'Location information is unavailable'],
    [3, 'Location request timed out'],
    [9, 'An unknown error occurred'],
  ])('shows "Location Error" for geolocation error %i: "%s"', async (code, message) => {
    stubGeolocation({ code });
    const { requests } = stubApi({});
    renderApp('/');

    expect(await screen.findByText('Location Error')).toBeInTheDocument();
    expect(screen.getAllByText(message, { exact: false }).length).toBeGreaterThan(0);
    expect(callsTo(requests, 'GET', '/api/geocode/reverse')).toHaveLength(0);
  });

  it('reports an automatic failure once per visit, but always when asked by hand', async () => {
    stubGeolocation({ code: 1 });
    stubApi({});
    sessionStorage.setItem('locationErrorShown', 'true');
    renderApp('/');
    const user = userEvent.setup();

    expect(await screen.findByText(/We could not find your location/)).toBeInTheDocument();
    expect(screen.queryByText('Location Error')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Use my location' }));
    expect(await screen.findByText('Location Error')).toBeInTheDocument();
  });

  it('says "Not Supported" when the browser has no geolocation', async () => {
    stubApi({});
    renderApp('/');

    expect(await screen.findByText('Not Supported')).toBeInTheDocument();
    expect(screen.getByText('Geolocation is not supported by your browser')).toBeInTheDocument();
  });

  it('says when no postcode is near the position', async () => {
    stubGeolocation({ coords: { latitude: 60.9, longitude: -1 } });
    stubApi({ [REVERSE]: () => jsonResponse({ message: 'No postcode near that location' }, 404) });
    renderApp('/');

    expect(
      await screen.findByText('Could not determine postcode from your location'),
    ).toBeInTheDocument();
  });

  it('keeps a detected postcode for the visit without asking again', async () => {
    const getCurrentPosition = stubGeolocation({ coords: { latitude: 51.45, longitude: -2.59 } });
    stubApi({});
    sessionStorage.setItem('detectedPostcode', 'BS1 4DJ');
    renderApp('/search?category=food');

    expect(
      await screen.findByRole('heading', { name: 'Find Food services in BS1 4DJ' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Postcode (required)')).toHaveValue('BS1 4DJ');
    expect(getCurrentPosition).not.toHaveBeenCalled();
  });
});
