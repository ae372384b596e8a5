import { ApiErrorSchema } from '@locals/contracts/errors';
import { SubscribeResponseSchema } from '@locals/contracts/newsletter';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, WEB_CLIENT_HEADERS } from '../../testing/test-app';
import { readOutbox } from '../mail/mailer';
import { createNewsletterRepository } from './newsletter.repository';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

describe('newsletter', () => {
  let testApp: TestApp;
  let now: Date;

  beforeEach(async () => {
    now = new Date('2025-05-01T09:00:00.000Z');
    testApp = await createTestApp({ now: () => now });
  });
  afterEach(async () => testApp.close());

  const subscribe = (email: unknown) =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/newsletter/subscribe',
      headers: WEB_CLIENT_HEADERS,
      payload: { email },
    });
  const subscribers = () => createNewsletterRepository(testApp.database.db);

  /** The unsubscribe link in the newest email, as a path the app can be asked for. */
  async function newestUnsubscribePath(): Promise<string> {
    const messages = await readOutbox(testApp.outboxDir);
    const link = messages
      .at(-1)
      ?.text.match(/https?:\/\/\S+\/api\/newsletter\/unsubscribe\?token=\S+/)?.[0];
    if (!link) throw new Error('No unsubscribe link in the outbox');
    const url = new URL(link);
    return `${url.pathname}${url.search}`;
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
      const response = await subscribe(email);

      expect(response.statusCode).toBe(400);
      expect(ApiErrorSchema.parse(response.json())).toEqual({
        code: 'validation_error',
        message,
        fieldErrors: { email: [message] },
      });
    });

    it('stores the address trimmed and lower-cased and thanks the subscriber', async () => {
      const response = await subscribe('  Sam.Jones@Example.org ');

      expect(response.statusCode).toBe(200);
      expect(SubscribeResponseSchema.parse(response.json())).toEqual({
        success: true,
        message:
          'Thanks, you are subscribed. We have emailed you to say so, with a link to unsubscribe if you change your mind.',
      });
      const row = await subscribers().findByEmail('sam.jones@example.org');
      expect(row).toMatchObject({ email: 'sam.jones@example.org', unsubscribedAt: null });
    });

    it('emails the subscriber that they are subscribed, with an unsubscribe link and nothing to confirm', async () => {
      await subscribe('sam@example.org');

      const [message] = await readOutbox(testApp.outboxDir);
      expect(message).toMatchObject({
        to: 'sam@example.org',
        subject: 'You are subscribed to the Locals newsletter',
      });
      expect(message?.text).toContain('http://localhost:3000/api/newsletter/unsubscribe?token=');
      expect(message?.text).not.toMatch(/confirm/i);
      expect(await subscribers().countActive()).toBe(1);
    });

    it('answers a repeat subscription exactly as the first, without a duplicate row or second email', async () => {
      const first = await subscribe('sam@example.org');
      const second = await subscribe('SAM@example.org');

      expect(second.statusCode).toBe(first.statusCode);
      expect(second.body).toBe(first.body);
      expect(await subscribers().countActive()).toBe(1);
      expect(await readOutbox(testApp.outboxDir)).toHaveLength(1);
    });

    it('sends another email to a repeat subscriber once ten minutes have passed', async () => {
      await subscribe('sam@example.org');
      now = new Date(now.getTime() + 11 * 60 * 1000);

      await subscribe('sam@example.org');

      expect(await readOutbox(testApp.outboxDir)).toHaveLength(2);
    });

    it('emails a confirmation whose unsubscribe link works', async () => {
      await subscribe('sam@example.org');
      const [message] = await readOutbox(testApp.outboxDir);
      expect(message).toMatchObject({
        to: 'sam@example.org',
        subject: 'You are subscribed to the Locals newsletter',
      });

      const response = await testApp.app.inject({
        method: 'GET',
        url: await newestUnsubscribePath(),
      });

      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe('/newsletter/unsubscribed');
      const row = await subscribers().findByEmail('sam@example.org');
      expect(row?.unsubscribedAt).toEqual(now);
      expect(await subscribers().countActive()).toBe(0);
    });

    it('re-subscribes an address that had unsubscribed, with a new link', async () => {
      await subscribe('sam@example.org');
      const oldLink = await newestUnsubscribePath();
      await testApp.app.inject({ method: 'GET', url: oldLink });

      await subscribe('sam@example.org');

      expect(await subscribers().countActive()).toBe(1);
      const newLink = await newestUnsubscribePath();
      expect(newLink).not.toBe(oldLink);
      const response = await testApp.app.inject({ method: 'GET', url: newLink });
      expect(response.headers.location).toBe('/newsletter/unsubscribed');
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
      const response = await testApp.app.inject({
        method: 'GET',
        url: `/api/newsletter/unsubscribe${query}`,
      });

      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe('/newsletter/unsubscribe-failed');
    });

    it('refuses a link that has already been used', async () => {
      await subscribe('sam@example.org');
      const link = await newestUnsubscribePath();
      await testApp.app.inject({ method: 'GET', url: link });

      const again = await testApp.app.inject({ method: 'GET', url: link });

      expect(again.headers.location).toBe('/newsletter/unsubscribe-failed');
    });

    it('answers a JSON client with a mangled link 404, as for any unusable link', async () => {
      const response = await testApp.app.inject({
        method: 'GET',
        url: '/api/newsletter/unsubscribe?token=abc%00def',
        headers: { accept: 'application/json' },
      });

      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'not_found' });
    });

    it('answers JSON clients with 200 or 404', async () => {
      await subscribe('sam@example.org');
      const link = await newestUnsubscribePath();
      const asJson = { accept: 'application/json' };

      const success = await testApp.app.inject({ method: 'GET', url: link, headers: asJson });
      const failure = await testApp.app.inject({ method: 'GET', url: link, headers: asJson });

      expect(success.statusCode).toBe(200);
      expect(success.json()).toEqual({ success: true });
      expect(failure.statusCode).toBe(404);
      expect(failure.json()).toEqual({
        code: 'not_found',
        message: 'This unsubscribe link is not valid or has already been used.',
      });
    });
  });

  describe('GET /api/stats', () => {
    it('counts active subscribers only', async () => {
      await subscribe('sam@example.org');
      await subscribe('alex@example.org');
      await testApp.app.inject({ method: 'GET', url: await newestUnsubscribePath() });

      const response = await testApp.app.inject({ method: 'GET', url: '/api/stats' });

      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ subscribers: 1, servicesListed: 0, localAuthorities: 0 });
    });
  });
});
