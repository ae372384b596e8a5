// npm run bench:soak [-- --minutes 10 --engine pglite|postgres --connections 10 --rate 0]
// The soak benchmark (docs/benchmarks.md, "Soak"): the built server on a fresh DATA_DIR (or a
// fresh PostgreSQL database) under a mix of what people do on the site for N minutes; each minute
// the server's resident memory and that minute's requests, p50/p99 latency and non-2xx answers.
// Options: --port 3300, --database-url (PostgreSQL server for --engine postgres), --node-options
// (the server's NODE_OPTIONS, written --node-options=--inspect), --keep (keep .tmp/soak-*).
import { spawn } from 'node:child_process';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { commitLine, prepareBuiltServer, root, uptime } from './bench-built-server.mjs';

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
const MB = 1024;

/** The server's resident memory now and at its peak, in KB, from /proc. */
function memory(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]);
  return { rss: field('VmRSS'), peak: field('VmHWM') };
}

const mb = (kb) => `${Math.round(kb / MB)} MB`;

const harness = await prepareBuiltServer({
  name: 'soak',
  engine: options.engine,
  databaseUrl: options['database-url'],
  port: options.port,
  keep: options.keep,
});
const { url } = harness;
const staticPaths = readdirSync(harness.webDistDir, { recursive: true })
  .filter((file) => statSync(join(harness.webDistDir, file)).isFile() && !file.endsWith('.map'))
  .map((file) => (file === 'index.html' ? '/' : `/${file}`));

console.log(
  `Soak: ${minutes} min, ${options.engine}, ${options.connections} connections` +
    `${Number(options.rate) > 0 ? ` at ${options.rate} req/s` : ' (as fast as the server answers)'}, ${url}\n` +
    `${commitLine()}\n` +
    `before: ${uptime()}`,
);

const server = harness.start({ NODE_OPTIONS: options['node-options'] });
let client;

async function stop(code) {
  client?.kill('SIGTERM');
  await harness.stop();
  process.exit(code);
}
process.once('SIGINT', () => void stop(130));
process.once('SIGTERM', () => void stop(143));

try {
  const seconds = await harness.waitForHealth(300_000);
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
