import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, jsonResponse, stubApi } from '@/testing/fetch-mock';
import { preloadRoutes, renderApp } from '@/testing/render';

const TOKEN = 'provider-token-0123456789abcdef';
const PAGE = `/suggestions/respond?token=${TOKEN}`;
// The route loads lazily; the first load can be slow.
const LAZY = { timeout: 5000 };

function suggestion(status: 'new' | 'accepted' | 'rejected' = 'new') {
  return () =>
    jsonResponse({
      serviceName: 'Riverside Surgery',
      suggestionText: 'Please add a ramp at the side door.',
      status,
      createdAt: '2025-03-04T10:00:00.000Z',
    });
}

// Load the lazily imported modules once, so a busy machine's first import does not eat into the
// first test's time limit.
preloadRoutes('/suggestions/respond');

describe('/suggestions/respond', () => {
  it('shows the suggestion without changing anything', async () => {
    const { requests } = stubApi({ 'GET /api/suggestions/respond': suggestion() });
    renderApp(PAGE);

    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'A suggestion for Riverside Surgery' },
        LAZY,
      ),
    ).toBeVisible();
    expect(screen.getByText('Please add a ramp at the side door.')).toBeVisible();
    expect(screen.getByText('4 March 2025', { selector: 'time' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Accept suggestion' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Reject suggestion' })).toBeEnabled();
    expect(callsTo(requests, 'GET', '/api/suggestions/respond')[0]?.query.get('token')).toBe(TOKEN);
    expect(callsTo(requests, 'POST', '/api/suggestions/respond')).toHaveLength(0);
    await waitFor(() => expect(document.title).toBe('Respond to a suggestion – Locals'));
  });

  it.each([
    [
      'Accept suggestion',
      'accepted',
      'Thank you. The person who sent it will see that you accepted it.',
    ],
    [
      'Reject suggestion',
      'rejected',
      'Thank you. The person who sent it will see that you did not accept it.',
    ],
  ])('"%s" records the decision and thanks the provider', async (button, decision, thanks) => {
    const { requests } = stubApi({
      'GET /api/suggestions/respond': suggestion(),
      'POST /api/suggestions/respond': () => jsonResponse({ success: true }),
    });
    renderApp(PAGE);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: button }, LAZY));

    const confirmation = await screen.findByText(thanks);
    expect(confirmation).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Accept suggestion' })).not.toBeInTheDocument();
    expect(callsTo(requests, 'POST', '/api/suggestions/respond')[0]?.body).toEqual({
      token: TOKEN,
      decision,
    });
  });

  it.each([
    ['an unknown or expired token', PAGE, 404],
    ['a malformed token', '/suggestions/respond?token=short', 400],
  ])('says the link is not valid for %s', async (_case, path, status) => {
    stubApi({
      'GET /api/suggestions/respond': () =>
        jsonResponse({ code: 'not_found', message: 'Not found' }, status),
    });
    renderApp(path);

    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'This link is not valid or has expired.' },
        LAZY,
      ),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Accept suggestion' })).not.toBeInTheDocument();
  });

  it('says the link is not valid when it has no token, without asking the API', async () => {
    const { requests } = stubApi({ 'GET /api/suggestions/respond': suggestion() });
    renderApp('/suggestions/respond');

    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'This link is not valid or has expired.' },
        LAZY,
      ),
    ).toBeVisible();
    expect(callsTo(requests, 'GET', '/api/suggestions/respond')).toHaveLength(0);
  });

  it('does not ask again once the provider has decided', async () => {
    stubApi({ 'GET /api/suggestions/respond': suggestion('accepted') });
    renderApp(PAGE);

    expect(
      await screen.findByText('You have already accepted this suggestion.', {}, LAZY),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Accept suggestion' })).not.toBeInTheDocument();
  });
});
