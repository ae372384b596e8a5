import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createDb } from './client';
import { defaultMigrationsDir, migrate } from './migrate';

describe('migrate', () => {
  it('says how many migrations it is about to apply, and nothing once they are applied', async () => {
    const journal = JSON.parse(
      await readFile(join(defaultMigrationsDir(), 'meta', '_journal.json'), 'utf8'),
    ) as { entries: unknown[] };
    const database = await createDb({});
    try {
      const heard: { count: number; total: number }[] = [];
      await migrate(database, { onPending: (pending) => heard.push(pending) });
      await migrate(database, { onPending: (pending) => heard.push(pending) });

      const total = journal.entries.length;
      expect(total).toBeGreaterThan(20);
      expect(heard).toEqual([{ count: total, total }]);
    } finally {
      await database.close();
    }
  });
});
