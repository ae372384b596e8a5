import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGLITE_TEMPLATE_VARIABLE, writePgliteTemplate } from '@locals/db/test-db';

/**
 * Vitest's global set-up for the projects whose tests use databases: one migrated PGlite, dumped
 * once per run, which every test database on PGlite starts as a copy of (test-db.ts). The test
 * workers, started after this, inherit the variable that names it. Runs on PostgreSQL
 * (TEST_DATABASE_URL) need none.
 */
export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  if (process.env.TEST_DATABASE_URL || process.env[PGLITE_TEMPLATE_VARIABLE]) return undefined;
  const directory = await mkdtemp(path.join(tmpdir(), 'locals-test-template-'));
  process.env[PGLITE_TEMPLATE_VARIABLE] = await writePgliteTemplate(directory);
  return async () => {
    delete process.env[PGLITE_TEMPLATE_VARIABLE];
    await rm(directory, { recursive: true, force: true });
  };
}
