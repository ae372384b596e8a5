import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildSearchResponse } from '@/testing/factories';
import { callsTo, jsonResponse, stubApi } from '@/testing/fetch-mock';
import { preloadRoutes, renderApp } from '@/testing/render';
import {
  buildUser,
  captureFormSubmissions,
  greeting,
  signedInAs,
  signedOut,
  spyOnStorageWrites,
} from '@/testing/auth';

function header() {
  return within(screen.getByRole('banner'));
}

preloadRoutes('/', '/results');

describe('the header and the session (spec 2 Shared frame)', () => {
  it('signed in: welcomes by name, offers Logout and shows Bookmarks in the navigation', async () => {
    stubApi({ 'GET /api/auth/me': signedInAs(buildUser()) });
    renderApp('/');

    expect(await header().findByText(greeting('Welcome, Ada Lovelace'))).toBeInTheDocument();
    expect(header().getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(header().queryByRole('button', { name: 'Sign In' })).not.toBeInTheDocument();
    const navigation = within(screen.getByRole('navigation', { name: 'Main' }));
    expect(navigation.getByRole('link', { name: 'Bookmarks' })).toHaveAttribute(
      'href',
      '/bookmarks',
    );
  });

  it('welcomes by email when the account has no name', async () => {
    stubApi({
      'GET /api/auth/me': signedInAs(buildUser({ firstName: null, lastName: null })),
    });
    renderApp('/');

    expect(await header().findByText(greeting('Welcome, ada@example.org'))).toBeInTheDocument();
  });

  it('signed out ({ user: null }): shows Sign In, hides Bookmarks, and does not ask again', async () => {
    const { requests } = stubApi({ 'GET /api/auth/me': signedOut });
    renderApp('/');

    expect(await header().findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Bookmarks' })).not.toBeInTheDocument();
    expect(header().queryByText(/Welcome,/)).not.toBeInTheDocument();
    expect(callsTo(requests, 'GET', '/api/auth/me')).toHaveLength(1);
  });

  it('Logout navigates to the server, which ends the session: no fetch, nothing for page JavaScript', async () => {
    const { requests } = stubApi({ 'GET /api/auth/me': signedInAs() });
    const submitted = captureFormSubmissions();
    const user = userEvent.setup();
    renderApp('/');

    await user.click(await header().findByRole('button', { name: 'Logout' }));

    expect(submitted).toEqual([
      { method: 'get', action: `${window.location.origin}/api/auth/logout` },
    ]);
    expect(callsTo(requests, 'POST', '/api/auth/logout')).toHaveLength(0);
  });

  it('after a failed sign-in (/?signin=failed) shows the toast and tidies the address', async () => {
    stubApi({ 'GET /api/auth/me': signedOut });
    const { router } = renderApp('/?signin=failed');

    expect(await screen.findByText('Sign-in failed')).toBeInTheDocument();
    expect(
      screen.getByText('Something went wrong while signing you in. Please try again.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('keeps nothing about the user or their session in browser storage', async () => {
    stubApi({ 'GET /api/auth/me': signedInAs() });
    const writes = spyOnStorageWrites();
    renderApp('/');

    await header().findByText(greeting('Welcome, Ada Lovelace'));

    const written = writes.mock.calls.flat().join(' ');
    expect(written).not.toMatch(/ada|lovelace|user-1|token|auth|session/i);
  });

  it('signed in, the result cards offer the controls that need an account', async () => {
    stubApi({
      'GET /api/auth/me': signedInAs(),
      'GET /api/HealthServices/search-new': () => jsonResponse(buildSearchResponse()),
      'GET /api/users/bookmarks': () => jsonResponse({ bookmarks: [] }),
    });
    renderApp('/results?postcode=BS1+4DJ&distance=10&serviceTypes=any&includeUnverified=false');

    expect(await screen.findByRole('heading', { name: 'Service 1' })).toBeInTheDocument();
    expect(await header().findByText(greeting('Welcome, Ada Lovelace'))).toBeInTheDocument();
    const save = await screen.findByRole('button', { name: 'SAVE Service 1', pressed: false });
    await waitFor(() => expect(save).not.toHaveAttribute('aria-disabled'));
  });
});
