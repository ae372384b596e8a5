import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildService, buildServiceDetail } from '@/testing/factories';
import { callsTo, jsonResponse, stubApi } from '@/testing/fetch-mock';
import { preloadRoutes, renderApp } from '@/testing/render';

preloadRoutes('/shared/bookmarks/share-token');

const LIST = 'GET /api/shared/bookmarks/share-token';
// The route and the details dialog load lazily; the first load can be slow.
const LAZY = { timeout: 5000 };

const SURGERY = buildService({
  id: 'ods:F1',
  name: 'Riverside Surgery',
  address: '1 River Road',
  postcode: 'SW1A 1AA',
  phones: ['020 7000 0001'],
  openingHours: 'Mon 08:00-18:30; Sat closed',
  rating: 4,
  reviewCount: 1,
});

async function heading() {
  return screen.findByRole('heading', { level: 1, name: 'Shared list of services' }, LAZY);
}

// Load the lazily imported modules once, so a busy machine's first import does not eat into the
// first test's time limit.
beforeAll(async () => {
  await Promise.all([
    import('./shared-bookmarks'),
    import('@/app/service-listing/service-detail-dialog'),
  ]);
}, 60_000);

describe('/shared/bookmarks/:token', () => {
  it('shows the shared services, signed out, and opens one', async () => {
    const { requests } = stubApi({
      [LIST]: () =>
        jsonResponse({ services: [SURGERY, buildService({ name: 'Corner Pharmacy' })] }),
      'GET /api/services/ods%3AF1': () =>
        jsonResponse({ success: true, data: buildServiceDetail({ ...SURGERY }) }),
    });
    renderApp('/shared/bookmarks/share-token');
    const user = userEvent.setup();
    await heading();

    const items = await screen.findAllByRole('article');
    expect(items).toHaveLength(2);
    const surgery = within(items[0] as HTMLElement);
    expect(surgery.getByRole('heading', { level: 2, name: 'Riverside Surgery' })).toBeVisible();
    expect(surgery.getByText('1 River Road, SW1A 1AA')).toBeVisible();
    expect(surgery.getByRole('link', { name: '020 7000 0001' })).toBeVisible();
    expect(surgery.getByText('Mon 08:00-18:30')).toBeVisible();
    expect(surgery.getByText('Sat closed')).toBeVisible();
    expect(surgery.getByText('Rating: 4.0 (1 review)')).toBeVisible();
    await waitFor(() => expect(document.title).toBe('Shared list of services – Locals'));
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute(
      'content',
      'noindex',
    );

    await user.click(surgery.getByRole('button', { name: 'Riverside Surgery' }));

    expect(await screen.findByRole('dialog', { name: 'Riverside Surgery' }, LAZY)).toBeVisible();
    expect(callsTo(requests, 'GET', '/api/users/bookmarks')).toHaveLength(0);
  });

  it('says a revoked list (404) is no longer available and links to search', async () => {
    stubApi({
      [LIST]: () => jsonResponse({ code: 'not_found', message: 'Shared list not found' }, 404),
    });
    renderApp('/shared/bookmarks/share-token');
    await heading();

    expect(await screen.findByText('This shared list is no longer available.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'search for services near you' })).toHaveAttribute(
      'href',
      '/search',
    );
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('offers Try again when the list cannot be loaded', async () => {
    let isDown = true;
    stubApi({
      [LIST]: () =>
        isDown
          ? jsonResponse({ code: 'internal', message: 'Something went wrong' }, 503)
          : jsonResponse({ services: [SURGERY] }),
    });
    renderApp('/shared/bookmarks/share-token');
    const user = userEvent.setup();
    await heading();

    expect(await screen.findByText(/We could not load this list/)).toBeVisible();
    isDown = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('heading', { name: 'Riverside Surgery' })).toBeVisible();
  });
});
