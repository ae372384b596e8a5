import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ApiErrorSchema } from '@locals/contracts/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedPath } from './app';
import { loadConfig } from './env';
import { anAddress, signedInUser, signedOutClient } from './testing/signed-in';
import { createTestApp, useTestApp, WEB_CLIENT_HEADERS } from './testing/test-app';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const aRegistration = () => ({
  firstName: 'Sam',
  lastName: 'Jones',
  email: `person-${randomUUID()}@example.org`,
  password: 'a long and unusual passphrase 41',
  confirmPassword: 'a long and unusual passphrase 41',
});

describe('paths the router decodes', () => {
  const testApp = useTestApp();

  it('limits registrations sent to /%61pi/auth/register like those sent to /api/auth/register', async () => {
    const send = signedOutClient(testApp.app, anAddress());
    const statuses: number[] = [];
    for (let n = 0; n < 10; n += 1) {
      const url = n % 2 === 0 ? '/%61pi/auth/register' : '/api/auth/register';
      statuses.push((await send('POST', url, aRegistration())).statusCode);
    }

    const eleventh = await send('POST', '/%61pi/auth/register', aRegistration());

    expect(statuses).not.toContain(429);
    expect(eleventh.statusCode).toBe(429);
    expect(ApiErrorSchema.parse(eleventh.json())).toMatchObject({ code: 'rate_limited' });
  });

  it('counts /%61pi/ requests against the per-IP limit every /api route has', async () => {
    const response = await signedOutClient(testApp.app)('GET', '/%61pi/health');

    expect(response.statusCode).toBe(200);
    expect(response.headers['x-ratelimit-limit']).toBeDefined();
  });

  it.each([
    ['/%61pi/auth/logout'],
    ['/%41PI/auth/logout'],
    ['/api%2Fauth%2Flogout'],
    ['//api/auth/logout'],
    ['/api/../api/auth/logout'],
    ['/API/auth/logout'],
    ['/api/auth/%6Cogout'],
  ])(
    'refuses a cross-origin POST %s without X-Requested-With and keeps the session',
    async (url) => {
      const person = await signedInUser(testApp.app);

      const forged = await testApp.app.inject({
        method: 'POST',
        url,
        headers: { cookie: person.cookie, origin: 'https://evil.example' },
      });
      const me = await person.send('GET', '/api/auth/me');

      expect([403, 404]).toContain(forged.statusCode);
      expect(ApiErrorSchema.safeParse(forged.json()).success).toBe(true);
      expect(me.json()).toMatchObject({ user: { id: person.id } });
    },
  );

  it('refuses a cross-origin POST /%61pi/auth/logout with 403 csrf_check_failed', async () => {
    const person = await signedInUser(testApp.app);

    const forged = await testApp.app.inject({
      method: 'POST',
      url: '/%61pi/auth/logout',
      headers: { cookie: person.cookie, origin: 'https://evil.example' },
    });

    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toMatchObject({ code: 'csrf_check_failed' });
    expect((await person.send('GET', '/api/auth/me')).json()).toMatchObject({
      user: { id: person.id },
    });
  });

  it('still signs a person out through /api/auth/logout from the website', async () => {
    const person = await signedInUser(testApp.app);

    const logout = await person.send('POST', '/api/auth/logout', undefined, {
      origin: 'http://localhost:3000',
    });

    expect(logout.statusCode).toBeLessThan(400);
    const me = await person.send('GET', '/api/auth/me');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({ user: null });
  });

  it('reads the session for /%61pi/ requests as for /api/ ones', async () => {
    const person = await signedInUser(testApp.app);

    const encoded = await person.send('GET', '/%61pi/users/bookmarks');

    expect(encoded.statusCode).toBe(200);
  });
});

describe('TRUST_PROXY behind a proxy that appends to X-Forwarded-For', () => {
  const PROXY = '10.20.30.40';
  const SUBSCRIBE = '/api/newsletter/subscribe';
  const PER_MINUTE = 10;

  const forms = [
    { form: 'a hop count', trustProxy: '1' },
    { form: 'true (one hop)', trustProxy: 'true' },
    { form: 'the proxy address', trustProxy: PROXY },
    { form: 'a CIDR list', trustProxy: '192.0.2.0/24, 10.0.0.0/8' },
  ];

  describe.each(forms)('given $form ($trustProxy)', ({ trustProxy }) => {
    const testApp = useTestApp({ env: { TRUST_PROXY: trustProxy } });

    /** What the proxy forwards: whatever the client sent, then the client's real address. */
    const viaProxy = (realClient: string, sentByClient?: string) => (n: number) =>
      testApp.app.inject({
        method: 'POST',
        url: SUBSCRIBE,
        remoteAddress: PROXY,
        headers: {
          ...WEB_CLIENT_HEADERS,
          'x-forwarded-for': sentByClient ? `${sentByClient}, ${realClient}` : realClient,
        },
        payload: { email: `reader.${n}.${randomUUID()}@example.org` },
      });

    it('gives a spoofed first entry no fresh limit, and another real client its own', async () => {
      const alice = viaProxy('203.0.113.7');
      for (let n = 0; n < PER_MINUTE; n += 1) expect((await alice(n)).statusCode).toBe(200);

      const spoofed = await viaProxy(
        '203.0.113.7',
        `198.51.100.${Math.floor(Math.random() * 250)}`,
      )(99);
      const bob = await viaProxy('203.0.113.8')(100);

      expect(spoofed.statusCode).toBe(429);
      expect(bob.statusCode).toBe(200);
    });
  });

  it('given 2 hops, keys on the entry the first of two proxies appended', async () => {
    const testApp = await createTestApp({ env: { TRUST_PROXY: '2' } });
    try {
      const viaTwoProxies = (realClient: string, sentByClient: string, n: number) =>
        testApp.app.inject({
          method: 'POST',
          url: SUBSCRIBE,
          remoteAddress: PROXY,
          headers: {
            ...WEB_CLIENT_HEADERS,
            'x-forwarded-for': `${sentByClient}, ${realClient}, 10.0.0.1`,
          },
          payload: { email: `two.${n}@example.org` },
        });
      for (let n = 0; n < PER_MINUTE; n += 1) {
        expect((await viaTwoProxies('203.0.113.9', `192.0.2.${n + 1}`, n)).statusCode).toBe(200);
      }

      expect((await viaTwoProxies('203.0.113.9', '192.0.2.200', 98)).statusCode).toBe(429);
      expect((await viaTwoProxies('203.0.113.10', '192.0.2.1', 99)).statusCode).toBe(200);
    } finally {
      await testApp.close();
    }
  });

  it('given an address list, keys a client that bypasses the proxy on its own address', async () => {
    const testApp = await createTestApp({ env: { TRUST_PROXY: PROXY } });
    try {
      const direct = (n: number) =>
        testApp.app.inject({
          method: 'POST',
          url: SUBSCRIBE,
          remoteAddress: '198.51.100.50',
          headers: { ...WEB_CLIENT_HEADERS, 'x-forwarded-for': `192.0.2.${n + 1}` },
          payload: { email: `direct.${n}@example.org` },
        });
      for (let n = 0; n < PER_MINUTE; n += 1) expect((await direct(n)).statusCode).toBe(200);

      expect((await direct(PER_MINUTE)).statusCode).toBe(429);
    } finally {
      await testApp.close();
    }
  });
});

describe('TRUST_PROXY settings', () => {
  it.each([
    ['', false],
    ['false', false],
    ['true', 1],
    ['1', 1],
    ['2', 2],
    ['10.0.0.5', ['10.0.0.5']],
    ['10.0.0.0/8, 192.168.1.1, ::1, loopback', ['10.0.0.0/8', '192.168.1.1', '::1', 'loopback']],
  ])('reads %j as %j', (value, trustProxy) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(trustProxy);
  });

  it.each([['maybe'], ['-1'], ['1.5'], ['11'], ['10.0.0.0/33'], ['300.0.0.1'], ['10.0.0.1, nope']])(
    'stops start-up for %j with a message naming the forms it takes',
    (value) => {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(
        /TRUST_PROXY must be false, a number of proxy hops \(1, 2\), or a comma-separated list/,
      );
    },
  );
});

describe('response headers', () => {
  const testApp = useTestApp();

  it.each([
    ['/api/users/me/notes'],
    ['/api/users/bookmarks'],
    ['/api/users/me/suggestions'],
    ['/api/auth/me'],
  ])('GET %s for a signed-in person says Cache-Control: no-store', async (url) => {
    const person = await signedInUser(testApp.app);

    const response = await person.send('GET', url);

    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('marks any answer to a request carrying a session cookie no-store', async () => {
    const person = await signedInUser(testApp.app);

    const response = await person.send('GET', '/api/services?postcode=BS1%204DJ');

    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('keeps the cache policy a route chose for public data', async () => {
    const response = await signedOutClient(testApp.app)('GET', '/api/config');

    expect(response.headers['cache-control']).toBe('public, max-age=300');
  });

  it('forbids framing in both X-Frame-Options and the CSP', async () => {
    const response = await signedOutClient(testApp.app)('GET', '/api/health');

    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('allows location on our own pages and turns off camera, microphone and the like', async () => {
    const response = await signedOutClient(testApp.app)('GET', '/api/health');
    const policy = String(response.headers['permissions-policy']);

    expect(policy).toContain('geolocation=(self)');
    for (const feature of ['camera', 'microphone', 'payment', 'usb']) {
      expect(policy).toContain(`${feature}=()`);
    }
  });
});

describe('the web app for a signed-in browser', () => {
  let webDistDir: string;
  let testApp: TestApp;
  beforeAll(async () => {
    webDistDir = await mkdtemp(path.join(tmpdir(), 'locals-web-'));
    await mkdir(path.join(webDistDir, 'assets'));
    await writeFile(
      path.join(webDistDir, 'index.html'),
      '<!doctype html><title>Locals</title><div id="root"></div>',
    );
    await writeFile(path.join(webDistDir, 'assets', 'app-abc123.js'), 'console.log("hi");\n');
    testApp = await createTestApp({ env: { WEB_DIST_DIR: webDistDir } });
  });
  afterAll(async () => {
    await testApp.close();
    await rm(webDistDir, { recursive: true, force: true });
  });

  it.each([
    ['/assets/app-abc123.js', 'public, max-age=31536000, immutable'],
    // A page may show who is signed in: no shared cache keeps it.
    ['/about', 'private, no-cache'],
  ])('keeps the cache policy of %s when the browser sends its cookies', async (url, policy) => {
    const response = await testApp.app.inject({
      method: 'GET',
      url,
      headers: { accept: 'text/html', cookie: '__Host-locals_session=abc' },
    });

    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe(policy);
    expect(response.headers['permissions-policy']).toContain('geolocation=(self)');
  });
});

describe('request logs', () => {
  it.each([['/%61pi/shared/bookmarks/abcDEF123'], ['/api/shared/%62ookmarks/abcDEF123?x=1']])(
    'mask the token of a shared list reached through %s',
    (url) => {
      expect(loggedPath(url)).toBe('/api/shared/bookmarks/[token]');
    },
  );
});

describe('malformed URLs', () => {
  const testApp = useTestApp();

  it.each([['/api/services/%E0%A4%A'], ['/api/services/%'], ['/%zzpi/health']])(
    'GET %s answers our own 400 body',
    async (url) => {
      const response = await signedOutClient(testApp.app)('GET', url);

      expect(response.statusCode).toBe(400);
      expect(ApiErrorSchema.parse(response.json())).toEqual({
        code: 'bad_url',
        message:
          'This web address is broken: a "%" in it must be followed by two letters or digits (0-9, A-F). Check the link, or type the address again.',
      });
      expect(response.body).not.toContain('FST_');
    },
  );
});
