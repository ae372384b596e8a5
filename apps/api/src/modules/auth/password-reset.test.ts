import * as accounts from '@locals/contracts/routes/accounts';
import * as auth from '@locals/contracts/routes/auth';
import { oidcPayloads, sessions } from '@locals/db/schema';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { callRoute, checkReply } from '../../testing/contract-reply';
import { useTestApp, WEB_CLIENT_HEADERS } from '../../testing/test-app';
import { readOutbox } from '../../lib/mailer';
import {
  ACCOUNT,
  browse,
  createCookieJar,
  postLogin,
  registerAccount,
  signIn,
  startSignIn,
} from '../../testing/auth-flow';
import { createDeviceCookies, DEVICE_COOKIE } from './device-cookie';

const SAME_ANSWER = {
  success: true,
  message:
    "If an account exists for that address, we've sent a link to reset your password. It works for 30 minutes.",
};

describe('forgetting and resetting a password', () => {
  let now = new Date('2026-03-02T09:00:00Z');
  const testApp = useTestApp({
    env: { TRUST_PROXY: 'true' },
    now: () => now,
    sleep: async () => {},
  });

  let requests = 0;
  // The route allows 5 requests a minute per IP address; each request comes from its own.
  const forgot = (email: string) =>
    callRoute(
      testApp.app,
      accounts.requestPasswordReset,
      { body: { email } },
      { headers: { ...WEB_CLIENT_HEADERS, 'x-forwarded-for': `192.0.2.${(requests += 1)}` } },
    );
  const forgotAnswer = async (email: string) =>
    checkReply(accounts.requestPasswordReset, await forgot(email), 200);
  const reset = (token: string, password = 'a new password') =>
    callRoute(
      testApp.app,
      accounts.resetPassword,
      { body: { token, password, confirmPassword: password } },
      { headers: WEB_CLIENT_HEADERS },
    );
  const resetStatus = async (token: string, password?: string) => {
    const response = await reset(token, password);
    await checkReply(accounts.resetPassword, response, response.statusCode);
    return response.statusCode;
  };

  /** The reset link in the newest email to this address, once it has been written. */
  async function resetTokenFor(email: string, count = 1): Promise<string> {
    for (let attempt = 0; attempt < 100; attempt += 1) {
      const messages = (await readOutbox(testApp.outboxDir)).filter(
        (message) => message.to === email,
      );
      const link = messages[count - 1]?.text.match(
        /http:\/\/localhost:3000\/reset-password\?token=([\w-]+)/,
      );
      if (link?.[1]) return link[1];
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`No reset email to ${email}`);
  }

  it('answers the same for an unknown address, and sends nothing', async () => {
    expect(await forgotAnswer('nobody@example.org')).toEqual(SAME_ANSWER);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(
      (await readOutbox(testApp.outboxDir)).filter(
        (message) => message.to === 'nobody@example.org',
      ),
    ).toEqual([]);
  });

  it.each([
    ['', 'Email is required'],
    ['not-an-email', 'Please enter a valid email address'],
  ])('answers %j with 400 "%s"', async (email, message) => {
    const response = await forgot(email);

    expect(await checkReply(accounts.requestPasswordReset, response, 400)).toMatchObject({
      message,
      fieldErrors: { email: [message] },
    });
  });

  it('sends one person at most 3 reset emails an hour, however many addresses ask', async () => {
    const email = 'reset.flood@example.org';
    await registerAccount(testApp.app, { email });
    const mailsTo = async () =>
      (await readOutbox(testApp.outboxDir)).filter((message) => message.to === email).length;

    for (let request = 1; request <= 6; request += 1) {
      expect(await forgotAnswer(email)).toEqual(SAME_ANSWER);
    }
    await resetTokenFor(email, 3);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await mailsTo()).toBe(3);

    now = new Date(now.getTime() + 60 * 60 * 1000 + 1000);
    await forgot(email);
    await resetTokenFor(email, 4);
    expect(await mailsTo()).toBe(4);
  });

  it('emails a single-use link that changes the password and signs out everywhere', async () => {
    const email = 'reset.once@example.org';
    const user = await registerAccount(testApp.app, { email });
    const laptop = createCookieJar();
    const phone = createCookieJar();
    await signIn(testApp.app, laptop, { email, password: ACCOUNT.password });
    await signIn(testApp.app, phone, { email, password: ACCOUNT.password });

    expect(await forgotAnswer(email.toUpperCase())).toEqual(SAME_ANSWER);
    const token = await resetTokenFor(email);
    const [message] = (await readOutbox(testApp.outboxDir)).filter((entry) => entry.to === email);
    expect(message?.subject).toBe('Reset your Locals password');

    const first = await reset(token);
    expect(await checkReply(accounts.resetPassword, first, 200)).toEqual({
      success: true,
      message: 'Your password has been changed. Sign in with your new password.',
    });

    const second = await reset(token, 'yet another password');
    expect(await checkReply(accounts.resetPassword, second, 400)).toEqual({
      code: 'invalid_token',
      message: 'This reset link has expired or has already been used. Ask for a new one.',
    });

    // Our sessions and the issuer's (sessions, grants) are gone.
    for (const jar of [laptop, phone]) {
      expect(
        await checkReply(
          auth.getCurrentUser,
          await browse(testApp.app, jar, auth.getCurrentUser.path),
          200,
        ),
      ).toEqual({ user: null });
    }
    expect(
      await testApp.database.db.select().from(sessions).where(eq(sessions.userId, user.id)),
    ).toEqual([]);
    expect(
      await testApp.database.db
        .select()
        .from(oidcPayloads)
        .where(eq(oidcPayloads.accountId, user.id)),
    ).toEqual([]);

    // The issuer asks for the password again, and only the new one works.
    const { uid } = await startSignIn(testApp.app, laptop);
    const old = await postLogin(testApp.app, laptop, { uid, email, password: ACCOUNT.password });
    await checkReply(accounts.logIn, old, 401);
    const fresh = await postLogin(testApp.app, laptop, { uid, email, password: 'a new password' });
    await checkReply(accounts.logIn, fresh, 200);
  });

  it('makes the browser that used the link a known one for the account, for the next sign-in', async () => {
    const email = 'reset.known@example.org';
    await registerAccount(testApp.app, { email });
    await forgot(email);

    const response = await reset(await resetTokenFor(email));

    expect(response.statusCode).toBe(200);
    const cookie = response.cookies.find((c) => c.name === DEVICE_COOKIE);
    expect(cookie).toMatchObject({ path: '/api/auth/login', httpOnly: true, sameSite: 'Strict' });
    const devices = createDeviceCookies(testApp.database.db);
    expect(await devices.deviceFor(cookie?.value, email, now)).not.toBeNull();
    expect(await devices.deviceFor(cookie?.value, 'someone.else@example.org', now)).toBeNull();
  });

  describe('GET /api/auth/reset-password (checking a link before the form)', () => {
    const check = (token: string) =>
      callRoute(testApp.app, accounts.checkResetLink, { query: { token } });
    // From an address of its own, so the reset route's per-address limit is these tests' alone.
    const useLink = async (token: string) =>
      (
        await callRoute(
          testApp.app,
          accounts.resetPassword,
          { body: { token, password: 'a new password', confirmPassword: 'a new password' } },
          { headers: { ...WEB_CLIENT_HEADERS, 'x-forwarded-for': '198.51.100.7' } },
        )
      ).statusCode;

    it('says a fresh link works, and checking uses nothing up', async () => {
      const email = 'reset.check@example.org';
      await registerAccount(testApp.app, { email });
      await forgot(email);
      const token = await resetTokenFor(email);

      expect(await checkReply(accounts.checkResetLink, await check(token), 200)).toEqual({
        usable: true,
      });
      await checkReply(accounts.checkResetLink, await check(token), 200);
      expect(await useLink(token)).toBe(200);
    });

    it('answers 400 invalid_token for a used, an expired or an unknown link', async () => {
      const email = 'reset.check.used@example.org';
      await registerAccount(testApp.app, { email });
      await forgot(email);
      const used = await resetTokenFor(email);
      expect(await useLink(used)).toBe(200);
      await forgot(email);
      const expiring = await resetTokenFor(email, 2);
      now = new Date(now.getTime() + 30 * 60 * 1000 + 1000);

      for (const token of [used, expiring, 'x'.repeat(43)]) {
        expect(await checkReply(accounts.checkResetLink, await check(token), 400)).toEqual({
          code: 'invalid_token',
          message: 'This reset link has expired or has already been used. Ask for a new one.',
        });
      }
    });
  });

  it('refuses a link after 30 minutes', async () => {
    const email = 'reset.late@example.org';
    await registerAccount(testApp.app, { email });
    await forgot(email);
    const token = await resetTokenFor(email);

    now = new Date(now.getTime() + 30 * 60 * 1000 + 1000);

    expect(await resetStatus(token)).toBe(400);
  });

  it('refuses an unknown token, and applies the password rules', async () => {
    expect(await resetStatus('x'.repeat(43))).toBe(400);

    const short = await reset('x'.repeat(43), '123');
    expect(await checkReply(accounts.resetPassword, short, 400)).toMatchObject({
      message: 'Password must be at least 8 characters',
    });
    const common = await reset('x'.repeat(43), 'password123');
    expect(await checkReply(accounts.resetPassword, common, 400)).toMatchObject({
      fieldErrors: {
        password: [
          'This password is too easy to guess: it is on a list of common passwords. Try three or four random words.',
        ],
      },
    });
  });

  it('hashes at most two new passwords at once from one address, and asks a third to wait', async () => {
    const fromOneAddress = () =>
      callRoute(
        testApp.app,
        accounts.resetPassword,
        {
          body: {
            token: 'y'.repeat(43),
            password: 'a new password',
            confirmPassword: 'a new password',
          },
        },
        { headers: { ...WEB_CLIENT_HEADERS, 'x-forwarded-for': '198.51.100.77' } },
      );

    const replies = await Promise.all([fromOneAddress(), fromOneAddress(), fromOneAddress()]);

    // Issue 25: every reset hashes, even with a dead link, so each takes a place at the gate.
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([400, 400, 429]);
    const refused = replies.find((reply) => reply.statusCode === 429)!;
    await checkReply(accounts.resetPassword, refused, 429);
    expect(refused.headers['retry-after']).toMatch(/^[1-9]\d*$/);
  });

  // Issue 25: the reset form does not know the address; the server checks it against the link's.
  it("refuses the account's own email as the new password, and the link still works", async () => {
    const email = 'reset.own@example.org';
    await registerAccount(testApp.app, { email });
    await forgot(email);
    const token = await resetTokenFor(email);

    for (const password of [email, 'RESET.OWN']) {
      // From an address of its own: the route allows 10 resets a minute per address.
      const response = await callRoute(
        testApp.app,
        accounts.resetPassword,
        { body: { token, password, confirmPassword: password } },
        { headers: { ...WEB_CLIENT_HEADERS, 'x-forwarded-for': '198.51.100.25' } },
      );
      expect(await checkReply(accounts.resetPassword, response, 400)).toMatchObject({
        fieldErrors: { password: ['Your password must not be your email address'] },
      });
    }
    expect(await resetStatus(token)).toBe(200);
  });

  it('refuses a repeated letter as the new password', async () => {
    const response = await callRoute(
      testApp.app,
      accounts.resetPassword,
      { body: { token: 'x'.repeat(43), password: 'zzzzzzzz', confirmPassword: 'zzzzzzzz' } },
      { headers: { ...WEB_CLIENT_HEADERS, 'x-forwarded-for': '198.51.100.26' } },
    );
    expect(await checkReply(accounts.resetPassword, response, 400)).toMatchObject({
      fieldErrors: {
        password: ['Choose a password that is not just one letter or a short pattern repeated'],
      },
    });
  });

  it('makes an older link stop working once a newer one has been used', async () => {
    const email = 'reset.twice@example.org';
    await registerAccount(testApp.app, { email });
    await forgot(email);
    const older = await resetTokenFor(email, 1);
    await forgot(email);
    const newer = await resetTokenFor(email, 2);

    expect(await resetStatus(newer)).toBe(200);
    expect(await resetStatus(older)).toBe(400);
  });
});

describe('a reset link that cannot be stored or sent', () => {
  const lines: string[] = [];
  let refuseMail = false;
  const testApp = useTestApp({
    logStream: { write: (line) => lines.push(line) },
    mailer: {
      send: (message) =>
        refuseMail
          ? Promise.reject(new Error(`550 <${message.to}>: Recipient address rejected`))
          : Promise.resolve(),
      close: () => {},
    },
  });
  beforeAll(async () => {
    await testApp.database.db.execute(sql`
      create function refuse_write() returns trigger language plpgsql as $$
        begin raise exception 'refused by the test'; end $$`);
  });

  const forgot = (email: string) =>
    callRoute(
      testApp.app,
      accounts.requestPasswordReset,
      { body: { email } },
      { headers: WEB_CLIENT_HEADERS },
    );
  /** The log lines of reset links not sent, once the work after the answer has failed. */
  async function notSentLogs(): Promise<{ err: Record<string, unknown> }[]> {
    for (let attempt = 0; attempt < 100; attempt += 1) {
      const found = lines
        .map((line) => JSON.parse(line) as { msg: string; err: Record<string, unknown> })
        .filter((line) => line.msg === 'reset link not sent');
      if (found.length > 0) return found;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('Nothing was logged');
  }

  it.each([
    {
      what: 'the link cannot be stored',
      email: 'cannot.store@example.org',
      setUp: () =>
        testApp.database.db.execute(sql`create trigger refuse before insert on
          password_reset_tokens for each row execute function refuse_write()`),
      expected: { type: 'DrizzleQueryError', cause: { code: 'P0001' } },
    },
    {
      what: 'the mail server refuses the address',
      email: 'cannot.send@example.org',
      setUp: async () => {
        await testApp.database.db.execute(
          sql`drop trigger if exists refuse on password_reset_tokens`,
        );
        refuseMail = true;
      },
      expected: { type: 'Error', message: '550 <[email]>: Recipient address rejected' },
    },
  ])('answers as usual when $what, and logs it without the address', async (example) => {
    await registerAccount(testApp.app, { email: example.email });
    await example.setUp();
    lines.length = 0;

    const response = await forgot(example.email);

    expect(await checkReply(accounts.requestPasswordReset, response, 200)).toEqual(SAME_ANSWER);
    const [logged] = await notSentLogs();
    expect(logged?.err).toMatchObject(example.expected);
    expect(lines.join('\n')).not.toContain(example.email);
  });
});
