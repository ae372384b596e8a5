import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser, signedInAs, signedOut } from '@/testing/auth';
import { callsTo, stubApi } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render';
import { fakeVotesApi, votesPath } from '../testing/fake-votes-api';
import { useBatchedServiceVotes } from './get-service-votes';
import { useVoteBatches } from './get-vote-batch';

function Card({ serviceId }: { serviceId: string }) {
  const { data } = useBatchedServiceVotes(serviceId);
  return (
    <p>
      {serviceId}:{' '}
      {data
        ? `${data.thumbsUp} up, ${data.thumbsDown} down, mine ${data.userVote}`
        : 'no votes yet'}
    </p>
  );
}

function Pages({ pages }: { pages: string[][] }) {
  useVoteBatches(pages);
  return pages.flat().map((serviceId) => <Card key={serviceId} serviceId={serviceId} />);
}

const VOTES = {
  'ods:A1': { thumbsUp: 1, thumbsDown: 0, userVote: null },
  'ods:A2': { thumbsUp: 0, thumbsDown: 2, userVote: 'down' as const },
  'ods:B1': { thumbsUp: 7, thumbsDown: 1, userVote: 'up' as const },
};

describe('GET /api/votes for pages of result cards', () => {
  it('asks once per page and gives every card its own counts, asking nothing per card', async () => {
    const { requests } = stubApi({
      'GET /api/auth/me': signedInAs(buildUser()),
      ...fakeVotesApi(VOTES),
    });
    renderWithProviders(
      <Pages
        pages={[
          ['ods:A1', 'ods:A2'],
          ['ods:B1', 'ods:unknown'],
        ]}
      />,
    );

    expect(await screen.findByText('ods:A1: 1 up, 0 down, mine null')).toBeInTheDocument();
    expect(await screen.findByText('ods:A2: 0 up, 2 down, mine down')).toBeInTheDocument();
    expect(await screen.findByText('ods:B1: 7 up, 1 down, mine up')).toBeInTheDocument();
    // The API leaves unknown services out; their cards simply show no counts.
    expect(screen.getByText('ods:unknown: no votes yet')).toBeInTheDocument();

    const batches = callsTo(requests, 'GET', '/api/votes');
    expect(batches.map((request) => request.query.get('serviceIds'))).toEqual([
      'ods:A1,ods:A2',
      'ods:B1,ods:unknown',
    ]);
    for (const serviceId of Object.keys(VOTES)) {
      expect(callsTo(requests, 'GET', votesPath(serviceId))).toHaveLength(0);
    }
  });

  it('asks nothing for an empty page', async () => {
    const { requests } = stubApi({ 'GET /api/auth/me': signedOut, ...fakeVotesApi(VOTES) });
    renderWithProviders(<Pages pages={[['ods:A1'], []]} />);

    expect(await screen.findByText('ods:A1: 1 up, 0 down, mine null')).toBeInTheDocument();
    expect(callsTo(requests, 'GET', '/api/votes')).toHaveLength(1);
  });
});
