import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { writeEmptyOpenData } from './testing/empty-open-data';
import {
  freePort,
  killServers,
  ROOT,
  startServerProcess,
  STARTED,
  trackChild,
  until,
  type ServerProcess,
} from './testing/server-process';

/** The real server process on a DATA_DIR of its own, never a shared PostgreSQL server. */
function startServer(
  dataDir: string,
  openDataDir: string,
  env: NodeJS.ProcessEnv = {},
): Promise<ServerProcess> {
  return startServerProcess({
    DATA_DIR: dataDir,
    OPEN_DATA_DIR: openDataDir,
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    DATABASE_URL: undefined,
    ...env,
  });
}

/** The lines meant for people: every line but the JSON log lines. */
function plainLines(output: string): string[] {
  return output.split('\n').filter((line) => line.trim() !== '' && !line.startsWith('{'));
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function connects(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** A newsletter sign-up whose body arrives in two parts, the second when the test says. */
function slowSubscribe(port: number) {
  const body = JSON.stringify({ email: 'slow.reader@example.org' });
  const request = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/api/newsletter/subscribe',
    headers: {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
      'x-requested-with': 'fetch',
    },
  });
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.once('response', (incoming) => {
      let text = '';
      incoming.on('data', (chunk: Buffer) => (text += chunk.toString()));
      incoming.once('end', () => resolve({ status: incoming.statusCode ?? 0, body: text }));
    });
    request.once('error', reject);
  });
  request.write(body.slice(0, 10));
  return { response, finish: () => request.end(body.slice(10)) };
}

// Each start is a real process on a fresh PGlite: seconds each, more on a busy machine.
describe('the server process', { timeout: 120_000 }, () => {
  let openDataDir: string;
  let dataDir: string;
  const lockFile = () => path.join(dataDir, 'pglite', 'locals.lock');

  beforeAll(async () => {
    // Headers only: a first start with nothing to load is quick.
    openDataDir = await mkdtemp(path.join(tmpdir(), 'locals-open-data-'));
    await writeEmptyOpenData(openDataDir);
  });
  afterAll(async () => rm(openDataDir, { recursive: true, force: true }));
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'locals-server-'));
  });
  afterEach(async () => {
    killServers();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('says what a first start does in plain lines and ends with the address; a restart says only the address (issue 32)', async () => {
    const first = await startServer(dataDir, openDataDir);
    await first.waitFor(`${STARTED} at http://localhost:${first.port}\n`);
    first.child.kill('SIGTERM');
    expect((await first.exited).code).toBe(0);
    const firstLines = plainLines(first.output());

    expect(firstLines[0]).toBe(`Locals: creating the database in ${dataDir}...`);
    expect(firstLines).toContainEqual(
      expect.stringMatching(/^Locals: migrating the database \((\d+) of \1 migrations\)\.\.\.$/),
    );
    expect(firstLines).toContain('Locals: loading the open data...');
    expect(firstLines).toContainEqual(
      expect.stringMatching(/^Locals: loading the open data: uk_postcode_districts\.csv, \d+ s$/),
    );
    expect(firstLines).toContainEqual(
      expect.stringMatching(/^Locals: loaded the open data in \d+ s$/),
    );
    expect(firstLines.at(-1)).toBe(`Locals is running at http://localhost:${first.port}`);

    const again = await startServer(dataDir, openDataDir);
    await again.waitFor(`${STARTED} at http://localhost:${again.port}\n`);
    again.child.kill('SIGTERM');
    expect((await again.exited).code).toBe(0);
    expect(plainLines(again.output())).toEqual([
      `Locals is running at http://localhost:${again.port}`,
    ]);
  });

  it('refuses a second process on the same DATA_DIR, naming that DATA_DIR', async () => {
    const first = await startServer(dataDir, openDataDir);
    await first.waitFor(STARTED);

    const second = await startServer(dataDir, openDataDir);
    const { code } = await second.exited;

    expect(code).toBe(1);
    expect(second.output()).toContain(
      `Another Locals process is already using DATA_DIR '${dataDir}'. Stop that process or choose another DATA_DIR.`,
    );
    expect(second.output()).not.toContain(path.join(dataDir, 'pglite'));
    first.child.kill('SIGTERM');
    expect((await first.exited).code).toBe(0);
  });

  it('starts with rate limits off while Redis cannot be reached, and says so', async () => {
    const port = await freePort();
    const server = await startServerProcess({
      DATA_DIR: dataDir,
      OPEN_DATA_DIR: openDataDir,
      WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
      DATABASE_URL: undefined,
      REDIS_URL: `redis://127.0.0.1:${port}`,
    });

    await server.waitFor(STARTED);
    expect(server.output()).toContain(
      'Could not connect to Redis at REDIS_URL: starting with rate limits off until it answers',
    );
    const health = await fetch(`http://127.0.0.1:${server.port}/api/health`);
    expect(health.status).toBe(200);
    server.child.kill('SIGTERM');
    expect((await server.exited).code).toBe(0);
  });

  it('stops with one line naming DATABASE_URL, never its password, when PostgreSQL cannot be reached', async () => {
    const port = await freePort();
    const server = await startServerProcess({
      DATA_DIR: dataDir,
      OPEN_DATA_DIR: openDataDir,
      WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
      DATABASE_URL: `postgres://locals:s3cret@127.0.0.1:${port}/locals`,
      DATABASE_WAIT_SECONDS: '1',
    });

    expect((await server.exited).code).toBe(1);
    expect(server.output()).toContain(
      `Could not reach the PostgreSQL server at DATABASE_URL (postgres://locals@127.0.0.1:${port}/locals, password hidden) after 1 s: connect ECONNREFUSED 127.0.0.1:${port}. Check that it is running and that DATABASE_URL is right.`,
    );
    expect(server.output()).not.toContain('s3cret');
    expect(server.output()).not.toContain('    at ');
  });

  it('starts at once after the last process on its DATA_DIR was killed with SIGKILL', async () => {
    const killed = await startServer(dataDir, openDataDir);
    await killed.waitFor(STARTED);
    killed.child.kill('SIGKILL');
    await killed.exited;
    expect(existsSync(lockFile())).toBe(true);

    // The lock is fresh (under a minute old), but its owner is gone.
    const restarted = await startServer(dataDir, openDataDir);
    await restarted.waitFor(STARTED);
    expect(await connects(restarted.port)).toBe(true);
    restarted.child.kill('SIGTERM');
    expect((await restarted.exited).code).toBe(0);
    expect(existsSync(lockFile())).toBe(false);
  });

  it('keeps DATA_DIR for a process frozen past any staleness limit, which then serves on', async () => {
    const frozen = await startServer(dataDir, openDataDir);
    await frozen.waitFor(STARTED);
    frozen.child.kill('SIGSTOP');
    try {
      // As if frozen for ten minutes: its lock has not been refreshed since.
      const tenMinutesAgo = new Date(Date.now() - 10 * 60 * 1000);
      await utimes(lockFile(), tenMinutesAgo, tenMinutesAgo);

      const second = await startServer(dataDir, openDataDir);
      expect((await second.exited).code).toBe(1);
      expect(second.output()).toContain('Another Locals process is already using DATA_DIR');
    } finally {
      frozen.child.kill('SIGCONT');
    }
    const health = await fetch(`http://127.0.0.1:${frozen.port}/api/health`);
    expect(health.status).toBe(200);
    frozen.child.kill('SIGTERM');
    expect((await frozen.exited).code).toBe(0);
  });

  it('stops like on SIGTERM when the shell npm start ran it through is gone', async () => {
    // `npm start` runs scripts/start.mjs through `sh -c`; SIGTERM to npm ended that shell and
    // left the server running. A stand-in for the server, started the same way:
    const script = path.join(dataDir, 'server.mjs');
    const output = path.join(dataDir, 'output.txt');
    const stopWithParent = pathToFileURL(path.join(ROOT, 'scripts/stop-with-parent.mjs')).href;
    await writeFile(
      script,
      [
        `import { stopWithParent } from ${JSON.stringify(stopWithParent)};`,
        'stopWithParent();',
        "process.on('SIGTERM', () => { console.log('SIGTERM: closing'); process.exit(0); });",
        'setInterval(() => {}, 1000);',
        'console.log(`started ${process.pid}`);',
      ].join('\n'),
    );
    // `; true` keeps the shell from replacing itself with node, as it does under npm.
    const shell = spawn('sh', ['-c', `"${process.execPath}" "${script}" > "${output}"; true`]);
    trackChild(shell);
    const read = () => readFile(output, 'utf8').catch(() => '');
    await until(async () => (await read()).includes('started'), 'the stand-in started');
    const pid = Number(/started (\d+)/.exec(await read())?.[1]);

    try {
      shell.kill('SIGKILL');

      await until(async () => (await read()).includes('SIGTERM: closing'), 'it stopped itself');
      await until(() => !isAlive(pid), 'its process ended');
    } finally {
      if (isAlive(pid)) process.kill(pid, 'SIGKILL');
    }
  });

  it('on SIGTERM finishes the request in flight, refuses new connections and exits 0', async () => {
    const server = await startServer(dataDir, openDataDir);
    await server.waitFor(STARTED);
    const inFlight = slowSubscribe(server.port);
    await server.waitFor('/api/newsletter/subscribe');

    server.child.kill('SIGTERM');
    await server.waitFor('SIGTERM received');
    await until(async () => !(await connects(server.port)), 'new connections are refused');
    inFlight.finish();
    const answer = await inFlight.response;
    const { code } = await server.exited;

    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ success: true });
    expect(code).toBe(0);
    expect(existsSync(lockFile())).toBe(false);
    const again = await startServer(dataDir, openDataDir);
    await again.waitFor(STARTED);
    again.child.kill('SIGTERM');
    expect((await again.exited).code).toBe(0);
  });

  it('on SIGTERM while the database is being prepared, closes it and exits 0', async () => {
    // PGlite's first creation cannot be interrupted and, on a busy 2-core machine, alone outlasts
    // the default 10 s: this is about closing cleanly, so the limit is generous here.
    const server = await startServer(dataDir, openDataDir, { SHUTDOWN_TIMEOUT_SECONDS: '120' });
    await until(() => existsSync(lockFile()), 'DATA_DIR is locked', 60);

    server.child.kill('SIGTERM');
    const { code } = await server.exited;

    expect(code, server.output()).toBe(0);
    expect(server.output()).not.toContain(STARTED);
    expect(existsSync(lockFile())).toBe(false);
    const again = await startServer(dataDir, openDataDir);
    await again.waitFor(STARTED);
    again.child.kill('SIGTERM');
    expect((await again.exited).code).toBe(0);
  });

  it('exits 1 when closing takes longer than SHUTDOWN_TIMEOUT_SECONDS, releasing DATA_DIR', async () => {
    const server = await startServer(dataDir, openDataDir, { SHUTDOWN_TIMEOUT_SECONDS: '3' });
    await server.waitFor(STARTED);
    const stuck = slowSubscribe(server.port);
    await server.waitFor('/api/newsletter/subscribe');
    const signalledAt = Date.now();

    server.child.kill('SIGTERM');
    const cutOff = expect(stuck.response).rejects.toThrow();
    const { code } = await server.exited;

    await cutOff;
    expect(code).toBe(1);
    expect(Date.now() - signalledAt).toBeGreaterThanOrEqual(3000 - 100);
    expect(server.output()).toContain('Still closing after 3 s: exiting anyway');
    const again = await startServer(dataDir, openDataDir);
    await again.waitFor(STARTED);
    again.child.kill('SIGTERM');
    expect((await again.exited).code).toBe(0);
  });
});
