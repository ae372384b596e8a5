// npm run bench:stall [-- --engine pglite|postgres --clients 10 --seconds 30 --port 3301 --keep]
// Does slow database work stall everything else the server does? The built server on a fresh
// DATA_DIR (or a fresh PostgreSQL database), then: /favicon.svg and /api/health latency with the
// server idle, and again while --clients clients (autocannon, in its own process) repeat the
// slowest keyword search, a misspelt word near Westminster. Before decision 016, with PGlite on the
// API's event loop, each search held every other request up for as long as it ran.
import { spawn } from 'node:child_process';
import { Agent, request } from 'node:http';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { commitLine, prepareBuiltServer, root, uptime } from './bench-built-server.mjs';

const { values: options } = parseArgs({
  options: {
    engine: { type: 'string', default: 'pglite' },
    clients: { type: 'string', default: '10' },
    seconds: { type: 'string', default: '30' },
    port: { type: 'string', default: '3301' },
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/test' },
    keep: { type: 'boolean', default: false },
  },
});
if (!['pglite', 'postgres'].includes(options.engine)) throw new Error('--engine pglite|postgres');
const clients = Number(options.clients);
const seconds = Number(options.seconds);
if (!(seconds >= 5)) throw new Error('--seconds must be at least 5');
const SEARCH =
  '/api/HealthServices/search-new?postcode=SW1A%201AA&distance=10&keyword=pharmasy&page=1&pageSize=10';
const PROBES = ['/favicon.svg', '/api/health'];
/** Time between one probe's answer and the next probe: light enough to measure, not to load. */
const PROBE_GAP_MS = 20;
const IDLE_SECONDS = 10;

const harness = await prepareBuiltServer({
  name: 'stall',
  engine: options.engine,
  databaseUrl: options['database-url'],
  port: options.port,
  keep: options.keep,
});
const { url } = harness;

console.log(
  `Stall: ${options.engine}, ${clients} clients searching for ${seconds} s, ${url}\n` +
    `${commitLine()}\n` +
    `before: ${uptime()}`,
);

const server = harness.start();
let load;

async function stop(code) {
  load?.kill('SIGTERM');
  await harness.stop();
  process.exit(code);
}
process.once('SIGINT', () => void stop(130));
process.once('SIGTERM', () => void stop(143));

// One kept-alive connection, as a browser holds one: the figures are the server's answer time,
// not TCP set-up.
const agent = new Agent({ keepAlive: true, maxSockets: 1 });
let probeNumber = 0;

/** Milliseconds from sending `path` to its last byte. */
function timed(path) {
  probeNumber += 1;
  const address = `192.168.${(probeNumber >> 8) & 255}.${probeNumber & 255}`;
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(
      `${url}${path}`,
      { agent, headers: { 'x-forwarded-for': address, 'accept-encoding': 'gzip' } },
      (response) => {
        response.resume();
        response.on('end', () => {
          if (response.statusCode !== 200)
            reject(new Error(`${path} answered ${response.statusCode}`));
          else resolve(performance.now() - started);
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** Probes each of PROBES in turn until `until()` says stop; the latencies by path. */
async function probe(until) {
  const latencies = Object.fromEntries(PROBES.map((path) => [path, []]));
  while (!until()) {
    for (const path of PROBES) {
      latencies[path].push(await timed(path));
      await new Promise((resolve) => setTimeout(resolve, PROBE_GAP_MS));
    }
  }
  return latencies;
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

function row(label, values) {
  const sorted = [...values].sort((a, b) => a - b);
  const cells = [50, 95, 99].map((p) => percentile(sorted, p).toFixed(1).padStart(8));
  return `${label.padEnd(28)}${cells.join('')}${sorted.at(-1).toFixed(1).padStart(9)}${String(sorted.length).padStart(8)}`;
}

try {
  const ready = await harness.waitForHealth(600_000);
  console.log(
    `server pid ${server.pid} ready in ${ready.toFixed(1)} s (first start: migrations and the open data)`,
  );
  // Warm up: the first answers compile code and fill caches on both sides.
  for (let i = 0; i < 20; i += 1) for (const path of PROBES) await timed(path);
  const searchStarted = performance.now();
  await timed(SEARCH);
  console.log(
    `one search alone: ${(performance.now() - searchStarted).toFixed(0)} ms (${SEARCH})\n`,
  );

  const idleUntil = performance.now() + IDLE_SECONDS * 1000;
  const idle = await probe(() => performance.now() > idleUntil);
  const idleLoad = uptime();

  let loadResult;
  let loadDone = false;
  load = spawn(process.execPath, [join(root, 'scripts/bench-http-client.mjs')], {
    cwd: root,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  load.stdin.end(JSON.stringify({ url, paths: [SEARCH], seconds, connections: clients }));
  const loadOutput = new Promise((resolve, reject) => {
    let text = '';
    load.stdout.on('data', (chunk) => (text += chunk));
    load.on('exit', (code) => {
      loadDone = true;
      if (code === 0) resolve(JSON.parse(text));
      else reject(new Error(`The load generator exited with ${code}`));
    });
  });
  // Probing starts once every client has a search in flight and stops before they finish.
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const loadedUntil = performance.now() + (seconds - 3) * 1000;
  const loaded = await probe(() => loadDone || performance.now() > loadedUntil);
  const loadedLoad = uptime();
  loadResult = await loadOutput;

  console.log(
    `${''.padEnd(28)}${['p50', 'p95', 'p99'].map((p) => p.padStart(8)).join('')}${'max'.padStart(9)}${'n'.padStart(8)}  (ms)`,
  );
  for (const path of PROBES) console.log(row(`${path}, idle`, idle[path]));
  for (const path of PROBES) console.log(row(`${path}, ${clients} searching`, loaded[path]));
  console.log(
    `\nsearches: ${loadResult.total} in ${seconds} s (${loadResult.requestsPerSecond.toFixed(1)} req/s), ` +
      `p50 ${loadResult.p50} ms, p99 ${loadResult.p99} ms, ${loadResult.non2xx} non-2xx\n` +
      `idle probes ended: ${idleLoad}\nloaded probes ended: ${loadedLoad}`,
  );
  await stop(0);
} catch (error) {
  console.error(error);
  await stop(1);
}
