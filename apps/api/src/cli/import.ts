import { existsSync } from 'node:fs';
import path from 'node:path';
import { createDb, type Database } from '@locals/db/client';
import { migrate } from '@locals/db/migrate';
import { loadOpenDataOnce } from '@locals/db/open-data/load';
import { loadConfig } from '../env';
import { parseImportArgs, runImport } from './import-command';

/** `npm run import -- <file> ...`: see import-command.ts for the options. */
async function main(): Promise<void> {
  let database: Database | undefined;
  try {
    const command = parseImportArgs(process.argv.slice(2));
    if (!existsSync(command.file)) throw new Error(`There is no file at ${command.file}.`);
    const config = loadConfig();
    // Same database as the server: PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR.
    database = await createDb(
      config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: path.join(config.dataDir, 'pglite') },
    );
    await migrate(database);
    await loadOpenDataOnce(database, config.openDataDir);
    console.log(await runImport(database, command));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // Lock, configuration and usage problems are for people; anything else keeps its stack.
    const isForPeople = /^(Another Locals process|Invalid configuration|Name one file|--|The JSON file|There is no file)/.test(message);
    console.error(isForPeople ? `\n${message}\n` : error);
    process.exitCode = 1;
  } finally {
    await database?.close();
  }
}

await main();
