import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { asModerator, buildProviderEdit } from '@/features/moderation/testing/moderation-factories';
import { callsTo, jsonResponse, stubApi } from '@/testing/fetch-mock';
import { preloadRoutes, renderApp } from '@/testing/render';

const LAZY = { timeout: 5000 };
const REVERT = '/api/moderation/provider-edits/41/revert';

preloadRoutes('/moderation/provider-edits');

function stubEdits() {
  let isReverted = false;
  const stub = stubApi({
    'GET /api/auth/me': asModerator,
    'GET /api/moderation/provider-edits': () =>
      jsonResponse({
        edits: [
          buildProviderEdit({ revertedAt: isReverted ? '2026-11-26T09:00:00.000Z' : null }),
          buildProviderEdit({
            id: 40,
            serviceName: null,
            before: { name: 'Old Name' },
            after: { name: 'New Name' },
            revertedAt: '2026-11-25T09:00:00.000Z',
          }),
        ],
      }),
    [`POST ${REVERT}`]: () => {
      isReverted = true;
      return jsonResponse({ success: true });
    },
  });
  return stub;
}

describe('/moderation/provider-edits', () => {
  it('shows what each edit changed, field by field, in words', async () => {
    stubEdits();
    renderApp('/moderation/provider-edits');

    const edit = await screen.findByRole('region', { name: 'Riverside Surgery' }, LAZY);
    expect(screen.getByRole('heading', { level: 1, name: 'Provider edits' })).toBeVisible();
    expect(edit).toHaveTextContent(
      'Edited by owner@riverside.example at 2:30pm on 24 November 2026',
    );
    const table = within(edit).getByRole('table', {
      name: 'What owner@riverside.example changed',
    });
    const [, phones, hours] = within(table).getAllByRole('row');
    expect(within(phones!).getByRole('rowheader')).toHaveTextContent('Phone numbers');
    expect(phones).toHaveTextContent('0117 496 00010117 496 0999');
    expect(within(hours!).getByRole('rowheader')).toHaveTextContent('Opening hours');
    expect(hours).toHaveTextContent('Monday to Friday, 9am to 5pm');
    const removed = screen.getByRole('region', { name: 'A listing since removed' });
    expect(removed).toHaveTextContent('Reverted on 25 November 2026');
    expect(within(removed).queryByRole('button')).not.toBeInTheDocument();
  });

  it('reverts an edit only after the moderator confirms', async () => {
    const { requests } = stubEdits();
    renderApp('/moderation/provider-edits');
    const user = userEvent.setup();
    const edit = await screen.findByRole('region', { name: 'Riverside Surgery' }, LAZY);

    await user.click(within(edit).getByRole('button', { name: 'Revert this edit' }));

    const confirm = within(edit).getByRole('group', { name: /^Revert this edit\?/ });
    expect(within(confirm).getByRole('button', { name: 'Yes, revert this edit' })).toHaveFocus();
    expect(callsTo(requests, 'POST', REVERT)).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(callsTo(requests, 'POST', REVERT)).toHaveLength(0);

    await user.click(within(edit).getByRole('button', { name: 'Revert this edit' }));
    await user.click(within(edit).getByRole('button', { name: 'Yes, revert this edit' }));

    const reverted = await within(edit).findByRole('status');
    expect(reverted).toHaveTextContent(
      'Reverted. The fields this edit changed are back to what they were.',
    );
    expect(reverted).toHaveFocus();
    const sent = callsTo(requests, 'POST', REVERT);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.headers.get('Idempotency-Key')).toBeTruthy();
  });

  it('says so when no provider has edited a listing', async () => {
    stubApi({
      'GET /api/auth/me': asModerator,
      'GET /api/moderation/provider-edits': () => jsonResponse({ edits: [] }),
    });
    renderApp('/moderation/provider-edits');

    expect(
      await screen.findByText('No provider has edited a listing in the last 30 days.', {}, LAZY),
    ).toBeVisible();
  });
});
