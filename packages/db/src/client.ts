import { randomUUID } from 'node:crypto';
import { existsSync, rmSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { MigrationConfig } from 'drizzle-orm/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import lockfile from 'proper-lockfile';
import type { PgliteWorkerData, PgliteWorkerReply, PgliteWorkerRequest } from './pglite-worker';
import * as schema from './schema';

/** One drizzle type for both drivers, so repositories never care which one runs. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/**
 * Rows of a raw SQL query. Both drivers answer `execute` with `{ rows }`, but the shared
 * base type cannot say so; prefer the query builder, which is typed for both.
 */
export async function queryRows<T extends Record<string, unknown>>(
  db: Db,
  query: SQL,
): Promise<T[]> {
  const result = (await db.execute(query)) as { rows: T[] };
  return result.rows;
}

export type DatabaseKind = 'pglite' | 'postgres';

export type Database = {
  db: Db;
  kind: DatabaseKind;
  /** Runs drizzle's migrator for this driver; use `migrate(database)` from './migrate'. */
  applyMigrations(config: MigrationConfig): Promise<void>;
  /**
   * Runs `work` while no other process runs its own on this database: instances starting
   * together on one PostgreSQL server migrate and load the open data one after another, never
   * at once. PGlite has a single process (the DATA_DIR lock), so there it just runs.
   */
  exclusively<T>(work: () => Promise<T>): Promise<T>;
  /**
   * Runs `work` unless another process is running its own under the same `name` on this
   * database (PostgreSQL's advisory locks, named within the schema), answering undefined then:
   * a job that several instances schedule runs in one at a time. PGlite has a single process,
   * so there it just runs.
   */
  ifFree<T>(name: string, work: () => Promise<T>): Promise<T | undefined>;
  /**
   * Rejects when the database cannot answer. PostgreSQL runs `select 1`. PGlite is one backend,
   * so a statement would wait behind every query in line (decision 016: /api/health took 122 ms
   * while searches ran); instead its thread must be running and not stuck on one statement.
   */
  ping(): Promise<void>;
  close(): Promise<void>;
};

/** The advisory lock `exclusively` holds on PostgreSQL; any fixed number unique to Locals. */
const STARTUP_LOCK_ID = 727_002;

export type CreateDbOptions = {
  /** postgres://... When set, PostgreSQL is used and `dataDir` is ignored. */
  databaseUrl?: string;
  /** PGlite data directory; omitted means an in-memory database. */
  dataDir?: string;
  /** The directory to name in messages, when the person set a parent of `dataDir` (DATA_DIR). */
  dataDirName?: string;
  /**
   * In memory only: a file PGlite's dumpDataDir wrote, which the database starts as a copy of
   * (the tests' migrated template: no initdb, no migrations to replay).
   */
  fromDump?: string;
  /** PostgreSQL only: the connection's search_path, e.g. 'test_abc, public'. */
  searchPath?: string;
  /**
   * Told when the server ends a connection the pool holds idle (a restart, a failover,
   * pg_terminate_backend). The pool drops that connection and opens a new one for the next
   * query; by default one JSON line goes to stderr, in the server's log shape.
   */
  onConnectionError?: (error: Error) => void;
};

/** Before the app's logger exists (or without one), a lost connection is one JSON log line. */
function logConnectionError(error: Error): void {
  const code = (error as { code?: unknown }).code;
  console.error(
    JSON.stringify({
      level: 40,
      time: Date.now(),
      reason: error.message,
      ...(typeof code === 'string' ? { code } : {}),
      msg: 'PostgreSQL ended an idle connection: the next query opens a new one',
    }),
  );
}

const LOCK_FILE = 'locals.lock';
/**
 * Who holds the lock is told by its owner file (pid, start time, token), not by the lock's age:
 * a process frozen for minutes (a long statement, a paused container, a debugger) still owns its
 * DATA_DIR, and a second process taking it over would corrupt the database (see server.test.ts).
 * The age limit is only a last resort for an owner file that cannot be read; proper-lockfile
 * refreshes the lock every LOCK_REFRESH_MS, far within it.
 */
const LOCK_STALE_MS = 24 * 60 * 60 * 1000;
const LOCK_REFRESH_MS = 10 * 60 * 1000;
/** The pid of the process holding the lock, so a successor can tell that it has died. */
const LOCK_OWNER_FILE = 'locals.lock.owner';
/**
 * Written beside the pid: in a container the server is often pid 1 on every start, so a pid
 * equal to ours names this process only when this token matches too.
 */
const PROCESS_TOKEN = randomUUID();

export async function createDb(options: CreateDbOptions): Promise<Database> {
  const onConnectionError = options.onConnectionError ?? logConnectionError;
  if (options.databaseUrl) {
    return createPostgres(options.databaseUrl, options.searchPath, onConnectionError);
  }
  return createPglite(options, onConnectionError);
}

function createPostgres(
  connectionString: string,
  searchPath: string | undefined,
  onConnectionError: (error: Error) => void,
): Database {
  const pool = new pg.Pool({
    connectionString,
    ...(searchPath ? { options: `-c search_path=${searchPath}` } : {}),
  });
  keepRunningWhenConnectionsEnd(pool, onConnectionError);
  const db = drizzlePg({ client: pool, schema });
  return {
    db,
    kind: 'postgres',
    applyMigrations: (config) => migratePg(db, config),
    // A session lock lives on one connection, so it is taken and released on a client of its own.
    async exclusively(work) {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_ID]);
        try {
          return await work();
        } finally {
          await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_ID]);
        }
      } finally {
        client.release();
      }
    },
    async ifFree(name, work) {
      const client = await pool.connect();
      const lock = "hashtext(current_schema() || ':' || $1)";
      try {
        const { rows } = await client.query<{ got: boolean }>(
          `select pg_try_advisory_lock(${lock}) as got`,
          [name],
        );
        if (!rows[0]?.got) return undefined;
        try {
          return await work();
        } finally {
          await client.query(`select pg_advisory_unlock(${lock})`, [name]);
        }
      } finally {
        client.release();
      }
    },
    ping: async () => {
      await pool.query('select 1');
    },
    close: () => pool.end(),
  };
}

/**
 * When the server ends a connection (a restart, a failover, pg_terminate_backend), its client
 * emits 'error', and an 'error' nobody listens to would stop the whole process (decision 029). An
 * idle client's reaches the pool's 'error' event: it is logged, and the pool opens a new connection
 * for the next query. A client checked out between two statements of a transaction has no pool
 * listener then, so every client gets one of its own that ignores it: the statement running or next
 * sent on it rejects (the API answers 503), and the pool drops it when it is released.
 */
function keepRunningWhenConnectionsEnd(
  pool: pg.Pool,
  onConnectionError: (error: Error) => void,
): void {
  pool.on('error', onConnectionError);
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  pool.on('acquire', (client) => {
    // The pool sets `release` just after 'acquire'; wrap it once it is there, before the
    // client reaches whoever asked for it (a later microtask).
    queueMicrotask(() => giveBackWhenConnectionEnds(client));
  });
}

/**
 * A checked-out client whose connection ends goes back to the pool (which drops it) at once,
 * and its `release` becomes safe to call again. Without this a transaction whose BEGIN failed on
 * a connection the server had just ended kept its client for good (drizzle-orm 0.45 releases
 * only after BEGIN succeeds): after a failover the pool filled with dead clients and shutdown
 * waited on them forever (found by database-faults.test.ts).
 */
function giveBackWhenConnectionEnds(client: pg.PoolClient): void {
  const release = client.release.bind(client);
  let released = false;
  const giveBack = (error?: Error | boolean) => {
    if (released) return;
    released = true;
    client.removeListener('end', onEnd);
    try {
      release(error);
    } catch {
      // Released already, before this wrapper was in place (pool.query's own error path can
      // release on process.nextTick, ahead of the microtask): nothing is held.
    }
  };
  const onEnd = () => giveBack(new Error('Connection terminated'));
  client.release = giveBack;
  client.once('end', onEnd);
  // Ended between the checkout and now: the 'end' already went by.
  const state = client as unknown as { _queryable?: boolean; _ending?: boolean };
  if (state._queryable === false || state._ending === true) onEnd();
}

/**
 * PGlite runs in a worker thread of its own and is reached through node-postgres, as PostgreSQL
 * is (decision 016): on the API's event loop, every statement it ran held up every other request
 * until it finished. The pool has one connection because PGlite is one backend; a transaction holds
 * it, as it held PGlite's own transaction lock before.
 */
async function createPglite(
  { dataDir, dataDirName, fromDump }: CreateDbOptions,
  onConnectionError: (error: Error) => void,
): Promise<Database> {
  const release = dataDir ? await lockDataDir(dataDir, dataDirName ?? dataDir) : undefined;
  let worker: PgliteWorker | undefined;
  try {
    worker = await startPgliteWorker(dataDir, dataDir ? undefined : fromDump);
    const pool = new pg.Pool({
      host: worker.socketDir,
      port: PGLITE_SOCKET_PORT,
      user: 'postgres',
      database: 'postgres',
      password: '',
      ssl: false,
      max: 1,
      // The one connection stays for the database's life; idle, it does not keep Node running.
      idleTimeoutMillis: 0,
      allowExitOnIdle: true,
    });
    keepRunningWhenConnectionsEnd(pool, onConnectionError);
    const db = drizzlePg({ client: pool, schema });
    const running = worker;
    return {
      db,
      kind: 'pglite',
      applyMigrations: (config) => migratePg(db, config),
      exclusively: (work) => work(),
      ifFree: (_name, work) => work(),
      ping: () => running.ping(),
      close: async () => {
        try {
          await pool.end();
          await running.close();
        } finally {
          await release?.();
        }
      },
    };
  } catch (error) {
    await worker?.close().catch(() => undefined);
    await release?.();
    throw error;
  }
}

/** node-postgres, given a directory as host, connects to DIR/.s.PGSQL.<port>. */
const PGLITE_SOCKET_PORT = 5432;

type PgliteWorker = {
  /** The private directory holding the worker's Unix socket. */
  socketDir: string;
  /** Resolves while the thread runs and no statement has run for longer than STUCK_AFTER_MS. */
  ping(): Promise<void>;
  /** Closes PGlite (writing everything to the data directory) and ends the thread. */
  close(): Promise<void>;
};

/**
 * Longer than any statement the server runs (a search takes well under a second; loading the
 * open data runs before the server answers at all), short enough for a health check to notice.
 */
const STUCK_AFTER_MS = 60_000;

/**
 * From source the worker is pglite-worker.ts beside this file, which Node runs as it is; in the
 * API build this module is dist/server.js and the build puts dist/pglite-worker.js beside it.
 */
function pgliteWorkerUrl(): URL {
  const built = new URL('./pglite-worker.js', import.meta.url);
  return existsSync(built) ? built : new URL('./pglite-worker.ts', import.meta.url);
}

/**
 * Socket directories of databases still open. A process that exits without closing them (a
 * shutdown that timed out, a test that forgot) removes them on its way out; only SIGKILL leaves
 * one behind, an empty directory in the system's temporary directory.
 */
const socketDirs = new Set<string>();
process.once('exit', () => {
  for (const dir of socketDirs) rmSync(dir, { recursive: true, force: true });
});

async function startPgliteWorker(
  dataDir: string | undefined,
  fromDump: string | undefined,
): Promise<PgliteWorker> {
  // A Unix socket in a directory only this user can enter: no port for other local users to
  // reach an unauthenticated database through.
  const socketDir = await mkdtemp(path.join(tmpdir(), 'locals-pglite-'));
  socketDirs.add(socketDir);
  const busySince = new SharedArrayBuffer(BigInt64Array.BYTES_PER_ELEMENT);
  const workerData: PgliteWorkerData = {
    ...(dataDir ? { dataDir: path.resolve(dataDir) } : {}),
    ...(fromDump ? { fromDump: path.resolve(fromDump) } : {}),
    socketPath: path.join(socketDir, `.s.PGSQL.${PGLITE_SOCKET_PORT}`),
    busySince,
  };
  const worker = new Worker(pgliteWorkerUrl(), { workerData, name: 'pglite' });
  // An error thrown in the worker arrives as its 'error' event, just before it exits.
  let failure: unknown;
  worker.on('error', (error) => {
    failure = error;
  });
  let closing = false;
  worker.once('exit', (code) => {
    if (closing) return;
    // The database is gone from under a running server: fail loudly, as PGlite did in-process.
    throw new Error(`PGlite's worker thread stopped unexpectedly (exit code ${code})`, {
      cause: failure,
    });
  });

  const removeSocketDir = async () => {
    await rm(socketDir, { recursive: true, force: true });
    socketDirs.delete(socketDir);
  };
  const started = await replyFrom(worker);
  if (started?.type !== 'ready') {
    closing = true;
    await worker.terminate();
    await removeSocketDir();
    if (started?.type === 'failed') throw started.error;
    throw new Error("PGlite's worker thread stopped while starting", { cause: failure });
  }
  // Once started, the thread alone does not keep Node running (an open PGlite never did).
  worker.unref();

  const statementStarted = new BigInt64Array(busySince);
  let closed: Promise<void> | undefined;
  return {
    socketDir,
    ping: () => {
      if (closing) return Promise.reject(new Error('PGlite is closed'));
      const since = Number(Atomics.load(statementStarted, 0));
      if (since !== 0 && Date.now() - since > STUCK_AFTER_MS) {
        const seconds = Math.round((Date.now() - since) / 1000);
        return Promise.reject(new Error(`PGlite has been running one statement for ${seconds} s`));
      }
      return Promise.resolve();
    },
    close: () =>
      (closed ??= (async () => {
        closing = true;
        try {
          const reply = replyFrom(worker);
          worker.postMessage({ type: 'close' } satisfies PgliteWorkerRequest);
          const closedReply = await reply;
          if (closedReply?.type === 'closed' && closedReply.error) {
            throw new Error("PGlite's worker thread could not close", { cause: closedReply.error });
          }
        } finally {
          await worker.terminate();
          await removeSocketDir();
        }
      })()),
  };
}

/** The worker's next message, or undefined if it exits first. */
function replyFrom(worker: Worker): Promise<PgliteWorkerReply | undefined> {
  return new Promise((resolve) => {
    const onMessage = (reply: PgliteWorkerReply) => {
      worker.off('exit', onExit);
      resolve(reply);
    };
    const onExit = () => {
      worker.off('message', onMessage);
      resolve(undefined);
    };
    worker.once('message', onMessage);
    worker.once('exit', onExit);
  });
}

/** PGlite is single-process: two servers on one directory would corrupt it. */
async function lockDataDir(dataDir: string, dataDirName: string): Promise<() => Promise<void>> {
  await mkdir(dataDir, { recursive: true });
  const lockFilePath = path.join(dataDir, LOCK_FILE);
  const ownerFilePath = path.join(dataDir, LOCK_OWNER_FILE);
  const lock = () =>
    lockfile.lock(dataDir, {
      lockfilePath: lockFilePath,
      stale: LOCK_STALE_MS,
      update: LOCK_REFRESH_MS,
    });
  let release: () => Promise<void>;
  try {
    release = await lock();
  } catch (error) {
    if (!isLockHeld(error)) throw error;
    // After kill -9 the lock would look held until it went stale. Its owner's pid says at once
    // whether that process is gone; if so, the lock is taken over (see server.test.ts).
    if (!(await ownerIsGone(ownerFilePath))) throw lockHeldError(dataDirName, error);
    await rm(lockFilePath, { recursive: true, force: true });
    try {
      release = await lock();
    } catch (retryError) {
      throw isLockHeld(retryError) ? lockHeldError(dataDirName, retryError) : retryError;
    }
  }
  await writeFile(
    ownerFilePath,
    `${process.pid} ${PROCESS_TOKEN} ${await startTimeOf(process.pid)}`,
  );
  return async () => {
    await rm(ownerFilePath, { force: true });
    await release();
  };
}

/**
 * Whether the process that wrote the owner file has ended. Its pid may since have been given to
 * another process, so where the system says when a process started (Linux), that must match too.
 */
async function ownerIsGone(ownerFilePath: string): Promise<boolean> {
  const owner = await readFile(ownerFilePath, 'utf8').catch(() => '');
  const [pidText = '', token, startTime = ''] = owner.trim().split(' ');
  const pid = Number(pidText);
  if (!Number.isInteger(pid) || pid <= 0) return false;
  if (pid === process.pid) return token !== PROCESS_TOKEN;
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: it exists, as another user's process.
    return error instanceof Error && 'code' in error && error.code === 'ESRCH';
  }
  const currentStart = await startTimeOf(pid);
  return startTime !== '' && currentStart !== '' && currentStart !== startTime;
}

/**
 * When a process started, in clock ticks since boot (field 22 of /proc/PID/stat), or '' where
 * there is no /proc. The command name (field 2) may hold spaces, so fields are counted after it.
 */
async function startTimeOf(pid: number): Promise<string> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  const afterName = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return afterName[19] ?? '';
}

function lockHeldError(dataDirName: string, cause: unknown): Error {
  return new Error(
    `Another Locals process is already using DATA_DIR '${dataDirName}'. ` +
      'Stop that process or choose another DATA_DIR.',
    { cause },
  );
}

function isLockHeld(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ELOCKED';
}
