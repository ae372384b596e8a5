import { randomUUID } from 'node:crypto';
import { newsletterSubscribers } from '@locals/db/schema';
import { NEEDS_SCRIPT_MESSAGE } from '@locals/contracts/page-forms';
import type { SubmittedForm } from '@locals/contracts/page-forms';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { readOutbox } from '../lib/mailer';
import type { Mailer } from '../lib/mailer';
import { useTestApp } from '../testing/test-app';
import { useWebBuild } from '../testing/web-build';
import { NEWSLETTER_FAILED, NEWSLETTER_TOO_MANY } from '../modules/newsletter/newsletter.page-form';

/** Stands in for apps/web's entry-server: shows the page rendered and the form sent back to it. */
const SERVER_ENTRY = `
import { Readable } from 'node:stream';
export async function renderPage(request, transport, options = {}) {
  const { pathname } = new URL(request.url);
  return {
    status: 200,
    body: Readable.from(['<h1>', pathname, '</h1><pre>', JSON.stringify(options.form ?? null), '</pre>']),
    state: '',
    noIndex: false,
    title: null,
  };
}
`;

/** What a browser sends with a form from one of our own pages. */
const SAME_ORIGIN = {
  'content-type': 'application/x-www-form-urlencoded',
  'sec-fetch-site': 'same-origin',
};

function formBody(fields: Record<string, string>): string {
  return new URLSearchParams(fields).toString();
}

/** The page's answer: the path rendered and the form it was given. */
function renderedForm(body: string): { path: string; form: unknown } {
  const match = /<h1>([^<]*)<\/h1><pre>(.*)<\/pre>/.exec(body);
  if (!match) throw new Error(`Not a rendered page: ${body.slice(0, 200)}`);
  return { path: match[1] ?? '', form: JSON.parse(match[2] ?? 'null') };
}

describe('forms sent without JavaScript (decision 036)', () => {
  const web = useWebBuild(SERVER_ENTRY);
  const testApp = useTestApp(() => ({ env: { WEB_DIST_DIR: web.webDistDir } }));

  const post = (
    url: string,
    fields: Record<string, string>,
    headers: Record<string, string> = SAME_ORIGIN,
  ) => testApp.app.inject({ method: 'POST', url, headers, payload: formBody(fields) });

  describe('the cookie choice', () => {
    it.each(['rejected', 'accepted'])(
      'remembers "%s" for a year in the cookie the app reads, and returns to the page',
      async (choice) => {
        const response = await post('/cookies', {
          choice,
          returnTo: '/results?postcode=BS1+4DJ&category=food',
        });

        expect(response.statusCode).toBe(303);
        expect(response.headers.location).toBe('/results?postcode=BS1+4DJ&category=food');
        const cookie = String(response.headers['set-cookie']);
        expect(cookie).toMatch(new RegExp(`^cookieConsent=${choice}; `));
        expect(cookie).toContain('Max-Age=31536000');
        expect(cookie).toContain('Path=/');
        expect(cookie).toContain('SameSite=Lax');
        // The page's script reads it too, to agree with the server.
        expect(cookie).not.toContain('HttpOnly');
      },
    );

    it('Close: a session cookie, so the message stays away until the browser closes', async () => {
      const response = await post('/cookies', { choice: 'closed', returnTo: '/about' });

      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe('/about');
      const cookie = String(response.headers['set-cookie']);
      expect(cookie).toMatch(/^cookieMessageClosed=1; /);
      expect(cookie).not.toMatch(/Max-Age|Expires/);
      expect(cookie).not.toContain('cookieConsent');
    });

    it.each([
      '//evil.example/x',
      '/\\evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
    ])('never returns to another site (%s): it goes home', async (returnTo) => {
      const response = await post('/cookies', { choice: 'rejected', returnTo });

      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe('/');
    });

    it('refuses a choice that is not one of the three, saying what to choose', async () => {
      const response = await post('/cookies', { choice: 'maybe' });

      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message: 'Choose Reject, Accept All or Close.' });
      expect(response.headers['set-cookie']).toBeUndefined();
    });
  });

  describe('whether the form came from our pages', () => {
    it.each([
      ['another site (Sec-Fetch-Site)', { 'sec-fetch-site': 'cross-site' }],
      ['a sibling site (Sec-Fetch-Site)', { 'sec-fetch-site': 'same-site' }],
      ['another site (Origin only)', { origin: 'https://evil.example' }],
      ['a browser that says nothing', {}],
    ])('refuses a form from %s, changing nothing', async (_from, headers) => {
      const email = `sam-${randomUUID()}@example.org`;
      const cookie = await post(
        '/cookies',
        { choice: 'accepted' },
        { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      );
      const newsletter = await post(
        '/newsletter',
        { email },
        { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      );

      expect(cookie.statusCode).toBe(403);
      expect(cookie.headers['set-cookie']).toBeUndefined();
      expect(newsletter.statusCode).toBe(403);
      expect(newsletter.json()).toMatchObject({ code: 'csrf_check_failed' });
      expect(await subscriber(email)).toBeUndefined();
    });

    it('accepts our own Origin from a browser that sends no Sec-Fetch-Site', async () => {
      const response = await post(
        '/cookies',
        { choice: 'rejected' },
        { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:3000' },
      );

      expect(response.statusCode).toBe(303);
    });
  });

  describe('the newsletter', () => {
    it('subscribes, emails, and shows the outcome page, the address in no URL', async () => {
      const email = `sam-${randomUUID()}@example.org`;

      const response = await post('/newsletter', { email });

      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe('/newsletter/subscribed');
      expect(await subscriber(email)).toMatchObject({ email, unsubscribedAt: null });
      const mail = (await readOutbox(testApp.outboxDir)).filter((message) => message.to === email);
      expect(mail).toHaveLength(1);
    });

    it('shows the form again with what was typed and the error when the address is not valid', async () => {
      const response = await post('/newsletter', { email: 'sam at example' });

      expect(response.statusCode).toBe(400);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      // What was typed is in the page, which is never stored.
      expect(response.headers['cache-control']).toBe('no-store');
      expect(renderedForm(response.body)).toEqual({
        path: '/newsletter',
        form: {
          form: 'newsletter',
          values: { email: 'sam at example' },
          errors: { email: 'Please enter a valid email address' },
        },
      });
      expect(await subscriber('sam at example')).toBeUndefined();
    });

    it('says which field when the address holds a control character', async () => {
      const response = await post('/newsletter', { email: 'sam\u0000@example.org' });

      expect(response.statusCode).toBe(400);
      const form = renderedForm(response.body).form as SubmittedForm;
      expect(form.form).toBe('newsletter');
      expect(form.errors.email).toMatch(/email/i);
    });
  });

  describe('a form only the app can send, sent without JavaScript', () => {
    it('shows its page again saying why nothing was sent, echoing nothing typed', async () => {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/signin/abc123',
        headers: { ...SAME_ORIGIN, accept: 'text/html' },
        payload: formBody({ email: 'sam@example.org', password: 'my secret words' }),
      });

      expect(response.statusCode).toBe(400);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(renderedForm(response.body)).toEqual({
        path: '/signin/abc123',
        form: { form: 'needs-script', values: {}, errors: { form: NEEDS_SCRIPT_MESSAGE } },
      });
      expect(response.body).not.toContain('my secret words');
    });

    it('keeps an unknown /api address a JSON 404', async () => {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/nope',
        headers: { 'content-type': 'application/json', 'x-requested-with': 'fetch' },
        payload: '{}',
      });

      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'not_found' });
    });
  });

  const subscriber = async (email: string) =>
    (
      await testApp.database.db
        .select()
        .from(newsletterSubscribers)
        .where(eq(newsletterSubscribers.email, email))
    )[0];
});

describe('the newsletter form when sign-ups cannot be taken', () => {
  const failingMailer: Mailer = {
    send: () => Promise.reject(new Error('the mail server is down')),
    close: () => {},
  };
  const web = useWebBuild(SERVER_ENTRY);
  const testApp = useTestApp(() => ({
    env: { WEB_DIST_DIR: web.webDistDir },
    mailer: failingMailer,
  }));

  const signUp = (email: string) =>
    testApp.app.inject({
      method: 'POST',
      url: '/newsletter',
      headers: SAME_ORIGIN,
      payload: formBody({ email }),
    });

  it('keeps the address in the form and says to try again when the email cannot be sent', async () => {
    const response = await signUp('kim@example.org');

    expect(response.statusCode).toBe(503);
    expect(renderedForm(response.body).form).toEqual({
      form: 'newsletter',
      values: { email: 'kim@example.org' },
      errors: { form: NEWSLETTER_FAILED },
    });
  });

  it('says to wait after ten sign-ups in a minute from one address, keeping what was typed', async () => {
    const answers = [];
    for (let attempt = 0; attempt < 11; attempt += 1) {
      answers.push(await signUp(`kim-${attempt}@example.org`));
    }
    const last = answers.at(-1);

    expect(last?.statusCode).toBe(429);
    expect(renderedForm(last?.body ?? '').form).toEqual({
      form: 'newsletter',
      values: { email: 'kim-10@example.org' },
      errors: { form: NEWSLETTER_TOO_MANY },
    });
  });
});
