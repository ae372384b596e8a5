import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedPath } from './app';
import { loadConfig } from './env';
import { createTestApp, useTestApp, WEB_CLIENT_HEADERS } from './testing/test-app';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

describe('the API platform', () => {
  const testApp = useTestApp();

  const subscribe = (
    headers: Record<string, string>,
    payload: string | object = { email: 'sam@example.org' },
  ) => testApp.app.inject({ method: 'POST', url: '/api/newsletter/subscribe', headers, payload });

  describe('CSRF guard', () => {
    it('refuses a POST without X-Requested-With', async () => {
      const response = await subscribe({});

      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        code: 'csrf_check_failed',
        message: 'This request was refused because it did not come from the Locals website.',
      });
    });

    it('refuses a POST from a foreign Origin', async () => {
      const response = await subscribe({ ...WEB_CLIENT_HEADERS, origin: 'https://evil.example' });

      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'csrf_check_failed' });
    });

    it.each([['http://localhost:3000'], ['http://locals.test:8080'], ['https://locals.test:8080']])(
      'accepts our own Origin %s',
      async (origin) => {
        const response = await subscribe({
          ...WEB_CLIENT_HEADERS,
          origin,
          host: 'locals.test:8080',
        });

        expect(response.statusCode).toBe(200);
      },
    );
  });

  describe('request bodies', () => {
    it('answers malformed JSON with 400, not 500', async () => {
      const response = await subscribe(
        { ...WEB_CLIENT_HEADERS, 'content-type': 'application/json' },
        '{"email":',
      );

      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        code: 'invalid_json',
        message: 'The request body is not valid JSON.',
      });
    });

    it('answers a body over 100 KB with 413', async () => {
      const response = await subscribe(WEB_CLIENT_HEADERS, {
        email: 'sam@example.org',
        padding: 'x'.repeat(110_000),
      });

      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({
        code: 'payload_too_large',
        message: 'The request is too large. Send at most 100 KB.',
      });
    });

    it('answers a body that is not JSON with 415', async () => {
      const response = await subscribe(
        { ...WEB_CLIENT_HEADERS, 'content-type': 'text/plain' },
        'sam@example.org',
      );

      expect(response.statusCode).toBe(415);
      expect(response.json()).toMatchObject({ code: 'unsupported_media_type' });
    });
  });

  it('answers an unknown /api path with a JSON 404', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/no-such-thing' });

    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      code: 'not_found',
      message: 'There is nothing at GET /api/no-such-thing.',
    });
  });

  it('sends security headers with a strict content security policy', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/health' });

    const csp = String(response.headers['content-security-policy']);
    const scriptSrc = csp.split(';').find((directive) => directive.trim().startsWith('script-src'));
    expect(scriptSrc?.trim()).toBe("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  describe('API documentation', () => {
    it('lists the routes in the OpenAPI document', async () => {
      const response = await testApp.app.inject({ method: 'GET', url: '/api/docs/json' });

      expect(response.statusCode).toBe(200);
      const paths = Object.keys(response.json<{ paths: Record<string, unknown> }>().paths);
      expect(paths).toEqual(
        expect.arrayContaining([
          '/api/health',
          '/api/site-views',
          '/api/site-views/increment',
          '/api/newsletter/subscribe',
          '/api/newsletter/unsubscribe',
          '/api/stats',
          '/api/service-providers/apply',
        ]),
      );
      expect(paths.some((route) => route.startsWith('/api/docs'))).toBe(false);
    });

    it('serves the browsable documentation', async () => {
      const page = await testApp.app.inject({ method: 'GET', url: '/api/docs/' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('swagger-initializer.js');
    });
  });
});

describe('loadConfig', () => {
  it.each([['0'], ['70000'], ['abc'], ['3.5']])('refuses PORT=%s, naming PORT', (port) => {
    expect(() => loadConfig({ PORT: port })).toThrow(
      'Invalid configuration: PORT must be a whole number between 1 and 65535',
    );
  });

  it('fills in defaults', () => {
    const config = loadConfig({});

    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      publicUrl: 'http://localhost:3000',
      trustProxy: false,
    });
    expect(path.isAbsolute(config.dataDir)).toBe(true);
    expect(config.webDistDir.endsWith(path.join('apps', 'web', 'dist'))).toBe(true);
  });

  it('names a bad DATABASE_URL', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(
      /^Invalid configuration: DATABASE_URL /,
    );
  });

  it.each(['0', 'abc', '3.5', '601'])('refuses SHUTDOWN_TIMEOUT_SECONDS=%s, naming it', (value) => {
    expect(() => loadConfig({ SHUTDOWN_TIMEOUT_SECONDS: value })).toThrow(
      'Invalid configuration: SHUTDOWN_TIMEOUT_SECONDS must be a whole number of seconds between 1 and 600',
    );
  });

  it('gives a shutdown 10 s unless told otherwise', () => {
    expect(loadConfig({}).shutdownTimeoutMs).toBe(10_000);
    expect(loadConfig({ SHUTDOWN_TIMEOUT_SECONDS: '30' }).shutdownTimeoutMs).toBe(30_000);
  });

  it('names a bad REDIS_URL, and reads a good one', () => {
    expect(() => loadConfig({ REDIS_URL: '127.0.0.1:6379' })).toThrow(
      'Invalid configuration: REDIS_URL must be a redis:// or rediss:// connection URL',
    );
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379' }).redisUrl).toBe(
      'redis://127.0.0.1:6379',
    );
  });
});

describe('the web app', () => {
  let webDistDir: string;
  let testApp: TestApp;
  beforeAll(async () => {
    webDistDir = await mkdtemp(path.join(tmpdir(), 'locals-web-'));
    await mkdir(path.join(webDistDir, 'assets'));
    await writeFile(path.join(webDistDir, 'index.html'), '<!doctype html><title>Locals</title>');
    await writeFile(
      path.join(webDistDir, 'assets', 'app-abc123.js'),
      'console.log("hi");\n'.repeat(200),
    );
    testApp = await createTestApp({ env: { WEB_DIST_DIR: webDistDir } });
  });
  afterAll(async () => {
    await testApp.close();
    await rm(webDistDir, { recursive: true, force: true });
  });

  const html = { accept: 'text/html,application/xhtml+xml' };

  it('serves index.html at / without caching', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/', headers: html });

    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>Locals</title>');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('serves index.html for a client route such as /about', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/about', headers: html });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('<title>Locals</title>');
  });

  it('caches hashed assets for a year', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });

    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('compresses what it sends to browsers that accept it', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });

    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.rawPayload.length).toBeLessThan(200 * 18);
  });

  it("never rate-limits the web app's own files", async () => {
    const responses = await Promise.all(
      Array.from({ length: 320 }, () =>
        testApp.app.inject({ method: 'GET', url: '/assets/app-abc123.js' }),
      ),
    );

    expect(responses.every((response) => response.statusCode === 200)).toBe(true);
  });

  it('keeps unknown /api paths a JSON 404, even for a browser', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/nope', headers: html });

    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'not_found' });
  });

  it('answers a missing asset with 404 rather than the page', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/assets/missing.js',
      headers: { accept: '*/*' },
    });

    expect(response.statusCode).toBe(404);
  });
});

describe('request paths', () => {
  it('logs a shared list without its token, which is all it takes to open it', () => {
    expect(loggedPath('/api/shared/bookmarks/abcDEF123_-xyz')).toBe(
      '/api/shared/bookmarks/[token]',
    );
    expect(loggedPath('/api/services/ods:F82625?x=1')).toBe('/api/services/ods:F82625');
  });

  it('routes ids as long as the contracts allow (200 characters)', async () => {
    const testApp = await createTestApp();
    try {
      const response = await testApp.app.inject(`/api/services/${'a'.repeat(200)}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({
        message: 'We could not find that service. It may have been removed.',
      });
    } finally {
      await testApp.close();
    }
  });
});
