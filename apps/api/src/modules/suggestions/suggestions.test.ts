import { randomUUID } from 'node:crypto';
import { ProviderSuggestionSchema } from '@locals/contracts/suggestions';
import * as routes from '@locals/contracts/routes/suggestions';
import { listingProviders, suggestions } from '@locals/db/schema';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { checkReply } from '../../testing/contract-reply';
import { aService, insertServices } from '../../testing/directory-fixtures';
import { aVisitor, signedInUser, type SignedInUser } from '../../testing/signed-in';
import { useTestApp } from '../../testing/test-app';
import { readOutbox } from '../../lib/mailer';

describe('suggestions', () => {
  let clock = new Date('2025-06-02T09:00:00.000Z');
  const testApp = useTestApp({ now: () => clock });
  let sam: SignedInUser;
  let bob: SignedInUser;
  beforeAll(async () => {
    sam = await signedInUser(testApp.app, { firstName: 'Sam', lastName: 'Jones' });
    bob = await signedInUser(testApp.app, { firstName: 'Bob', lastName: 'Brown' });
  });

  /**
   * A service of the test's own, claimed by its provider on Locals; `email` is the listing's
   * contact address.
   */
  async function aFreshService(email: string | null = `provider-${randomUUID()}@example.org`) {
    const service = await anUnclaimedService(email);
    await testApp.database.db
      .insert(listingProviders)
      .values({ serviceId: service.id, email: email ?? 'provider@example.org' });
    return service;
  }
  /** Imported open data that no organisation has claimed on Locals. */
  async function anUnclaimedService(email: string | null) {
    const id = `suggestions-${randomUUID()}`;
    const name = `Central Library ${id.slice(-6)}`;
    await insertServices(testApp.database, [
      aService({ id, name, email, source: 'libraries-hacked' }),
    ]);
    return { id, name, email };
  }
  type NewSuggestion = { serviceId: string; suggestionText: string };
  const suggest = (person: SignedInUser, body: NewSuggestion, headers?: Record<string, string>) =>
    person.call(routes.createSuggestion, { body }, headers);
  /** Malformed on purpose: fields missing, or one the contract does not name. */
  const suggestAnything = (person: SignedInUser, payload: object) =>
    person.send('POST', '/api/suggestions', payload);
  const mySuggestions = async (person: SignedInUser) =>
    (
      await checkReply(
        routes.listMySuggestions,
        await person.call(routes.listMySuggestions, {}),
        200,
      )
    ).suggestions;
  const rowsFor = (serviceId: string) =>
    testApp.database.db.select().from(suggestions).where(eq(suggestions.serviceId, serviceId));
  const mailTo = async (to: string) =>
    (await readOutbox(testApp.outboxDir)).filter((message) => message.to === to);
  /** The respond link in the newest email to `to`, as the path and query the web page gets. */
  async function respondLinkIn(to: string) {
    const link = (await mailTo(to))
      .at(-1)
      ?.text.match(/https?:\/\/\S+\/suggestions\/respond\?token=\S+/)?.[0];
    if (!link) throw new Error(`No respond link in the mail to ${to}`);
    return new URL(link);
  }
  /** Whoever holds the emailed link: signed out, from an address of their own. */
  const provider = () => aVisitor(testApp.app);

  describe('POST /api/suggestions', () => {
    it('stores the suggestion as new (201) and emails the provider a link to answer it', async () => {
      const service = await aFreshService();

      const response = await suggest(sam, {
        serviceId: service.id,
        suggestionText: '  Your Saturday hours have changed to 10-2.  ',
      });

      const { suggestion } = await checkReply(routes.createSuggestion, response, 201);
      expect(suggestion).toMatchObject({
        serviceId: service.id,
        serviceName: service.name,
        suggestionText: 'Your Saturday hours have changed to 10-2.',
        status: 'new',
        createdAt: '2025-06-02T09:00:00.000Z',
      });
      const [row] = await rowsFor(service.id);
      expect(row).toMatchObject({ id: suggestion.id, userId: sam.id, status: 'new' });
      expect(row?.providerToken).toMatch(/^[A-Za-z0-9_-]{32}$/);

      const [mail] = await mailTo(service.email!);
      expect(mail?.subject).toContain(service.name);
      expect(mail?.text).toContain(service.name);
      expect(mail?.text).toContain('Your Saturday hours have changed to 10-2.');
      expect(mail?.text).toContain(
        `http://localhost:3000/suggestions/respond?token=${row?.providerToken}`,
      );
      // The provider learns what was suggested, never who suggested it.
      for (const secret of [sam.email, sam.id, 'Sam', 'Jones']) {
        expect(mail?.text).not.toContain(secret);
        expect(mail?.subject).not.toContain(secret);
      }
    });

    it('tells the sender the provider of a claimed listing will read it', async () => {
      const service = await aFreshService();
      const person = await signedInUser(testApp.app);

      const response = await suggest(person, { serviceId: service.id, suggestionText: 'Hi.' });

      const { suggestion } = await checkReply(routes.createSuggestion, response, 201);
      expect(suggestion.readBy).toBe('provider');
      expect(await mailTo(service.email!)).toHaveLength(1);
    });

    it('sends an unclaimed open-data listing’s suggestion to moderators, never to its address', async () => {
      const service = await anUnclaimedService('lending.library@example.gov.uk');
      const person = await signedInUser(testApp.app);

      const response = await suggest(person, {
        serviceId: service.id,
        suggestionText: 'The library now opens on Sundays.',
      });

      const { suggestion } = await checkReply(routes.createSuggestion, response, 201);
      expect(suggestion).toMatchObject({ status: 'new', readBy: 'moderators' });
      expect(await mailTo(service.email!)).toEqual([]);
      // Nothing is left due for the retry timer to send later either.
      expect(await rowsFor(service.id)).toMatchObject([
        { emailSentAt: null, emailAttempts: 0, emailNextAttemptAt: null },
      ]);
      expect(await mySuggestions(person)).toMatchObject([{ readBy: 'moderators' }]);
    });

    it('sends the email to the Locals team when the service has no contact address', async () => {
      const service = await aFreshService(null);

      await suggest(sam, { serviceId: service.id, suggestionText: 'The phone number is wrong.' });

      const mail = (await mailTo('listings@locals.org.uk')).at(-1);
      expect(mail?.text).toContain(service.name);
      expect(mail?.text).toContain('The phone number is wrong.');
      expect(mail?.text).toContain('This listing has no contact email');
    });

    it('keeps the suggestion when the email cannot be sent, and records the try', async () => {
      const service = await aFreshService();
      const send = vi
        .spyOn(testApp.app.mailer, 'send')
        .mockRejectedValueOnce(new Error('SMTP is down'));

      const response = await suggest(sam, { serviceId: service.id, suggestionText: 'Hello.' });

      expect(send).toHaveBeenCalledOnce();
      send.mockRestore();
      await checkReply(routes.createSuggestion, response, 201);
      // Tried again a minute later (suggestion-emails.test.ts follows it through).
      expect(await rowsFor(service.id)).toMatchObject([
        {
          emailSentAt: null,
          emailAttempts: 1,
          emailNextAttemptAt: new Date(clock.getTime() + 60_000),
        },
      ]);
    });

    it('records when the provider’s email went out', async () => {
      const service = await aFreshService();

      await suggest(sam, { serviceId: service.id, suggestionText: 'Sent.' });

      expect(await rowsFor(service.id)).toMatchObject([
        { emailSentAt: clock, emailAttempts: 1, emailNextAttemptAt: null },
      ]);
    });

    it('ignores a userId in the body (spec 7): the suggestion is the signed-in person’s', async () => {
      const service = await aFreshService();

      await suggestAnything(sam, { serviceId: service.id, suggestionText: 'Hi.', userId: bob.id });

      expect(await rowsFor(service.id)).toMatchObject([{ userId: sam.id }]);
    });

    it.each([
      ['suggestionText', { suggestionText: '   ' }, 'Suggestion is required'],
      ['suggestionText', { suggestionText: undefined }, 'Suggestion is required'],
      [
        'suggestionText',
        { suggestionText: 'x'.repeat(2001) },
        'Suggestion must be 2,000 characters or fewer',
      ],
      ['serviceId', { serviceId: undefined }, 'serviceId is required'],
      ['serviceId', { serviceId: ' ' }, 'serviceId is required'],
    ])('refuses a bad %s (%j) with "%s"', async (field, change, message) => {
      const service = await aFreshService();

      const response = await suggestAnything(sam, {
        serviceId: service.id,
        suggestionText: 'Fine.',
        ...change,
      });

      expect(await checkReply(routes.createSuggestion, response, 400)).toEqual({
        code: 'validation_error',
        message,
        fieldErrors: { [field]: [message] },
      });
    });

    it('answers 404 for a service that does not exist', async () => {
      const response = await suggest(bob, { serviceId: 'no-such-service', suggestionText: 'Hi.' });

      expect(await checkReply(routes.createSuggestion, response, 404)).toEqual({
        code: 'not_found',
        message: 'We could not find that service. It may have been removed.',
      });
    });

    it('answers 401 when signed out', async () => {
      const service = await aFreshService();

      const response = await aVisitor(testApp.app).call(routes.createSuggestion, {
        body: { serviceId: service.id, suggestionText: 'Hi.' },
      });

      await checkReply(routes.createSuggestion, response, 401);
      expect(await rowsFor(service.id)).toHaveLength(0);
    });

    it('answers 403 without the X-Requested-With header (a forged cross-site request)', async () => {
      const service = await aFreshService();

      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/suggestions',
        headers: { cookie: sam.cookie },
        payload: { serviceId: service.id, suggestionText: 'Hi.' },
      });

      await checkReply(routes.createSuggestion, response, 403);
      expect(await rowsFor(service.id)).toHaveLength(0);
    });

    it('limits each person to 5 suggestions a minute', async () => {
      const eager = await signedInUser(testApp.app);
      const service = await aFreshService();

      for (let index = 0; index < 5; index += 1) {
        const sent = await suggest(eager, {
          serviceId: service.id,
          suggestionText: `Idea ${index}`,
        });
        await checkReply(routes.createSuggestion, sent, 201);
      }
      const refused = await suggest(eager, { serviceId: service.id, suggestionText: 'Idea 6' });

      expect(await checkReply(routes.createSuggestion, refused, 429)).toEqual({
        code: 'rate_limited',
        message: 'Too many requests. Please wait a minute and try again.',
      });
      expect(await rowsFor(service.id)).toHaveLength(5);
    });
  });

  describe('POST /api/suggestions with an Idempotency-Key (a retried submission)', () => {
    const suggestWithKey = (person: SignedInUser, body: NewSuggestion, key: string) =>
      suggest(person, body, { 'idempotency-key': key });

    it('answers a repeat with the first suggestion and emails the provider once', async () => {
      const person = await signedInUser(testApp.app);
      const service = await aFreshService();
      const key = randomUUID();
      const payload = { serviceId: service.id, suggestionText: 'New phone: 0117 496 0001.' };

      const first = await suggestWithKey(person, payload, key);
      const repeat = await suggestWithKey(person, payload, key);

      await checkReply(routes.createSuggestion, first, 201);
      await checkReply(routes.createSuggestion, repeat, 201);
      expect(repeat.json()).toEqual(first.json());
      expect(repeat.headers['idempotent-replayed']).toBe('true');
      expect(await rowsFor(service.id)).toHaveLength(1);
      expect(await mailTo(service.email!)).toHaveLength(1);
    });

    it('stores and emails once when the same request arrives several times at once', async () => {
      const person = await signedInUser(testApp.app);
      const service = await aFreshService();
      const key = randomUUID();

      const responses = await Promise.all(
        Array.from({ length: 4 }, () =>
          suggestWithKey(person, { serviceId: service.id, suggestionText: 'Once.' }, key),
        ),
      );

      for (const response of responses) await checkReply(routes.createSuggestion, response, 201);
      expect(await rowsFor(service.id)).toHaveLength(1);
      expect(await mailTo(service.email!)).toHaveLength(1);
    });

    it('answers 422 when the key comes again with a different suggestion', async () => {
      const person = await signedInUser(testApp.app);
      const service = await aFreshService();
      const key = randomUUID();
      await suggestWithKey(person, { serviceId: service.id, suggestionText: 'One.' }, key);

      const reused = await suggestWithKey(
        person,
        { serviceId: service.id, suggestionText: 'Two.' },
        key,
      );

      expect((await checkReply(routes.createSuggestion, reused, 422)).code).toBe(
        'idempotency_key_reused',
      );
      expect(await rowsFor(service.id)).toHaveLength(1);
    });

    it('answers 400 for a key that is not a UUID, storing and sending nothing', async () => {
      const person = await signedInUser(testApp.app);
      const service = await aFreshService();

      const response = await suggestWithKey(
        person,
        { serviceId: service.id, suggestionText: 'Hi.' },
        'retry-1',
      );

      expect((await checkReply(routes.createSuggestion, response, 400)).message).toBe(
        'Idempotency-Key must be a UUID, made once for each submission and sent again on retries',
      );
      expect(await rowsFor(service.id)).toHaveLength(0);
      expect(await mailTo(service.email!)).toHaveLength(0);
    });
  });

  describe('GET /api/users/me/suggestions', () => {
    it('lists only the person’s own suggestions, newest first, with each status', async () => {
      const person = await signedInUser(testApp.app);
      const older = await aFreshService();
      const newer = await aFreshService();
      await suggest(person, { serviceId: older.id, suggestionText: 'First idea.' });
      clock = new Date(clock.getTime() + 60_000);
      await suggest(person, { serviceId: newer.id, suggestionText: 'Second idea.' });
      await suggest(bob, { serviceId: older.id, suggestionText: 'Bob’s idea.' });

      const response = await person.call(routes.listMySuggestions, {});

      const { suggestions: listed } = await checkReply(routes.listMySuggestions, response, 200);
      expect(
        listed.map(({ serviceName, suggestionText, status }) => [
          serviceName,
          suggestionText,
          status,
        ]),
      ).toEqual([
        [newer.name, 'Second idea.', 'new'],
        [older.name, 'First idea.', 'new'],
      ]);
      expect(response.body).not.toContain('Bob’s idea.');
    });

    it('answers an empty list to someone who has sent none', async () => {
      const person = await signedInUser(testApp.app);

      expect(await mySuggestions(person)).toEqual([]);
    });

    it('answers 401 when signed out', async () => {
      const response = await aVisitor(testApp.app).call(routes.listMySuggestions, {});

      await checkReply(routes.listMySuggestions, response, 401);
    });
  });

  describe('the provider’s link', () => {
    /** A suggestion from someone new (5 a minute each), and the link its provider was emailed. */
    async function aSuggestionWithLink(text = 'Please add step-free access details.') {
      const sender = await signedInUser(testApp.app, { firstName: 'Sender', lastName: 'Name' });
      const service = await aFreshService();
      const response = await suggest(sender, { serviceId: service.id, suggestionText: text });
      const { suggestion } = await checkReply(routes.createSuggestion, response, 201);
      const link = await respondLinkIn(service.email!);
      return { sender, service, suggestion, token: link.searchParams.get('token')! };
    }
    const decide = (token: string, decision: 'accepted' | 'rejected') =>
      provider().call(routes.respondToSuggestion, { body: { token, decision } });
    const show = (token: string) =>
      provider().call(routes.showSuggestionToProvider, { query: { token } });
    const statusOf = async (id: string) => {
      const [row] = await testApp.database.db
        .select({ status: suggestions.status, updatedAt: suggestions.updatedAt })
        .from(suggestions)
        .where(eq(suggestions.id, id));
      return row!;
    };

    describe('GET /api/suggestions/respond', () => {
      it('shows the provider the suggestion, without sign-in and without the sender', async () => {
        const { sender, service, token } = await aSuggestionWithLink();

        const response = await show(token);

        await checkReply(routes.showSuggestionToProvider, response, 200);
        expect(ProviderSuggestionSchema.strict().parse(response.json())).toEqual({
          serviceName: service.name,
          suggestionText: 'Please add step-free access details.',
          status: 'new',
          createdAt: clock.toISOString(),
        });
        expect(response.headers['cache-control']).toBe('no-store');
        for (const secret of [sender.email, sender.id, 'Sender']) {
          expect(response.body).not.toContain(secret);
        }
      });

      it('changes nothing, so a mail scanner opening the link cannot answer it', async () => {
        const { suggestion, token } = await aSuggestionWithLink();

        await checkReply(routes.showSuggestionToProvider, await show(token), 200);

        expect((await statusOf(suggestion.id)).status).toBe('new');
      });

      it('answers 404 for a link that is not valid', async () => {
        const response = await show('A'.repeat(32));

        expect(await checkReply(routes.showSuggestionToProvider, response, 404)).toEqual({
          code: 'not_found',
          message: 'This link is not valid or has expired.',
        });
      });

      it.each(['', '?token=', '?token=short'])(
        'answers 400 for an incomplete link (%s)',
        async (query) => {
          const response = await provider().send('GET', `/api/suggestions/respond${query}`);

          expect((await checkReply(routes.showSuggestionToProvider, response, 400)).message).toBe(
            'This link is incomplete',
          );
        },
      );
    });

    describe('POST /api/suggestions/respond', () => {
      it('records the provider’s decision, which the sender then sees', async () => {
        const { sender, suggestion, token } = await aSuggestionWithLink();
        clock = new Date(clock.getTime() + 60_000);

        const response = await decide(token, 'accepted');

        expect(await checkReply(routes.respondToSuggestion, response, 200)).toEqual({
          success: true,
        });
        expect(await statusOf(suggestion.id)).toEqual({ status: 'accepted', updatedAt: clock });
        const mine = await mySuggestions(sender);
        expect(mine.find((item) => item.id === suggestion.id)).toMatchObject({
          status: 'accepted',
          updatedAt: clock.toISOString(),
        });
        const shown = await checkReply(routes.showSuggestionToProvider, await show(token), 200);
        expect(shown.status).toBe('accepted');
      });

      it('answers the same decision again with success and changes nothing', async () => {
        const { suggestion, token } = await aSuggestionWithLink();
        await decide(token, 'rejected');
        const decided = await statusOf(suggestion.id);
        clock = new Date(clock.getTime() + 60_000);

        const again = await decide(token, 'rejected');

        await checkReply(routes.respondToSuggestion, again, 200);
        expect(await statusOf(suggestion.id)).toEqual(decided);
      });

      it('refuses a different decision once answered (409): the first answer stands', async () => {
        const { suggestion, token } = await aSuggestionWithLink();
        await decide(token, 'accepted');

        const response = await decide(token, 'rejected');

        expect(await checkReply(routes.respondToSuggestion, response, 409)).toEqual({
          code: 'already_answered',
          message: 'This suggestion has already been accepted. The first answer stands.',
        });
        expect((await statusOf(suggestion.id)).status).toBe('accepted');
      });

      it('answers 404 for a link that is not valid', async () => {
        const response = await decide('B'.repeat(32), 'accepted');

        expect((await checkReply(routes.respondToSuggestion, response, 404)).message).toBe(
          'This link is not valid or has expired.',
        );
      });

      it.each([
        [{ decision: 'maybe' }, 'decision', "decision must be 'accepted' or 'rejected'"],
        [{ decision: 'new' }, 'decision', "decision must be 'accepted' or 'rejected'"],
        [{ token: 'short' }, 'token', 'This link is incomplete'],
        [{ token: undefined }, 'token', 'This link is incomplete'],
      ])('refuses %j with "%s: %s"', async (change, field, message) => {
        const { suggestion, token } = await aSuggestionWithLink();

        const response = await provider().send('POST', '/api/suggestions/respond', {
          token,
          decision: 'accepted',
          ...change,
        });

        expect((await checkReply(routes.respondToSuggestion, response, 400)).fieldErrors).toEqual({
          [field]: [message],
        });
        expect((await statusOf(suggestion.id)).status).toBe('new');
      });

      it('answers 403 without the X-Requested-With header', async () => {
        const { suggestion, token } = await aSuggestionWithLink();

        const response = await testApp.app.inject({
          method: 'POST',
          url: '/api/suggestions/respond',
          payload: { token, decision: 'accepted' },
        });

        await checkReply(routes.respondToSuggestion, response, 403);
        expect((await statusOf(suggestion.id)).status).toBe('new');
      });
    });
  });

  it('documents every route in /api/docs', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/docs/json' });
    const { paths } = response.json<{
      paths: Record<string, Record<string, { tags?: string[]; summary?: string }>>;
    }>();

    for (const [path, method] of [
      ['/api/suggestions', 'post'],
      ['/api/users/me/suggestions', 'get'],
      ['/api/suggestions/respond', 'get'],
      ['/api/suggestions/respond', 'post'],
    ] as const) {
      const operation = paths[path]?.[method];
      expect(operation?.tags).toEqual(['suggestions']);
      expect(operation?.summary).toMatch(/\w/);
    }
  });
});
