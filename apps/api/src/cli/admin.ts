import path from 'node:path';
import { createDb, type Database } from '@locals/db/client';
import { migrate } from '@locals/db/migrate';
import { loadConfig } from '../env';
import { serializeError } from '../log-errors';
import { isAdminProblem, parseAdminArgs, runAdmin } from './admin-command';

/** `npm run admin -- grant-moderator <email>` / `revoke-moderator <email>` (decision 023). */
async function main(): Promise<void> {
  let database: Database | undefined;
  try {
    const command = parseAdminArgs(process.argv.slice(2));
    const config = loadConfig();
    // Same database as the server: PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR.
    database = await createDb(
      config.databaseUrl
        ? { databaseUrl: config.databaseUrl }
        : { dataDir: path.join(config.dataDir, 'pglite') },
    );
    await migrate(database);
    console.log(await runAdmin(database.db, command));
  } catch (error) {
    // One line, never a stack trace (as `npm run import`).
    console.error(`\n${isAdminProblem(error) ? error.message : serializeError(error).message}\n`);
    process.exitCode = 1;
  } finally {
    await database?.close();
  }
}

await main();
