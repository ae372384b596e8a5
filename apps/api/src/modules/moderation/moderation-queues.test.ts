import { ListingFieldsSchema } from '@locals/contracts/listing';
import { randomUUID } from 'node:crypto';
import type { DecideSuggestion } from '@locals/contracts/moderation';
import * as moderation from '@locals/contracts/routes/moderation';
import { getService } from '@locals/contracts/routes/services';
import { createSuggestion, listMySuggestions } from '@locals/contracts/routes/suggestions';
import { auditLog, listingProviders, suggestions } from '@locals/db/schema';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkReply } from '../../testing/contract-reply';
import { aService, insertBristolGeography, insertServices } from '../../testing/directory-fixtures';
import { aVisitor, signedInUser, type SignedInUser } from '../../testing/signed-in';
import { useTestApp } from '../../testing/test-app';
import { createRolesRepository } from '../auth/roles.repository';
import type { AuditEntry } from './audit.repository';

let clock = new Date('2026-04-13T12:00:00Z');

describe('moderators’ queues', () => {
  const testApp = useTestApp({ now: () => clock, sleep: async () => {} });
  let moderator: SignedInUser;
  let resident: SignedInUser;

  beforeAll(async () => {
    await insertBristolGeography(testApp.database);
    resident = await signedInUser(testApp.app);
    moderator = await signedInUser(testApp.app);
    await createRolesRepository(testApp.database.db).grant(moderator.id, 'moderator');
  });

  const auditOf = (entityId: string) =>
    testApp.database.db.select().from(auditLog).where(eq(auditLog.entityId, entityId));
  const serviceDetail = async (id: string) =>
    (
      await checkReply(
        getService,
        await aVisitor(testApp.app).call(getService, { params: { id } }),
        200,
      )
    ).data;

  describe('escalated suggestions', () => {
    const suggestionIds: Record<string, string> = {};

    beforeAll(async () => {
      await insertServices(testApp.database, [
        aService({ id: 'corner-pharmacy', name: 'Corner Pharmacy', phones: ['0117 000 0000'] }),
      ]);
      // Claimed, so its provider has 5 business days to answer before moderators do.
      await testApp.database.db
        .insert(listingProviders)
        .values({ serviceId: 'corner-pharmacy', email: 'pharmacy@example.org' });
      const aSuggestion = (name: string, createdAt: string, status = 'new') => ({
        userId: resident.id,
        serviceId: 'corner-pharmacy',
        suggestionText: `${name}: the phone number has changed.`,
        status,
        providerToken: randomUUID(),
        createdAt: new Date(createdAt),
        updatedAt: new Date(createdAt),
      });
      const rows = await testApp.database.db
        .insert(suggestions)
        .values([
          // Thursday 2 April 2026: Good Friday, a weekend and Easter Monday follow.
          aSuggestion('to accept', '2026-04-02T09:00:00Z'),
          aSuggestion('to reject', '2026-04-02T09:30:00Z'),
          // Wednesday 8 April: 3 business days by Monday 13 April.
          aSuggestion('recent', '2026-04-08T09:00:00Z'),
          aSuggestion('answered', '2026-03-02T09:00:00Z', 'accepted'),
        ])
        .returning();
      for (const row of rows) suggestionIds[row.suggestionText.split(':')[0]!] = row.id;
    });

    const list = async () =>
      checkReply(
        moderation.listEscalatedSuggestions,
        await moderator.call(moderation.listEscalatedSuggestions, {}),
        200,
      );
    const decide = (id: string, body: DecideSuggestion, key: string = randomUUID()) =>
      moderator.call(
        moderation.decideSuggestion,
        { params: { id }, body },
        { 'idempotency-key': key },
      );

    it('waits 4 business days (8 calendar days over Easter), and moderators may not decide yet', async () => {
      clock = new Date('2026-04-10T12:00:00Z'); // Friday 10 April

      expect(await list()).toEqual({ suggestions: [], total: 0 });
      const early = await decide(suggestionIds['to reject']!, { decision: 'rejected' });
      expect(await checkReply(moderation.decideSuggestion, early, 409)).toEqual({
        code: 'conflict',
        message:
          'This suggestion is 4 business days old: its service has 5 business days to answer it before moderators decide.',
      });
    });

    it('lists them on the 5th business day, oldest first, with the listing as it is', async () => {
      clock = new Date('2026-04-13T12:00:00Z'); // Monday 13 April

      const body = await list();

      expect(body.total).toBe(2);
      expect(body.suggestions).toEqual([
        {
          id: suggestionIds['to accept'],
          serviceId: 'corner-pharmacy',
          serviceName: 'Corner Pharmacy',
          suggestionText: 'to accept: the phone number has changed.',
          createdAt: '2026-04-02T09:00:00.000Z',
          ageBusinessDays: 5,
          listing: {
            name: 'Corner Pharmacy',
            description: 'Corner Pharmacy helps people in Bristol.',
            categories: ['health'],
            phones: ['0117 000 0000'],
            email: '',
            website: '',
            address: '1 Test Street, Bristol',
            postcode: 'BS1 4DJ',
            openingHours: '',
          },
        },
        expect.objectContaining({ id: suggestionIds['to reject'], ageBusinessDays: 5 }),
      ]);
    });

    it('accepting edits the listing, checks it today and records both changes', async () => {
      clock = new Date('2026-04-13T12:00:00Z');
      const [escalated] = (await list()).suggestions;
      const id = suggestionIds['to accept']!;

      const response = await decide(id, {
        decision: 'accepted',
        listing: ListingFieldsSchema.parse({ ...escalated!.listing, phones: ['0117 496 0999'] }),
      });

      expect(await checkReply(moderation.decideSuggestion, response, 200)).toEqual({
        success: true,
      });
      expect(await serviceDetail('corner-pharmacy')).toMatchObject({
        reviewDate: '2026-04-13',
      });
      const entries = await auditOf('corner-pharmacy');
      expect(entries).toEqual([
        expect.objectContaining({
          actorUserId: moderator.id,
          actor: moderator.email,
          action: 'accept-suggestion',
          entityType: 'listing',
          before: { phones: ['0117 000 0000'] },
          after: { phones: ['0117 496 0999'], suggestionId: id },
        }),
      ]);
      expect(await auditOf(id)).toEqual([
        expect.objectContaining({
          action: 'accept-suggestion',
          entityType: 'suggestion',
          before: { status: 'new' },
          after: { status: 'accepted' },
        }),
      ]);
      const again = await decide(id, { decision: 'rejected' });
      expect(await checkReply(moderation.decideSuggestion, again, 409)).toEqual({
        code: 'conflict',
        message: 'This suggestion was already accepted.',
      });
    });

    it('rejecting is replayed on retry, and the sender sees both outcomes on their bookmarks', async () => {
      const id = suggestionIds['to reject']!;
      const key = randomUUID();

      const first = await decide(id, { decision: 'rejected' }, key);
      const retry = await decide(id, { decision: 'rejected' }, key);

      expect(await checkReply(moderation.decideSuggestion, first, 200)).toEqual({ success: true });
      expect(retry.json()).toEqual({ success: true });
      expect(retry.headers['idempotent-replayed']).toBe('true');
      expect(await auditOf(id)).toEqual([
        expect.objectContaining({ action: 'reject-suggestion', after: { status: 'rejected' } }),
      ]);
      const reused = await decide(id, { decision: 'accepted', listing: aValidListing() }, key);
      expect(await checkReply(moderation.decideSuggestion, reused, 422)).toMatchObject({
        code: 'idempotency_key_reused',
      });

      const mine = await checkReply(
        listMySuggestions,
        await resident.call(listMySuggestions, {}),
        200,
      );
      const statusOf = (name: string) =>
        mine.suggestions.find((suggestion) => suggestion.id === suggestionIds[name])?.status;
      expect([statusOf('to accept'), statusOf('to reject'), statusOf('recent')]).toEqual([
        'accepted',
        'rejected',
        'new',
      ]);
      expect((await list()).total).toBe(0);
    });

    it('still lists a suggestion whose imported listing holds a value the form refuses', async () => {
      await insertServices(testApp.database, [
        aService({ id: 'odd-phone', name: 'Extension Food Bank', phones: ['02078341731x224'] }),
      ]);
      await testApp.database.db.insert(suggestions).values({
        userId: resident.id,
        serviceId: 'odd-phone',
        suggestionText: 'The extension is wrong.',
        providerToken: randomUUID(),
        createdAt: new Date('2026-03-02T09:00:00Z'),
      });

      const response = await moderator.call(moderation.listEscalatedSuggestions, {});

      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        suggestions: [{ serviceId: 'odd-phone', listing: { phones: ['02078341731x224'] } }],
        total: 1,
      });
    });

    it('lists a suggestion about an unclaimed listing at once, for a moderator to decide', async () => {
      clock = new Date('2026-04-13T12:00:00Z');
      await insertServices(testApp.database, [
        aService({ id: 'unclaimed-library', name: 'Central Library', source: 'libraries-hacked' }),
      ]);
      const sent = await resident.call(
        createSuggestion,
        { body: { serviceId: 'unclaimed-library', suggestionText: 'Open on Sundays now.' } },
        { 'idempotency-key': randomUUID() },
      );
      const { suggestion } = await checkReply(createSuggestion, sent, 201);

      expect((await list()).suggestions).toContainEqual(
        expect.objectContaining({ id: suggestion.id, ageBusinessDays: 0 }),
      );
      const rejected = await decide(suggestion.id, { decision: 'rejected' });
      await checkReply(moderation.decideSuggestion, rejected, 200);
    });

    it('answers 404 for an unknown suggestion and 400 for a decision it does not know', async () => {
      const unknown = await decide(randomUUID(), { decision: 'rejected' });
      expect(await checkReply(moderation.decideSuggestion, unknown, 404)).toMatchObject({
        code: 'not_found',
      });
      for (const body of [{ decision: 'maybe' }, { decision: 'accepted' }]) {
        const response = await moderator.send(
          'POST',
          `/api/moderation/suggestions/${suggestionIds.recent}/decision`,
          body,
        );
        await checkReply(moderation.decideSuggestion, response, 400);
      }
    });
  });

  describe("providers' edits", () => {
    const ids = { recent: 0, old: 0, gone: 0 };
    const before = { name: 'Old Name', phones: ['0117 000 0001'] };
    const after = { name: 'New Name', phones: ['0117 000 0002'] };

    beforeAll(async () => {
      clock = new Date('2026-04-13T12:00:00Z');
      await insertServices(testApp.database, [
        aService({ id: 'edited', name: 'New Name', phones: ['0117 000 0002'] }),
      ]);
      const anEdit = (entityId: string, at: string): AuditEntry & { at: Date } => ({
        actorUserId: resident.id,
        actor: resident.email,
        action: 'provider-edit',
        entityType: 'listing',
        entityId,
        before,
        after,
        at: new Date(at),
      });
      const rows = await testApp.database.db
        .insert(auditLog)
        .values([
          anEdit('edited', '2026-04-10T09:00:00Z'),
          anEdit('edited', '2026-03-01T09:00:00Z'), // more than 30 days ago
          anEdit('removed-listing', '2026-04-12T09:00:00Z'),
        ])
        .returning();
      const [recent, old, gone] = rows.map((row) => row.id);
      Object.assign(ids, { recent, old, gone });
    });

    const list = async () =>
      checkReply(
        moderation.listProviderEdits,
        await moderator.call(moderation.listProviderEdits, {}),
        200,
      );
    const revert = (id: number, key: string = randomUUID()) =>
      moderator.call(moderation.revertProviderEdit, { params: { id } }, { 'idempotency-key': key });

    it('lists the last 30 days of edits, newest first, with the listing’s name now', async () => {
      const body = await list();
      expect(body.edits).toEqual([
        {
          id: ids.gone,
          at: '2026-04-12T09:00:00.000Z',
          actor: resident.email,
          serviceId: 'removed-listing',
          serviceName: null,
          before,
          after,
          revertedAt: null,
        },
        expect.objectContaining({ id: ids.recent, serviceName: 'New Name', revertedAt: null }),
      ]);
    });

    it('reverts an edit once: the fields go back, and the log says so', async () => {
      const key = randomUUID();
      const first = await revert(ids.recent, key);
      const retry = await revert(ids.recent, key);

      expect(await checkReply(moderation.revertProviderEdit, first, 200)).toEqual({
        success: true,
      });
      expect(retry.headers['idempotent-replayed']).toBe('true');
      expect(retry.json()).toEqual({ success: true });
      expect(await serviceDetail('edited')).toMatchObject({ name: 'Old Name' });
      const reverts = (await auditOf('edited')).filter(
        (entry) => entry.action === 'revert-provider-edit',
      );
      expect(reverts).toEqual([
        expect.objectContaining({
          actor: moderator.email,
          actorUserId: moderator.id,
          entityType: 'listing',
          before: after,
          after: { ...before, revertedEditId: ids.recent },
        }),
      ]);
      const listed = (await list()).edits.find((edit) => edit.id === ids.recent);
      expect(listed?.revertedAt).toEqual(expect.any(String));

      const again = await revert(ids.recent);
      expect(await checkReply(moderation.revertProviderEdit, again, 409)).toEqual({
        code: 'conflict',
        message: 'This edit was already reverted.',
      });
    });

    it('answers 404 for what is not a provider’s edit of a listing still there', async () => {
      const [revertEntry] = (await auditOf('edited')).filter(
        (entry) => entry.action === 'revert-provider-edit',
      );
      for (const id of [999_999, revertEntry!.id, ids.gone]) {
        await checkReply(moderation.revertProviderEdit, await revert(id), 404);
      }
      const malformed = await moderator.send('POST', '/api/moderation/provider-edits/abc/revert');
      await checkReply(moderation.revertProviderEdit, malformed, 400);
    });
  });

  describe('stale listings', () => {
    beforeAll(async () => {
      await insertServices(testApp.database, [
        aService({
          id: 'stale-oldest',
          reviewDate: '2024-01-15',
          email: 'info@oldest.example.org',
          checkNudgedAt: new Date('2024-12-15T09:00:00Z'),
        }),
        // Exactly 12 months before Monday 13 April 2026.
        aService({ id: 'stale-edge', reviewDate: '2025-04-13', email: 'info@edge.example.org' }),
        aService({ id: 'fresh', reviewDate: '2025-04-14' }),
        aService({ id: 'demo-stale', reviewDate: '2020-01-01', source: 'demo' }),
      ]);
      await testApp.database.db
        .insert(listingProviders)
        .values({ serviceId: 'stale-edge', email: 'owner@edge.example.org' });
    });

    const page = async (query: { page: number; pageSize: number }) =>
      checkReply(
        moderation.listStaleListings,
        await moderator.call(moderation.listStaleListings, { query }),
        200,
      );

    it('lists listings unchecked for 12 months, oldest check first, a page at a time', async () => {
      clock = new Date('2026-04-13T12:00:00Z');

      const first = await page({ page: 1, pageSize: 1 });
      expect(first).toEqual({
        listings: [
          {
            id: 'stale-oldest',
            name: 'Service stale-oldest',
            postcode: 'BS1 4DJ',
            lastChecked: '2024-01-15',
            contactEmail: 'info@oldest.example.org',
            nudgedAt: '2024-12-15T09:00:00.000Z',
          },
        ],
        total: 2,
        page: 1,
        pageSize: 1,
        hasMore: true,
      });
      const second = await page({ page: 2, pageSize: 1 });
      expect(second.listings).toEqual([
        expect.objectContaining({
          id: 'stale-edge',
          lastChecked: '2025-04-13',
          contactEmail: 'owner@edge.example.org',
          nudgedAt: null,
        }),
      ]);
      expect(second.hasMore).toBe(false);
    });

    it('refuses a page size it does not serve', async () => {
      const response = await moderator.call(moderation.listStaleListings, {
        query: { page: 1, pageSize: 0 },
      });
      await checkReply(moderation.listStaleListings, response, 400);
    });
  });
});

function aValidListing() {
  return {
    name: 'Corner Pharmacy',
    description: 'A pharmacy.',
    categories: ['health' as const],
    phones: [],
    email: '',
    website: '',
    address: '1 Test Street, Bristol',
    postcode: 'BS1 4DJ',
    openingHours: '',
  };
}
