import { randomUUID } from 'node:crypto';
import * as routes from '@locals/contracts/routes/votes';
import type { VoteSummary, VoteType } from '@locals/contracts/votes';
import { serviceVotes } from '@locals/db/schema';
import { eq } from 'drizzle-orm';
import type { Response as InjectResponse } from 'light-my-request';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkReply } from '../../testing/contract-reply';
import { aService, insertServices } from '../../testing/directory-fixtures';
import {
  aVisitor,
  signedInUser,
  signedOutClient,
  type SignedInUser,
} from '../../testing/signed-in';
import { useTestApp } from '../../testing/test-app';

type Caller = Pick<SignedInUser, 'call'>;

describe('votes', () => {
  let alice: SignedInUser;
  let bob: SignedInUser;
  const testApp = useTestApp();
  beforeAll(async () => {
    alice = await signedInUser(testApp.app, { firstName: 'Alice', lastName: 'Smith' });
    bob = await signedInUser(testApp.app, { firstName: 'Bob', lastName: 'Brown' });
  });

  /** A service of the test's own, so no test sees another's votes. */
  async function aFreshService(id = `votes-${randomUUID()}`) {
    await insertServices(testApp.database, [aService({ id })]);
    return id;
  }
  const vote = (person: SignedInUser, serviceId: string, voteType: VoteType) =>
    person.call(routes.setVote, { params: { id: serviceId }, body: { voteType } });
  const unvote = (person: SignedInUser, serviceId: string) =>
    person.call(routes.removeVote, { params: { id: serviceId } });
  /** The summary a vote answers with, checked against the contract. */
  const votedSummary = (response: InjectResponse) => checkReply(routes.setVote, response, 200);
  const unvotedSummary = (response: InjectResponse) => checkReply(routes.removeVote, response, 200);
  /** The counts a service shows this caller (anyone, by default). */
  const summaryFor = async (serviceId: string, caller: Caller = aVisitor(testApp.app)) => {
    const response = await caller.call(routes.getServiceVotes, { params: { id: serviceId } });
    return checkReply(routes.getServiceVotes, response, 200);
  };
  const batchFor = (caller: Caller, serviceIds: string[]) =>
    caller.call(routes.getVoteBatch, { query: { serviceIds: serviceIds.join(',') } });
  const rowsFor = (serviceId: string) =>
    testApp.database.db.select().from(serviceVotes).where(eq(serviceVotes.serviceId, serviceId));

  describe('PUT /api/services/:id/vote', () => {
    it('records a first vote and answers the counts with the person’s own vote', async () => {
      const serviceId = await aFreshService();

      const response = await vote(alice, serviceId, 'up');

      expect(await votedSummary(response)).toEqual({
        serviceId,
        thumbsUp: 1,
        thumbsDown: 0,
        userVote: 'up',
      });
      expect(await rowsFor(serviceId)).toMatchObject([
        { userId: alice.id, serviceId, voteType: 'up' },
      ]);
    });

    // PUT sets the vote, so repeating a request (a retry after a lost answer) never undoes it.
    // Spec 4's "the same type again removes the vote" is the web client's DELETE.
    it.each<[VoteType[], Omit<VoteSummary, 'serviceId'>]>([
      [['up'], { thumbsUp: 1, thumbsDown: 0, userVote: 'up' }],
      [['down'], { thumbsUp: 0, thumbsDown: 1, userVote: 'down' }],
      [['up', 'up'], { thumbsUp: 1, thumbsDown: 0, userVote: 'up' }],
      [['up', 'down'], { thumbsUp: 0, thumbsDown: 1, userVote: 'down' }],
      [['down', 'up'], { thumbsUp: 1, thumbsDown: 0, userVote: 'up' }],
      [['down', 'down', 'down'], { thumbsUp: 0, thumbsDown: 1, userVote: 'down' }],
    ])('after setting %j the service shows %j', async (votes, expected) => {
      const serviceId = await aFreshService();

      for (const voteType of votes) {
        await votedSummary(await vote(alice, serviceId, voteType));
      }

      expect(await summaryFor(serviceId, alice)).toEqual({ serviceId, ...expected });
      expect(await rowsFor(serviceId)).toHaveLength(1);
    });

    it('counts each person’s vote once and shows each their own', async () => {
      const serviceId = await aFreshService();
      await vote(alice, serviceId, 'up');

      const response = await vote(bob, serviceId, 'down');

      expect(await votedSummary(response)).toEqual({
        serviceId,
        thumbsUp: 1,
        thumbsDown: 1,
        userVote: 'down',
      });
    });

    it('ignores a userId in the body: the vote belongs to the signed-in person', async () => {
      const serviceId = await aFreshService();

      const response = await alice.send('PUT', `/api/services/${serviceId}/vote`, {
        voteType: 'up',
        userId: bob.id,
      });

      await votedSummary(response);
      expect(await rowsFor(serviceId)).toMatchObject([{ userId: alice.id }]);
    });

    it('accepts a service id with a colon, as the open data has', async () => {
      const serviceId = await aFreshService(`ods:${randomUUID()}`);

      const response = await vote(alice, serviceId, 'up');

      expect(await votedSummary(response)).toMatchObject({ serviceId, thumbsUp: 1 });
    });

    it.each([
      [{}, "voteType must be 'up' or 'down'"],
      [{ voteType: 'sideways' }, "voteType must be 'up' or 'down'"],
      [{ voteType: 1 }, "voteType must be 'up' or 'down'"],
    ])('refuses %j with "%s"', async (payload, message) => {
      const serviceId = await aFreshService();

      const response = await alice.send('PUT', `/api/services/${serviceId}/vote`, payload);

      expect(await checkReply(routes.setVote, response, 400)).toEqual({
        code: 'validation_error',
        message,
        fieldErrors: { voteType: [message] },
      });
    });

    it('answers 401 when signed out', async () => {
      const serviceId = await aFreshService();

      const response = await aVisitor(testApp.app).call(routes.setVote, {
        params: { id: serviceId },
        body: { voteType: 'up' },
      });

      expect(await checkReply(routes.setVote, response, 401)).toEqual({
        code: 'unauthenticated',
        message: 'Please sign in.',
      });
      expect(await rowsFor(serviceId)).toHaveLength(0);
    });

    it('answers 404 for a service that does not exist', async () => {
      const response = await vote(alice, 'no-such-service', 'up');

      expect(await checkReply(routes.setVote, response, 404)).toEqual({
        code: 'not_found',
        message: 'We could not find that service. It may have been removed.',
      });
    });

    it('answers 403 without the X-Requested-With header (a forged cross-site request)', async () => {
      const serviceId = await aFreshService();

      const response = await testApp.app.inject({
        method: 'PUT',
        url: `/api/services/${serviceId}/vote`,
        headers: { cookie: alice.cookie },
        payload: { voteType: 'up' },
      });

      expect((await checkReply(routes.setVote, response, 403)).code).toBe('csrf_check_failed');
      expect(await rowsFor(serviceId)).toHaveLength(0);
    });
  });

  describe('concurrent requests', () => {
    /** The counts a service shows, next to the counts of its rows. */
    async function countsAndRows(serviceId: string) {
      const rows = await rowsFor(serviceId);
      const shown = await summaryFor(serviceId);
      return {
        shown: { thumbsUp: shown.thumbsUp, thumbsDown: shown.thumbsDown },
        rows: {
          thumbsUp: rows.filter((row) => row.voteType === 'up').length,
          thumbsDown: rows.filter((row) => row.voteType === 'down').length,
        },
      };
    }

    it('twenty identical votes at once (a retried request) leave one vote', async () => {
      const clicker = await signedInUser(testApp.app);
      const serviceId = await aFreshService();

      const responses = await Promise.all(
        Array.from({ length: 20 }, () => vote(clicker, serviceId, 'up')),
      );

      await Promise.all(responses.map(votedSummary));
      expect(await rowsFor(serviceId)).toMatchObject([{ userId: clicker.id, voteType: 'up' }]);
      expect(await summaryFor(serviceId, clicker)).toEqual({
        serviceId,
        thumbsUp: 1,
        thumbsDown: 0,
        userVote: 'up',
      });
    });

    it('one person’s sets and removes at once end in one consistent state', async () => {
      const clicker = await signedInUser(testApp.app);
      const serviceId = await aFreshService();

      const responses = await Promise.all(
        Array.from({ length: 21 }, (_, index) =>
          index % 3 === 2
            ? unvote(clicker, serviceId)
            : vote(clicker, serviceId, index % 3 === 0 ? 'up' : 'down'),
        ),
      );

      expect(responses.every((response) => response.statusCode === 200)).toBe(true);
      const rows = await rowsFor(serviceId);
      expect(rows.length).toBeLessThanOrEqual(1);
      const summary = await summaryFor(serviceId, clicker);
      expect(summary).toEqual({
        serviceId,
        thumbsUp: rows[0]?.voteType === 'up' ? 1 : 0,
        thumbsDown: rows[0]?.voteType === 'down' ? 1 : 0,
        userVote: rows[0]?.voteType ?? null,
      });
    });

    it('votes by several people at once add up', async () => {
      const crowd = [alice, bob];
      for (let index = 0; index < 4; index += 1) crowd.push(await signedInUser(testApp.app));
      const serviceId = await aFreshService();
      const choices: VoteType[] = ['up', 'up', 'down', 'up', 'down', 'up'];

      const responses = await Promise.all(
        crowd.map((person, index) => vote(person, serviceId, choices[index]!)),
      );

      await Promise.all(responses.map(votedSummary));
      const summary = await summaryFor(serviceId);
      expect(summary).toEqual({ serviceId, thumbsUp: 4, thumbsDown: 2, userVote: null });
    });

    it('several people setting and removing at once: the counts equal the rows', async () => {
      const crowd: SignedInUser[] = [];
      for (let index = 0; index < 5; index += 1) crowd.push(await signedInUser(testApp.app));
      const serviceId = await aFreshService();
      await Promise.all(crowd.map((person) => vote(person, serviceId, 'down')));

      const responses = await Promise.all(
        crowd.flatMap((person, index) => [
          vote(person, serviceId, index % 2 === 0 ? 'up' : 'down'),
          unvote(person, serviceId),
          vote(person, serviceId, 'up'),
        ]),
      );

      expect(responses.every((response) => response.statusCode === 200)).toBe(true);
      const { shown, rows } = await countsAndRows(serviceId);
      expect(shown).toEqual(rows);
      expect(shown.thumbsUp + shown.thumbsDown).toBeLessThanOrEqual(crowd.length);
    });
  });

  describe('DELETE /api/services/:id/vote', () => {
    it('removes the person’s vote and leaves everyone else’s', async () => {
      const serviceId = await aFreshService();
      await vote(alice, serviceId, 'up');
      await vote(bob, serviceId, 'up');

      const response = await unvote(alice, serviceId);

      expect(await unvotedSummary(response)).toEqual({
        serviceId,
        thumbsUp: 1,
        thumbsDown: 0,
        userVote: null,
      });
      expect(await rowsFor(serviceId)).toMatchObject([{ userId: bob.id }]);
    });

    it('answers the same when there was no vote to remove', async () => {
      const serviceId = await aFreshService();

      const first = await unvote(alice, serviceId);
      const second = await unvote(alice, serviceId);

      await unvotedSummary(first);
      expect(await unvotedSummary(second)).toEqual({
        serviceId,
        thumbsUp: 0,
        thumbsDown: 0,
        userVote: null,
      });
    });

    it('answers 404 for a service that does not exist', async () => {
      const response = await unvote(alice, 'no-such-service');

      expect((await checkReply(routes.removeVote, response, 404)).message).toBe(
        'We could not find that service. It may have been removed.',
      );
    });

    it('answers 401 when signed out', async () => {
      const serviceId = await aFreshService();

      const response = await aVisitor(testApp.app).call(routes.removeVote, {
        params: { id: serviceId },
      });

      await checkReply(routes.removeVote, response, 401);
    });
  });

  describe('GET /api/services/:id/votes', () => {
    it('shows the counts to anyone, with no vote of their own when signed out', async () => {
      const serviceId = await aFreshService();
      await vote(alice, serviceId, 'down');

      expect(await summaryFor(serviceId)).toEqual({
        serviceId,
        thumbsUp: 0,
        thumbsDown: 1,
        userVote: null,
      });
    });

    it('shows a signed-in person their own vote and not anyone else’s', async () => {
      const serviceId = await aFreshService();
      await vote(alice, serviceId, 'down');

      const asAlice = await summaryFor(serviceId, alice);
      const asBob = await summaryFor(serviceId, bob);

      expect(asAlice.userVote).toBe('down');
      expect(asBob.userVote).toBeNull();
    });

    it('answers 404 for a service that does not exist', async () => {
      const response = await aVisitor(testApp.app).call(routes.getServiceVotes, {
        params: { id: 'no-such-service' },
      });

      await checkReply(routes.getServiceVotes, response, 404);
    });
  });

  describe('GET /api/votes', () => {
    it('answers every known service in the order asked, leaving unknown ids out', async () => {
      const first = await aFreshService();
      const second = await aFreshService();
      await vote(alice, first, 'up');
      await vote(bob, second, 'down');

      const response = await batchFor(alice, [second, 'no-such-service', first, second]);

      expect(await checkReply(routes.getVoteBatch, response, 200)).toEqual({
        votes: [
          { serviceId: second, thumbsUp: 0, thumbsDown: 1, userVote: null },
          { serviceId: first, thumbsUp: 1, thumbsDown: 0, userVote: 'up' },
        ],
      });
    });

    it('shows no one’s own vote when signed out', async () => {
      const serviceId = await aFreshService();
      await vote(alice, serviceId, 'up');

      const response = await batchFor(aVisitor(testApp.app), [serviceId]);

      expect((await checkReply(routes.getVoteBatch, response, 200)).votes).toEqual([
        { serviceId, thumbsUp: 1, thumbsDown: 0, userVote: null },
      ]);
    });

    it.each([
      ['', 'serviceIds is required'],
      ['?serviceIds=', 'serviceIds is required'],
      ['?serviceIds=,,', 'serviceIds is required'],
      [
        `?serviceIds=${Array.from({ length: 101 }, (_, index) => `s${index}`).join(',')}`,
        'Ask for at most 100 services at once',
      ],
    ])('refuses the query %j with "%s"', async (query, message) => {
      const response = await signedOutClient(testApp.app)('GET', `/api/votes${query}`);

      expect((await checkReply(routes.getVoteBatch, response, 400)).message).toBe(message);
    });
  });

  it('limits each person to 60 votes a minute', async () => {
    const eager = await signedInUser(testApp.app);
    const serviceId = await aFreshService();

    const allowed = await Promise.all(
      Array.from({ length: 60 }, () => vote(eager, serviceId, 'up')),
    );
    const refused = await vote(eager, serviceId, 'up');
    const someoneElse = await vote(bob, serviceId, 'up');

    await Promise.all(allowed.map(votedSummary));
    expect(await checkReply(routes.setVote, refused, 429)).toEqual({
      code: 'rate_limited',
      message: 'Too many requests. Please wait a minute and try again.',
    });
    await votedSummary(someoneElse);
  });

  it('documents every route in /api/docs', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/docs/json' });
    const { paths } = response.json<{
      paths: Record<string, Record<string, { tags?: string[]; summary?: string }>>;
    }>();

    for (const [path, method] of [
      ['/api/services/{id}/vote', 'put'],
      ['/api/services/{id}/vote', 'delete'],
      ['/api/services/{id}/votes', 'get'],
      ['/api/votes', 'get'],
    ] as const) {
      const operation = paths[path]?.[method];
      expect(operation?.tags).toEqual(['votes']);
      expect(operation?.summary).toMatch(/\w/);
    }
  });
});
