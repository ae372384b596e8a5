import { ListingFieldsSchema } from '@locals/contracts/listing';
import { getService } from '@locals/contracts/routes/services';
import {
  claimListing,
  confirmListing,
  showListingLink,
  updateMyListing,
} from '@locals/contracts/routes/providers';
import { auditLog, listingProviders, services } from '@locals/db/schema';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { readOutbox, type Mailer } from '../../lib/mailer';
import { checkReply } from '../../testing/contract-reply';
import { aService, insertBristolGeography, insertServices } from '../../testing/directory-fixtures';
import { aVisitor, signedInUser } from '../../testing/signed-in';
import { useTestApp } from '../../testing/test-app';
import { listingFieldsOf } from '../listings';
import { sendFreshnessNudges } from './freshness';

const DAY_MS = 24 * 60 * 60 * 1000;
const CHECKED = '2026-01-10';
// 10 and 11 months after the listings' last check, 10:00 in London.
const TEN_MONTHS = new Date('2026-11-10T10:00:00Z');
const ELEVEN_MONTHS = new Date('2026-12-10T10:00:00Z');

describe('the 11-month "is your listing still correct?" email', () => {
  let now = TEN_MONTHS;
  const testApp = useTestApp({ now: () => now, sleep: async () => {} });

  const nudge = (mailer: Mailer = testApp.app.mailer) =>
    sendFreshnessNudges({
      db: testApp.database.db,
      mailer,
      publicUrl: testApp.config.publicUrl,
      now,
      log: testApp.app.log,
    });
  /** The freshness emails sent so far (signing up sends mail too). */
  const outbox = async () =>
    (await readOutbox(testApp.outboxDir)).filter((message) =>
      message.subject.startsWith('Is your Locals listing'),
    );
  const tokenIn = (text: string, path: string) => {
    const match = new RegExp(`${path}\\?token=([A-Za-z0-9_-]+)`).exec(text);
    if (!match?.[1]) throw new Error(`No ${path} link in: ${text}`);
    return match[1];
  };
  const visitor = () => aVisitor(testApp.app);
  const confirm = (token: string, headers: Record<string, string> = {}) =>
    visitor().call(confirmListing, { body: { token } }, headers);
  const linkOf = async (token: string) =>
    checkReply(showListingLink, await visitor().call(showListingLink, { query: { token } }), 200);
  const nudgedAt = async (id: string) =>
    (
      await testApp.database.db
        .select({ at: services.checkNudgedAt })
        .from(services)
        .where(eq(services.id, id))
    )[0]?.at;

  beforeAll(async () => {
    await insertBristolGeography(testApp.database);
    await insertServices(testApp.database, [
      aService({
        id: 'provided',
        name: 'Provided Pantry',
        reviewDate: CHECKED,
        email: 'x@example.org',
      }),
      aService({ id: 'emailed', name: 'Emailed Advice', reviewDate: CHECKED }),
      aService({
        id: 'demo',
        name: 'Demo',
        source: 'demo',
        reviewDate: CHECKED,
        email: 'd@example.org',
      }),
      aService({ id: 'never-checked', reviewDate: null, email: 'n@example.org' }),
      aService({ id: 'no-address', reviewDate: CHECKED, email: null }),
      aService({ id: 'checked-later', reviewDate: '2026-01-11', email: 'l@example.org' }),
    ]);
    await testApp.database.db
      .insert(listingProviders)
      .values({ serviceId: 'provided', email: 'pantry@example.org' });
  });

  it('is not sent at 10 months', async () => {
    expect(await nudge()).toBe(0);
    expect(await outbox()).toEqual([]);
  });

  describe('at 11 months', () => {
    let person: Awaited<ReturnType<typeof signedInUser>>;
    let stillCorrect: Record<string, string>;
    let somethingChanged: Record<string, string>;

    beforeAll(async () => {
      now = ELEVEN_MONTHS;
      person = await signedInUser(testApp.app);
      await testApp.database.db
        .update(services)
        .set({ email: person.email })
        .where(eq(services.id, 'emailed'));
    });

    it('goes once to each listing due, with both links, to its provider or else its own address', async () => {
      expect(await nudge()).toBe(2);
      const messages = await outbox();
      expect(messages.map(({ to, subject }) => ({ to, subject }))).toEqual([
        { to: person.email, subject: 'Is your Locals listing for Emailed Advice still correct?' },
        {
          to: 'pantry@example.org',
          subject: 'Is your Locals listing for Provided Pantry still correct?',
        },
      ]);
      const [emailed, provided] = messages.map((message) => message.text);
      // The day as people write it, not 2026-01-10.
      expect(provided).toContain(
        'Your listing for Provided Pantry on Locals was last checked on 10 January 2026.',
      );
      expect(provided).toContain('http://localhost:3000/listing-check?token=');
      expect(provided).toMatch(
        /http:\/\/localhost:3000\/my-listings\/claim\?token=[\w-]+&next=edit/,
      );
      expect(provided).toContain('Each link works once and expires in 7 days.');
      expect(provided).toContain(
        'Something has changed: sign in with this email address and open this link to edit the listing.',
      );
      stillCorrect = {
        provided: tokenIn(provided ?? '', 'listing-check'),
        emailed: tokenIn(emailed ?? '', 'listing-check'),
      };
      somethingChanged = { emailed: tokenIn(emailed ?? '', 'my-listings/claim') };
      expect(await nudgedAt('provided')).toEqual(ELEVEN_MONTHS);

      expect(await nudge()).toBe(0);
      expect(await outbox()).toHaveLength(2);
    });

    it('"Still correct" checks the listing today, once', async () => {
      const token = stillCorrect.provided!;
      expect(await linkOf(token)).toEqual({
        purpose: 'still-correct',
        serviceId: 'provided',
        serviceName: 'Provided Pantry',
        state: 'ready',
        expiresAt: new Date(ELEVEN_MONTHS.getTime() + 7 * DAY_MS).toISOString(),
      });
      const key = { 'idempotency-key': randomUUID() };

      const first = await confirm(token, key);

      expect(await checkReply(confirmListing, first, 200)).toEqual({
        serviceId: 'provided',
        serviceName: 'Provided Pantry',
        lastChecked: '2026-12-10',
      });
      const detail = await checkReply(
        getService,
        await visitor().call(getService, { params: { id: 'provided' } }),
        200,
      );
      expect(detail.data).toMatchObject({ lastChecked: '2026-12-10', stale: false });
      expect(await nudgedAt('provided')).toBeNull();
      const [entry] = await testApp.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.entityId, 'provided'));
      expect(entry).toMatchObject({
        actorUserId: null,
        actor: 'pantry@example.org',
        action: 'confirm-listing',
        before: { lastChecked: CHECKED },
        after: { lastChecked: '2026-12-10' },
      });

      // A retry with its key gets the first answer; using the link again does not.
      const retry = await confirm(token, key);
      expect(await checkReply(confirmListing, retry, 200)).toEqual(
        await checkReply(confirmListing, first, 200),
      );
      expect(retry.headers['idempotent-replayed']).toBe('true');
      expect(await checkReply(confirmListing, await confirm(token), 410)).toMatchObject({
        code: 'gone',
        message: expect.stringContaining('already been used') as unknown,
      });
      expect((await linkOf(token)).state).toBe('used');
    });

    it('"Something has changed" lets the person with that address claim and edit the listing', async () => {
      const token = somethingChanged.emailed!;
      expect((await linkOf(token)).purpose).toBe('something-changed');
      // It is not a "Still correct" link.
      await checkReply(confirmListing, await confirm(token), 404);

      const claimed = await person.call(claimListing, { body: { token } });
      expect(await checkReply(claimListing, claimed, 200)).toEqual({
        serviceId: 'emailed',
        name: 'Emailed Advice',
      });
      const [row] = await testApp.database.db
        .select()
        .from(services)
        .where(eq(services.id, 'emailed'));
      const listing = ListingFieldsSchema.parse({
        ...listingFieldsOf(row!),
        openingHours: 'Mon 09:00-17:00',
      });
      const edited = await person.call(updateMyListing, {
        params: { id: 'emailed' },
        body: { listing },
      });
      expect(await checkReply(updateMyListing, edited, 200)).toMatchObject({
        lastChecked: '2026-12-10',
        listing: { openingHours: 'Mon 09:00-17:00' },
      });
    });

    it('answers 404 for a link it never sent', async () => {
      const token = 'c'.repeat(43);
      await checkReply(
        showListingLink,
        await visitor().call(showListingLink, { query: { token } }),
        404,
      );
      await checkReply(confirmListing, await confirm(token), 404);
    });

    it('"Still correct" has expired 7 days later', async () => {
      now = new Date(ELEVEN_MONTHS.getTime() + 7 * DAY_MS);
      const token = stillCorrect.emailed!;
      expect((await linkOf(token)).state).toBe('expired');
      expect(await checkReply(confirmListing, await confirm(token), 410)).toMatchObject({
        code: 'gone',
        message: expect.stringMatching(/^This link has expired\. Links last 7 days/) as unknown,
      });
    });

    it('tries again next run when the email could not be sent', async () => {
      now = new Date('2026-12-11T10:00:00Z');
      const failing: Mailer = {
        send: () => Promise.reject(new Error('SMTP is down')),
        close: () => {},
      };
      expect(await nudge(failing)).toBe(0);
      expect(await nudgedAt('checked-later')).toBeNull();

      expect(await nudge()).toBe(1);
      expect((await outbox()).at(-1)?.to).toBe('l@example.org');
      expect(await nudgedAt('checked-later')).toEqual(now);
    });

    it('never asks about demo listings, unchecked ones or ones with no address', async () => {
      now = new Date('2027-06-01T10:00:00Z');
      await nudge();
      const recipients = (await outbox()).map((message) => message.to);
      for (const address of ['d@example.org', 'n@example.org']) {
        expect(recipients).not.toContain(address);
      }
      for (const id of ['demo', 'never-checked', 'no-address']) {
        expect(await nudgedAt(id)).toBeNull();
      }
    });
  });
});
