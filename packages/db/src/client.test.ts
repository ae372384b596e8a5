import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDb, queryRows } from './client';
import { migrate } from './migrate';
import { createTestDatabase } from './test-db';

describe('createDb with a PGlite data directory', () => {
  let dataDir: string;

  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'locals-db-'));
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('refuses a second database on the same directory with a clear message', async () => {
    const first = await createDb({ dataDir });
    try {
      await expect(createDb({ dataDir })).rejects.toThrow(
        `Another Locals process is already using DATA_DIR '${dataDir}'. Stop that process or choose another DATA_DIR.`,
      );
    } finally {
      await first.close();
    }
  });

  it('opens the directory again once the first is closed, keeping data and migrating idempotently', async () => {
    const first = await createDb({ dataDir });
    await migrate(first);
    await first.db.execute(sql`insert into app_meta (key, value) values ('probe', 'true')`);
    await first.close();

    const second = await createDb({ dataDir });
    try {
      await migrate(second);
      const rows = await queryRows(second.db, sql`select key from app_meta`);
      expect(rows).toEqual([{ key: 'probe' }]);
    } finally {
      await second.close();
    }
  });
});

describe('createDb with in-memory PGlite', () => {
  it("runs statements on a thread of its own, so the caller's event loop stays free (issue 13)", async () => {
    const database = await createDb({});
    try {
      const processBefore = process.cpuUsage();
      const threadBefore = process.threadCpuUsage();
      await queryRows(
        database.db,
        sql`select count(*) from generate_series(1, 1000000) n where md5(n::text) like 'a%'`,
      );
      const milliseconds = ({ user, system }: NodeJS.CpuUsage) => (user + system) / 1000;
      const processCpu = milliseconds(process.cpuUsage(processBefore));
      const threadCpu = milliseconds(process.threadCpuUsage(threadBefore));
      // CPU time, not wall time, so a busy machine cannot flip it: the statement did cost this
      // process a lot of CPU, and nearly none of it was on this thread. In-process PGlite spent
      // all of it here.
      expect(processCpu).toBeGreaterThan(150);
      expect(threadCpu).toBeLessThan(processCpu / 4);
    } finally {
      await database.close();
    }
  });

  it('answers a ping at once while a long statement runs', async () => {
    const database = await createDb({});
    try {
      let finished = false;
      const long = queryRows(
        database.db,
        sql`select count(*) from generate_series(1, 1000000) n where md5(n::text) like 'a%'`,
      ).then(() => {
        finished = true;
      });
      await database.ping();
      expect(finished).toBe(false);
      await long;
    } finally {
      await database.close();
    }
    await expect(database.ping()).rejects.toThrow('PGlite is closed');
  });

  it('reports SQL errors with their SQLSTATE and carries on', async () => {
    const database = await createDb({});
    try {
      await database.db.execute(sql`create table t (id int primary key)`);
      await database.db.execute(sql`insert into t values (1)`);
      const failed = await database.db
        .execute(sql`insert into t values (1)`)
        .catch((error: unknown) => error);
      expect(failed).toBeInstanceOf(Error);
      expect((failed as Error & { cause?: { code?: string } }).cause?.code).toBe('23505');

      await expect(
        database.db.transaction(async (tx) => {
          await tx.execute(sql`insert into t values (2)`);
          throw new Error('changed my mind');
        }),
      ).rejects.toThrow('changed my mind');
      const rows = await queryRows<{ id: number }>(database.db, sql`select id from t order by id`);
      expect(rows).toEqual([{ id: 1 }]);
    } finally {
      await database.close();
    }
  });
});

describe('migrate', () => {
  it('installs earthdistance, cube and pg_trgm', async () => {
    const database = await createTestDatabase();
    try {
      const [row] = await queryRows<{ km: number; similarity: number }>(
        database.db,
        sql`select earth_distance(ll_to_earth(51.45, -2.59), ll_to_earth(51.50, -0.14)) / 1000 as km,
                   similarity('food bank', 'foodbank') as similarity`,
      );
      expect(row?.km).toBeGreaterThan(165);
      expect(row?.km).toBeLessThan(175);
      expect(row?.similarity).toBeGreaterThan(0.3);
    } finally {
      await database.close();
    }
  });
});
