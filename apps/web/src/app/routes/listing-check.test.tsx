import type { ListingLink } from '@locals/contracts/providers';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { callsTo, jsonResponse, stubApi } from '@/testing/fetch-mock';
import { renderApp } from '@/testing/render';

const LAZY = { timeout: 5000 };
const TOKEN = 'check-token-0123456789abcdef';
const PAGE = `/listing-check?token=${TOKEN}`;
const API = '/api/listing-check';

function link(overrides: Partial<ListingLink> = {}) {
  return () =>
    jsonResponse({
      purpose: 'still-correct',
      serviceId: 'listing:riverside',
      serviceName: 'Riverside Food Bank',
      state: 'ready',
      expiresAt: '2026-12-03T10:00:00.000Z',
      ...overrides,
    });
}

beforeAll(async () => {
  await import('./listing-check');
}, 60_000);

describe('/listing-check', () => {
  it('asks whether the listing is still correct, changing nothing until the button is pressed', async () => {
    const { requests } = stubApi({
      'GET /api/auth/me': () => jsonResponse({ user: null }),
      [`GET ${API}`]: link(),
      [`POST ${API}`]: () =>
        jsonResponse({
          serviceId: 'listing:riverside',
          serviceName: 'Riverside Food Bank',
          lastChecked: '2026-11-26',
        }),
    });
    renderApp(PAGE);
    const user = userEvent.setup();

    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Is the listing for Riverside Food Bank still correct?' },
        LAZY,
      ),
    ).toBeVisible();
    expect(callsTo(requests, 'GET', API)[0]?.query.get('token')).toBe(TOKEN);
    expect(callsTo(requests, 'POST', API)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Yes, it is still correct' }));

    const heading = await screen.findByRole('heading', { level: 1, name: 'Thank you' });
    expect(heading.parentElement).toHaveFocus();
    expect(heading.parentElement).toHaveTextContent(
      'Riverside Food Bank is marked as checked on 26 November 2026',
    );
    const [post] = callsTo(requests, 'POST', API);
    expect(post?.body).toEqual({ token: TOKEN });
    expect(post?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(document.title).toBe('Thank you – Locals'));
  });

  it.each([
    ['used', 'This link has already been used'],
    ['expired', 'This link has expired'],
  ] as const)('says when the link is %s', async (state, heading) => {
    stubApi({ [`GET ${API}`]: link({ state }) });
    renderApp(PAGE);
    expect(await screen.findByRole('heading', { level: 1, name: heading }, LAZY)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Yes, it is still correct' })).toBeNull();
    await waitFor(() => expect(document.title).toBe(`${heading} – Locals`));
  });

  it.each([
    ['cannot be found (404)', PAGE],
    ['has no token', '/listing-check'],
  ])('says when the link %s', async (_case, path) => {
    const { requests } = stubApi({});
    renderApp(path);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'We could not find this link' }, LAZY),
    ).toBeVisible();
    expect(callsTo(requests, 'POST', API)).toHaveLength(0);
  });

  it('says the link has expired when it expires before the button is pressed (410)', async () => {
    stubApi({
      [`GET ${API}`]: link(),
      [`POST ${API}`]: () => jsonResponse({ code: 'gone', message: 'This link has expired' }, 410),
    });
    renderApp(PAGE);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Yes, it is still correct' }, LAZY));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This link has expired' }),
    ).toBeVisible();
  });

  it('sends a claim link on to the page that uses it', async () => {
    stubApi({ [`GET ${API}`]: link({ purpose: 'something-changed' }) });
    renderApp(PAGE);
    expect(
      await screen.findByRole('link', { name: 'Continue to manage the listing' }, LAZY),
    ).toHaveAttribute('href', `/my-listings/claim?token=${TOKEN}&next=edit`);
  });
});
