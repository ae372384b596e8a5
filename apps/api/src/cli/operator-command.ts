import path from 'node:path';
import { createDb, type Database } from '@locals/db/client';
import { migrate } from '@locals/db/migrate';
import { loadConfig, type Config } from '../env';
import { serializeError } from '../log-errors';

type OperatorCommand<C> = {
  /** Reads the command line, before any database is opened. */
  parse: () => C;
  work: (command: C, database: Database, config: Config) => Promise<void>;
  /** Errors already written for people (the command's own problems). */
  isWorded: (error: unknown) => error is Error;
};

/**
 * Runs an operator's command on the server's own database (PostgreSQL when DATABASE_URL is set,
 * else PGlite in DATA_DIR), migrated first, and closes it after. A failure is one line and exit
 * code 1, never a stack trace or a row's values: a worded error as it is; anything else as the
 * server's logs show it.
 */
export async function runOperatorCommand<C>({
  parse,
  work,
  isWorded,
}: OperatorCommand<C>): Promise<void> {
  let database: Database | undefined;
  try {
    const command = parse();
    const config = loadConfig();
    database = await createDb(
      config.databaseUrl
        ? { databaseUrl: config.databaseUrl }
        : { dataDir: path.join(config.dataDir, 'pglite') },
    );
    await migrate(database);
    await work(command, database, config);
  } catch (error) {
    console.error(`\n${isWorded(error) ? error.message : serializeError(error).message}\n`);
    process.exitCode = 1;
  } finally {
    await database?.close();
  }
}
