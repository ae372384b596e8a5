import { describe, expect, it, vi } from 'vitest';
import { createAnalytics } from './analytics';

function setup({ endpoint, consent }: { endpoint?: string; consent: string | null }) {
  const sendBeacon = vi.fn((_url: string, _data: string) => true);
  const analytics = createAnalytics({ endpoint, readConsent: () => consent, sendBeacon });
  return { analytics, sendBeacon };
}

describe('analytics', () => {
  it.each([
    ['no endpoint, consent accepted', undefined, 'accepted'],
    ['an endpoint, no consent stored', '/api/analytics', null],
    ['an endpoint, consent rejected', '/api/analytics', 'rejected'],
  ])('stays silent with %s', (_case, endpoint, consent) => {
    const { analytics, sendBeacon } = setup({ endpoint, consent });

    analytics.track('search', { search_term: 'food bank' });

    expect(sendBeacon).not.toHaveBeenCalled();
  });

  it('sends a small JSON beacon when configured and consent was accepted', () => {
    const { analytics, sendBeacon } = setup({ endpoint: '/api/analytics', consent: 'accepted' });

    analytics.track('view_item', { item_id: 'ods:F82625' });

    expect(sendBeacon).toHaveBeenCalledTimes(1);
    const [url, body] = sendBeacon.mock.calls[0] ?? [];
    expect(url).toBe('/api/analytics');
    expect(JSON.parse(body ?? '')).toEqual({
      event: 'view_item',
      params: { item_id: 'ods:F82625' },
      page: '/',
    });
  });

  it('reads the consent the cookie banner stores by default', () => {
    const sendBeacon = vi.fn(() => true);
    const analytics = createAnalytics({ endpoint: '/api/analytics', sendBeacon });

    analytics.track('select_content');
    expect(sendBeacon).not.toHaveBeenCalled();

    localStorage.setItem('cookieConsent', 'accepted');
    analytics.track('select_content');
    expect(sendBeacon).toHaveBeenCalledTimes(1);
  });
});
