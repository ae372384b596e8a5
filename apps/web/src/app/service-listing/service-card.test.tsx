import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authConfig, buildUser, signedInAs, signedOut } from '@/testing/auth';
import { fakeVotesApi, votePath } from '@/features/votes/testing/fake-votes-api';
import { buildService } from '@/testing/factories';
import { callsTo, jsonResponse, stubApi } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render';
import { bookmarkPath, fakeBookmarksApi } from './testing/fake-bookmarks-api';
import { ServiceCard } from './service-card';
// NOTES and the sign-in prompt load lazily; importing them here keeps those loads out of the
// tests' timing.
import '@/features/auth/components/auth-dialog';
import '@/features/notes/components/notes-dialog';

const SERVICE_ID = 'demo:food-bs1-1';

/** The API for a visitor who is not signed in, with the card's public vote counts. */
function stubSignedOut() {
  return stubApi({
    'GET /api/auth/me': signedOut,
    'GET /api/auth/config': authConfig(),
    ...fakeVotesApi({ [SERVICE_ID]: { thumbsUp: 2, thumbsDown: 1, userVote: null } }),
  });
}

function renderCard(overrides: Parameters<typeof buildService>[0] = {}, isSample = false) {
  const onMoreInfo = vi.fn();
  renderWithProviders(
    <ServiceCard
      service={buildService({ name: 'Harbourside Food Bank', ...overrides })}
      isSample={isSample}
      detailHref="/results?serviceId=demo%3Afood-bs1-1"
      onMoreInfo={onMoreInfo}
    />,
  );
  return { onMoreInfo };
}

describe('ServiceCard', () => {
  it('keeps a listing nobody has checked for 12 months, and says so', async () => {
    renderCard({ lastChecked: '2025-10-02', stale: true });
    expect(await screen.findByText('Not checked since October 2025')).toBeInTheDocument();
  });

  it('says nothing about checks while the listing is fresh', async () => {
    renderCard({ lastChecked: '2026-10-02', stale: false });
    await screen.findByText('Harbourside Food Bank');
    expect(screen.queryByText(/Not checked since/)).not.toBeInTheDocument();
  });

  it.each([
    ['a'.repeat(150), 'a'.repeat(150)],
    ['a'.repeat(151), `${'a'.repeat(150)}…`],
    [`${'a'.repeat(149)} bcd`, `${'a'.repeat(149)}…`],
  ])('truncates descriptions over 150 characters (%#)', async (description, shown) => {
    renderCard({ description });
    expect(await screen.findByText(shown)).toBeInTheDocument();
  });

  it.each([
    [['0117 1'], ['0117 1'], null],
    [['0117 1', '0117 2'], ['0117 1', '0117 2'], null],
    [['0117 1', '0117 2', '0117 3', '0117 4'], ['0117 1', '0117 2'], '+2 more in details'],
  ])('shows at most 2 phone numbers as tel: links (%#)', async (phones, shown, more) => {
    renderCard({ phones, phone: phones.join(', ') });
    const links = await screen.findAllByRole('link', { name: /^0117/ });
    expect(links.map((link) => link.textContent)).toEqual(shown);
    expect(links[0]).toHaveAttribute('href', 'tel:01171');
    if (more) expect(screen.getByText(more)).toBeInTheDocument();
    else expect(screen.queryByText(/more in details/)).not.toBeInTheDocument();
  });

  it.each([
    [3, 3, null, '3 recommendations'],
    [5, 5, null, '5 recommendations'],
    [7, 5, '+2', '7 recommendations'],
  ])('%i recommendations show %i hearts (extra: %s)', async (count, hearts, extra, text) => {
    renderCard({ recommendations: count });
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(document.querySelectorAll('.lucide-heart')).toHaveLength(hearts);
    if (extra) expect(screen.getByText(extra)).toBeInTheDocument();
  });

  it('shows the badges, distance, address, rating and service types', async () => {
    renderCard({ isDemo: true, verified: true, serviceTypes: ['Food bank', 'Advice'] });
    expect(await screen.findByText('Demo listing')).toBeInTheDocument();
    expect(screen.getByText('Verified')).toBeInTheDocument();
    expect(screen.getByText('0.4 miles away')).toBeInTheDocument();
    expect(screen.getByText('1 Harbour Road, Bristol, BS1 4DJ')).toBeInTheDocument();
    expect(screen.getByText('Rated 4.5 out of 5 (12 reviews)')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Service types' })).toHaveTextContent(
      'Food bankAdvice',
    );
  });

  // Issue 26: "Verified" sat beside "Not yet checked by Locals" on open-data records.
  it.each([
    [{ verified: true, listedBy: null }, 'Verified', /From /],
    [
      { verified: false, listedBy: { source: 'the NHS register', asOf: '2023-12' } },
      'From the NHS register, December 2023',
      'Verified',
    ],
  ] as const)(
    'names who vouches for it, a person or a source, never both: %j',
    async (trust, shown, hidden) => {
      renderCard(trust);
      expect(await screen.findByText(shown)).toBeInTheDocument();
      expect(screen.queryByText(hidden)).not.toBeInTheDocument();
    },
  );

  it.each([
    ['Save Harbourside Food Bank', 'Login required'],
    ['Notes on Harbourside Food Bank', 'Login required'],
    ['Thumbs up for Harbourside Food Bank', 'Login required to vote'],
    ['Thumbs down for Harbourside Food Bank', 'Login required to vote'],
  ])('dims "%s" for signed-out visitors with the tooltip "%s"', async (name, tooltip) => {
    renderCard();
    const user = userEvent.setup();
    const control = await screen.findByRole('button', { name });

    expect(control).toHaveAttribute('aria-disabled', 'true');
    expect(control).toHaveAccessibleDescription(tooltip);
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    await user.hover(control);
    expect(screen.getByRole('tooltip', { name: tooltip })).toBeVisible();
    await user.unhover(control);
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();

    // Still focusable, so keyboard users meet the tooltip too; Escape dismisses it.
    act(() => control.focus());
    expect(screen.getByRole('tooltip', { name: tooltip })).toBeVisible();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('signed out, SAVE says in a toast to sign in, with a link, as an event does', async () => {
    const { requests } = stubSignedOut();
    renderCard();
    const user = userEvent.setup();
    const save = await screen.findByRole('button', { name: 'Save Harbourside Food Bank' });
    expect(save).not.toHaveAttribute('aria-haspopup');

    act(() => save.focus());
    await user.keyboard('{Enter}');

    expect(await screen.findByText('Authentication Required')).toBeInTheDocument();
    expect(screen.getByText('You must log in to bookmark services.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/api\/auth\/[^?]+\?returnTo=%2F/),
    );
    expect(screen.queryByRole('dialog', { name: 'Welcome to Locals' })).not.toBeInTheDocument();
    expect(callsTo(requests, 'POST', '/api/bookmarks')).toHaveLength(0);
  });

  describe('signed out, a press on a dimmed control opens the sign-in prompt', () => {
    const CONTROLS = [
      'Notes on Harbourside Food Bank',
      /^Thumbs up for Harbourside Food Bank/,
      /^Thumbs down for Harbourside Food Bank/,
    ];
    const PRESSES = [
      ['a click', (user: UserEvent, control: HTMLElement) => user.click(control)],
      ['Enter', (user: UserEvent) => user.keyboard('{Enter}')],
      ['Space', (user: UserEvent) => user.keyboard(' ')],
    ] as const;

    const CASES = CONTROLS.flatMap((name) =>
      PRESSES.map(([how, press]) => [String(name), how, name, press] as const),
    );

    it.each(CASES)('%s, with %s', async (_, _how, name, press) => {
      const { requests } = stubSignedOut();
      renderCard();
      const user = userEvent.setup();
      const control = await screen.findByRole('button', { name });
      expect(control).toHaveAttribute('aria-disabled', 'true');
      expect(control).toHaveAttribute('aria-haspopup', 'dialog');

      act(() => control.focus());
      await press(user, control);

      const login = await screen.findByRole('dialog', { name: 'Welcome to Locals' });
      expect(within(login).getByRole('button', { name: 'Login or Register' })).toBeVisible();
      expect(screen.queryByRole('dialog', { name: /^Notes on/ })).not.toBeInTheDocument();
      expect(callsTo(requests, 'POST', '/api/bookmarks')).toHaveLength(0);
      expect(callsTo(requests, 'PUT', votePath(SERVICE_ID))).toHaveLength(0);

      // Closing it returns to the control, which opens it again.
      await user.keyboard('{Escape}');
      await waitFor(() => expect(login).not.toBeInTheDocument());
      expect(control).toHaveFocus();
      await user.click(control);
      expect(await screen.findByRole('dialog', { name: 'Welcome to Locals' })).toBeVisible();
    });
  });

  describe('open now', () => {
    const LIBRARY_HOURS = {
      note: 'Staffed hours',
      sessions: [1, 2, 3, 4, 5].map((day) => ({ day, opens: '09:00', closes: '17:30' })),
    };

    afterEach(() => vi.useRealTimers());

    it.each([
      ['open', 'Open now'],
      ['closed', 'Closed now'],
      ['unknown', 'Opening hours not known'],
    ] as const)('says so in words when the server says %s', async (openState, text) => {
      renderCard({ openState });
      expect(await screen.findByText(text)).toBeInTheDocument();
      expect(screen.queryByText(/Status/)).not.toBeInTheDocument();
      const others = ['Open now', 'Closed now', 'Opening hours not known'].filter(
        (t) => t !== text,
      );
      for (const other of others) expect(screen.queryByText(other)).not.toBeInTheDocument();
    });

    it("shows today's hours in London beside the state", async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2026-11-25T12:00:00Z'));
      renderCard({ openState: 'open', weeklyHours: LIBRARY_HOURS });

      const state = await screen.findByText('Open now');
      expect(state.closest('p')).toHaveTextContent(/^Open now Today: 9am to 5:30pm$/);
    });

    it('says a day without hours is closed today', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2026-11-29T12:00:00Z'));
      renderCard({ openState: 'closed', weeklyHours: LIBRARY_HOURS });

      expect(await screen.findByText('Today: closed')).toBeInTheDocument();
      expect(screen.getByText('Closed now')).toBeInTheDocument();
    });

    it('never calls a demo listing open, whatever it carries', async () => {
      renderCard({ isDemo: true, verified: false, openState: 'open', weeklyHours: LIBRARY_HOURS });
      expect(await screen.findByText('Opening hours not known')).toBeInTheDocument();
      expect(screen.queryByText('Open now')).not.toBeInTheDocument();
      expect(screen.queryByText(/^Today/)).not.toBeInTheDocument();
    });

    it('does not know the hours of sample data', async () => {
      renderCard({ name: 'Sample service 1', isDemo: true }, true);
      expect(await screen.findByText('Opening hours not known')).toBeInTheDocument();
    });
  });

  it('opens the details from MORE INFO', async () => {
    const { onMoreInfo } = renderCard();
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('link', { name: 'MORE INFO about Harbourside Food Bank' }),
    );
    expect(onMoreInfo).toHaveBeenCalledWith('demo:food-bs1-1');
  });

  it('labels sample data and offers no actions on it', async () => {
    renderCard({ name: 'Sample service 1', isDemo: true }, true);
    expect(await screen.findByText('Sample data')).toBeInTheDocument();
    expect(screen.queryByText('Demo listing')).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  describe('signed in', () => {
    const saveToggle = () => screen.getByRole('button', { name: /^SAVED? Harbourside Food Bank$/ });

    /** SAVE waits, aria-disabled, until the person's bookmarks have loaded. */
    async function findReadySave() {
      const save = await screen.findByRole('button', { name: 'SAVE Harbourside Food Bank' });
      await waitFor(() => expect(save).not.toHaveAttribute('aria-disabled'));
      return save;
    }

    function signedInApi(handlers: Parameters<typeof stubApi>[0] = {}, bookmarked: string[] = []) {
      return stubApi({
        'GET /api/auth/me': signedInAs(buildUser()),
        ...fakeBookmarksApi([SERVICE_ID], bookmarked),
        ...handlers,
      });
    }

    it('SAVE bookmarks the service and SAVED removes it, each with its toast', async () => {
      const { requests } = signedInApi();
      renderCard();
      const user = userEvent.setup();

      const save = await findReadySave();
      expect(save).toHaveAttribute('aria-pressed', 'false');

      await user.click(save);
      expect(await screen.findByText('Bookmarked!')).toBeInTheDocument();
      expect(screen.getByText('Service added to your bookmarks.')).toBeInTheDocument();
      // The label follows the bookmarks as read again from the server.
      expect(
        await screen.findByRole('button', { name: 'SAVED Harbourside Food Bank', pressed: true }),
      ).toBe(save);
      expect(callsTo(requests, 'POST', '/api/bookmarks').map((request) => request.body)).toEqual([
        { serviceId: SERVICE_ID },
      ]);

      await user.click(save);
      expect(await screen.findByText('Bookmark Removed')).toBeInTheDocument();
      expect(screen.getByText('Service removed from your bookmarks.')).toBeInTheDocument();
      expect(
        await screen.findByRole('button', { name: 'SAVE Harbourside Food Bank', pressed: false }),
      ).toBe(save);
      expect(callsTo(requests, 'DELETE', bookmarkPath(SERVICE_ID))).toHaveLength(1);
    });

    it('shows SAVED for a service already bookmarked', async () => {
      signedInApi({}, [SERVICE_ID]);
      renderCard();

      expect(
        await screen.findByRole('button', { name: 'SAVED Harbourside Food Bank', pressed: true }),
      ).toBeInTheDocument();
    });

    it('says so when the bookmark cannot be changed, and leaves SAVE as it was', async () => {
      const { requests } = signedInApi({
        'POST /api/bookmarks': () => jsonResponse({ code: 'internal', message: 'Oops' }, 500),
      });
      renderCard();
      const user = userEvent.setup();

      await user.click(await findReadySave());

      expect(await screen.findByText('Failed to update bookmark.')).toBeInTheDocument();
      expect(saveToggle()).toHaveAccessibleName('SAVE Harbourside Food Bank');
      expect(saveToggle()).toHaveAttribute('aria-pressed', 'false');
      await waitFor(() => expect(saveToggle()).not.toHaveAttribute('aria-disabled'));
      expect(callsTo(requests, 'POST', '/api/bookmarks')).toHaveLength(4);
    });

    it('a double click on SAVE sends one request', async () => {
      let answer: (response: Response) => void = () => {};
      const { requests } = signedInApi({
        'POST /api/bookmarks': () => new Promise<Response>((resolve) => (answer = resolve)),
      });
      renderCard();
      const user = userEvent.setup();

      const save = await findReadySave();
      await user.dblClick(save);

      expect(save).toHaveAttribute('aria-disabled', 'true');
      expect(save).toHaveFocus();
      act(() => answer(jsonResponse({ success: true }, 201)));
      expect(await screen.findByText('Bookmarked!')).toBeInTheDocument();
      expect(callsTo(requests, 'POST', '/api/bookmarks')).toHaveLength(1);
      expect(callsTo(requests, 'DELETE', bookmarkPath(SERVICE_ID))).toHaveLength(0);
    });

    it('NOTES opens the notes on the service; closing returns to NOTES', async () => {
      signedInApi({ 'GET /api/users/me/notes': () => jsonResponse({ notes: [] }) });
      renderCard();
      const user = userEvent.setup();

      const notes = await screen.findByRole('button', { name: 'NOTES on Harbourside Food Bank' });
      expect(notes).toHaveAttribute('aria-haspopup', 'dialog');
      await user.click(notes);

      expect(
        await screen.findByRole('dialog', { name: 'Notes on Harbourside Food Bank' }),
      ).toBeInTheDocument();
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(notes).toHaveFocus();
    });

    it('the thumbs are toggles that vote', async () => {
      const { requests } = signedInApi(
        fakeVotesApi({ [SERVICE_ID]: { thumbsUp: 0, thumbsDown: 0, userVote: null } }),
      );
      renderCard();
      const user = userEvent.setup();

      const up = await screen.findByRole('button', {
        name: 'Thumbs up for Harbourside Food Bank',
        pressed: false,
      });
      expect(up).not.toHaveAttribute('aria-disabled');
      await user.click(up);

      expect(await screen.findByText('Thumbs Up!')).toBeInTheDocument();
      expect(
        screen.getByRole('button', { name: 'Thumbs up for Harbourside Food Bank, 1 vote' }),
      ).toHaveAttribute('aria-pressed', 'true');
      expect(callsTo(requests, 'PUT', votePath(SERVICE_ID))).toHaveLength(1);
    });
  });
});
