import { existsSync } from 'node:fs';
import path from 'node:path';
import { createDb, type Database } from '@locals/db/client';
import { migrate } from '@locals/db/migrate';
import { loadOpenDataOnce } from '@locals/db/open-data/load';
import { loadConfig } from '../env';
import { serializeError } from '../log-errors';
import { parseImportArgs, runImport } from './import-command';
import { importProblem, isImportProblem } from './import-problem';

/** `npm run import -- <file> ...`: see import-command.ts for the options. */
async function main(): Promise<void> {
  let database: Database | undefined;
  try {
    const command = parseImportArgs(process.argv.slice(2));
    if ('file' in command && !existsSync(command.file)) {
      throw new Error(`There is no file at ${command.file}.`);
    }
    const config = loadConfig();
    // Same database as the server: PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR.
    database = await createDb(
      config.databaseUrl
        ? { databaseUrl: config.databaseUrl }
        : { dataDir: path.join(config.dataDir, 'pglite') },
    );
    await migrate(database);
    await loadOpenDataOnce(database, config.openDataDir, { demoContent: config.demoContent });
    const { report, failure } = await runImport(database, command);
    console.log(report);
    // The report says why each row was rejected; the failure, that the run imported none.
    if (failure) throw importProblem(failure);
  } catch (error) {
    // One line, never a stack trace or a row's values: runImport's problems are already worded for
    // people; anything else is shown as the server's logs show it.
    console.error(`\n${isImportProblem(error) ? error.message : serializeError(error).message}\n`);
    process.exitCode = 1;
  } finally {
    await database?.close();
  }
}

await main();
