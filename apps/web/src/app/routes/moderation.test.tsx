import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  APPLICATION_ID,
  asModerator,
  buildPendingApplication,
  buildPendingEvent,
} from '@/features/moderation/testing/moderation-factories';
import { buildUser, signedInAs, signedOut } from '@/testing/auth';
import { callsTo, jsonResponse, stubApi } from '@/testing/fetch-mock';
import { preloadRoutes, renderApp } from '@/testing/render';

// The route loads lazily; the first load can be slow.
const LAZY = { timeout: 5000 };

preloadRoutes('/moderation');

describe('/moderation', () => {
  it('lists waiting applications oldest first, with the overdue count highlighted', async () => {
    stubApi({
      'GET /api/auth/me': asModerator,
      'GET /api/moderation/applications': () =>
        jsonResponse({
          applications: [
            buildPendingApplication(),
            buildPendingApplication({
              id: '7f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b',
              organizationName: 'Bedminster Library',
              email: 'books@bedminster.example',
              createdAt: '2026-11-25T10:00:00.000Z',
              ageBusinessDays: 1,
              overdue: false,
            }),
          ],
          total: 2,
          overdueCount: 1,
        }),
      'GET /api/moderation/events': () =>
        jsonResponse({ data: [buildPendingEvent()], totalCount: 1 }),
    });
    renderApp('/moderation');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Moderation' }, LAZY),
    ).toBeVisible();
    expect(screen.getByText('2 applications waiting')).toBeVisible();
    expect(screen.getByText('1 waiting longer than 2 business days')).toHaveTextContent(
      'Warning: 1 waiting longer than 2 business days',
    );
    const table = screen.getByRole('table', { name: 'Applications waiting, oldest first' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first!).getByRole('link', { name: 'Easton Food Bank' })).toHaveAttribute(
      'href',
      `/moderation/applications/${APPLICATION_ID}`,
    );
    expect(first).toHaveTextContent('20 November 2026');
    expect(first).toHaveTextContent('3 business days');
    expect(within(first!).getByText('Overdue')).toBeVisible();
    expect(first).toHaveTextContent('grace@eastonfood.example');
    expect(second).toHaveTextContent('1 business day');
    expect(within(second!).queryByText('Overdue')).not.toBeInTheDocument();
    const eventsLink = screen.getByRole('link', { name: 'Events waiting' });
    expect(eventsLink).toHaveAttribute('href', '/moderation/events');
    await waitFor(() =>
      expect(eventsLink.parentElement).toHaveTextContent('Events waiting: 1 event'),
    );
    for (const name of [
      'Suggestions waiting',
      'Provider edits',
      'Listings not checked for 12 months',
      'Audit log',
    ]) {
      expect(screen.getByRole('link', { name })).toBeVisible();
    }
    await waitFor(() => expect(document.title).toBe('Moderation – Locals'));
  });

  it('says when no applications are waiting, without the overdue warning', async () => {
    stubApi({
      'GET /api/auth/me': asModerator,
      'GET /api/moderation/applications': () =>
        jsonResponse({ applications: [], total: 0, overdueCount: 0 }),
    });
    renderApp('/moderation');

    expect(await screen.findByText('No applications are waiting.', {}, LAZY)).toBeVisible();
    expect(screen.getByText('0 applications waiting')).toBeVisible();
    expect(screen.queryByText(/waiting longer than/)).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('asks a signed-out visitor to sign in, without asking for applications', async () => {
    const { requests } = stubApi({ 'GET /api/auth/me': signedOut });
    renderApp('/moderation');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Login Required' }, LAZY),
    ).toBeVisible();
    expect(within(screen.getByRole('main')).getByRole('button', { name: 'Sign In' })).toBeVisible();
    expect(callsTo(requests, 'GET', '/api/moderation/applications')).toHaveLength(0);
  });

  it('tells someone without the moderator role, without asking for applications', async () => {
    const { requests } = stubApi({ 'GET /api/auth/me': signedInAs(buildUser(), []) });
    renderApp('/moderation');

    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'You need to be a moderator to see this page' },
        LAZY,
      ),
    ).toBeVisible();
    expect(callsTo(requests, 'GET', '/api/moderation/applications')).toHaveLength(0);
    await waitFor(() =>
      expect(document.title).toBe('You need to be a moderator to see this page – Locals'),
    );
  });

  it('shows the no-access page when the API refuses (403) and no data', async () => {
    stubApi({
      'GET /api/auth/me': asModerator,
      'GET /api/moderation/applications': () =>
        jsonResponse({ code: 'forbidden', message: 'Only moderators can do this.' }, 403),
    });
    renderApp('/moderation');

    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'You need to be a moderator to see this page' },
        LAZY,
      ),
    ).toBeVisible();
    expect(screen.queryByText(/applications waiting/)).not.toBeInTheDocument();
  });
});
