import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import closeWithGrace from 'close-with-grace';
import { createDb } from '@locals/db/client';
import { migrate } from '@locals/db/migrate';
import { refreshDemoEvents } from '@locals/db/open-data/demo-events';
import { loadOpenDataOnce } from '@locals/db/open-data/load';
import { buildApp } from './app';
import { loadConfig } from './env';
import { serializeError } from './log-errors';
import { startProgress } from './start-progress';
import { waitForDatabase } from './wait-for-database';

type Closable = { close(): Promise<unknown> };
type Log = { info(message: string): void; error(details: object, message: string): void };

/**
 * Starts the API (and the built web app): config, database, migrations, then listen. Signals are
 * handled from the first moment, so stopping during migrations or the first-start data load
 * still closes the database and releases DATA_DIR.
 */
export async function start(): Promise<void> {
  const config = loadConfig();
  const shutdown = closeOnSignals(config.shutdownTimeoutMs);
  const progress = startProgress((line) => console.log(line));
  const pgliteDir = path.join(config.dataDir, 'pglite');
  const isNewDatabase = !config.databaseUrl && !existsSync(pgliteDir);
  progress.begin(
    isNewDatabase ? `creating the database in ${config.dataDir}` : 'opening the database',
    {
      quiet: !isNewDatabase,
    },
  );
  const database = await createDb(
    config.databaseUrl
      ? { databaseUrl: config.databaseUrl }
      : { dataDir: pgliteDir, dataDirName: config.dataDir },
  ).finally(() => progress.end());
  shutdown.track(database);
  // A signal while the database opened: it is closing now, so start nothing more on it (a
  // migration under way would hold the close up).
  if (shutdown.isStopping()) return await shutdown.stopped();
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  try {
    // A PostgreSQL server still starting (or failing over) is waited for, within a limit.
    if (config.databaseUrl) {
      const url = config.databaseUrl;
      await waitForDatabase(() => database.ping(), url, {
        timeoutMs: config.databaseWaitMs,
        onWaiting: (reason) =>
          consoleLog.info(
            `PostgreSQL at DATABASE_URL cannot be reached yet (${reason}): ` +
              `retrying for up to ${config.databaseWaitMs / 1000} s`,
          ),
      });
    }
    // Instances starting together on one PostgreSQL server take turns; the later ones find the
    // migrations applied and the open data loaded.
    const loaded = await database.exclusively(async () => {
      progress.begin('checking the database', { quiet: true });
      await migrate(database, {
        onPending: ({ count, total }) =>
          progress.begin(`migrating the database (${count} of ${total} migrations)`),
      });
      progress.begin('checking the open data', { quiet: true });
      const demos = { demoContent: config.demoContent };
      let isLoading = false;
      const report = await loadOpenDataOnce(database, config.openDataDir, {
        ...demos,
        onProgress: (step) => {
          if (!isLoading) progress.begin('loading the open data');
          isLoading = true;
          progress.load(step);
        },
      });
      await refreshDemoEvents(database, new Date(), demos);
      progress.end(isLoading ? 'loaded the open data' : undefined);
      return report;
    });
    app = await buildApp({ config, database });
    shutdown.track(app, app.log);
    if (loaded) {
      const { rejected, kind, ...counts } = loaded;
      const what =
        kind === 'first' ? 'Loaded the open data (first start)' : 'Loaded the changed open data';
      app.log.info({ ...counts, rejected: rejected.length }, what);
    }
    if (shutdown.isStopping()) return await shutdown.stopped();
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    progress.end();
    // Closing the database under a running migration or load makes it fail: that is the stop.
    if (shutdown.isStopping()) return await shutdown.stopped();
    await app?.close();
    await database.close();
    throw error;
  }
  app.log.info(`Locals is running at ${config.publicUrl} (database: ${database.kind})`);
  // The last line, for people: the address to open, not only inside a JSON log line.
  console.log(`Locals is running at ${config.publicUrl}`);
}

/**
 * On SIGTERM, SIGINT (and the other signals close-with-grace handles) or an uncaught error: stop
 * accepting, let in-flight requests finish, then close the database and its DATA_DIR lock, newest
 * first. A signal that comes before anything opened waits for the first thing start() opens. Exits
 * 0 after a clean close; 1 after an error, a close that fails, or one that outlasts the limit
 * (SHUTDOWN_TIMEOUT_SECONDS).
 */
function closeOnSignals(timeoutMs: number) {
  const opened: Closable[] = [];
  let log: Log = consoleLog;
  let isStopping = false;
  let firstOpened: () => void = () => {};

  closeWithGrace(
    {
      delay: timeoutMs,
      logger: { error: (message: unknown) => log.error({}, String(message)) },
      onTimeout: () => log.error({}, `Still closing after ${timeoutMs / 1000} s: exiting anyway`),
    },
    async ({ signal, err }) => {
      isStopping = true;
      if (err) log.error({ err: serializeError(err) }, 'Stopping after an unexpected error');
      else log.info(`${signal ?? 'Stop'} received: finishing requests and closing`);
      if (opened.length === 0) await new Promise<void>((resolve) => (firstOpened = resolve));
      try {
        for (let resource = opened.pop(); resource; resource = opened.pop()) await resource.close();
      } catch (error) {
        log.error({ err: serializeError(error) }, 'Closing failed');
        throw error;
      }
    },
  );

  return {
    /** Something to close on shutdown; closed at once when a signal came while it opened. */
    track(resource: Closable, logger?: Log) {
      opened.push(resource);
      if (logger) log = logger;
      firstOpened();
    },
    isStopping: () => isStopping,
    /** Settles never: the process exits once everything is closed. */
    stopped: () => new Promise<never>(() => {}),
  };
}

/** Before the app (and its logger) exists, log lines in the same JSON shape. */
const consoleLog: Log = {
  info: (message) => console.log(JSON.stringify({ level: 30, time: Date.now(), msg: message })),
  error: (details, message) =>
    console.error(JSON.stringify({ level: 50, time: Date.now(), ...details, msg: message })),
};

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
      message.startsWith('Invalid configuration') ||
      message.startsWith('Another Locals process') ||
      message.startsWith('Missing open data') ||
      message.startsWith('Could not reach the PostgreSQL server') ||
      message.startsWith('Could not use the PostgreSQL server');
    console.error(isForPeople ? `\n${message}\n` : error);
    process.exit(1);
  }
}

if (isEntryPoint()) void main();
