import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Database } from '@locals/db/client';
import { createTestDatabase } from '@locals/db/test-db';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, loggerOptions } from '../app';
import { loadConfig } from '../env';
import { createMailer, type Mailer } from '../lib/mailer';

export type TestAppOptions = {
  env?: Record<string, string>;
  now?: () => Date;
  sleep?: (ms: number) => Promise<void>;
  /** Defaults to writing mail to a temporary outbox. */
  mailer?: Mailer;
  /** Receives the JSON log lines the server would write; without it the app logs nothing. */
  logStream?: { write(line: string): void };
  /** A database made by the test (closed with the app); by default a fresh one of its own. */
  database?: Database;
};

/** A fresh app on a fresh database, mail going to a temporary outbox. Call `close()` after. */
export async function createTestApp(options: TestAppOptions = {}) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'locals-api-'));
  const outboxDir = path.join(dataDir, 'outbox');
  const config = loadConfig({
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://localhost:3000',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    NODE_ENV: 'test',
    ...options.env,
  });
  const database = options.database ?? (await createTestDatabase());
  const app = await buildApp({
    config,
    database,
    logger: options.logStream ? loggerOptions(config, options.logStream) : false,
    mailer: options.mailer ?? createMailer({ from: config.mailFrom, outboxDir }),
    ...(options.now ? { now: options.now } : {}),
    ...(options.sleep ? { sleep: options.sleep } : {}),
  });
  await app.ready();
  return {
    app,
    database,
    config,
    outboxDir,
    close: async () => {
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** What the web client sends with every state-changing request. */
export const WEB_CLIENT_HEADERS = { 'x-requested-with': 'fetch' };

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * The API test fixture: a fresh app on a fresh database for the tests of one file (or one
 * `describe`), closed after them. Read `.app`, `.database` and `.outboxDir` inside tests and
 * hooks, once it has started.
 */
export function useTestApp(options: TestAppOptions | (() => TestAppOptions) = {}): TestApp {
  let current: TestApp | undefined;
  beforeAll(async () => {
    current = await createTestApp(typeof options === 'function' ? options() : options);
  });
  afterAll(async () => current?.close());
  const started = () => {
    if (!current)
      throw new Error('The test app starts in beforeAll: use it inside tests and hooks');
    return current;
  };
  return {
    get app() {
      return started().app;
    },
    get database() {
      return started().database;
    },
    get config() {
      return started().config;
    },
    get outboxDir() {
      return started().outboxDir;
    },
    close: () => started().close(),
  };
}
