import type { ListingLink } from '@locals/contracts/providers';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DEFAULT_RETRY_DELAYS_MS } from '@/lib/api-client';
import { callsTo, jsonResponse, stubApi } from '@/testing/fetch-mock';
import { expectNoAxeViolations } from '@/testing/axe';
import { preloadRoutes, renderApp } from '@/testing/render';

const LAZY = { timeout: 5000 };
const TOKEN = 'check-token-0123456789abcdef';
const PAGE = `/listing-check?token=${TOKEN}`;
const API = '/api/listing-check';
const RENEW = '/api/providers/links/renew';

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

preloadRoutes('/listing-check');

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
  describe('an expired link', () => {
    it('sends a new link to the same address, saying where, and changes nothing until asked', async () => {
      const { requests } = stubApi({
        [`GET ${API}`]: link({ state: 'expired' }),
        [`POST ${RENEW}`]: () =>
          jsonResponse({
            sent: true,
            email: 'j***@example.org',
            expiresAt: '2026-12-03T10:00:00.000Z',
          }),
      });
      renderApp(PAGE);
      const user = userEvent.setup();

      const button = await screen.findByRole('button', { name: 'Send me a new link' }, LAZY);
      expect(callsTo(requests, 'POST', RENEW)).toHaveLength(0);
      await expectNoAxeViolations();
      await user.click(button);

      const panel = await screen.findByRole('alert', { name: 'Success' });
      expect(panel).toHaveFocus();
      expect(panel).toHaveTextContent(
        'We have sent a new link to j***@example.org. It works for 7 days.',
      );
      await expectNoAxeViolations();
      expect(screen.queryByRole('button', { name: 'Send me a new link' })).toBeNull();
      const [post] = callsTo(requests, 'POST', RENEW);
      expect(post?.body).toEqual({ token: TOKEN });
      expect(post?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    });

    it('says when a new link was already sent, and until when it works', async () => {
      stubApi({
        [`GET ${API}`]: link({ state: 'expired' }),
        [`POST ${RENEW}`]: () =>
          jsonResponse({
            sent: false,
            email: 'j***@example.org',
            expiresAt: '2026-12-03T10:00:00.000Z',
          }),
      });
      renderApp(PAGE);
      const user = userEvent.setup();

      await user.click(await screen.findByRole('button', { name: 'Send me a new link' }, LAZY));

      expect(await screen.findByRole('alert', { name: 'Success' })).toHaveTextContent(
        'We have already sent a new link to j***@example.org. It works until 3 December 2026.',
      );
    });

    it('says so when the email cannot be sent after retries, and the button tries again with the same key', async () => {
      let isWorking = false;
      const { requests } = stubApi({
        [`GET ${API}`]: link({ state: 'expired' }),
        [`POST ${RENEW}`]: () =>
          isWorking
            ? jsonResponse({
                sent: true,
                email: 'j***@example.org',
                expiresAt: '2026-12-03T10:00:00.000Z',
              })
            : jsonResponse(
                {
                  code: 'email_not_sent',
                  message:
                    'We could not send the email with your new link. Please try again in a few minutes.',
                },
                503,
              ),
      });
      renderApp(PAGE);
      const user = userEvent.setup();

      await user.click(await screen.findByRole('button', { name: 'Send me a new link' }, LAZY));

      const problem = await screen.findByRole(
        'alert',
        { name: 'There is a problem' },
        { timeout: 10_000 },
      );
      expect(problem).toHaveFocus();
      expect(problem).toHaveTextContent('We could not send the email with your new link.');
      await expectNoAxeViolations();
      const posts = callsTo(requests, 'POST', RENEW);
      expect(posts).toHaveLength(DEFAULT_RETRY_DELAYS_MS.length + 1);
      const key = posts[0]?.headers.get('Idempotency-Key');
      expect(new Set(posts.map((post) => post.headers.get('Idempotency-Key')))).toEqual(
        new Set([key]),
      );

      isWorking = true;
      await user.click(screen.getByRole('button', { name: 'Send me a new link' }));

      expect(await screen.findByRole('alert', { name: 'Success' })).toHaveTextContent(
        'We have sent a new link to j***@example.org.',
      );
      expect(callsTo(requests, 'POST', RENEW).at(-1)?.headers.get('Idempotency-Key')).toBe(key);
    }, 20_000);
  });
});
