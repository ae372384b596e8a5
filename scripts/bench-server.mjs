// For the page benchmarks: the site to measure, either one already running (`--url URL`) or the
// production server started as `npm start` does (scripts/start.mjs, which builds what is
// missing or stale), on its own port and data directory so it never touches ./data.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');

/** The value after `--name` on the command line, or undefined. */
export function argument(name) {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? undefined : process.argv[index + 1];
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitUntilHealthy(url, server, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server stopped (exit ${server.exitCode})`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the server did not answer ${url}/api/health within ${timeoutMs / 1000} s`);
}

/**
 * `--url` when given; otherwise starts the production server and stops it in `close`.
 * Its log goes to stderr, so the tables on stdout can be piped on their own.
 */
export async function siteToMeasure() {
  const given = argument('url');
  if (given) return { url: given.replace(/\/+$/, ''), close: async () => {} };
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const server = spawn(process.execPath, [join(root, 'scripts', 'start.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: process.env.DATA_DIR ?? join('.tmp', 'bench-data'),
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    },
    // stdout carries the results: the server's output goes to stderr.
    stdio: ['ignore', 2, 2],
  });
  const close = async () => {
    if (server.exitCode !== null) return;
    const stopped = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await stopped;
  };
  try {
    // A first start builds both apps and creates the database: minutes on a busy machine.
    await waitUntilHealthy(url, server, 600_000);
  } catch (error) {
    await close();
    throw error;
  }
  return { url, close };
}
