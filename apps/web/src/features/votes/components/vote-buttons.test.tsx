import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { buildUser, signedInAs, signedOut } from '@/testing/auth';
import { callsTo, jsonResponse, networkError, stubApi } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render';
import { useServiceVotes } from '../api/get-service-votes';
import { fakeVotesApi, votePath } from '../testing/fake-votes-api';
import { VoteButtons } from './vote-buttons';

const SERVICE_ID = 'demo:food-bs1-1';
const NAME = 'Harbourside Food Bank';

type ServiceVotesProps = { onLoginRequired?: () => void; isDimmedWhenSignedOut?: boolean };

function ServiceVotes({ onLoginRequired = () => {}, isDimmedWhenSignedOut }: ServiceVotesProps) {
  const { data } = useServiceVotes(SERVICE_ID);
  return (
    <VoteButtons
      serviceId={SERVICE_ID}
      serviceName={NAME}
      summary={data}
      onLoginRequired={onLoginRequired}
      isDimmedWhenSignedOut={isDimmedWhenSignedOut}
    />
  );
}

const thumbsUp = () => screen.getByRole('button', { name: /^Thumbs up for/ });
const thumbsDown = () => screen.getByRole('button', { name: /^Thumbs down for/ });

describe('VoteButtons', () => {
  it('signed out: shows the public counts, dimmed with "Login required to vote"', async () => {
    stubApi({
      'GET /api/auth/me': signedOut,
      ...fakeVotesApi({ [SERVICE_ID]: { thumbsUp: 4, thumbsDown: 1, userVote: null } }),
    });
    renderWithProviders(<ServiceVotes isDimmedWhenSignedOut />);

    const up = await screen.findByRole('button', { name: `Thumbs up for ${NAME}, 4 votes` });
    const down = screen.getByRole('button', { name: `Thumbs down for ${NAME}, 1 vote` });
    for (const button of [up, down]) {
      expect(button).toHaveAttribute('aria-disabled', 'true');
      expect(button).not.toHaveAttribute('aria-pressed');
      expect(button).toHaveAccessibleDescription('Login required to vote');
    }
    expect(screen.getByRole('group', { name: `Votes for ${NAME}` })).toContainElement(up);
  });

  it.each([
    ['click', (user: UserEvent, button: HTMLElement) => user.click(button)],
    ['Enter', (user: UserEvent) => user.keyboard('{Enter}')],
    ['Space', (user: UserEvent) => user.keyboard(' ')],
  ])('signed out and dimmed: a %s still asks to log in and sends no vote', async (_, press) => {
    const { requests } = stubApi({
      'GET /api/auth/me': signedOut,
      ...fakeVotesApi({ [SERVICE_ID]: { thumbsUp: 2, thumbsDown: 0, userVote: null } }),
    });
    const onLoginRequired = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<ServiceVotes onLoginRequired={onLoginRequired} isDimmedWhenSignedOut />);

    const up = await screen.findByRole('button', { name: `Thumbs up for ${NAME}, 2 votes` });
    expect(up).toHaveAttribute('aria-disabled', 'true');
    expect(up).toHaveAttribute('aria-haspopup', 'dialog');
    act(() => up.focus());
    await press(user, up);

    expect(onLoginRequired).toHaveBeenCalledTimes(1);
    expect(callsTo(requests, 'PUT', votePath(SERVICE_ID))).toHaveLength(0);
  });

  it('signed out in plain style: a press asks to log in and sends no vote', async () => {
    const { requests } = stubApi({
      'GET /api/auth/me': signedOut,
      ...fakeVotesApi({ [SERVICE_ID]: { thumbsUp: 0, thumbsDown: 0, userVote: null } }),
    });
    const onLoginRequired = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<ServiceVotes onLoginRequired={onLoginRequired} />);

    await user.click(await screen.findByRole('button', { name: /^Thumbs down for .*, 0 votes$/ }));

    expect(onLoginRequired).toHaveBeenCalledTimes(1);
    expect(thumbsDown()).toHaveAttribute('aria-haspopup', 'dialog');
    expect(thumbsDown()).not.toHaveAttribute('aria-disabled');
    expect(callsTo(requests, 'PUT', votePath(SERVICE_ID))).toHaveLength(0);
  });

  it('signed in: up, then down, then down again removes the vote, each with its toast', async () => {
    const { requests } = stubApi({
      'GET /api/auth/me': signedInAs(buildUser()),
      ...fakeVotesApi({ [SERVICE_ID]: { thumbsUp: 2, thumbsDown: 5, userVote: null } }),
    });
    const user = userEvent.setup();
    renderWithProviders(<ServiceVotes />);

    await screen.findByRole('button', { name: `Thumbs up for ${NAME}, 2 votes` });
    expect(thumbsUp()).toHaveAttribute('aria-pressed', 'false');
    expect(thumbsDown()).toHaveAttribute('aria-pressed', 'false');

    await user.click(thumbsUp());
    expect(await screen.findByText('Thumbs Up!')).toBeInTheDocument();
    expect(screen.getByText('Your positive vote has been recorded.')).toBeInTheDocument();
    expect(thumbsUp()).toHaveAttribute('aria-pressed', 'true');
    expect(thumbsUp()).toHaveAccessibleName(`Thumbs up for ${NAME}, 3 votes`);

    await user.click(thumbsDown());
    expect(await screen.findByText('Thumbs Down!')).toBeInTheDocument();
    expect(screen.getByText('Your negative vote has been recorded.')).toBeInTheDocument();
    expect(thumbsUp()).toHaveAttribute('aria-pressed', 'false');
    expect(thumbsDown()).toHaveAttribute('aria-pressed', 'true');
    expect(thumbsUp()).toHaveAccessibleName(`Thumbs up for ${NAME}, 2 votes`);
    expect(thumbsDown()).toHaveAccessibleName(`Thumbs down for ${NAME}, 6 votes`);

    await user.click(thumbsDown());
    expect(await screen.findByText('Vote Removed')).toBeInTheDocument();
    expect(thumbsDown()).toHaveAttribute('aria-pressed', 'false');
    expect(thumbsDown()).toHaveAccessibleName(`Thumbs down for ${NAME}, 5 votes`);

    // PUT sets a vote and DELETE removes it, so no request undoes itself when repeated.
    expect(callsTo(requests, 'PUT', votePath(SERVICE_ID)).map((request) => request.body)).toEqual([
      { voteType: 'up' },
      { voteType: 'down' },
    ]);
    expect(callsTo(requests, 'DELETE', votePath(SERVICE_ID))).toHaveLength(1);
    expect(callsTo(requests, 'PUT', votePath(SERVICE_ID))[0]!.headers.get('X-Requested-With')).toBe(
      'locals',
    );
  });

  it('shows the counts the server answers with, not a guess', async () => {
    stubApi({
      'GET /api/auth/me': signedInAs(buildUser()),
      ...fakeVotesApi({ [SERVICE_ID]: { thumbsUp: 2, thumbsDown: 0, userVote: null } }),
      // Others voted meanwhile: the answer, not 2 + 1, is what the buttons show.
      [`PUT ${votePath(SERVICE_ID)}`]: () =>
        jsonResponse({ serviceId: SERVICE_ID, thumbsUp: 9, thumbsDown: 4, userVote: 'up' }),
    });
    const user = userEvent.setup();
    renderWithProviders(<ServiceVotes />);

    await user.click(await screen.findByRole('button', { name: /^Thumbs up for .*, 2 votes$/ }));

    await waitFor(() => expect(thumbsUp()).toHaveAccessibleName(`Thumbs up for ${NAME}, 9 votes`));
    expect(thumbsDown()).toHaveAccessibleName(`Thumbs down for ${NAME}, 4 votes`);
  });

  it('disables the pair while a vote is on its way, so a double click sends one vote', async () => {
    let answer: (response: Response) => void = () => {};
    const { requests } = stubApi({
      'GET /api/auth/me': signedInAs(buildUser()),
      ...fakeVotesApi({ [SERVICE_ID]: { thumbsUp: 0, thumbsDown: 0, userVote: null } }),
      [`PUT ${votePath(SERVICE_ID)}`]: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const user = userEvent.setup();
    renderWithProviders(<ServiceVotes />);

    await user.dblClick(await screen.findByRole('button', { name: /^Thumbs up for .*, 0 votes$/ }));
    await user.click(thumbsDown());

    expect(thumbsUp()).toHaveAttribute('aria-disabled', 'true');
    expect(thumbsDown()).toHaveAttribute('aria-disabled', 'true');
    // aria-disabled keeps focus where it was, unlike the disabled attribute.
    expect(thumbsDown()).toHaveFocus();
    expect(callsTo(requests, 'PUT', votePath(SERVICE_ID))).toHaveLength(1);

    act(() =>
      answer(jsonResponse({ serviceId: SERVICE_ID, thumbsUp: 1, thumbsDown: 0, userVote: 'up' })),
    );
    expect(await screen.findByText('Thumbs Up!')).toBeInTheDocument();
    expect(thumbsUp()).not.toHaveAttribute('aria-disabled');
    expect(thumbsDown()).not.toHaveAttribute('aria-disabled');
    expect(callsTo(requests, 'PUT', votePath(SERVICE_ID))).toHaveLength(1);
  });

  it('says so when the vote fails, and changes nothing on screen', async () => {
    const { requests } = stubApi({
      'GET /api/auth/me': signedInAs(buildUser()),
      ...fakeVotesApi({ [SERVICE_ID]: { thumbsUp: 3, thumbsDown: 1, userVote: 'down' } }),
      [`PUT ${votePath(SERVICE_ID)}`]: () =>
        jsonResponse({ code: 'internal', message: 'Something went wrong' }, 500),
    });
    const user = userEvent.setup();
    renderWithProviders(<ServiceVotes />);

    await user.click(await screen.findByRole('button', { name: /^Thumbs up for .*, 3 votes$/ }));

    expect(await screen.findByText('Failed to record your vote.')).toBeInTheDocument();
    expect(screen.getByText('Something went wrong')).toBeInTheDocument();
    expect(thumbsUp()).toHaveAttribute('aria-pressed', 'false');
    expect(thumbsDown()).toHaveAttribute('aria-pressed', 'true');
    expect(thumbsUp()).toHaveAccessibleName(`Thumbs up for ${NAME}, 3 votes`);
    expect(thumbsDown()).toHaveAccessibleName(`Thumbs down for ${NAME}, 1 vote`);
    expect(thumbsUp()).not.toHaveAttribute('aria-disabled');
    // The API client's own retries (spec 7): the first try and 3 more.
    expect(callsTo(requests, 'PUT', votePath(SERVICE_ID))).toHaveLength(4);
  });

  it('shows why a vote was refused: a 429 asks the person to wait, and is not retried', async () => {
    const { requests } = stubApi({
      'GET /api/auth/me': signedInAs(buildUser()),
      ...fakeVotesApi({ [SERVICE_ID]: { thumbsUp: 0, thumbsDown: 0, userVote: null } }),
      [`PUT ${votePath(SERVICE_ID)}`]: () =>
        jsonResponse(
          {
            code: 'rate_limited',
            message: 'Too many requests. Please wait a minute and try again.',
          },
          429,
        ),
    });
    const user = userEvent.setup();
    renderWithProviders(<ServiceVotes />);

    await user.click(await screen.findByRole('button', { name: /^Thumbs up for .*, 0 votes$/ }));

    expect(await screen.findByText('Failed to record your vote.')).toBeInTheDocument();
    expect(
      screen.getByText('Too many requests. Please wait a minute and try again.'),
    ).toBeInTheDocument();
    expect(callsTo(requests, 'PUT', votePath(SERVICE_ID))).toHaveLength(1);
  });

  it('a vote whose answer is lost is sent again and stays recorded, never undone', async () => {
    const api = fakeVotesApi({ [SERVICE_ID]: { thumbsUp: 0, thumbsDown: 0, userVote: null } });
    const recordVote = api[`PUT ${votePath(SERVICE_ID)}`]!;
    let isFirstTry = true;
    const { requests } = stubApi({
      'GET /api/auth/me': signedInAs(buildUser()),
      ...api,
      // The server records the vote, but the answer never reaches the phone.
      [`PUT ${votePath(SERVICE_ID)}`]: (request) => {
        const answer = recordVote(request);
        if (!isFirstTry) return answer;
        isFirstTry = false;
        return networkError();
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<ServiceVotes />);

    await user.click(await screen.findByRole('button', { name: /^Thumbs up for .*, 0 votes$/ }));

    expect(await screen.findByText('Thumbs Up!')).toBeInTheDocument();
    expect(thumbsUp()).toHaveAttribute('aria-pressed', 'true');
    expect(thumbsUp()).toHaveAccessibleName(`Thumbs up for ${NAME}, 1 vote`);
    expect(callsTo(requests, 'PUT', votePath(SERVICE_ID))).toHaveLength(2);
  });
});
