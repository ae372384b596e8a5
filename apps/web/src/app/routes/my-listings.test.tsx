import type { MyListing } from '@locals/contracts/providers';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser, signedInAs, signedOut } from '@/testing/auth';
import { callsTo, jsonResponse, stubApi } from '@/testing/fetch-mock';
import { preloadRoutes, renderApp } from '@/testing/render';

// The route loads lazily; the first load can be slow.
const LAZY = { timeout: 5000 };

function listing(overrides: Partial<MyListing> = {}): MyListing {
  return {
    id: 'listing:riverside',
    name: 'Riverside Food Bank',
    postcode: 'BS1 4DJ',
    lastChecked: '2026-03-04',
    stale: false,
    ...overrides,
  };
}

preloadRoutes('/my-listings');

describe('/my-listings', () => {
  it('lists each listing with its last check, an edit link and a link to the public listing', async () => {
    stubApi({
      'GET /api/auth/me': signedInAs(buildUser(), ['provider']),
      'GET /api/my/listings': () =>
        jsonResponse({
          listings: [
            listing(),
            listing({
              id: 'listing:old',
              name: 'Old Mill Lunch Club',
              postcode: null,
              lastChecked: '2025-01-15',
              stale: true,
            }),
            listing({ id: 'listing:new', name: 'New Start', lastChecked: null }),
          ],
        }),
    });
    renderApp('/my-listings');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'My listings' }, LAZY),
    ).toBeVisible();
    const riverside = await screen.findByRole('article', { name: 'Riverside Food Bank' });
    expect(within(riverside).getByText('BS1 4DJ')).toBeVisible();
    expect(within(riverside).getByText('4 March 2026', { selector: 'time' })).toBeVisible();
    expect(within(riverside).getByText(/Last checked/)).toHaveTextContent(
      'Last checked 4 March 2026',
    );
    expect(within(riverside).queryByText(/Not checked since/)).toBeNull();
    expect(
      within(riverside).getByRole('link', { name: 'Edit Riverside Food Bank' }),
    ).toHaveAttribute('href', '/my-listings/listing%3Ariverside/edit');
    expect(within(riverside).getByRole('link', { name: 'View listing' })).toHaveAttribute(
      'href',
      '/results?serviceId=listing%3Ariverside&postcode=BS1+4DJ',
    );

    const old = screen.getByRole('article', { name: 'Old Mill Lunch Club' });
    expect(within(old).getByText('Not checked since January 2025')).toBeVisible();
    const fresh = screen.getByRole('article', { name: 'New Start' });
    expect(within(fresh).getByText('Not checked yet')).toBeVisible();

    const navigation = screen.getByRole('navigation', { name: 'Main' });
    expect(
      within(navigation).getByRole('link', { name: 'My listings', hidden: true }),
    ).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('My listings – Locals'));
  });

  it('says what happens next when the person manages no listings', async () => {
    stubApi({
      'GET /api/auth/me': signedInAs(),
      'GET /api/my/listings': () => jsonResponse({ listings: [] }),
    });
    renderApp('/my-listings');

    expect(
      await screen.findByText(
        'You do not manage any listings yet. When your application is approved we will email you a link to manage your listing.',
        {},
        LAZY,
      ),
    ).toBeVisible();
    expect(screen.queryByRole('link', { name: /^Edit/ })).toBeNull();
  });

  it('asks someone signed out to sign in, without asking for listings', async () => {
    const { requests } = stubApi({ 'GET /api/auth/me': signedOut });
    renderApp('/my-listings');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sign in to see your listings' }, LAZY),
    ).toBeVisible();
    expect(screen.getAllByRole('button', { name: 'Sign In' }).length).toBeGreaterThan(0);
    expect(callsTo(requests, 'GET', '/api/my/listings')).toHaveLength(0);
  });

  it('offers to try again when the listings cannot be loaded', async () => {
    stubApi({
      'GET /api/auth/me': signedInAs(),
      'GET /api/my/listings': () =>
        jsonResponse({ code: 'internal', message: 'Something went wrong' }, 500),
    });
    renderApp('/my-listings');

    expect(await screen.findByText(/We could not load your listings/, {}, LAZY)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
  });
});
