import { render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { describe, expect, it } from 'vitest';
import { AppProvider } from '@/app/providers';
import { callsTo, jsonResponse, stubApi } from '@/testing/fetch-mock';
import { SiteViewsCounter } from './site-views-counter';

const VIEWS = { TotalViews: 1234, TodayViews: 56, LastUpdated: '2025-05-01T10:00:00.000Z' };

function stubSiteViews() {
  return stubApi({
    'GET /api/site-views': () => jsonResponse(VIEWS),
    'POST /api/site-views/increment': () => jsonResponse({ ...VIEWS, TotalViews: 1235 }),
  });
}

function renderCounter() {
  return render(
    <StrictMode>
      <AppProvider>
        <SiteViewsCounter />
      </AppProvider>
    </StrictMode>,
  );
}

describe('SiteViewsCounter', () => {
  it('shows "Loading views..." and then the counts', async () => {
    stubSiteViews();
    renderCounter();

    expect(screen.getByText('Loading views...')).toBeInTheDocument();
    expect(await screen.findByText('1,235 visits · 56 today')).toBeInTheDocument();
  });

  it('counts the first page of a visit once, even under StrictMode, then sets the flag', async () => {
    const { requests } = stubSiteViews();
    renderCounter();

    await screen.findByText('1,235 visits · 56 today');
    expect(callsTo(requests, 'POST', '/api/site-views/increment')).toHaveLength(1);
    expect(callsTo(requests, 'GET', '/api/site-views')).toHaveLength(0);
    expect(sessionStorage.getItem('siteViewCounted')).not.toBeNull();
  });

  it('only reads the counts once the visit has been counted', async () => {
    sessionStorage.setItem('siteViewCounted', 'true');
    const { requests } = stubSiteViews();
    renderCounter();

    await screen.findByText('1,234 visits · 56 today');
    expect(callsTo(requests, 'POST', '/api/site-views/increment')).toHaveLength(0);
    expect(callsTo(requests, 'GET', '/api/site-views')).toHaveLength(1);
  });

  it('shows nothing when the counts cannot be loaded', async () => {
    const { requests } = stubApi({
      'POST /api/site-views/increment': () =>
        jsonResponse({ code: 'internal', message: 'Oops' }, 500),
    });
    const { container } = renderCounter();

    await screen.findByText('Loading views...');
    await expect.poll(() => container.textContent).toBe('');
    // Sent once, not retried: a 5xx may hide a counted visit, which a retry would count twice.
    expect(callsTo(requests, 'POST', '/api/site-views/increment')).toHaveLength(1);
    expect(sessionStorage.getItem('siteViewCounted')).toBeNull();
  });
});
