import { randomBytes, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  freePort,
  killServers,
  ROOT,
  startServerProcess,
  STARTED,
  type ServerProcess,
} from '../testing/server-process';
import { SHARE_WRITES_PER_MINUTE } from '../modules/bookmarks/bookmark-share.routes';
import { SESSION_COOKIE } from '../testing/auth-flow';

/**
 * Several instances behind a load balancer (issue 11): two real server processes on one
 * PostgreSQL database, each request sent to whichever the test picks, as a balancer might.
 * Limits, sign-in, sessions and idempotent retries must hold across them, with the rate-limit
 * counters in PostgreSQL and, when REDIS_URL is set, in Redis. Run by `npm run test:postgres`,
 * which provides TEST_DATABASE_URL and TEST_REDIS_URL.
 */
const DATABASE_URL = process.env.TEST_DATABASE_URL;
const REDIS_URL = process.env.TEST_REDIS_URL;
if (!DATABASE_URL || !REDIS_URL) {
  throw new Error(
    'These tests need TEST_DATABASE_URL (a PostgreSQL server) and TEST_REDIS_URL: run them with npm run test:postgres',
  );
}

/** The first rows of every open-data file: a real but quick first start. */
const OPEN_DATA_ROWS = 40;
let openDataDir: string;

beforeAll(async () => {
  openDataDir = await mkdtemp(path.join(tmpdir(), 'locals-instances-open-data-'));
  const source = path.join(ROOT, 'open-data');
  for (const file of (await readdir(source)).filter((name) => name.endsWith('.csv'))) {
    await writeFile(path.join(openDataDir, file), await firstLines(path.join(source, file)));
  }
});
afterAll(async () => rm(openDataDir, { recursive: true, force: true }));

async function firstLines(file: string): Promise<string> {
  const lines: string[] = [];
  const reader = createInterface({ input: createReadStream(file), crlfDelay: Infinity });
  for await (const line of reader) {
    lines.push(line);
    if (lines.length > OPEN_DATA_ROWS) break;
  }
  reader.close();
  return `${lines.join('\n')}\n`;
}

/** A database of its own on the server, dropped afterwards. */
async function freshDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `locals_instances_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: DATABASE_URL });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database "${name}"`);
  const url = new URL(DATABASE_URL!);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database "${name}" with (force)`) };
}

type Reply = { status: number; headers: http.IncomingHttpHeaders; body: string };

/**
 * A browser behind a load balancer: one cookie jar, one public address (PUBLIC_URL, sent as the
 * Host header), and each request sent to the instance the test names.
 */
function createBrowser(publicHost: string) {
  const cookies = new Map<string, string>();
  const send = (
    instance: ServerProcess,
    method: string,
    url: string,
    options: { body?: object; headers?: Record<string, string> } = {},
  ) =>
    new Promise<Reply>((resolve, reject) => {
      const target = new URL(url, `http://${publicHost}`);
      const body = options.body ? JSON.stringify(options.body) : undefined;
      const cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
      const request = http.request({
        host: '127.0.0.1',
        port: instance.port,
        method,
        path: `${target.pathname}${target.search}`,
        headers: {
          host: publicHost,
          ...(cookie ? { cookie } : {}),
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...options.headers,
        },
      });
      request.once('response', (response) => {
        for (const line of response.headers['set-cookie'] ?? []) keep(line);
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.once('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }),
        );
      });
      request.once('error', reject);
      request.end(body);
    });
  const keep = (setCookie: string) => {
    const [pair = '', ...attributes] = setCookie.split(';');
    const name = pair.slice(0, pair.indexOf('='));
    const value = pair.slice(pair.indexOf('=') + 1);
    const isExpired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute));
    if (isExpired || value === '') cookies.delete(name);
    else cookies.set(name, value);
  };
  /** What the web client sends with every request that changes something. */
  const write = (
    instance: ServerProcess,
    method: string,
    url: string,
    body?: object,
    headers: Record<string, string> = {},
  ) =>
    send(instance, method, url, {
      ...(body ? { body } : {}),
      headers: { 'x-requested-with': 'fetch', ...headers },
    });
  return { send, write, cookie: (name: string) => cookies.get(name) };
}
type Browser = ReturnType<typeof createBrowser>;

const PASSWORD = 'a long shared secret';

/**
 * Registers and signs in, every step of the built-in OIDC flow on the other instance from the
 * step before, as a balancer without sticky sessions might route it.
 */
async function signInAcross(browser: Browser, [a, b]: [ServerProcess, ServerProcess]) {
  const email = `person-${randomUUID()}@example.org`;
  const registered = await browser.write(a, 'POST', '/api/auth/register', {
    firstName: 'Ada',
    lastName: 'Byron',
    email,
    password: PASSWORD,
  });
  expect(registered.status, registered.body).toBe(201);

  const start = await browser.send(b, 'GET', '/api/auth/signin?returnTo=%2F');
  expect(start.status, start.body).toBe(302);
  const authorize = await browser.send(a, 'GET', start.headers.location!);
  expect(authorize.status, authorize.body).toBe(303);
  const uid = /\/signin\/([^/?]+)$/.exec(authorize.headers.location!)?.[1];
  expect(uid, authorize.headers.location).toBeDefined();
  const login = await browser.write(b, 'POST', '/api/auth/login', {
    uid,
    email,
    password: PASSWORD,
  });
  expect(login.status, login.body).toBe(200);
  const resume = await browser.send(
    a,
    'GET',
    (JSON.parse(login.body) as { redirectTo: string }).redirectTo,
  );
  expect(resume.status, resume.body).toBe(303);
  const callback = await browser.send(b, 'GET', resume.headers.location!);
  expect(callback.status, callback.body).toBe(302);
  return { email };
}

describe.each([
  { store: 'PostgreSQL', redisUrl: undefined },
  { store: 'Redis', redisUrl: REDIS_URL },
])(
  'two instances on one PostgreSQL, rate-limit counters in $store',
  { timeout: 240_000 },
  ({ redisUrl }) => {
    let database: { url: string; drop: () => Promise<void> };
    let instances: [ServerProcess, ServerProcess];
    let publicHost: string;
    let dataDirs: string[];

    beforeAll(async () => {
      database = await freshDatabase();
      dataDirs = [
        await mkdtemp(path.join(tmpdir(), 'locals-instance-a-')),
        await mkdtemp(path.join(tmpdir(), 'locals-instance-b-')),
      ];
      const ports = [await freePort(), await freePort()];
      // The balancer's address; the first instance stands at it for the issuer's own calls.
      publicHost = `localhost:${ports[0]}`;
      // Both start at once on an empty database: they must take turns to migrate and load.
      const started = await Promise.all(
        dataDirs.map((dataDir, index) =>
          startServerProcess({
            PORT: String(ports[index]),
            DATABASE_URL: database.url,
            REDIS_URL: redisUrl,
            DATA_DIR: dataDir,
            OPEN_DATA_DIR: openDataDir,
            WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
            PUBLIC_URL: `http://${publicHost}`,
          }),
        ),
      );
      instances = started as [ServerProcess, ServerProcess];
      await Promise.all(instances.map((instance) => instance.waitFor(STARTED)));
    }, 240_000);
    afterAll(async () => {
      killServers();
      await database?.drop();
      for (const dir of dataDirs ?? []) await rm(dir, { recursive: true, force: true });
    });

    it('counts one address against one limit, whichever instance answers', async () => {
      const browser = createBrowser(publicHost);
      const subscribe = (instance: ServerProcess) =>
        browser.write(instance, 'POST', '/api/newsletter/subscribe', {
          email: `reader-${randomUUID()}@example.org`,
        });
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 10; attempt += 1) {
        statuses.push((await subscribe(instances[attempt % 2]!)).status);
      }
      expect(statuses.every((status) => status < 300)).toBe(true);

      expect((await subscribe(instances[0])).status).toBe(429);
      expect((await subscribe(instances[1])).status).toBe(429);
    });

    it('signs in across both, keeps the session on both, and signing out on one ends it on both', async () => {
      const browser = createBrowser(publicHost);
      const { email } = await signInAcross(browser, instances);
      for (const instance of instances) {
        const me = await browser.send(instance, 'GET', '/api/auth/me');
        expect(me.status, me.body).toBe(200);
        expect(me.body).toContain(email);
      }
      const session = browser.cookie(SESSION_COOKIE);
      expect(session).toBeDefined();

      const logout = await browser.send(instances[1], 'GET', '/api/auth/logout', {
        headers: { 'sec-fetch-site': 'same-origin' },
      });
      expect(logout.status).toBe(303);
      expect(browser.cookie(SESSION_COOKIE)).toBeUndefined();
      // The old cookie, kept by a stale tab or a thief, opens nothing on either instance.
      for (const instance of instances) {
        const me = await browser.send(instance, 'GET', '/api/auth/me', {
          headers: { cookie: `${SESSION_COOKIE}=${session}` },
        });
        expect(me.status).toBe(200);
        expect(JSON.parse(me.body)).toEqual({ user: null });
      }
    });

    it('answers a retry sent to the other instance with the first note, storing one', async () => {
      const browser = createBrowser(publicHost);
      await signInAcross(browser, instances);
      const note = { serviceId: await aServiceId(database.url), noteText: 'Ask about Tuesdays' };
      const key = { 'idempotency-key': randomUUID() };

      const first = await browser.write(instances[0], 'POST', '/api/notes', note, key);
      const retry = await browser.write(instances[1], 'POST', '/api/notes', note, key);

      expect(first.status, first.body).toBe(201);
      expect(retry.status, retry.body).toBe(201);
      expect(retry.headers['idempotent-replayed']).toBe('true');
      expect(noteId(retry)).toBe(noteId(first));
      const listed = await browser.send(instances[0], 'GET', '/api/users/me/notes');
      expect((JSON.parse(listed.body) as { notes: unknown[] }).notes).toHaveLength(1);
    });

    it("counts a person's writes against one allowance on both instances", async () => {
      const browser = createBrowser(publicHost);
      await signInAcross(browser, instances);
      const share = (instance: ServerProcess) =>
        browser.write(instance, 'POST', '/api/users/me/bookmark-share');
      const statuses: number[] = [];
      for (let attempt = 0; attempt < SHARE_WRITES_PER_MINUTE; attempt += 1) {
        statuses.push((await share(instances[attempt % 2]!)).status);
      }
      expect(statuses.every((status) => status < 300)).toBe(true);

      expect((await share(instances[0])).status).toBe(429);
      expect((await share(instances[1])).status).toBe(429);
    });
  },
);

function noteId(reply: Reply): string {
  return (JSON.parse(reply.body) as { note: { id: string } }).note.id;
}

/** Any listed service: notes may be kept about any of them. */
async function aServiceId(databaseUrl: string): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string }>('select id from services limit 1');
    if (!rows[0]) throw new Error('The open data loaded no service');
    return rows[0].id;
  } finally {
    await client.end();
  }
}
