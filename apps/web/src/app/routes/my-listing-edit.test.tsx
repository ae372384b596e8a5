import type { EditableListing } from '@locals/contracts/providers';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildUser, signedInAs, signedOut } from '@/testing/auth';
import { callsTo, jsonResponse, networkError, stubApi } from '@/testing/fetch-mock';
import { preloadRoutes, renderApp } from '@/testing/render';

const LAZY = { timeout: 5000 };
const ID = 'listing:riverside';
const PAGE = `/my-listings/${encodeURIComponent(ID)}/edit`;

preloadRoutes(PAGE);
const API = `/api/my/listings/${encodeURIComponent(ID)}`;

const EDITABLE: EditableListing = {
  id: ID,
  lastChecked: '2025-06-01',
  stale: false,
  listing: {
    name: 'Riverside Food Bank',
    description: 'Food parcels and advice.',
    categories: ['food'],
    phones: ['0117 496 0000'],
    email: 'hello@riverside.example',
    website: 'https://riverside.example',
    address: '1 River Street, Bristol',
    postcode: 'BS1 4DJ',
    openingHours: 'Mon 09:00-17:00',
  },
};

const provider = signedInAs(buildUser(), ['provider']);

beforeAll(async () => {
  await Promise.all([import('./my-listing-edit'), import('@locals/contracts/listing')]);
}, 60_000);

async function openForm() {
  const user = userEvent.setup();
  renderApp(PAGE);
  await screen.findByRole('heading', { level: 1, name: 'Edit Riverside Food Bank' }, LAZY);
  return user;
}

describe('/my-listings/:id/edit', () => {
  it('shows the listing in the form, with its last check', async () => {
    stubApi({ 'GET /api/auth/me': provider, [`GET ${API}`]: () => jsonResponse(EDITABLE) });
    await openForm();

    expect(screen.getByLabelText('Name')).toHaveValue('Riverside Food Bank');
    expect(screen.getByRole('checkbox', { name: 'Food' })).toBeChecked();
    expect(screen.getByText(/Last checked/)).toHaveTextContent('Last checked 1 June 2025');
    await waitFor(() => expect(document.title).toBe('Edit Riverside Food Bank – Locals'));
  });

  it('saves with an Idempotency-Key and says the changes are live, focused', async () => {
    const { requests } = stubApi({
      'GET /api/auth/me': provider,
      [`GET ${API}`]: () => jsonResponse(EDITABLE),
      [`PUT ${API}`]: (request) =>
        jsonResponse({
          ...EDITABLE,
          lastChecked: '2026-11-26',
          listing: (request.body as { listing: EditableListing['listing'] }).listing,
        }),
    });
    const user = await openForm();

    const openingHours = screen.getByLabelText('Opening hours');
    await user.clear(openingHours);
    await user.type(openingHours, 'Mon 09:00-17:00; Sat 10:00-12:00');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    const banner = await screen.findByRole('alert', { name: 'Success' });
    expect(banner).toHaveFocus();
    expect(within(banner).getByRole('heading', { name: 'Your changes are live' })).toBeVisible();
    expect(banner).toHaveTextContent('Last checked 26 November 2026');

    const [put] = callsTo(requests, 'PUT', API);
    expect(put?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(put?.body).toEqual({
      listing: { ...EDITABLE.listing, openingHours: 'Mon 09:00-17:00; Sat 10:00-12:00' },
    });
    expect(screen.getByLabelText('Opening hours')).toHaveValue('Mon 09:00-17:00; Sat 10:00-12:00');
  });

  it('says what failed, keeps what was typed, and repeats the key when the same change is sent again', async () => {
    const { requests } = stubApi({
      'GET /api/auth/me': provider,
      [`GET ${API}`]: () => jsonResponse(EDITABLE),
      [`PUT ${API}`]: networkError,
    });
    const user = await openForm();

    const description = screen.getByLabelText('Description');
    await user.clear(description);
    await user.type(description, 'Food parcels on Fridays.');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    const problem = await screen.findByRole('alert', { name: 'There is a problem' });
    expect(problem).toHaveFocus();
    expect(problem).toHaveTextContent('We could not reach Locals.');
    expect(problem).toHaveTextContent('Your changes have not been saved.');
    expect(screen.getByLabelText('Description')).toHaveValue('Food parcels on Fridays.');

    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    // 4 tries each (the first and 3 retries), all with the one key.
    await waitFor(() => expect(callsTo(requests, 'PUT', API)).toHaveLength(8));
    const keys = new Set(
      callsTo(requests, 'PUT', API).map((r) => r.headers.get('Idempotency-Key')),
    );
    expect(keys.size).toBe(1);
  });

  it("shows the API's field errors beside the fields", async () => {
    stubApi({
      'GET /api/auth/me': provider,
      [`GET ${API}`]: () => jsonResponse(EDITABLE),
      [`PUT ${API}`]: () =>
        jsonResponse(
          {
            code: 'invalid_postcode',
            message: 'We do not know this postcode',
            fieldErrors: { 'listing.postcode': ['We do not know this postcode'] },
          },
          400,
        ),
    });
    const user = await openForm();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    await user.click(within(summary).getByRole('link', { name: 'We do not know this postcode' }));
    expect(screen.getByLabelText('Postcode')).toHaveFocus();
    expect(screen.getByLabelText('Postcode')).toHaveAttribute('aria-invalid', 'true');
  });

  it('explains that only the organisation that runs a listing can edit it (403)', async () => {
    stubApi({
      'GET /api/auth/me': provider,
      [`GET ${API}`]: () =>
        jsonResponse({ code: 'forbidden', message: 'You do not provide this listing' }, 403),
    });
    renderApp(PAGE);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'You cannot edit this listing' }, LAZY),
    ).toBeVisible();
    expect(screen.getByText(/Only the organisation that runs a service can edit/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to your listings' })).toHaveAttribute(
      'href',
      '/my-listings',
    );
    expect(screen.queryByRole('button', { name: 'Save changes' })).toBeNull();
    await waitFor(() => expect(document.title).toBe('You cannot edit this listing – Locals'));
  });

  it('says when the listing does not exist (404)', async () => {
    stubApi({ 'GET /api/auth/me': provider });
    renderApp(PAGE);
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'We could not find this listing' },
        LAZY,
      ),
    ).toBeVisible();
  });

  it('asks someone signed out to sign in', async () => {
    const { requests } = stubApi({ 'GET /api/auth/me': signedOut });
    renderApp(PAGE);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sign in to edit your listing' }, LAZY),
    ).toBeVisible();
    expect(callsTo(requests, 'GET', API)).toHaveLength(0);
  });
});
