import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildUser, signedInAs, signedOut } from '@/testing/auth';
import { callsTo, jsonResponse, stubApi } from '@/testing/fetch-mock';
import { expectNoAxeViolations } from '@/testing/axe';
import { preloadRoutes, renderApp } from '@/testing/render';

preloadRoutes('/my-listings/claim');

const LAZY = { timeout: 5000 };
const TOKEN = 'claim-token-0123456789abcdef';
const PAGE = `/my-listings/claim?token=${TOKEN}`;
const CLAIM = '/api/my/listings/claim';
const LINK = '/api/listing-check';
const RENEW = '/api/providers/links/renew';
const EXPIRED_LINK = () =>
  jsonResponse({
    purpose: 'claim',
    serviceId: 'listing:riverside',
    serviceName: 'Riverside Food Bank',
    state: 'expired',
    expiresAt: '2026-11-19T10:00:00.000Z',
  });

const CLAIMED = () => jsonResponse({ serviceId: 'listing:riverside', name: 'Riverside Food Bank' });

beforeAll(async () => {
  await Promise.all([
    import('./my-listing-claim'),
    import('./my-listings'),
    import('./my-listing-edit'),
  ]);
}, 60_000);

describe('/my-listings/claim', () => {
  it('asks someone signed out to sign in with the address the link was sent to, using nothing', async () => {
    const { requests } = stubApi({ 'GET /api/auth/me': signedOut });
    renderApp(PAGE);

    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Sign in to manage your listing' },
        LAZY,
      ),
    ).toBeVisible();
    expect(
      screen.getByText(
        'Sign in with the email address we sent this link to, to manage your listing.',
      ),
    ).toBeVisible();
    expect(screen.getAllByRole('button', { name: 'Sign In' }).length).toBeGreaterThan(0);
    expect(callsTo(requests, 'POST', CLAIM)).toHaveLength(0);
  });

  it('does not use the link until the signed-in person presses the button', async () => {
    const { requests } = stubApi({
      'GET /api/auth/me': signedInAs(buildUser({ email: 'ada@example.org' })),
      [`POST ${CLAIM}`]: CLAIMED,
      'GET /api/my/listings': () => jsonResponse({ listings: [] }),
    });
    const { router } = renderApp(PAGE);
    const user = userEvent.setup();

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Manage your listing' }, LAZY),
    ).toBeVisible();
    expect(screen.getByText('ada@example.org')).toBeVisible();
    expect(callsTo(requests, 'POST', CLAIM)).toHaveLength(0);
    await waitFor(() => expect(document.title).toBe('Manage your listing – Locals'));

    await user.click(screen.getByRole('button', { name: 'Manage this listing' }));

    const banner = await screen.findByRole('alert', { name: 'Success' }, LAZY);
    expect(banner).toHaveTextContent('You now manage Riverside Food Bank');
    expect(router.state.location.pathname).toBe('/my-listings');
    const [post] = callsTo(requests, 'POST', CLAIM);
    expect(post?.body).toEqual({ token: TOKEN });
    expect(post?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('goes straight to editing the listing with next=edit', async () => {
    stubApi({
      'GET /api/auth/me': signedInAs(),
      [`POST ${CLAIM}`]: CLAIMED,
      'GET /api/my/listings/listing%3Ariverside': () =>
        jsonResponse({ code: 'not_found', message: 'Not found' }, 404),
    });
    const { router } = renderApp(`${PAGE}&next=edit`);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Manage this listing' }, LAZY));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/my-listings/listing%3Ariverside/edit'),
    );
  });

  it.each([
    [
      403,
      'This link was sent to r***@riverside.example. Sign in with that email address.',
      /Sign out, then sign in/,
    ],
    [410, 'This link has expired or has already been used.', /work once and for 7 days/],
    [404, 'We could not find this link.', /Check you used the whole link/],
  ])("shows the API's %s message with what to do next", async (status, message, nextStep) => {
    stubApi({
      'GET /api/auth/me': signedInAs(),
      [`POST ${CLAIM}`]: () => jsonResponse({ code: 'error', message }, status),
    });
    renderApp(PAGE);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Manage this listing' }, LAZY));

    const problem = await screen.findByRole('alert', { name: 'There is a problem' });
    expect(problem).toHaveFocus();
    expect(problem).toHaveTextContent(message);
    expect(problem).toHaveTextContent(nextStep);
    expect(screen.queryByRole('button', { name: 'Manage this listing' })).toBeNull();
  });

  it('says a link without its token is not complete', async () => {
    stubApi({ 'GET /api/auth/me': signedInAs() });
    renderApp('/my-listings/claim');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This link is not complete' }, LAZY),
    ).toBeVisible();
  });
  it('offers a new link for an expired one, before any sign-in, and says where it went', async () => {
    const { requests } = stubApi({
      'GET /api/auth/me': signedOut,
      [`GET ${LINK}`]: EXPIRED_LINK,
      [`POST ${RENEW}`]: () =>
        jsonResponse({
          sent: true,
          email: 'j***@example.org',
          expiresAt: '2026-12-03T10:00:00.000Z',
        }),
    });
    renderApp(PAGE);
    const user = userEvent.setup();

    expect(
      await screen.findByRole('heading', { level: 1, name: 'This link has expired' }, LAZY),
    ).toBeVisible();
    expect(callsTo(requests, 'GET', LINK)[0]?.query.get('token')).toBe(TOKEN);
    await waitFor(() => expect(document.title).toBe('This link has expired – Locals'));
    await expectNoAxeViolations();

    await user.click(screen.getByRole('button', { name: 'Send me a new link' }));

    const panel = await screen.findByRole('alert', { name: 'Success' });
    expect(panel).toHaveFocus();
    expect(panel).toHaveTextContent(
      'We have sent a new link to j***@example.org. It works for 7 days.',
    );
    await expectNoAxeViolations();
    expect(callsTo(requests, 'POST', RENEW)[0]?.body).toEqual({ token: TOKEN });
    expect(callsTo(requests, 'POST', CLAIM)).toHaveLength(0);
  });

  it("shows the API's refusal of a new link, and keeps the button", async () => {
    stubApi({
      'GET /api/auth/me': signedOut,
      [`GET ${LINK}`]: EXPIRED_LINK,
      [`POST ${RENEW}`]: () =>
        jsonResponse(
          { code: 'gone', message: 'This link has already been used. Each link works once.' },
          410,
        ),
    });
    renderApp(PAGE);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Send me a new link' }, LAZY));

    const problem = await screen.findByRole('alert', { name: 'There is a problem' });
    expect(problem).toHaveFocus();
    expect(problem).toHaveTextContent('This link has already been used. Each link works once.');
    expect(screen.getByRole('button', { name: 'Send me a new link' })).toBeEnabled();
  });

  it('offers a new link when the link expires before the button is pressed', async () => {
    let state = 'ready';
    stubApi({
      'GET /api/auth/me': signedInAs(),
      [`GET ${LINK}`]: () =>
        jsonResponse({
          purpose: 'claim',
          serviceId: 'listing:riverside',
          serviceName: 'Riverside Food Bank',
          state,
          expiresAt: '2026-11-26T10:00:00.000Z',
        }),
      [`POST ${CLAIM}`]: () => {
        state = 'expired';
        return jsonResponse({ code: 'gone', message: 'This link has expired.' }, 410);
      },
    });
    renderApp(PAGE);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Manage this listing' }, LAZY));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'This link has expired' }),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Send me a new link' })).toBeVisible();
  });
});
