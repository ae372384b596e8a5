import { randomBytes, randomUUID } from 'node:crypto';
import { createDb } from '@locals/db/client';
import { migrate } from '@locals/db/migrate';
import { bookmarks, notes } from '@locals/db/schema';
import { and, eq, inArray } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aService, insertServices } from '../testing/directory-fixtures';
import { signedInUser, type SignedInUser } from '../testing/signed-in';
import { createTestApp, type TestApp } from '../testing/test-app';

/**
 * Issue 25: a PostgreSQL restart or failover stopped every instance ('Stopping after an
 * unexpected error'), then refused every request. Here every backend of the app's database is
 * ended from another connection while signed-in people read and write; the process must live
 * on, answer 2xx or 503 with Retry-After (never 500), answer again within 5 s, and keep every
 * write it acknowledged. PostgreSQL only: in the `instances` project, which `npm run test:postgres`
 * runs with TEST_DATABASE_URL.
 * `FAULT_FIGURES=1` prints the figures docs/benchmarks.md records.
 */
const SERVER_URL = process.env.TEST_DATABASE_URL;
if (!SERVER_URL) {
  throw new Error(
    'This test needs TEST_DATABASE_URL (a PostgreSQL server): run it with npm run test:postgres',
  );
}

/** Connections in flight are what a restart breaks: enough people to keep several busy. */
const PEOPLE = 8;
const SERVICES = 20;
/** Under the per-person limits (30 notes, 60 bookmarks a minute), so no reply is a 429. */
const NOTES_EACH = 24;
const TERMINATIONS = 2;

type Outcome = { request: string; status: number; retryAfter: string | undefined; at: number };

describe('when PostgreSQL ends every connection mid-load', () => {
  let admin: (statement: string) => Promise<pg.QueryResult>;
  let databaseName: string;
  let testApp: TestApp;
  const poolErrors: Error[] = [];

  beforeAll(async () => {
    // A database of its own: ending every backend of the shared test database would break the
    // test files running beside this one.
    databaseName = `locals_faults_${randomBytes(6).toString('hex')}`;
    admin = async (statement) => {
      const client = new pg.Client({ connectionString: SERVER_URL });
      await client.connect();
      try {
        return await client.query(statement);
      } finally {
        await client.end();
      }
    };
    await admin(`create database "${databaseName}"`);
    const url = new URL(SERVER_URL);
    url.pathname = `/${databaseName}`;
    const setup = new pg.Client({ connectionString: url.toString() });
    await setup.connect();
    for (const extension of ['cube', 'earthdistance', 'pg_trgm']) {
      await setup.query(`create extension if not exists ${extension}`);
    }
    await setup.end();
    const database = await createDb({
      databaseUrl: url.toString(),
      onConnectionError: (error) => poolErrors.push(error),
    });
    await migrate(database);
    testApp = await createTestApp({ database });
  }, 120_000);

  afterAll(async () => {
    await testApp?.close();
    if (databaseName) await admin(`drop database if exists "${databaseName}" with (force)`);
  });

  const endEveryBackend = async () => {
    const client = new pg.Client({ connectionString: SERVER_URL });
    await client.connect();
    try {
      const ended = await client.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
         where datname = $1 and pid <> pg_backend_pid()`,
        [databaseName],
      );
      return ended.rowCount ?? 0;
    } finally {
      await client.end();
    }
  };

  it('lives on, answers 2xx or 503 with Retry-After, answers again within 5 s and loses no acknowledged write', async () => {
    const { app, database } = testApp;
    const serviceIds = Array.from({ length: SERVICES }, () => `ods:${randomUUID()}`);
    await insertServices(
      database,
      serviceIds.map((id) => aService({ id })),
    );
    const people: SignedInUser[] = [];
    for (let index = 0; index < PEOPLE; index += 1) people.push(await signedInUser(app));

    const outcomes: Outcome[] = [];
    const keptNotes: string[] = [];
    const keptBookmarks: { userId: string; serviceId: string }[] = [];
    const started = Date.now();
    let stopping = false;
    const record = (
      request: string,
      response: {
        statusCode: number;
        headers: Record<string, string | string[] | number | undefined>;
        body: string;
      },
    ) => {
      const retryAfter = response.headers['retry-after'];
      outcomes.push({
        request: response.statusCode < 300 ? request : `${request} ${response.body}`,
        status: response.statusCode,
        retryAfter: retryAfter === undefined ? undefined : String(retryAfter),
        at: Date.now() - started,
      });
      return response.statusCode;
    };

    const browse = async (person: SignedInUser, index: number) => {
      let notesWritten = 0;
      for (let step = 0; !stopping; step += 1) {
        // Paced under the per-address limit (300 a minute) for the few seconds this runs.
        await new Promise((resolve) => setTimeout(resolve, 15));
        const serviceId = serviceIds[(index + step) % SERVICES]!;
        if (step % 4 === 0 && notesWritten < NOTES_EACH) {
          notesWritten += 1;
          const response = await person.send('POST', '/api/notes', {
            serviceId,
            noteText: `Note ${step} by person ${index}`,
          });
          if (record('POST /api/notes', response) === 201)
            keptNotes.push(response.json<{ note: { id: string } }>().note.id);
        } else if (step % 4 === 1 && step < SERVICES * 4) {
          const response = await person.send('POST', '/api/bookmarks', { serviceId });
          if (record('POST /api/bookmarks', response) < 300)
            keptBookmarks.push({ userId: person.id, serviceId });
        } else if (step % 4 === 2) {
          record(
            'GET /api/users/me/notes',
            await person.send(
              'GET',
              `/api/users/me/notes?serviceId=${encodeURIComponent(serviceId)}`,
            ),
          );
        } else {
          record('GET /api/users/bookmarks', await person.send('GET', '/api/users/bookmarks'));
        }
      }
    };

    const load = people.map((person, index) => browse(person, index));
    const ended: { at: number; backends: number }[] = [];
    for (let round = 0; round < TERMINATIONS; round += 1) {
      await new Promise((resolve) => setTimeout(resolve, 700));
      ended.push({ at: Date.now() - started, backends: await endEveryBackend() });
    }
    // The instance answers again: a request that needs the database succeeds.
    const lastEnd = Date.now();
    let answeredAfterMs: number | undefined;
    while (Date.now() - lastEnd < 5_000) {
      const health = await app.inject({ method: 'GET', url: '/api/health' });
      const list = await people[0]!.send('GET', '/api/users/bookmarks');
      if (health.statusCode === 200 && list.statusCode === 200) {
        answeredAfterMs = Date.now() - lastEnd;
        break;
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 700));
    stopping = true;
    await Promise.all(load);

    const statuses = outcomes.map((outcome) => outcome.status);
    const unavailable = outcomes.filter((outcome) => outcome.status === 503);
    if (process.env.FAULT_FIGURES) {
      console.info(
        JSON.stringify({
          requests: outcomes.length,
          replies503: unavailable.length,
          otherStatuses: [...new Set(statuses)].sort(),
          terminated: ended,
          idleConnectionsLost: poolErrors.length,
          answeredAgainAfterMs: answeredAfterMs,
          notesKept: keptNotes.length,
          bookmarksKept: keptBookmarks.length,
        }),
      );
    }

    expect(ended.every((round) => round.backends > 0)).toBe(true);
    // The fault reached the app: idle connections ended (the old crash) or queries failed.
    expect(poolErrors.length + unavailable.length).toBeGreaterThan(0);
    expect(answeredAfterMs).toBeDefined();
    expect(answeredAfterMs!).toBeLessThan(5_000);
    expect(outcomes.filter(({ status }) => !(status < 300 || status === 503))).toEqual([]);
    expect(unavailable.filter((outcome) => outcome.retryAfter === undefined)).toEqual([]);

    const storedNotes = await database.db
      .select({ id: notes.id })
      .from(notes)
      .where(inArray(notes.id, keptNotes));
    expect(storedNotes.map((row) => row.id).sort()).toEqual([...keptNotes].sort());
    for (const { userId, serviceId } of keptBookmarks) {
      const [row] = await database.db
        .select({ id: bookmarks.id })
        .from(bookmarks)
        .where(and(eq(bookmarks.userId, userId), eq(bookmarks.serviceId, serviceId)));
      expect(row, `bookmark of ${serviceId} by ${userId}`).toBeDefined();
    }
  });
});
