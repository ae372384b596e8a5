// PGlite in a worker thread, served as PostgreSQL on a Unix socket (decision 016). PGlite is
// WebAssembly and runs each statement to its end on the thread that calls it: on the API's event
// loop, one slow search held up every other request, static files included. Here it has a thread of
// its own, and the API talks to it with node-postgres as to any PostgreSQL.
//
// Started by client.ts with `new Worker(...)`; Node runs this file as it is from source (type
// stripping) and as dist/pglite-worker.js from the API build. It imports only packages (its own
// thread-priority and pglite-extensions modules by the package's name, which have no relative
// imports), so both work.
import { readFile } from 'node:fs/promises';
import { createServer, type Socket } from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { PGLITE_EXTENSIONS } from '@locals/db/pglite-extensions';
import { lowerThisThreadsPriority } from '@locals/db/thread-priority';

export type PgliteWorkerData = {
  /** PGlite's data directory; omitted means an in-memory database. */
  dataDir?: string;
  /** In memory: a file dumpDataDir wrote, to start from (createDb's `fromDump`). */
  fromDump?: string;
  /** Where to listen: node-postgres connects to DIR/.s.PGSQL.5432 when given host DIR. */
  socketPath: string;
  /**
   * One BigInt64 the API thread reads without asking this thread, which is busy while a
   * statement runs: when (Date.now()) the statement running now began, or 0 when none is.
   */
  busySince: SharedArrayBuffer;
};

/** To the worker: stop serving and close PGlite. */
export type PgliteWorkerRequest = { type: 'close' };
/** From the worker: listening, failed to start, or closed. */
export type PgliteWorkerReply =
  { type: 'ready' } | { type: 'failed'; error: unknown } | { type: 'closed'; error?: unknown };

const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;
/** Sync: ends an extended-query sequence a closed connection left half sent. */
const SYNC = new Uint8Array([0x53, 0, 0, 0, 4]);

const port = parentPort;
if (!port) throw new Error('pglite-worker runs only as a worker thread');
const options = workerData as PgliteWorkerData;
const busySince = new BigInt64Array(options.busySince);

/**
 * PGlite is one backend: every message, from every connection, runs one at a time in arrival
 * order. (The API's pool has a single connection, so in practice there is one.)
 */
let queue: Promise<unknown> = Promise.resolve();
function serially<T>(work: () => Promise<T>): Promise<T> {
  const run = queue.then(async () => {
    Atomics.store(busySince, 0, BigInt(Date.now()));
    try {
      return await work();
    } finally {
      Atomics.store(busySince, 0, 0n);
    }
  });
  queue = run.catch(() => undefined);
  return run;
}

/**
 * Linux niceness for this thread alone. When the machine is busy, the API's own thread (static
 * files, health checks, serialising answers) gets the CPU first and a search waits a little
 * longer, rather than everything waiting behind the search.
 */
const NICENESS = 10;

async function start(): Promise<void> {
  lowerThisThreadsPriority(NICENESS);
  const pglite = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.fromDump ? { loadDataDir: new Blob([await readFile(options.fromDump)]) } : {}),
    extensions: PGLITE_EXTENSIONS,
  });
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.once('close', () => {
      sockets.delete(socket);
      // Whatever the connection left open must not leak into the next one's session.
      void serially(() => resetSession(pglite)).catch(() => undefined);
    });
    serve(pglite, socket);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.socketPath, () => {
      server.off('error', reject);
      resolve();
    });
  });

  port!.on('message', (request: PgliteWorkerRequest) => {
    if (request.type !== 'close') return;
    void (async () => {
      let error: Error | undefined;
      try {
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        for (const socket of sockets) socket.destroy();
        await closed;
        await serially(() => pglite.close());
      } catch (caught) {
        error = asError(caught);
      }
      port!.postMessage({
        type: 'closed',
        ...(error ? { error } : {}),
      } satisfies PgliteWorkerReply);
    })();
  });
}

/** Relays one client's PostgreSQL wire protocol messages to PGlite and its answers back. */
function serve(pglite: PGlite, socket: Socket): void {
  socket.setNoDelay(true);
  let buffered: Buffer = Buffer.alloc(0);
  let startedUp = false;
  socket.on('error', () => socket.destroy());
  socket.on('data', (chunk: Buffer) => {
    buffered = buffered.length === 0 ? chunk : Buffer.concat([buffered, chunk]);
    for (;;) {
      // Before start-up a message is length then code; after it, type byte then length.
      const header = startedUp ? 5 : 8;
      if (buffered.length < header) return;
      const length = startedUp ? 1 + buffered.readInt32BE(1) : buffered.readInt32BE(0);
      if (buffered.length < length) return;
      const message = buffered.subarray(0, length);
      buffered = buffered.subarray(length);
      if (!startedUp) {
        const code = message.readInt32BE(4);
        if (code === SSL_REQUEST || code === GSSENC_REQUEST) {
          socket.write('N');
          continue;
        }
        if (code === CANCEL_REQUEST) {
          // No other backend to interrupt: the statement runs to its end.
          socket.end();
          return;
        }
        startedUp = true;
      } else if (message[0] === 0x58 /* Terminate */) {
        socket.end();
        return;
      }
      const copy = new Uint8Array(message);
      void serially(() =>
        pglite.execProtocolRawStream(copy, {
          onRawData: (data) => {
            if (!socket.destroyed) socket.write(Buffer.from(data));
          },
        }),
      ).catch(() => socket.destroy());
    }
  });
}

/** Errors cross to the API thread by structured clone, which keeps an Error's message and stack. */
function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

async function resetSession(pglite: PGlite): Promise<void> {
  await pglite.execProtocolRaw(SYNC);
  if (pglite.isInTransaction()) await pglite.exec('rollback');
  await pglite.exec('discard all');
}

start().then(
  () => port.postMessage({ type: 'ready' } satisfies PgliteWorkerReply),
  (error: unknown) =>
    port.postMessage({ type: 'failed', error: asError(error) } satisfies PgliteWorkerReply),
);
