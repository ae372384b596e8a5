// npm run bench:soak [-- --minutes 10 --engine pglite|postgres --connections 10 --rate 0]
// The soak benchmark (docs/benchmarks.md, "Soak"): the built server on a fresh DATA_DIR (or a
// fresh PostgreSQL database) under a mix of what people do on the site for N minutes; each minute
// the server's resident memory and that minute's requests, p50/p99 latency and non-2xx answers.
// Options: --port 3300, --database-url (PostgreSQL server for --engine postgres), --node-options
// (the server's NODE_OPTIONS, written --node-options=--inspect), --keep (keep .tmp/soak-*).
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, openSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';

const root = fileURLToPath(new URL('..', import.meta.url));
const { values: options } = parseArgs({
  options: {
    minutes: { type: 'string', default: '10' },
    engine: { type: 'string', default: 'pglite' },
    connections: { type: 'string', default: '10' },
    rate: { type: 'string', default: '0' },
    port: { type: 'string', default: '3300' },
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/test' },
    'node-options': { type: 'string', default: '' },
    keep: { type: 'boolean', default: false },
  },
});
const minutes = Number(options.minutes);
if (!(minutes >= 1 && minutes <= 120)) throw new Error('--minutes must be between 1 and 120');
if (!['pglite', 'postgres'].includes(options.engine)) throw new Error('--engine pglite|postgres');
const url = `http://127.0.0.1:${options.port}`;
const MB = 1024;

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

/** The server's resident memory now and at its peak, in KB, from /proc. */
function memory(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]);
  return { rss: field('VmRSS'), peak: field('VmHWM') };
}

const uptime = () => spawnSync('uptime', { encoding: 'utf8' }).stdout.trim();
const git = (...args) => spawnSync('git', args, { cwd: root, encoding: 'utf8' }).stdout.trim();
const mb = (kb) => `${Math.round(kb / MB)} MB`;

buildIfNeeded();
// A copy of the build: other people's `npm run build` empties apps/*/dist, and the server only
// serves the web files it found at start-up.
const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
const work = join(root, '.tmp', `soak-${stamp}`);
cpSync(join(root, 'apps/api/dist'), join(work, 'api'), { recursive: true });
cpSync(join(root, 'apps/web/dist'), join(work, 'web'), { recursive: true });
const staticPaths = readdirSync(join(work, 'web'), { recursive: true })
  .filter((file) => statSync(join(work, 'web', file)).isFile() && !file.endsWith('.map'))
  .map((file) => (file === 'index.html' ? '/' : `/${file}`));

// PostgreSQL: a fresh database, not a schema (migration 0004 names "public"."users").
let database;
if (options.engine === 'postgres') {
  const name = `locals_soak_${stamp}`;
  const admin = new pg.Client({ connectionString: options['database-url'] });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const target = new URL(options['database-url']);
  target.pathname = `/${name}`;
  database = { name, url: target.toString() };
}

console.log(
  `Soak: ${minutes} min, ${options.engine}, ${options.connections} connections` +
    `${Number(options.rate) > 0 ? ` at ${options.rate} req/s` : ' (as fast as the server answers)'}, ${url}\n` +
    `commit ${git('rev-parse', '--short', 'HEAD')}` +
    `${git('status', '--porcelain', '--untracked-files=no') ? ' (with uncommitted changes in the work tree)' : ''}\n` +
    `before: ${uptime()}`,
);

const server = spawn(process.execPath, [join(work, 'api', 'server.js')], {
  cwd: root,
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PORT: options.port,
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    DATA_DIR: relative(root, join(work, 'data')),
    WEB_DIST_DIR: join(work, 'web'),
    // The load generator sends each client's address in X-Forwarded-For, as one proxy would.
    TRUST_PROXY: '1',
    NODE_OPTIONS: options['node-options'],
    ...(database ? { DATABASE_URL: database.url } : { DATABASE_URL: '' }),
  },
  // Production's info-level JSON request logs, kept with --keep for a look at any 5xx.
  stdio: ['ignore', openSync(join(work, 'server.log'), 'w'), 'inherit'],
});
let client;

async function stop(code) {
  client?.kill('SIGTERM');
  if (server.exitCode === null) {
    server.kill('SIGTERM');
    const exited = await Promise.race([
      new Promise((resolve) => server.once('exit', () => resolve(true))),
      new Promise((resolve) => setTimeout(() => resolve(false), 15_000)),
    ]);
    if (!exited) server.kill('SIGKILL');
  }
  if (database) {
    const admin = new pg.Client({ connectionString: options['database-url'] });
    await admin.connect();
    await admin.query(`drop database if exists ${database.name} with (force)`);
    await admin.end();
  }
  if (!options.keep) rmSync(work, { recursive: true, force: true });
  process.exit(code);
}
process.once('SIGINT', () => void stop(130));
process.once('SIGTERM', () => void stop(143));

async function waitForHealth() {
  const started = Date.now();
  while (Date.now() - started < 300_000) {
    if (server.exitCode !== null) throw new Error('The server stopped while starting');
    const healthy = await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return (Date.now() - started) / 1000;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('The server did not start within 5 minutes');
}

try {
  const seconds = await waitForHealth();
  const ready = memory(server.pid);
  console.log(
    `server pid ${server.pid} ready in ${seconds.toFixed(1)} s (first start: migrations and the open data); ` +
      `RSS ${mb(ready.rss)}, peak so far ${mb(ready.peak)}\n` +
      'No heap figures: the server has no endpoint that reports them.\n',
  );
  console.log('minute      RSS   change    peak   requests    p50 ms    p99 ms  non-2xx  sign-ins');
  const rows = [];
  client = spawn(process.execPath, [join(root, 'scripts/bench-soak-client.mjs')], {
    cwd: root,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  client.stdin.end(
    JSON.stringify({
      url,
      minutes,
      connections: Number(options.connections),
      rate: Number(options.rate),
      staticPaths,
      postcodesFile: join(root, 'open-data/postcodes_bristol_sglos_london.csv'),
    }),
  );
  let summary;
  for await (const line of createInterface({ input: client.stdout })) {
    const figures = JSON.parse(line);
    if (figures.summary) {
      summary = figures.summary;
      continue;
    }
    const now = memory(server.pid);
    const previous = rows.at(-1)?.rss ?? ready.rss;
    rows.push({ ...figures, ...now });
    const failures = Object.entries(figures.failures)
      .map(([what, count]) => `${what} x${count}`)
      .join(', ');
    console.log(
      [
        String(figures.minute).padStart(6),
        mb(now.rss).padStart(8),
        `${now.rss >= previous ? '+' : ''}${Math.round((now.rss - previous) / MB)} MB`.padStart(8),
        mb(now.peak).padStart(7),
        String(figures.requests).padStart(10),
        figures.p50.toFixed(1).padStart(9),
        figures.p99.toFixed(1).padStart(9),
        String(figures.non2xx).padStart(8),
        String(figures.signIns).padStart(9),
      ].join(' ') +
        (failures ? `  (${failures})` : '') +
        (figures.errors ? `  ${figures.errors} errors/timeouts` : '') +
        (figures.signInFailures.length
          ? `  sign-in failed: ${figures.signInFailures.join('; ')}`
          : ''),
    );
  }
  if (rows.length === 0 || !summary) throw new Error('The load generator stopped early');

  const last = rows.at(-1);
  const half = Math.floor(rows.length / 2);
  const atHalf = rows[half - 1]?.rss ?? ready.rss;
  const total = rows.reduce((sum, row) => sum + row.requests, 0);
  const non2xx = rows.reduce((sum, row) => sum + row.non2xx, 0);
  console.log(
    `\n${total} requests in ${rows.length} min (${Math.round(total / rows.length / 60)} req/s), ${non2xx} non-2xx; ` +
      `RSS ${mb(ready.rss)} at start, ${mb(last.rss)} at the end, peak ${mb(last.peak)}\n` +
      `RSS change, minutes 1-${half}: ${Math.round((atHalf - ready.rss) / MB)} MB; ` +
      `minutes ${half + 1}-${rows.length}: ${Math.round((last.rss - atHalf) / MB)} MB\n` +
      `by kind (requests, non-2xx): ${Object.entries(summary.byKind)
        .map(([kind, { requests, non2xx: failed }]) => `${kind} ${requests}/${failed}`)
        .join(', ')}; ${summary.services} services opened\n` +
      `after: ${uptime()}`,
  );
  await stop(0);
} catch (error) {
  console.error(error);
  await stop(1);
}
