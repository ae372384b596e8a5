// For the server benchmarks (bench:soak, bench:stall): the built server run from a copy of the
// build, on a fresh DATA_DIR or a fresh PostgreSQL database, and put away afterwards.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, openSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const root = fileURLToPath(new URL('..', import.meta.url));

export const uptime = () => spawnSync('uptime', { encoding: 'utf8' }).stdout.trim();

/** The commit measured, and whether the work tree had changes on top of it. */
export function commitLine() {
  const git = (...args) => spawnSync('git', args, { cwd: root, encoding: 'utf8' }).stdout.trim();
  const changed = git('status', '--porcelain', '--untracked-files=no');
  return `commit ${git('rev-parse', '--short', 'HEAD')}${changed ? ' (with uncommitted changes in the work tree)' : ''}`;
}

/** Builds the web app and the API when either is missing or older than its sources, as npm start does. */
function buildIfNeeded() {
  const newest = (path) => {
    if (!existsSync(path)) return 0;
    const stat = statSync(path);
    if (!stat.isDirectory()) return stat.mtimeMs;
    const entries = readdirSync(path).filter((name) => !['node_modules', 'dist'].includes(name));
    return Math.max(0, ...entries.map((name) => newest(join(path, name))));
  };
  const built = (file) => (existsSync(join(root, file)) ? statSync(join(root, file)).mtimeMs : 0);
  const sources = ['apps', 'packages'].map((dir) => newest(join(root, dir)));
  const outputs = ['apps/web/dist/index.html', 'apps/api/dist/server.js'].map(built);
  if (Math.min(...outputs) >= Math.max(...sources)) return;
  console.log('Building...');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/**
 * Builds what is stale, copies the build to .tmp/<name>-<stamp> (other people's `npm run build`
 * empties apps/*\/dist, and the server serves only the web files it found at start-up) and, for
 * PostgreSQL, creates a fresh database (not a schema: migration 0004 names "public"."users").
 * `start(env)` then runs the server; `stop()` stops it and removes what was made.
 */
export async function prepareBuiltServer({ name, engine, databaseUrl, port, keep }) {
  buildIfNeeded();
  const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
  const work = join(root, '.tmp', `${name}-${stamp}`);
  // dist-server beside dist, as in apps/web, so pages are rendered on the server.
  const webDistDir = join(work, 'web', 'dist');
  cpSync(join(root, 'apps/api/dist'), join(work, 'api'), { recursive: true });
  cpSync(join(root, 'apps/web/dist'), webDistDir, { recursive: true });
  cpSync(join(root, 'apps/web/dist-server'), join(work, 'web', 'dist-server'), {
    recursive: true,
  });

  let database;
  if (engine === 'postgres') {
    const databaseName = `locals_${name}_${stamp}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`create database ${databaseName}`);
    await admin.end();
    const target = new URL(databaseUrl);
    target.pathname = `/${databaseName}`;
    database = { name: databaseName, url: target.toString() };
  }

  const url = `http://127.0.0.1:${port}`;
  let server;

  function start(env = {}) {
    server = spawn(process.execPath, [join(work, 'api', 'server.js')], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: url,
        DATA_DIR: relative(root, join(work, 'data')),
        WEB_DIST_DIR: webDistDir,
        // Each load client sends its own address in X-Forwarded-For, as one proxy would, so the
        // per-address rate limit never answers 429 in place of the work being measured.
        TRUST_PROXY: '1',
        ...env,
        ...(database ? { DATABASE_URL: database.url } : { DATABASE_URL: '' }),
      },
      // Production's info-level JSON request logs, kept with --keep for a look at any 5xx.
      stdio: ['ignore', openSync(join(work, 'server.log'), 'w'), 'inherit'],
    });
    return server;
  }

  /** Seconds until /api/health answers; throws if the server stops or takes too long. */
  async function waitForHealth(timeoutMs) {
    const started = Date.now();
    while (Date.now() - started < timeoutMs) {
      if (server.exitCode !== null) throw new Error('The server stopped while starting');
      const healthy = await fetch(`${url}/api/health`).then(
        (response) => response.ok,
        () => false,
      );
      if (healthy) return (Date.now() - started) / 1000;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    throw new Error(`The server did not start within ${timeoutMs / 60_000} minutes`);
  }

  async function stop() {
    if (server && server.exitCode === null) {
      server.kill('SIGTERM');
      const exited = await Promise.race([
        new Promise((resolve) => server.once('exit', () => resolve(true))),
        new Promise((resolve) => setTimeout(() => resolve(false), 15_000)),
      ]);
      if (!exited) server.kill('SIGKILL');
    }
    if (database) {
      const admin = new pg.Client({ connectionString: databaseUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${database.name} with (force)`);
      await admin.end();
    }
    if (!keep) rmSync(work, { recursive: true, force: true });
  }

  return { url, webDistDir, start, waitForHealth, stop };
}
