import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { buildSearchResponse, buildServiceDetail, buildServices } from '@/testing/factories';
import { jsonResponse, stubApi } from '@/testing/fetch-mock';
import { preloadRoutes, renderApp } from '@/testing/render';

// A synchronous factory: with an async one, the map's two concurrent imports of leaflet-map
// could race it and get the real Leaflet, which jsdom cannot lay out.
const standIn = await vi.hoisted(() => import('@/features/map/testing/leaflet-map-stand-in'));
vi.mock('@/features/map/components/leaflet-map', () => standIn);

// Holds back the details dialog's code, as a slow connection would, until a test releases it.
const dialogCode = vi.hoisted(() => {
  let release = () => {};
  const arrived = new Promise<void>((resolve) => (release = resolve));
  return { arrived, release };
});
vi.mock('@/app/service-listing/service-detail-dialog', async (importOriginal) => {
  await dialogCode.arrived;
  return importOriginal();
});

preloadRoutes('/results', '/map');

describe('/results Map View', () => {
  it('says the details are loading while their code downloads after a marker is chosen', async () => {
    stubApi({
      'GET /api/HealthServices/search-new': () =>
        jsonResponse(buildSearchResponse({ results: buildServices(2) })),
      'GET /api/config': () =>
        jsonResponse({
          map: { tileUrl: 'https://tiles.example.com/{z}/{x}/{y}.png', tileAttribution: 'Example' },
        }),
      'GET /api/services/demo%3Aservice-1': () =>
        jsonResponse({
          success: true,
          data: buildServiceDetail({ id: 'demo:service-1', name: 'Service 1' }),
        }),
    });
    renderApp('/results?postcode=BS1+4DJ&distance=10&view=map');
    const user = userEvent.setup();

    // The Map View's own code loads first, which takes a while under the test transform.
    const map = await screen.findByRole('region', { name: /Map of services/ }, { timeout: 15_000 });
    await user.click(within(map).getByRole('button', { name: 'Marker Service 1' }));

    expect(
      await screen.findByText('Loading service details...', { selector: '[role=status]' }),
    ).toBeInTheDocument();

    dialogCode.release();

    expect(
      await screen.findByRole('dialog', { name: 'Service 1' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Loading service details...')).not.toBeInTheDocument();
  }, 30_000);

  // Issue 26: the heading said "(10 of 71 results)" (the list's first page) above a map of 71.
  it('counts in the heading what the map shows, as the map does', async () => {
    const all = buildServices(12);
    stubApi({
      'GET /api/HealthServices/search-new': (request) => {
        const pageSize = Number(request.query.get('pageSize'));
        return jsonResponse(
          buildSearchResponse({
            results: all.slice(0, pageSize),
            totalResults: all.length,
            hasMore: pageSize < all.length,
            pageSize,
          }),
        );
      },
      'GET /api/config': () =>
        jsonResponse({
          map: { tileUrl: 'https://tiles.example.com/{z}/{x}/{y}.png', tileAttribution: 'Example' },
        }),
    });
    renderApp('/results?postcode=BS1+4DJ&distance=10&view=map');

    expect(
      await screen.findByText('Showing 12 of 12 results in BS1 4DJ', {}, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Services available near BS1 4DJ (12 of 12 results)',
    );
  }, 30_000);
});
