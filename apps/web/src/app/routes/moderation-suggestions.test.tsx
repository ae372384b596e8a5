import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  SUGGESTION_ID,
  asModerator,
  buildEscalatedSuggestion,
  buildListingFields,
} from '@/features/moderation/testing/moderation-factories';
import { callsTo, jsonResponse, stubApi } from '@/testing/fetch-mock';
import type { RecordedRequest } from '@/testing/fetch-mock';
import { preloadRoutes, renderApp } from '@/testing/render';

const LAZY = { timeout: 5000 };
const DECISION = `/api/moderation/suggestions/${SUGGESTION_ID}/decision`;

preloadRoutes('/moderation/suggestions');

function stubSuggestions(decide: (request: RecordedRequest) => Response) {
  return stubApi({
    'GET /api/auth/me': asModerator,
    'GET /api/moderation/suggestions': () =>
      jsonResponse({ suggestions: [buildEscalatedSuggestion()], total: 1 }),
    [`POST ${DECISION}`]: decide,
  });
}

async function findSuggestion() {
  return screen.findByRole('region', { name: 'Riverside Surgery' }, LAZY);
}

describe('/moderation/suggestions', () => {
  it('shows each escalated suggestion with its age in business days', async () => {
    stubSuggestions(() => jsonResponse({ success: true }));
    renderApp('/moderation/suggestions');

    const suggestion = await findSuggestion();
    expect(screen.getByRole('heading', { level: 1, name: 'Suggestions waiting' })).toBeVisible();
    expect(
      within(suggestion).getByText('The phone number has changed to 0117 496 0999.'),
    ).toBeVisible();
    expect(suggestion).toHaveTextContent('Sent on 10 November 2026, 7 business days ago');
    await waitFor(() => expect(document.title).toBe('Suggestions waiting – Locals'));
  });

  it('accepts with the listing as the moderator edited it', async () => {
    const { requests } = stubSuggestions(() => jsonResponse({ success: true }));
    renderApp('/moderation/suggestions');
    const user = userEvent.setup();
    const suggestion = await findSuggestion();

    await user.click(within(suggestion).getByRole('button', { name: 'Accept and edit listing' }));
    const phones = within(suggestion).getByRole('textbox', { name: 'Phone numbers' });
    expect(phones).toHaveValue('0117 496 0001');
    await user.clear(phones);
    await user.type(phones, '0117 496 0999');
    await user.click(within(suggestion).getByRole('button', { name: 'Accept and save listing' }));

    const outcome = await within(suggestion).findByRole('status');
    expect(outcome).toHaveTextContent(/^Accepted\. The listing for Riverside Surgery is updated/);
    expect(outcome).toHaveFocus();
    const [sent] = callsTo(requests, 'POST', DECISION);
    expect(sent?.body).toEqual({
      decision: 'accepted',
      listing: buildListingFields({ phones: ['0117 496 0999'] }),
    });
    expect(sent?.headers.get('Idempotency-Key')).toBeTruthy();
  });

  it('rejects a suggestion', async () => {
    const { requests } = stubSuggestions(() => jsonResponse({ success: true }));
    renderApp('/moderation/suggestions');
    const user = userEvent.setup();
    const suggestion = await findSuggestion();

    await user.click(within(suggestion).getByRole('button', { name: 'Reject suggestion' }));

    expect(await within(suggestion).findByRole('status')).toHaveTextContent(
      'Rejected. The person who sent the suggestion will see it was not accepted.',
    );
    expect(callsTo(requests, 'POST', DECISION)[0]?.body).toEqual({ decision: 'rejected' });
  });

  it("shows the API's message when the suggestion was already answered (409)", async () => {
    stubSuggestions(() =>
      jsonResponse(
        { code: 'conflict', message: 'This suggestion has already been answered.' },
        409,
      ),
    );
    renderApp('/moderation/suggestions');
    const user = userEvent.setup();
    const suggestion = await findSuggestion();

    await user.click(within(suggestion).getByRole('button', { name: 'Accept and edit listing' }));
    await user.click(within(suggestion).getByRole('button', { name: 'Accept and save listing' }));

    expect(await within(suggestion).findByRole('alert')).toHaveTextContent(
      'This suggestion has already been answered.',
    );
  });

  it('says so when no suggestions are waiting', async () => {
    stubApi({
      'GET /api/auth/me': asModerator,
      'GET /api/moderation/suggestions': () => jsonResponse({ suggestions: [], total: 0 }),
    });
    renderApp('/moderation/suggestions');

    expect(await screen.findByText('No suggestions are waiting.', {}, LAZY)).toBeVisible();
  });
});
