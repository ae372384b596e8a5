import { listingProviders } from '@locals/db/schema';
import type { Response as InjectResponse } from 'light-my-request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneTimeLinks } from './modules/listings';
import { aService, insertBristolGeography, insertServices } from './testing/directory-fixtures';
import { aSession, anEvent, idOfTestEvent, insertEvents } from './testing/event-fixtures';
import { signedInUser, signedOutClient, type SignedInUser } from './testing/signed-in';
import { createTestApp } from './testing/test-app';

/**
 * OWASP API1 (broken object-level authorisation), checked route by route: Ana owns one of
 * everything, and Ben, signed in, tries every route that needs a signed-in person against it.
 * Ben may only ever reach his own things; Ana's must come through untouched. The routes come
 * from the OpenAPI document, so a new signed-in route without a probe here fails the suite.
 */

type Ids = {
  service: string;
  secondService: string;
  note: string;
  /** A note and a review Ana has deleted: their ids are hers alone to delete again. */
  deletedNote: string;
  review: string;
  deletedReview: string;
  event: string;
  secondEvent: string;
  shareToken: string;
  /** A one-time link to manage test:own-1, sent to Ana's address. */
  claimToken: string;
  /** An event Ana added herself (decision 038), waiting for a moderator. */
  myEvent: string;
};
type Probe = (ben: SignedInUser, ana: SignedInUser, ids: Ids) => Promise<void>;

const ok = (response: InjectResponse) => {
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json<Record<string, unknown>>();
};
const notFound = (response: InjectResponse) => expect(response.statusCode, response.body).toBe(404);
const forbidden = (response: InjectResponse) =>
  expect(response.statusCode, response.body).toBe(403);

/** What Ana sees of her own things; compared before and after Ben's attempts. */
async function anasView(ana: SignedInUser, ids: Ids) {
  const read = async (url: string) => ok(await ana.send('GET', url));
  const { bookmarks } = (await read('/api/users/bookmarks')) as {
    bookmarks: Array<{ id: string; serviceId?: string; eventId?: string }>;
  };
  return {
    // Ids only: the services inside carry ratings that Ben's review may rightly change.
    bookmarks: bookmarks.map(({ id, serviceId, eventId }) => ({ id, serviceId, eventId })),
    share: await read('/api/users/me/bookmark-share'),
    notes: await read('/api/users/me/notes'),
    suggestions: await read('/api/users/me/suggestions'),
    vote: await read(`/api/services/${ids.service}/votes`),
    review: (await read(`/api/services/${ids.service}/reviews`)).myReview,
    listing: await read(`/api/my/listings/${ids.service}`),
    myEvents: await read('/api/my/events'),
  };
}

/** One probe per route that answers 401 when signed out, keyed as the OpenAPI document names it. */
const probes: Record<string, Probe> = {
  'GET /api/users/bookmarks': async (ben) => {
    expect(ok(await ben.send('GET', '/api/users/bookmarks')).bookmarks).toEqual([]);
  },
  'POST /api/bookmarks': async (ben, ana, ids) => {
    // A user id in the body is not a way to write for someone else.
    ok(await ben.send('POST', '/api/bookmarks', { serviceId: ids.secondService, userId: ana.id }));
    const bens = ok(await ben.send('GET', '/api/users/bookmarks')).bookmarks;
    expect(bens).toHaveLength(1);
  },
  // Removing a bookmark names the service, so Ben's DELETE is about his own list: it answers
  // 200 (idempotent, safe to retry) and says nothing of Ana's, which stays.
  'DELETE /api/bookmarks/{serviceId}': async (ben, ana, ids) => {
    ok(await ben.send('DELETE', `/api/bookmarks/${ids.service}`));
    const anas = ok(await ana.send('GET', '/api/users/bookmarks')).bookmarks;
    expect(anas).toContainEqual(expect.objectContaining({ serviceId: ids.service }));
  },
  'POST /api/bookmarks/events': async (ben, ana, ids) => {
    ok(
      await ben.send('POST', '/api/bookmarks/events', {
        eventId: ids.secondEvent,
        userId: ana.id,
      }),
    );
    const bens = ok(await ben.send('GET', '/api/users/bookmarks')).bookmarks as unknown[];
    expect(bens).toContainEqual(expect.objectContaining({ eventId: ids.secondEvent }));
    expect(bens).not.toContainEqual(expect.objectContaining({ eventId: ids.event }));
  },
  'DELETE /api/bookmarks/events/{eventId}': async (ben, ana, ids) => {
    ok(await ben.send('DELETE', `/api/bookmarks/events/${ids.event}`));
    const anas = ok(await ana.send('GET', '/api/users/bookmarks')).bookmarks;
    expect(anas).toContainEqual(expect.objectContaining({ eventId: ids.event }));
  },
  'GET /api/users/me/bookmark-share': async (ben) => {
    expect(ok(await ben.send('GET', '/api/users/me/bookmark-share')).share).toBeNull();
  },
  'POST /api/users/me/bookmark-share': async (ben, _ana, ids) => {
    const { share } = ok(await ben.send('POST', '/api/users/me/bookmark-share')) as {
      share: { token: string };
    };
    expect(share.token).not.toBe(ids.shareToken);
  },
  'DELETE /api/users/me/bookmark-share': async (ben, _ana, ids) => {
    await ben.send('DELETE', '/api/users/me/bookmark-share');
    // Ben revoked his own link; Ana's still works.
    const shared = await signedOutClient(appUnderTest())(
      'GET',
      `/api/shared/bookmarks/${ids.shareToken}`,
    );
    expect(shared.statusCode).toBe(200);
  },
  'GET /api/users/me/notes': async (ben, _ana, ids) => {
    expect(ok(await ben.send('GET', '/api/users/me/notes')).notes).toEqual([]);
    expect(ok(await ben.send('GET', `/api/users/me/notes?serviceId=${ids.service}`)).notes).toEqual(
      [],
    );
  },
  'POST /api/notes': async (ben, ana, ids) => {
    ok(
      await ben.send('POST', '/api/notes', {
        serviceId: ids.service,
        noteText: 'Ben',
        userId: ana.id,
      }),
    );
    expect(ok(await ben.send('GET', '/api/users/me/notes')).notes).toHaveLength(1);
  },
  'PATCH /api/notes/{id}': async (ben, _ana, ids) => {
    notFound(await ben.send('PATCH', `/api/notes/${ids.note}`, { noteText: 'Overwritten' }));
  },
  'DELETE /api/notes/{id}': async (ben, _ana, ids) => {
    // A deleted note's id answers only its author with 200 (a retry); Ben gets 404 either way.
    notFound(await ben.send('DELETE', `/api/notes/${ids.note}`));
    notFound(await ben.send('DELETE', `/api/notes/${ids.deletedNote}`));
  },
  'PUT /api/services/{id}/vote': async (ben, ana, ids) => {
    const summary = ok(
      await ben.send('PUT', `/api/services/${ids.service}/vote`, {
        voteType: 'down',
        userId: ana.id,
      }),
    );
    expect(summary).toMatchObject({ userVote: 'down', thumbsUp: 1, thumbsDown: 1 });
  },
  'DELETE /api/services/{id}/vote': async (ben, _ana, ids) => {
    const summary = ok(await ben.send('DELETE', `/api/services/${ids.service}/vote`));
    expect(summary).toMatchObject({ userVote: null, thumbsUp: 1, thumbsDown: 0 });
  },
  'POST /api/reviews': async (ben, ana, ids) => {
    const response = await ben.send('POST', '/api/reviews', {
      serviceId: ids.service,
      rating: 1,
      reviewText: 'Ben thinks otherwise',
      userId: ana.id,
    });
    expect(response.statusCode).toBe(201); // a new review of Ben's, not an edit of Ana's
  },
  'DELETE /api/reviews/{id}': async (ben, _ana, ids) => {
    notFound(await ben.send('DELETE', `/api/reviews/${ids.review}`));
    notFound(await ben.send('DELETE', `/api/reviews/${ids.deletedReview}`));
  },
  'POST /api/suggestions': async (ben, ana, ids) => {
    ok(
      await ben.send('POST', '/api/suggestions', {
        serviceId: ids.service,
        suggestionText: 'The phone number has changed.',
        userId: ana.id,
      }),
    );
  },
  'GET /api/users/me/suggestions': async (ben) => {
    const { suggestions } = ok(await ben.send('GET', '/api/users/me/suggestions')) as {
      suggestions: Array<{ suggestionText: string }>;
    };
    expect(suggestions.map((s) => s.suggestionText)).toEqual(['The phone number has changed.']);
  },
  'GET /api/auth/me': async (ben) => {
    expect(ok(await ben.send('GET', '/api/auth/me')).user).toMatchObject({ id: ben.id });
  },
  // Moderation routes own nothing of a person's: Ben, not a moderator, is refused (decision 023).
  'GET /api/moderation/applications': async (ben) => {
    forbidden(await ben.send('GET', '/api/moderation/applications'));
  },
  'GET /api/moderation/audit': async (ben) => {
    forbidden(await ben.send('GET', '/api/moderation/audit'));
  },
  'GET /api/moderation/applications/{id}': async (ben, _ana, ids) => {
    forbidden(await ben.send('GET', `/api/moderation/applications/${ids.note}`));
  },
  'POST /api/moderation/applications/{id}/approve': async (ben, _ana, ids) => {
    forbidden(
      await ben.send('POST', `/api/moderation/applications/${ids.note}/approve`, {
        listing: A_LISTING,
      }),
    );
  },
  'POST /api/moderation/applications/{id}/reject': async (ben, _ana, ids) => {
    forbidden(
      await ben.send('POST', `/api/moderation/applications/${ids.note}/reject`, { reason: 'No' }),
    );
  },
  'GET /api/moderation/suggestions': async (ben) => {
    forbidden(await ben.send('GET', '/api/moderation/suggestions'));
  },
  'POST /api/moderation/suggestions/{id}/decision': async (ben, _ana, ids) => {
    forbidden(
      await ben.send('POST', `/api/moderation/suggestions/${ids.note}/decision`, {
        decision: 'rejected',
      }),
    );
  },
  'GET /api/moderation/provider-edits': async (ben) => {
    forbidden(await ben.send('GET', '/api/moderation/provider-edits'));
  },
  'POST /api/moderation/provider-edits/{id}/revert': async (ben) => {
    forbidden(await ben.send('POST', '/api/moderation/provider-edits/1/revert'));
  },
  'GET /api/moderation/stale-listings': async (ben) => {
    forbidden(await ben.send('GET', '/api/moderation/stale-listings'));
  },
  'GET /api/moderation/events': async (ben) => {
    forbidden(await ben.send('GET', '/api/moderation/events'));
  },
  'POST /api/moderation/events/{id}/publish': async (ben, _ana, ids) => {
    forbidden(await ben.send('POST', `/api/moderation/events/${ids.event}/publish`));
  },
  'POST /api/moderation/events/{id}/refuse': async (ben, _ana, ids) => {
    forbidden(
      await ben.send('POST', `/api/moderation/events/${ids.event}/refuse`, { reason: 'No' }),
    );
  },
  // Ana provides test:own-1 (issue 15): Ben can neither read, edit nor take it.
  'GET /api/my/listings': async (ben) => {
    expect(ok(await ben.send('GET', '/api/my/listings')).listings).toEqual([]);
  },
  'GET /api/my/listings/{id}': async (ben, _ana, ids) => {
    forbidden(await ben.send('GET', `/api/my/listings/${ids.service}`));
  },
  'PUT /api/my/listings/{id}': async (ben, _ana, ids) => {
    forbidden(await ben.send('PUT', `/api/my/listings/${ids.service}`, { listing: A_LISTING }));
  },
  'POST /api/my/listings/claim': async (ben, _ana, ids) => {
    // The link was sent to Ana's address: holding it is not enough.
    forbidden(await ben.send('POST', '/api/my/listings/claim', { token: ids.claimToken }));
  },
  // Ana added an event herself (decision 038): Ben can neither see, change, cancel nor delete it.
  'POST /api/my/events': async (ben, ana) => {
    const { data } = ok(
      await ben.send('POST', '/api/my/events', {
        ...AN_EVENT,
        title: "Ben's Walk",
        userId: ana.id,
      }),
    ) as { data: { id: string } };
    const bens = ok(await ben.send('GET', '/api/my/events')).data as Array<{ id: string }>;
    expect(bens.map(({ id }) => id)).toContain(data.id);
  },
  'GET /api/my/events': async (ben, _ana, ids) => {
    const bens = ok(await ben.send('GET', '/api/my/events')).data as Array<{ id: string }>;
    expect(bens.map(({ id }) => id)).not.toContain(ids.myEvent);
  },
  'GET /api/my/events/{id}': async (ben, _ana, ids) => {
    notFound(await ben.send('GET', `/api/my/events/${ids.myEvent}`));
  },
  'PUT /api/my/events/{id}': async (ben, _ana, ids) => {
    notFound(await ben.send('PUT', `/api/my/events/${ids.myEvent}`, AN_EVENT));
  },
  'DELETE /api/my/events/{id}': async (ben, _ana, ids) => {
    notFound(await ben.send('DELETE', `/api/my/events/${ids.myEvent}`));
  },
  'POST /api/my/events/{id}/cancelled-dates': async (ben, _ana, ids) => {
    notFound(
      await ben.send('POST', `/api/my/events/${ids.myEvent}/cancelled-dates`, {
        date: AN_EVENT.date,
      }),
    );
  },
  'POST /api/my/events/{id}/cancel': async (ben, _ana, ids) => {
    notFound(await ben.send('POST', `/api/my/events/${ids.myEvent}/cancel`));
  },
};

const FIRST_EVENT = idOfTestEvent('own-event-1');

const A_LISTING = {
  name: 'Own Food Bank',
  description: 'Food parcels.',
  categories: ['food'],
  phones: ['0117 496 0000'],
  email: '',
  website: '',
  address: '1 Corn Street, Bristol',
  postcode: 'BS1 4DJ',
  openingHours: '',
};

/** An event a week from now, as an organiser sends it. */
const AN_EVENT = {
  title: "Ana's Coffee Morning",
  description: 'Tea and a chat.',
  category: 'wellbeing',
  date: new Date(Date.now() + 7 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10),
  startTime: '10:00',
  venue: 'Corn Street Hall',
  address: '1 Corn Street, Bristol',
  postcode: 'BS1 4DJ',
  organizerName: 'Ana Ames',
  organizerEmail: 'ana@example.org',
};

const validBodies: Record<string, object> = {
  'POST /api/bookmarks': { serviceId: 'test:own-1' },
  'POST /api/bookmarks/events': { eventId: FIRST_EVENT },
  'POST /api/notes': { serviceId: 'test:own-1', noteText: 'Note' },
  'PATCH /api/notes/{id}': { noteText: 'Note' },
  'PUT /api/services/{id}/vote': { voteType: 'up' },
  'POST /api/reviews': { serviceId: 'test:own-1', rating: 3, reviewText: 'Fine' },
  'POST /api/suggestions': { serviceId: 'test:own-1', suggestionText: 'Closed now' },
  'POST /api/moderation/applications/{id}/approve': { listing: A_LISTING },
  'POST /api/moderation/applications/{id}/reject': { reason: 'Not a community service' },
  'POST /api/moderation/suggestions/{id}/decision': { decision: 'rejected' },
  'POST /api/moderation/events/{id}/refuse': { reason: 'Not a community event' },
  'PUT /api/my/listings/{id}': { listing: A_LISTING },
  'POST /api/my/listings/claim': { token: 'a'.repeat(43) },
  'POST /api/my/events': AN_EVENT,
  'PUT /api/my/events/{id}': AN_EVENT,
  'POST /api/my/events/{id}/cancelled-dates': { date: AN_EVENT.date },
};

/** Routes whose 401 is not for signed-out people, with the reason. */
const notSignedOutRefusals: Record<string, string> = {
  'GET /api/auth/me': 'answers a signed-out browser { user: null }; 401 refuses only a bad token',
};

/** Routes that answer 401 but own no object, with the reason. */
const notObjectRoutes: Record<string, string> = {
  'POST /api/auth/login': "the built-in issuer's sign-in step: it answers 401 for wrong passwords",
};

let current: Awaited<ReturnType<typeof createTestApp>>;
const appUnderTest = () => current.app;

describe('no one can read or change what another person owns', () => {
  let ana: SignedInUser;
  let ben: SignedInUser;
  let ids: Ids;
  let anaBefore: Awaited<ReturnType<typeof anasView>>;

  beforeAll(async () => {
    current = await createTestApp({ sleep: async () => {} });
    const { app, database } = current;
    await insertBristolGeography(database);
    await insertServices(database, [
      aService({ id: 'test:own-1' }),
      aService({ id: 'test:own-2' }),
    ]);
    [ana, ben] = [
      await signedInUser(app, { firstName: 'Ana', lastName: 'Ames' }),
      await signedInUser(app, { firstName: 'Ben', lastName: 'Brown' }),
    ];
    const service = 'test:own-1';
    ok(await ana.send('POST', '/api/bookmarks', { serviceId: service }));
    await insertEvents(database, [
      anEvent({ sourceUid: 'own-event-1', occurrences: [aSession('2030-01-08T10:00:00Z')] }),
      anEvent({ sourceUid: 'own-event-2', occurrences: [aSession('2030-01-09T10:00:00Z')] }),
    ]);
    ok(await ana.send('POST', '/api/bookmarks/events', { eventId: FIRST_EVENT }));
    const { share } = ok(await ana.send('POST', '/api/users/me/bookmark-share')) as {
      share: { token: string };
    };
    const { note } = ok(
      await ana.send('POST', '/api/notes', { serviceId: service, noteText: 'Ask for Jo' }),
    ) as { note: { id: string } };
    ok(await ana.send('PUT', `/api/services/${service}/vote`, { voteType: 'up' }));
    const { review } = ok(
      await ana.send('POST', '/api/reviews', { serviceId: service, rating: 5, reviewText: 'Kind' }),
    ) as { review: { id: string } };
    ok(
      await ana.send('POST', '/api/suggestions', {
        serviceId: service,
        suggestionText: 'Open on Saturdays now.',
      }),
    );
    const { note: deletedNote } = ok(
      await ana.send('POST', '/api/notes', { serviceId: service, noteText: 'Old' }),
    ) as { note: { id: string } };
    ok(await ana.send('DELETE', `/api/notes/${deletedNote.id}`));
    const { review: deletedReview } = ok(
      await ana.send('POST', '/api/reviews', {
        serviceId: 'test:own-2',
        rating: 2,
        reviewText: 'Gone',
      }),
    ) as { review: { id: string } };
    ok(await ana.send('DELETE', `/api/reviews/${deletedReview.id}`));
    ids = {
      service,
      secondService: 'test:own-2',
      note: note.id,
      deletedNote: deletedNote.id,
      review: review.id,
      deletedReview: deletedReview.id,
      event: FIRST_EVENT,
      secondEvent: idOfTestEvent('own-event-2'),
      shareToken: share.token,
      claimToken: '',
      myEvent: '',
    };
    await database.db
      .insert(listingProviders)
      .values({ serviceId: service, email: ana.email, userId: ana.id });
    ids.claimToken = await oneTimeLinks.issue(database.db, {
      purpose: 'claim',
      serviceId: service,
      email: ana.email,
      now: new Date(),
    });
    const { data: myEvent } = ok(await ana.send('POST', '/api/my/events', AN_EVENT)) as {
      data: { id: string };
    };
    ids.myEvent = myEvent.id;
    anaBefore = await anasView(ana, ids);
  });
  afterAll(() => current?.close());

  const signedInRoutes = () => {
    const document = current.app.swagger() as {
      paths: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
    };
    return Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => operation.responses?.['401'])
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
  };

  it('has a probe for every route that needs a signed-in person', () => {
    const unprobed = signedInRoutes().filter((route) => !probes[route] && !notObjectRoutes[route]);
    expect(unprobed).toEqual([]);
  });

  it('answers every such route with 401 when nobody is signed in', async () => {
    const anonymous = signedOutClient(current.app);
    for (const route of signedInRoutes()) {
      if (notObjectRoutes[route] || notSignedOutRefusals[route]) continue;
      const [method, path] = route.split(' ') as [
        'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
        string,
      ];
      const url = path.replace(/\{(\w+)\}/g, (_match, name: string) =>
        name === 'eventId'
          ? ids.event
          : name === 'serviceId' || path.startsWith('/api/my/listings')
            ? ids.service
            : path.includes('provider-edits')
              ? '1'
              : ids.note,
      );
      // A valid body: validation runs before the sign-in check, and this is about the latter.
      const response = await anonymous(method, url, validBodies[route]);
      expect(response.statusCode, route).toBe(401);
    }
  });

  it.each(Object.keys(probes))('%s: Ben reaches only his own things', async (route) => {
    await probes[route]!(ben, ana, ids);
  });

  it("leaves everything of Ana's exactly as it was", async () => {
    expect(await anasView(ana, ids)).toEqual(anaBefore);
  });
});
