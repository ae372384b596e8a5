import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createDb, type Database } from '@locals/db/client';
import { migrate } from '@locals/db/migrate';
import { loadOpenDataOnce } from '@locals/db/open-data/load';
import { buildApp } from './app';
import { loadConfig } from './env';

/** Starts the API (and the built web app): config, database, migrations, then listen. */
export async function start(): Promise<void> {
  const config = loadConfig();
  const database = await createDb(
    config.databaseUrl
      ? { databaseUrl: config.databaseUrl }
      : { dataDir: path.join(config.dataDir, 'pglite') },
  );
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  try {
    await migrate(database);
    const loaded = await loadOpenDataOnce(database, config.openDataDir);
    app = await buildApp({ config, database });
    if (loaded) {
      const { rejected, ...counts } = loaded;
      app.log.info({ ...counts, rejected: rejected.length }, 'Loaded the open data (first start)');
    }
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app?.close();
    await database.close();
    throw error;
  }
  app.log.info(`Locals is running at ${config.publicUrl} (database: ${database.kind})`);
  closeOnSignals(app, database);
}

function closeOnSignals(
  app: { close(): Promise<unknown>; log: { info(message: string): void } },
  database: Database,
) {
  let isClosing = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (isClosing) return;
    isClosing = true;
    app.log.info(`${signal} received: finishing requests and closing`);
    // Stop accepting, let in-flight requests finish, then release the database and its lock.
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGTERM', (signal) => void shutdown(signal));
  process.once('SIGINT', (signal) => void shutdown(signal));
}

function isEntryPoint(): boolean {
  const entry = process.argv[1];
  return entry !== undefined && import.meta.url === pathToFileURL(entry).href;
}

/** start() for people: configuration and lock problems print their message (no stack) and exit 1. */
export async function main(): Promise<void> {
  try {
    await start();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const isForPeople =
      message.startsWith('Invalid configuration') || message.startsWith('Another Locals process');
    console.error(isForPeople ? `\n${message}\n` : error);
    process.exit(1);
  }
}

if (isEntryPoint()) void main();
