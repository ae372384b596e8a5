import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  APPLICATION_ID,
  asModerator,
  buildAuditEntry,
} from '@/features/moderation/testing/moderation-factories';
import { callsTo, jsonResponse, stubApi } from '@/testing/fetch-mock';
import type { RecordedRequest } from '@/testing/fetch-mock';
import { preloadRoutes, renderApp } from '@/testing/render';

const LAZY = { timeout: 5000 };

preloadRoutes('/moderation/audit');

function auditPage({ query }: RecordedRequest) {
  const page = Number(query.get('page'));
  const entries =
    page === 1
      ? [
          buildAuditEntry(),
          buildAuditEntry({
            id: 6,
            action: 'grant-something-new',
            entityType: 'service',
            entityId: 'ods:F1',
            before: null,
            after: { categories: ['health', 'food'], phones: ['0117 496 0001'] },
          }),
        ]
      : [buildAuditEntry({ id: 1, action: 'reject-application', actor: 'command line' })];
  return jsonResponse({ entries, total: 3, page, pageSize: 50, hasMore: page === 1 });
}

describe('/moderation/audit', () => {
  it('shows each action in words, when in London time, and what changed', async () => {
    const { requests } = stubApi({
      'GET /api/auth/me': asModerator,
      'GET /api/moderation/audit': auditPage,
    });
    renderApp('/moderation/audit');

    const table = await screen.findByRole(
      'table',
      { name: 'Moderation actions, newest first (page 1)' },
      LAZY,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
    const [, approved, unknown] = within(table).getAllByRole('row');
    // 15:05 UTC in November is 3:05pm in London.
    expect(approved).toHaveTextContent('3:05pm on 25 November 2026');
    expect(approved).toHaveTextContent('mod@example.org');
    expect(approved).toHaveTextContent('Approved application');
    expect(
      within(approved!).getByRole('link', { name: `Application ${APPLICATION_ID}` }),
    ).toHaveAttribute('href', `/moderation/applications/${APPLICATION_ID}`);
    expect(approved).toHaveTextContent('Status: received');
    expect(approved).toHaveTextContent('Status: approved');
    expect(unknown).toHaveTextContent('grant-something-new');
    expect(unknown).toHaveTextContent('Service ods:F1');
    expect(within(unknown!).queryByRole('link')).not.toBeInTheDocument();
    expect(unknown).toHaveTextContent('Nothing');
    expect(unknown).toHaveTextContent('Categories: Health, Food');
    expect(unknown).toHaveTextContent('Phone numbers: 0117 496 0001');
    expect(callsTo(requests, 'GET', '/api/moderation/audit')[0]?.query.get('page')).toBe('1');
    await waitFor(() => expect(document.title).toBe('Audit log – Locals'));
  });

  it('pages through the log with the page in the URL', async () => {
    const { requests } = stubApi({
      'GET /api/auth/me': asModerator,
      'GET /api/moderation/audit': auditPage,
    });
    const { router } = renderApp('/moderation/audit');
    const user = userEvent.setup();
    const paging = await screen.findByRole('navigation', { name: 'Pages of the audit log' }, LAZY);
    expect(within(paging).queryByRole('link', { name: 'Previous page' })).not.toBeInTheDocument();

    await user.click(within(paging).getByRole('link', { name: 'Next page' }));

    expect(
      await screen.findByRole('table', { name: 'Moderation actions, newest first (page 2)' }),
    ).toHaveTextContent('Rejected application');
    expect(router.state.location.search).toBe('?page=2');
    expect(callsTo(requests, 'GET', '/api/moderation/audit').at(-1)?.query.get('page')).toBe('2');
    expect(screen.queryByRole('link', { name: 'Next page' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Previous page' })).toHaveAttribute(
      'href',
      '/moderation/audit?page=1',
    );
  });

  it('opens at the page the URL names', async () => {
    const { requests } = stubApi({
      'GET /api/auth/me': asModerator,
      'GET /api/moderation/audit': auditPage,
    });
    renderApp('/moderation/audit?page=2');

    expect(
      await screen.findByRole('table', { name: 'Moderation actions, newest first (page 2)' }, LAZY),
    ).toBeVisible();
    expect(callsTo(requests, 'GET', '/api/moderation/audit')[0]?.query.get('page')).toBe('2');
  });
});
