import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, jsonResponse, stubApi } from '@/testing/fetch-mock';
import { preloadRoutes, renderApp } from '@/testing/render';

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

preloadRoutes('/', '/search', '/results');

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

  // Issue 26: kind words that say what to do next, said once, by the "Use my location" button
  // (no toast repeating them, and nothing that reads as blame).
  const COULD_NOT = 'We could not get your location. Enter a postcode instead.';
  it.each([
    [2, COULD_NOT],
    [3, 'Finding your location took too long. Enter a postcode instead.'],
    [9, COULD_NOT],
  ])('for geolocation error %i says once, where it was asked: "%s"', async (code, message) => {
    stubGeolocation({ code });
    const { requests } = stubApi({});
    renderApp('/search');
    const user = userEvent.setup();

    const status = await screen.findByText(message);
    expect(status.closest('[role=status]')).not.toBeNull();
    await user.click(screen.getByRole('button', { name: 'Use my location' }));
    await waitFor(() => expect(screen.getAllByText(message)).toHaveLength(1));
    expect(screen.queryByText('Location Error')).not.toBeInTheDocument();
    expect(screen.queryByText(/denied|by user/i)).not.toBeInTheDocument();
    expect(callsTo(requests, 'GET', '/api/geocode/reverse')).toHaveLength(0);
  });

  // Issue 28: a refusal is the person's choice; it is news only when they ask for their location.
  it('says nothing of a refusal until the person asks, then once, where they asked', async () => {
    const geolocation = stubGeolocation({ code: 1 });
    const { requests } = stubApi({});
    renderApp('/search');
    const user = userEvent.setup();
    const button = await screen.findByRole('button', { name: 'Use my location' });
    await waitFor(() => expect(geolocation).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.queryByText(/Detecting/)).not.toBeInTheDocument());
    expect(screen.queryByText(/Enter a postcode instead/)).not.toBeInTheDocument();

    await user.click(button);

    const message =
      "Your browser is not sharing your location with Locals. Enter a postcode instead, or allow location for this site in your browser's settings.";
    const status = await screen.findByText(message);
    expect(status.closest('[role=status]')).not.toBeNull();
    expect(screen.getAllByText(message)).toHaveLength(1);
    expect(screen.queryByText(/denied|by user|Location Error/i)).not.toBeInTheDocument();
    expect(callsTo(requests, 'GET', '/api/geocode/reverse')).toHaveLength(0);
  });

  it('says kindly, once, when the browser has no geolocation', async () => {
    stubApi({});
    renderApp('/search');

    const message = 'This browser cannot share your location. Enter a postcode instead.';
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getAllByText(message)).toHaveLength(1);
    expect(screen.queryByText('Not Supported')).not.toBeInTheDocument();
  });

  it('says when no postcode is near the position', async () => {
    stubGeolocation({ coords: { latitude: 60.9, longitude: -1 } });
    stubApi({ [REVERSE]: () => jsonResponse({ message: 'No postcode near that location' }, 404) });
    renderApp('/search');

    const message = 'We could not find a postcode for your location. Enter a postcode instead.';
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getAllByText(message)).toHaveLength(1);
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
