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
