import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loggedPath } from './app';
import { loadConfig } from './env';
import { createTestApp, useTestApp, WEB_CLIENT_HEADERS } from './testing/test-app';
import { useWebBuild, WEB_TEMPLATE } from './testing/web-build';

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

  it('waits 30 s for an unreachable PostgreSQL at start unless told otherwise', () => {
    expect(loadConfig({}).databaseWaitMs).toBe(30_000);
    expect(loadConfig({ DATABASE_WAIT_SECONDS: '0' }).databaseWaitMs).toBe(0);
    expect(() => loadConfig({ DATABASE_WAIT_SECONDS: '601' })).toThrow(
      'Invalid configuration: DATABASE_WAIT_SECONDS must be a whole number of seconds between 0 and 600',
    );
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

const html = { accept: 'text/html,application/xhtml+xml' };

describe('the web app', () => {
  const web = useWebBuild();
  const testApp = useTestApp(() => ({ env: { WEB_DIST_DIR: web.webDistDir } }));

  it('without a server build, serves index.html at / for the browser to render, uncached', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/', headers: html });

    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(WEB_TEMPLATE);
    expect(response.headers['cache-control']).toBe('private, no-cache');
  });

  it('never sends the bare template at /index.html', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/index.html', headers: html });

    expect(response.body).not.toBe(WEB_TEMPLATE);
  });

  it('sends a file precompressed at build as it is', async () => {
    const brotli = Buffer.from('not really brotli, but what the build wrote');
    await writeFile(path.join(web.webDistDir, 'assets', 'app-abc123.js.br'), brotli);
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });

    expect(response.headers['content-encoding']).toBe('br');
    expect(response.rawPayload).toEqual(brotli);
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

/** Stands in for apps/web's entry-server: renders the path, the API's answer and a status. */
const SERVER_ENTRY = `
import { Readable } from 'node:stream';
export async function renderPage(request, transport) {
  const { pathname } = new URL(request.url);
  if (pathname === '/broken') throw new Error('a component failed on the server');
  const me = await transport('/api/auth/me', { method: 'GET', headers: { accept: 'application/json' } });
  const answer = await me.text();
  return {
    status: pathname === '/no-such-page' ? 404 : 200,
    body: Readable.from(['<h1>', pathname, '</h1><p>', answer, '</p>']),
    state: '<script type="application/json" id="state">{}</script>',
    noIndex: pathname.startsWith('/shared/'),
    title: pathname === '/support' ? 'Support </title><script>alert(1)</script> $& – Locals' : null,
    description: pathname === '/support' ? 'Help "with" <Locals> $&' : null,
  };
}
export function redirectFor(pathAndQuery) {
  return pathAndQuery.startsWith('/results?filtersApplied') ? '/results?page=1' : null;
}
`;

describe('pages rendered on the server (issue 13)', () => {
  const web = useWebBuild(SERVER_ENTRY);
  const testApp = useTestApp(() => ({ env: { WEB_DIST_DIR: web.webDistDir } }));

  it("puts the page's HTML and state inside the template, answering its API calls in process", async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/about', headers: html });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('private, no-cache');
    expect(response.headers.vary).toMatch(/Cookie/);
    expect(response.body).toBe(
      '<!doctype html><title>Locals</title><meta name="description" content="The site." /><div id="root"><h1>/about</h1><p>{"user":null}</p></div>' +
        '<script type="application/json" id="state">{}</script><script src="/app.js"></script>',
    );
  });

  it("gives the page its own title and description, as text, and keeps the template's where it has none", async () => {
    const support = await testApp.app.inject({ method: 'GET', url: '/support', headers: html });
    const about = await testApp.app.inject({ method: 'GET', url: '/about', headers: html });

    expect(support.body).toMatch(
      /^<!doctype html><title>Support &lt;\/title&gt;&lt;script&gt;alert\(1\)&lt;\/script&gt; \$&amp; – Locals<\/title><meta name="description" content="Help &quot;with&quot; &lt;Locals&gt; \$&amp;" \/><div id="root">/,
    );
    expect(about.body).toMatch(
      /^<!doctype html><title>Locals<\/title><meta name="description" content="The site." \/>/,
    );
  });

  it('keeps a private page out of search engines with X-Robots-Tag, and only that page', async () => {
    const shared = await testApp.app.inject({ method: 'GET', url: '/shared/x', headers: html });
    const about = await testApp.app.inject({ method: 'GET', url: '/about', headers: html });

    expect(shared.headers['x-robots-tag']).toBe('noindex');
    expect(about.headers['x-robots-tag']).toBeUndefined();
  });

  // Issue 25: Back after logout on a shared computer must not show someone's own pages.
  it.each([
    '/bookmarks',
    '/my-listings',
    '/my-listings/abc/edit',
    '/moderation',
    '/moderation/applications/abc',
    '/moderation/audit?page=2',
    '/listing-check?token=x',
    '/reset-password?token=x',
    '/shared/x',
  ])('never lets the browser store the personal page %s', async (url) => {
    const response = await testApp.app.inject({
      method: 'GET',
      url,
      headers: { ...html, cookie: '__Host-locals_session=abc' },
    });

    expect(response.headers['cache-control']).toBe('no-store');
  });

  it.each(['/about', '/bookmarksx', '/results?postcode=BS1'])(
    'lets the browser keep the public page %s, revalidating it',
    async (url) => {
      const response = await testApp.app.inject({ method: 'GET', url, headers: html });

      expect(response.headers['cache-control']).toBe('private, no-cache');
    },
  );

  it('sends a form sent without JavaScript on to the address the app would use, with 303', async () => {
    const fromForm = await testApp.app.inject({
      method: 'GET',
      url: '/results?filtersApplied=true&category=food',
      headers: html,
    });
    const fromApp = await testApp.app.inject({
      method: 'GET',
      url: '/results?page=1',
      headers: html,
    });

    expect(fromForm.statusCode).toBe(303);
    expect(fromForm.headers.location).toBe('/results?page=1');
    expect(fromApp.statusCode).toBe(200);
  });

  it('answers an unknown address with 404 and the page', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/no-such-page',
      headers: html,
    });

    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('<h1>/no-such-page</h1>');
  });

  // Issue 32: `curl http://localhost:3000/` answered a JSON 404, and the app looked broken.
  describe('for clients other than browsers', () => {
    it.each([
      ['curl', '/', { accept: '*/*' }],
      ['curl', '/results?postcode=BS1%204DJ', { accept: '*/*' }],
      ['wget', '/about', { accept: '*/*' }],
      ['a client that sends no Accept', '/about', {}],
      ['a client that asks for any text', '/support', { accept: 'text/*' }],
      [
        'a client that prefers JSON but takes anything',
        '/',
        { accept: 'application/json, */*;q=0.1' },
      ],
    ])('sends %s the page at %s', async (_client, url, headers) => {
      const response = await testApp.app.inject({ method: 'GET', url, headers });

      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body).toContain(`<h1>${url.split('?')[0]}</h1>`);
    });

    it('answers HEAD for a page with its headers, as a link checker asks', async () => {
      const response = await testApp.app.inject({
        method: 'HEAD',
        url: '/about',
        headers: { accept: '*/*' },
      });

      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body).toBe('');
    });

    it('answers an unknown address with 404 and the page, as for a browser', async () => {
      const response = await testApp.app.inject({
        method: 'GET',
        url: '/no-such-page',
        headers: { accept: '*/*' },
      });

      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
    });

    it.each([
      ['an unknown /api path', '/api/nope', { accept: '*/*' }],
      ['an unknown /api path, with no Accept', '/api/nope', {}],
      ['a page, for a client that asks for JSON only', '/about', { accept: 'application/json' }],
      [
        'a page, for a client that refuses HTML',
        '/',
        { accept: 'text/html;q=0, application/json' },
      ],
      ['a missing file', '/assets/missing.js', { accept: '*/*' }],
    ])('keeps the JSON 404 for %s', async (_case, url, headers) => {
      const response = await testApp.app.inject({ method: 'GET', url, headers });

      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'not_found' });
    });
  });

  it('sends the bare page for the browser to render when rendering fails, never a 500', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/broken', headers: html });

    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(WEB_TEMPLATE);
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
