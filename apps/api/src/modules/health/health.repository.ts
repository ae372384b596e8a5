import type { Db } from '@locals/db/client';
import { sql } from 'drizzle-orm';

export function createHealthRepository(db: Db) {
  return {
    async ping(): Promise<void> {
      await db.execute(sql`select 1`);
    },
  };
}
