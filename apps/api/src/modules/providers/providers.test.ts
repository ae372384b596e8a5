import type { ListingFields } from '@locals/contracts/listing';
import type { Route } from '@locals/contracts/route';
import { getCurrentUser } from '@locals/contracts/routes/auth';
import * as providerRoutes from '@locals/contracts/routes/providers';
import { getService, searchServices } from '@locals/contracts/routes/services';
import { auditLog, listingProviders, services } from '@locals/db/schema';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { readOutbox } from '../../lib/mailer';
import { checkReply } from '../../testing/contract-reply';
import { insertBristolGeography } from '../../testing/directory-fixtures';
import { aVisitor, signedInUser, type SignedInUser } from '../../testing/signed-in';
import { useTestApp } from '../../testing/test-app';
import { createRolesRepository } from '../auth';
import { createGeocoder } from '../../capabilities/geocoder/geocoder';
import { createListingsRepository, oneTimeLinks, placeFromGeocoder } from '../listings';

const {
  claimListing,
  confirmListing,
  getMyListing,
  listMyListings,
  renewListingLink,
  showListingLink,
  updateMyListing,
} = providerRoutes;

// Thursday 26 November 2026, 10:00 in London.
const NOW = new Date('2026-11-26T10:00:00Z');
const TODAY = '2026-11-26';
const DAY_MS = 24 * 60 * 60 * 1000;

const fieldsOf = (name: string): ListingFields => ({
  name,
  description: `${name} gives free advice.`,
  categories: ['food'],
  phones: ['0117 496 0000'],
  email: '',
  website: 'https://example.org',
  address: '1 Broad Street, Bristol',
  postcode: 'BS1 4DJ',
  openingHours: '',
});

describe('providers', () => {
  const testApp = useTestApp({ now: () => NOW, sleep: async () => {} });
  let resident: SignedInUser;
  let provider: SignedInUser;
  let otherProvider: SignedInUser;
  let moderator: SignedInUser;
  let listingId: string;
  let otherListingId: string;

  const listings = () =>
    createListingsRepository(
      placeFromGeocoder(createGeocoder({ db: testApp.database.db, log: testApp.app.log })),
    );

  async function aListing(name: string, checked = '2026-01-15') {
    const row = await listings().create(testApp.database.db, fieldsOf(name), {
      today: checked,
      provider: name,
    });
    return row.id;
  }

  async function provide(serviceId: string, user: SignedInUser) {
    await testApp.database.db
      .insert(listingProviders)
      .values({ serviceId, email: user.email, userId: user.id });
  }

  const auditOf = (entityId: string) =>
    testApp.database.db.select().from(auditLog).where(eq(auditLog.entityId, entityId));

  beforeAll(async () => {
    await insertBristolGeography(testApp.database);
    [resident, provider, otherProvider, moderator] = await Promise.all([
      signedInUser(testApp.app),
      signedInUser(testApp.app),
      signedInUser(testApp.app),
      signedInUser(testApp.app),
    ]);
    await createRolesRepository(testApp.database.db).grant(moderator.id, 'moderator');
    listingId = await aListing('Harbourside Advice');
    otherListingId = await aListing('Easton Pantry');
    await provide(listingId, provider);
    await provide(otherListingId, otherProvider);
  });

  describe('who may use each route', () => {
    /** Every route the OpenAPI document tags 'providers', so a new one joins the matrix. */
    const taggedRoutes = () => {
      const document = testApp.app.swagger() as {
        paths: Record<string, Record<string, { tags?: string[] }>>;
      };
      return Object.entries(document.paths).flatMap(([path, operations]) =>
        Object.entries(operations)
          .filter(([, operation]) => operation.tags?.includes('providers'))
          .map(([method]) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
      );
    };

    it('covers every route of the providers contract', () => {
      const contracted = Object.values(providerRoutes).map(
        (route: Route) => `${route.method} ${route.path}`,
      );
      expect(taggedRoutes().sort()).toEqual(contracted.sort());
    });

    const requests = () => ({
      'GET /api/my/listings': ['GET', '/api/my/listings'] as const,
      'GET /api/my/listings/:id': ['GET', `/api/my/listings/${listingId}`] as const,
      'PUT /api/my/listings/:id': [
        'PUT',
        `/api/my/listings/${listingId}`,
        { listing: fieldsOf('Harbourside Advice') },
      ] as const,
      'POST /api/my/listings/claim': [
        'POST',
        '/api/my/listings/claim',
        { token: 'a'.repeat(43) },
      ] as const,
      // No sign-in: the token is the credential, and an unknown one is not found for anyone.
      'POST /api/providers/links/renew': [
        'POST',
        '/api/providers/links/renew',
        { token: 'a'.repeat(43) },
      ] as const,
    });

    it.each([
      ['a visitor', 401, 401, 401, 401, 404],
      ['a signed-in resident', 200, 403, 403, 404, 404],
      ['the provider of another listing', 200, 403, 403, 404, 404],
      ['a moderator', 200, 403, 403, 404, 404],
      ['the provider', 200, 200, 200, 404, 404],
    ] as const)('%s gets %i, %i, %i, %i, %i', async (who, list, get, put, claim, renew) => {
      const client = {
        'a visitor': aVisitor(testApp.app),
        'a signed-in resident': resident,
        'the provider of another listing': otherProvider,
        'a moderator': moderator,
        'the provider': provider,
      }[who];
      const expected = [list, get, put, claim, renew];
      for (const [index, [method, url, payload]] of Object.values(requests()).entries()) {
        const response = await client.send(method, url, payload);
        expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(expected[index]);
      }
    });

    it('tells someone else the listing is its organisation’s to edit', async () => {
      for (const route of [getMyListing, updateMyListing] as const) {
        const response = await otherProvider.call(route, {
          params: { id: listingId },
          body: { listing: fieldsOf('Taken Over') },
        });
        expect(await checkReply(route, response, 403)).toEqual({
          code: 'forbidden',
          message: 'Only the organisation that runs this listing can edit it.',
        });
      }
    });

    it('gives a resident an empty list', async () => {
      const body = await checkReply(listMyListings, await resident.call(listMyListings, {}), 200);
      expect(body).toEqual({ listings: [] });
    });

    it('answers 404 for a listing that does not exist', async () => {
      const response = await provider.call(getMyListing, { params: { id: 'no-such-listing' } });
      expect(await checkReply(getMyListing, response, 404)).toMatchObject({ code: 'not_found' });
    });

    it("adds 'provider' to the roles of someone who has claimed a listing", async () => {
      const roles = async (user: SignedInUser) =>
        (await checkReply(getCurrentUser, await user.call(getCurrentUser, {}), 200)).user?.roles;
      expect(await roles(provider)).toEqual(['provider']);
      expect(await roles(resident)).toEqual([]);
      expect(await roles(moderator)).toEqual(['moderator']);
    });
  });

  describe('GET /api/my/listings', () => {
    it('lists the listings the person provides, with when each was last checked', async () => {
      const body = await checkReply(listMyListings, await provider.call(listMyListings, {}), 200);
      expect(body.listings).toEqual([
        {
          id: listingId,
          name: 'Harbourside Advice',
          postcode: 'BS1 4DJ',
          lastChecked: expect.any(String) as unknown,
          stale: false,
        },
      ]);
    });

    it('says when a listing has not been checked for 12 months', async () => {
      const person = await signedInUser(testApp.app);
      const old = await aListing('Old Listing', '2025-11-26');
      const recent = await aListing('Recent Listing', '2025-11-27');
      await provide(old, person);
      await provide(recent, person);
      const body = await checkReply(listMyListings, await person.call(listMyListings, {}), 200);
      expect(
        body.listings.map(({ name, lastChecked, stale }) => [name, lastChecked, stale]),
      ).toEqual([
        ['Old Listing', '2025-11-26', true],
        ['Recent Listing', '2025-11-27', false],
      ]);
    });
  });

  describe('PUT /api/my/listings/:id', () => {
    it('edits the listing live, checks it today and records what changed', async () => {
      const id = await aListing('Kingsdown Advice', '2026-02-01');
      await provide(id, provider);
      const listing = {
        ...fieldsOf('Kingsdown Advice'),
        openingHours: 'Mon 09:00-17:00; Sat 10:00-12:00',
      };

      const response = await provider.call(updateMyListing, { params: { id }, body: { listing } });

      expect(await checkReply(updateMyListing, response, 200)).toEqual({
        id,
        listing,
        lastChecked: TODAY,
        stale: false,
      });
      const detail = await checkReply(
        getService,
        await aVisitor(testApp.app).call(getService, { params: { id } }),
        200,
      );
      expect(detail.data.weeklyHours?.sessions).toEqual([
        { day: 1, opens: '09:00', closes: '17:00' },
        { day: 6, opens: '10:00', closes: '12:00' },
      ]);
      expect(detail.data.openingHours).toMatch(/Monday.*9am.*5pm/);
      expect(detail.data).toMatchObject({ lastChecked: TODAY, stale: false });
      expect(await auditOf(id)).toEqual([
        expect.objectContaining({
          actorUserId: provider.id,
          actor: provider.email,
          action: 'provider-edit',
          entityType: 'listing',
          entityId: id,
          before: { openingHours: '' },
          after: { openingHours: 'Mon 09:00-17:00; Sat 10:00-12:00' },
        }),
      ]);
    });

    it('shows the new fields in search at once', async () => {
      const id = await aListing('Redcliffe Advice');
      await provide(id, provider);
      const listing = {
        ...fieldsOf('Redcliffe Welcome Space'),
        categories: ['welcomespaces' as const],
      };
      expect(
        (await provider.call(updateMyListing, { params: { id }, body: { listing } })).statusCode,
      ).toBe(200);

      const search = await checkReply(
        searchServices,
        await aVisitor(testApp.app).call(searchServices, {
          query: { postcode: 'BS1 4DJ', distance: '5', pageSize: '100' },
        }),
        200,
      );
      expect(search.results.find((result) => result.id === id)).toMatchObject({
        name: 'Redcliffe Welcome Space',
        lastChecked: TODAY,
        stale: false,
      });
    });

    it('counts sending the same fields as a check, with nothing in the audit log', async () => {
      const id = await aListing('Stokes Croft Advice', '2025-06-01');
      await provide(id, provider);

      const response = await provider.call(updateMyListing, {
        params: { id },
        body: { listing: fieldsOf('Stokes Croft Advice') },
      });

      expect(await checkReply(updateMyListing, response, 200)).toMatchObject({
        lastChecked: TODAY,
        stale: false,
      });
      expect(await auditOf(id)).toEqual([]);
    });

    it('answers a retry with the first result, and 422 for the same key on another edit', async () => {
      const id = await aListing('Bedminster Advice');
      await provide(id, provider);
      const key = randomUUID();
      const edit = (name: string) =>
        provider.call(
          updateMyListing,
          { params: { id }, body: { listing: fieldsOf(name) } },
          { 'idempotency-key': key },
        );

      const first = await edit('Bedminster Advice Centre');
      const again = await edit('Bedminster Advice Centre');
      const other = await edit('Something Else');

      expect(await checkReply(updateMyListing, again, 200)).toEqual(
        await checkReply(updateMyListing, first, 200),
      );
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(first.headers['idempotent-replayed']).toBeUndefined();
      expect(await checkReply(updateMyListing, other, 422)).toMatchObject({
        code: 'idempotency_key_reused',
      });
      expect((await auditOf(id)).map((entry) => entry.after?.name)).toEqual([
        'Bedminster Advice Centre',
      ]);
    });

    it('refuses a postcode Locals cannot place', async () => {
      const response = await provider.call(updateMyListing, {
        params: { id: listingId },
        body: { listing: { ...fieldsOf('Harbourside Advice'), postcode: 'BS9 9ZZ' } },
      });
      expect(await checkReply(updateMyListing, response, 400)).toMatchObject({
        message: expect.stringContaining('Locals cannot find where BS9 9ZZ is') as unknown,
      });
    });
  });

  describe('POST /api/my/listings/claim', () => {
    async function aClaimLink(email: string, sentAt = NOW) {
      const serviceId = await aListing(`Claimable ${randomUUID().slice(0, 8)}`);
      const token = await oneTimeLinks.issue(testApp.database.db, {
        purpose: 'claim',
        serviceId,
        email,
        now: sentAt,
      });
      return { serviceId, token };
    }
    const claim = (user: SignedInUser, token: string) =>
      user.call(claimListing, { body: { token } });

    it('makes the person with the emailed address the provider, once', async () => {
      const person = await signedInUser(testApp.app);
      const { serviceId, token } = await aClaimLink(person.email.toUpperCase());

      const body = await checkReply(claimListing, await claim(person, token), 200);

      expect(body).toEqual({ serviceId, name: expect.stringMatching(/^Claimable/) as unknown });
      const [row] = await testApp.database.db
        .select()
        .from(listingProviders)
        .where(eq(listingProviders.serviceId, serviceId));
      expect(row).toMatchObject({ email: person.email.toUpperCase(), userId: person.id });
      expect(await auditOf(serviceId)).toEqual([
        expect.objectContaining({ action: 'claim-listing', actorUserId: person.id }),
      ]);
      const mine = await checkReply(listMyListings, await person.call(listMyListings, {}), 200);
      expect(mine.listings.map((listing) => listing.id)).toEqual([serviceId]);

      // The same person again (a second tab) is fine; anyone else finds the link used.
      expect(await checkReply(claimListing, await claim(person, token), 200)).toEqual(body);
      expect(await checkReply(claimListing, await claim(resident, token), 410)).toMatchObject({
        code: 'gone',
        message: expect.stringContaining('already been used') as unknown,
      });
      expect(await auditOf(serviceId)).toHaveLength(1);
    });

    it('names the address the link was sent to, masked, to someone signed in with another', async () => {
      const { serviceId, token } = await aClaimLink('jo.bloggs@example.org');

      expect(await checkReply(claimListing, await claim(resident, token), 403)).toEqual({
        code: 'forbidden',
        message: 'Sign in with the email address this link was sent to, j***@example.org',
      });
      const [link] = await testApp.database.db
        .select()
        .from(listingProviders)
        .where(eq(listingProviders.serviceId, serviceId));
      expect(link).toBeUndefined();
    });

    it('refuses a link after 7 days', async () => {
      const person = await signedInUser(testApp.app);
      const fresh = await aClaimLink(person.email, new Date(NOW.getTime() - 7 * DAY_MS + 60_000));
      const expired = await aClaimLink(person.email, new Date(NOW.getTime() - 7 * DAY_MS));

      expect(await checkReply(claimListing, await claim(person, expired.token), 410)).toEqual({
        code: 'gone',
        message: expect.stringMatching(/^This link has expired\. Links last 7 days/) as unknown,
      });
      expect((await claim(person, fresh.token)).statusCode).toBe(200);
    });

    it('answers 404 for a link that does not exist, and for a "Still correct" link', async () => {
      const { serviceId } = await aClaimLink(resident.email);
      const stillCorrect = await oneTimeLinks.issue(testApp.database.db, {
        purpose: 'still-correct',
        serviceId,
        email: resident.email,
        now: NOW,
      });
      for (const token of ['b'.repeat(43), stillCorrect]) {
        expect(await checkReply(claimListing, await claim(resident, token), 404)).toMatchObject({
          code: 'not_found',
        });
      }
    });

    it('lets a new provider edit the listing they claimed', async () => {
      const person = await signedInUser(testApp.app);
      const { serviceId, token } = await aClaimLink(person.email);
      expect((await claim(person, token)).statusCode).toBe(200);

      const response = await person.call(updateMyListing, {
        params: { id: serviceId },
        body: { listing: fieldsOf('Claimed And Renamed') },
      });
      expect((await checkReply(updateMyListing, response, 200)).listing.name).toBe(
        'Claimed And Renamed',
      );
      const [row] = await testApp.database.db
        .select({ name: services.name })
        .from(services)
        .where(and(eq(services.id, serviceId)));
      expect(row?.name).toBe('Claimed And Renamed');
    });
  });
  describe('POST /api/providers/links/renew', () => {
    const EXPIRED = new Date(NOW.getTime() - 8 * DAY_MS);
    const visitor = () => aVisitor(testApp.app);
    const claim = (user: SignedInUser, token: string) =>
      user.call(claimListing, { body: { token } });
    const renew = (token: string, headers: Record<string, string> = {}) =>
      visitor().call(renewListingLink, { body: { token } }, headers);
    /** Emails to this address so far. */
    const mailTo = async (to: string) =>
      (await readOutbox(testApp.outboxDir)).filter((message) => message.to === to);
    const tokenIn = (text: string, path: string) => {
      const match = new RegExp(`${path}\\?token=([A-Za-z0-9_-]+)`).exec(text);
      if (!match?.[1]) throw new Error(`No ${path} link in: ${text}`);
      return match[1];
    };
    async function aLink(
      purpose: 'claim' | 'still-correct' | 'something-changed',
      email: string,
      sentAt: Date,
      serviceId?: string,
    ) {
      const id = serviceId ?? (await aListing(`Renewable ${randomUUID().slice(0, 8)}`));
      const token = await oneTimeLinks.issue(testApp.database.db, {
        purpose,
        serviceId: id,
        email,
        now: sentAt,
      });
      return { serviceId: id, token };
    }

    it('emails a new claim link to the same address; it works, and the old one still does not', async () => {
      const person = await signedInUser(testApp.app);
      const { serviceId, token } = await aLink('claim', person.email, EXPIRED);
      expect(await checkReply(claimListing, await claim(person, token), 410)).toMatchObject({
        message: expect.stringContaining('Send me a new link') as unknown,
      });

      const body = await checkReply(renewListingLink, await renew(token), 200);

      const masked = `${person.email[0]}***${person.email.slice(person.email.indexOf('@'))}`;
      expect(body).toEqual({
        sent: true,
        email: masked,
        expiresAt: new Date(NOW.getTime() + 7 * DAY_MS).toISOString(),
      });
      const [mail] = await mailTo(person.email);
      expect(await mailTo(person.email)).toHaveLength(1);
      expect(mail?.subject).toMatch(/^Your new link to manage Renewable /);
      const fresh = tokenIn(mail?.text ?? '', '/my-listings/claim');
      expect(fresh).not.toBe(token);
      expect(await checkReply(claimListing, await claim(person, token), 410)).toMatchObject({
        code: 'gone',
      });
      expect(await checkReply(claimListing, await claim(person, fresh), 200)).toMatchObject({
        serviceId,
      });
      expect(await auditOf(serviceId)).toEqual([
        expect.objectContaining({
          action: 'renew-link',
          actorUserId: null,
          actor: person.email,
          after: expect.objectContaining({ purposes: ['claim'], email: person.email }) as unknown,
        }),
        expect.objectContaining({ action: 'claim-listing', actorUserId: person.id }),
      ]);
    });

    it('sends nothing more while the new link still works, and says where it went', async () => {
      const email = `renew-${randomUUID().slice(0, 8)}@example.org`;
      const { token } = await aLink('claim', email, EXPIRED);
      const first = await checkReply(renewListingLink, await renew(token), 200);

      const again = await checkReply(renewListingLink, await renew(token), 200);

      expect(again).toEqual({ ...first, sent: false });
      expect(again.email).toBe('r***@example.org');
      expect(await mailTo(email)).toHaveLength(1);
    });

    it('answers a retry with the same key with the first answer, sending no second email', async () => {
      const email = `retry-${randomUUID().slice(0, 8)}@example.org`;
      const { token } = await aLink('claim', email, EXPIRED);
      const key = { 'idempotency-key': randomUUID() };

      const first = await renew(token, key);
      const retry = await renew(token, key);

      expect(await checkReply(renewListingLink, retry, 200)).toEqual(
        await checkReply(renewListingLink, first, 200),
      );
      expect((await checkReply(renewListingLink, retry, 200)).sent).toBe(true);
      expect(retry.headers['idempotent-replayed']).toBe('true');
      expect(await mailTo(email)).toHaveLength(1);
    });

    it('refuses a link that still works, one that was used, and one that does not exist', async () => {
      const person = await signedInUser(testApp.app);
      const ready = await aLink('claim', person.email, NOW);
      const used = await aLink('claim', person.email, new Date(NOW.getTime() - DAY_MS));
      expect((await claim(person, used.token)).statusCode).toBe(200);

      expect(await checkReply(renewListingLink, await renew(ready.token), 409)).toEqual({
        code: 'conflict',
        message: expect.stringMatching(/^This link still works/) as unknown,
      });
      expect(await checkReply(renewListingLink, await renew(used.token), 410)).toEqual({
        code: 'gone',
        message: 'This link has already been used. Each link works once.',
      });
      expect(await checkReply(renewListingLink, await renew('c'.repeat(43)), 404)).toMatchObject({
        code: 'not_found',
      });
      expect(await mailTo(person.email)).toEqual([]);
      expect(
        (await auditOf(ready.serviceId)).filter((entry) => entry.action === 'renew-link'),
      ).toEqual([]);
    });

    it('renews the 11-month email’s pair: both new links in the email again, both working', async () => {
      const email = `pair-${randomUUID().slice(0, 8)}@example.org`;
      const { serviceId, token } = await aLink('still-correct', email, EXPIRED);
      await aLink('something-changed', email, EXPIRED, serviceId);

      expect(await checkReply(renewListingLink, await renew(token), 200)).toMatchObject({
        sent: true,
        email: 'p***@example.org',
      });

      const messages = await mailTo(email);
      expect(messages.map((message) => message.subject)).toEqual([
        expect.stringMatching(/^Is your Locals listing for Renewable .* still correct\?$/),
      ]);
      const text = messages[0]?.text ?? '';
      const stillCorrect = tokenIn(text, '/listing-check');
      const somethingChanged = tokenIn(text, '/my-listings/claim');
      const linkOf = async (link: string) =>
        checkReply(
          showListingLink,
          await visitor().call(showListingLink, { query: { token: link } }),
          200,
        );
      expect(await linkOf(somethingChanged)).toMatchObject({
        purpose: 'something-changed',
        state: 'ready',
      });
      expect(
        await checkReply(
          confirmListing,
          await visitor().call(confirmListing, { body: { token: stillCorrect } }),
          200,
        ),
      ).toMatchObject({ serviceId, lastChecked: TODAY });
    });

    it('undoes the renewal when the email cannot be sent, so the retry sends one', async () => {
      const email = `unsent-${randomUUID().slice(0, 8)}@example.org`;
      const { serviceId, token } = await aLink('claim', email, EXPIRED);
      const key = { 'idempotency-key': randomUUID() };
      const send = vi
        .spyOn(testApp.app.mailer, 'send')
        .mockRejectedValueOnce(new Error('SMTP is down'));

      try {
        const failed = await renew(token, key);
        expect(await checkReply(renewListingLink, failed, 503)).toEqual({
          code: 'email_not_sent',
          message:
            'We could not send the email with your new link. Please try again in a few minutes.',
        });
        expect(failed.headers['retry-after']).toBe('60');
        expect((await auditOf(serviceId)).map((entry) => entry.action)).toEqual([
          'renew-link',
          'renew-link-unsent',
        ]);
        expect(await mailTo(email)).toEqual([]);

        const retry = await renew(token, key);

        expect(await checkReply(renewListingLink, retry, 200)).toMatchObject({ sent: true });
        expect(retry.headers['idempotent-replayed']).toBeUndefined();
        expect(await mailTo(email)).toHaveLength(1);
        expect((await auditOf(serviceId)).map((entry) => entry.action)).toEqual([
          'renew-link',
          'renew-link-unsent',
          'renew-link',
        ]);
      } finally {
        send.mockRestore();
      }
    });
  });
});
