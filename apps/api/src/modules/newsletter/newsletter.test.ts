import { randomUUID } from 'node:crypto';
import {
  subscribeToNewsletter,
  unsubscribeFromNewsletter,
} from '@locals/contracts/routes/newsletter';
import { describe, expect, it } from 'vitest';
import { checkReply } from '../../testing/contract-reply';
import { aVisitor } from '../../testing/signed-in';
import { useTestApp } from '../../testing/test-app';
import { readOutbox } from '../../lib/mailer';
import { createNewsletterRepository } from './newsletter.repository';

describe('newsletter', () => {
  let now = new Date('2025-05-01T09:00:00.000Z');
  const testApp = useTestApp({ now: () => now });

  /** An address of the test's own: the tests share one list and one outbox. */
  const anEmail = () => `sam-${randomUUID()}@example.org`;
  // 10 a minute per address: each request comes from an address of its own.
  const subscribe = (email: string) =>
    aVisitor(testApp.app).call(subscribeToNewsletter, { body: { email } });
  /** Malformed on purpose: what a script might post. */
  const subscribeAnything = (email: unknown) =>
    aVisitor(testApp.app).send('POST', '/api/newsletter/subscribe', { email });
  const subscribers = () => createNewsletterRepository(testApp.database.db);
  const mailTo = async (to: string) =>
    (await readOutbox(testApp.outboxDir)).filter((message) => message.to === to);
  /** Opens a link as a browser does (or a JSON client, with its Accept header). */
  const follow = (url: string, headers: Record<string, string> = {}) =>
    testApp.app.inject({ method: 'GET', url, headers });
  const asJson = { accept: 'application/json' };

  /** The unsubscribe link in the newest email to `to`, as a path the app can be asked for. */
  async function newestUnsubscribePath(to: string): Promise<string> {
    const link = (await mailTo(to))
      .at(-1)
      ?.text.match(/https?:\/\/\S+\/api\/newsletter\/unsubscribe\?token=\S+/)?.[0];
    if (!link) throw new Error(`No unsubscribe link in the mail to ${to}`);
    const url = new URL(link);
    return `${url.pathname}${url.search}`;
  }
  /** Follows a link as a browser does, which must land on `page`. */
  async function expectRedirect(url: string, page: string) {
    const response = await follow(url);
    await checkReply(unsubscribeFromNewsletter, response, 303);
    expect(response.headers.location).toBe(page);
  }

  describe('POST /api/newsletter/subscribe', () => {
    it.each([
      ['not-an-email', 'Please enter a valid email address'],
      ['', 'Email is required'],
      [undefined, 'Email is required'],
      [null, 'Email is required'],
      [123, 'Email must be text'],
      [true, 'Email must be text'],
      [['sam@example.org'], 'Email must be text'],
      [{ address: 'sam@example.org' }, 'Email must be text'],
    ])('rejects %j with "%s"', async (email, message) => {
      const response = await subscribeAnything(email);

      expect(await checkReply(subscribeToNewsletter, response, 400)).toEqual({
        code: 'validation_error',
        message,
        fieldErrors: { email: [message] },
      });
    });

    it('stores the address trimmed and lower-cased and thanks the subscriber', async () => {
      const id = randomUUID();
      const response = await subscribe(`  Sam.Jones-${id.toUpperCase()}@Example.org `);

      expect(await checkReply(subscribeToNewsletter, response, 200)).toEqual({
        success: true,
        message:
          'Thanks, you are subscribed. We have emailed you to say so, with a link to unsubscribe if you change your mind.',
      });
      const row = await subscribers().findByEmail(`sam.jones-${id}@example.org`);
      expect(row).toMatchObject({ email: `sam.jones-${id}@example.org`, unsubscribedAt: null });
    });

    it('emails the subscriber that they are subscribed, with an unsubscribe link and nothing to confirm', async () => {
      const email = anEmail();
      const active = await subscribers().countActive();

      await subscribe(email);

      const messages = await mailTo(email);
      expect(messages).toEqual([
        expect.objectContaining({ subject: 'You are subscribed to the Locals newsletter' }),
      ]);
      expect(messages[0]?.text).toContain(
        'http://localhost:3000/api/newsletter/unsubscribe?token=',
      );
      expect(messages[0]?.text).not.toMatch(/confirm/i);
      expect(await subscribers().countActive()).toBe(active + 1);
    });

    it('answers a repeat subscription exactly as the first, without a duplicate row or second email', async () => {
      const email = anEmail();
      const active = await subscribers().countActive();

      const first = await subscribe(email);
      const second = await subscribe(email.toUpperCase());

      await checkReply(subscribeToNewsletter, first, 200);
      expect(second.statusCode).toBe(first.statusCode);
      expect(second.body).toBe(first.body);
      expect(await subscribers().countActive()).toBe(active + 1);
      expect(await mailTo(email)).toHaveLength(1);
    });

    it('sends another email to a repeat subscriber once ten minutes have passed', async () => {
      const email = anEmail();
      await subscribe(email);
      now = new Date(now.getTime() + 11 * 60 * 1000);

      await subscribe(email);

      expect(await mailTo(email)).toHaveLength(2);
    });

    it('emails a confirmation whose unsubscribe link works', async () => {
      const email = anEmail();
      const active = await subscribers().countActive();
      await subscribe(email);
      expect(await mailTo(email)).toEqual([
        expect.objectContaining({ subject: 'You are subscribed to the Locals newsletter' }),
      ]);

      await expectRedirect(await newestUnsubscribePath(email), '/newsletter/unsubscribed');

      const row = await subscribers().findByEmail(email);
      expect(row?.unsubscribedAt).toEqual(now);
      expect(await subscribers().countActive()).toBe(active);
    });

    it('re-subscribes an address that had unsubscribed, with a new link', async () => {
      const email = anEmail();
      await subscribe(email);
      const oldLink = await newestUnsubscribePath(email);
      await follow(oldLink);
      const active = await subscribers().countActive();

      await subscribe(email);

      expect(await subscribers().countActive()).toBe(active + 1);
      const newLink = await newestUnsubscribePath(email);
      expect(newLink).not.toBe(oldLink);
      await expectRedirect(newLink, '/newsletter/unsubscribed');
    });
  });

  describe('GET /api/newsletter/unsubscribe', () => {
    it.each([
      ['an unknown token', '?token=abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG'],
      ['a cut-off token', '?token=abc'],
      ['no token', ''],
      // Mangled past reading: these answered a JSON validation error to a clicked link.
      ['a token longer than any we make', `?token=${'a'.repeat(300)}`],
      ['a NUL byte in the token', '?token=abc%00def'],
    ])('sends a browser with %s to the failure page', async (_case, query) => {
      await expectRedirect(`/api/newsletter/unsubscribe${query}`, '/newsletter/unsubscribe-failed');
    });

    it('refuses a link that has already been used', async () => {
      const email = anEmail();
      await subscribe(email);
      const link = await newestUnsubscribePath(email);
      await follow(link);

      await expectRedirect(link, '/newsletter/unsubscribe-failed');
    });

    it('answers a JSON client with a mangled link 404, as for any unusable link', async () => {
      const response = await follow('/api/newsletter/unsubscribe?token=abc%00def', asJson);

      expect(await checkReply(unsubscribeFromNewsletter, response, 404)).toMatchObject({
        code: 'not_found',
      });
    });

    it('answers JSON clients with 200 or 404', async () => {
      const email = anEmail();
      await subscribe(email);
      const link = await newestUnsubscribePath(email);

      const success = await follow(link, asJson);
      const failure = await follow(link, asJson);

      expect(await checkReply(unsubscribeFromNewsletter, success, 200)).toEqual({ success: true });
      expect(await checkReply(unsubscribeFromNewsletter, failure, 404)).toEqual({
        code: 'not_found',
        message: 'This unsubscribe link is not valid or has already been used.',
      });
    });
  });

  describe('GET /api/stats', () => {
    const stats = async () => {
      const response = await follow('/api/stats');
      expect(response.statusCode).toBe(200);
      return response.json<{
        subscribers: number;
        servicesListed: number;
        localAuthorities: number;
      }>();
    };

    it('counts active subscribers only', async () => {
      const sam = anEmail();
      const before = await stats();
      await subscribe(sam);
      await subscribe(anEmail());
      await follow(await newestUnsubscribePath(sam));

      expect(await stats()).toEqual({ ...before, subscribers: before.subscribers + 1 });
    });
  });
});
