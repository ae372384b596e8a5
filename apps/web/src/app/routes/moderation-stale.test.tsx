import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { asModerator, buildStaleListing } from '@/features/moderation/testing/moderation-factories';
import { callsTo, jsonResponse, stubApi } from '@/testing/fetch-mock';
import type { RecordedRequest } from '@/testing/fetch-mock';
import { preloadRoutes, renderApp } from '@/testing/render';

const LAZY = { timeout: 5000 };

preloadRoutes('/moderation/stale');

function stalePage({ query }: RecordedRequest) {
  const page = Number(query.get('page'));
  const listings =
    page === 1
      ? [
          buildStaleListing(),
          buildStaleListing({
            id: 'ods:F10',
            name: 'Quiet Cafe',
            lastChecked: null,
            contactEmail: null,
            nudgedAt: null,
          }),
        ]
      : [buildStaleListing({ id: 'ods:F11', name: 'Town Hall' })];
  return jsonResponse({ listings, total: 3, page, pageSize: 50, hasMore: page === 1 });
}

describe('/moderation/stale', () => {
  it('lists listings not checked for 12 months, whom they ask and whether the email went', async () => {
    stubApi({ 'GET /api/auth/me': asModerator, 'GET /api/moderation/stale-listings': stalePage });
    renderApp('/moderation/stale');

    const table = await screen.findByRole(
      'table',
      { name: 'Listings not checked, least recently checked first (page 1)' },
      LAZY,
    );
    expect(
      screen.getByRole('heading', { level: 1, name: 'Listings not checked for 12 months' }),
    ).toBeVisible();
    const [, library, cafe] = within(table).getAllByRole('row');
    expect(library).toHaveTextContent('Old Library');
    expect(library).toHaveTextContent('BS2 0AA');
    expect(library).toHaveTextContent('1 September 2025');
    expect(library).toHaveTextContent('library@example.org');
    expect(library).toHaveTextContent('Sent 1 August 2026');
    expect(cafe).toHaveTextContent('Never');
    expect(cafe).toHaveTextContent('Not sent');
  });

  it('pages with Previous and Next links, the page in the URL', async () => {
    const { requests } = stubApi({
      'GET /api/auth/me': asModerator,
      'GET /api/moderation/stale-listings': stalePage,
    });
    const { router } = renderApp('/moderation/stale');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('link', { name: 'Next page' }, LAZY));

    expect(await screen.findByText('Town Hall')).toBeVisible();
    expect(router.state.location.search).toBe('?page=2');
    expect(
      callsTo(requests, 'GET', '/api/moderation/stale-listings').at(-1)?.query.get('page'),
    ).toBe('2');
  });
});
