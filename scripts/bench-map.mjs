// Times the map from the moment its 1000 services arrive to the moment it is interactive:
// markers added, and a press of the zoom-in button handled. Prints the figures.
//
//   npm run build && npm run bench:map                        (starts its own server, like e2e)
//   BASE_URL=http://localhost:3000 npm run bench:map           (uses a running built server)
//
// Options: RUNS (default 7), CPU_THROTTLE (extra run set at this Chrome CPU slowdown, default 4;
// 0 to skip), CHROMIUM_PATH (default /usr/bin/chromium).
// The functions handed to addInitScript and evaluate run in the browser, with its globals.
/* global document, window, MutationObserver */
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.env.RUNS ?? 7);
const CPU_THROTTLE = Number(process.env.CPU_THROTTLE ?? 4);
const QUERY =
  '/map?postcode=SW1A+1AA&distance=10&serviceTypes=any&includeUnverified=true&pageSize=1000';
// The marks the app leaves in the performance timeline (features/map).
const DATA_MARK = 'locals:map-data';
const MARKERS_MARK = 'locals:map-markers';
// A transparent 1x1 PNG: tiles "load" without the network, as from a nearby tile server.
const TILE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

async function startServer() {
  const port = 3190;
  const child = spawn(process.execPath, ['scripts/e2e-server.mjs'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: '.tmp/bench-map-data', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseUrl = `http://localhost:${port}`;
  for (let attempt = 0; attempt < 180; attempt += 1) {
    if (child.exitCode !== null) throw new Error('The server stopped while starting');
    const healthy = await fetch(`${baseUrl}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) return { baseUrl, stop: () => child.kill('SIGTERM') };
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  child.kill('SIGTERM');
  throw new Error('The server did not start within 3 minutes');
}

/** Runs in the page: when the markers are in, press zoom-in at once and note when it is handled. */
function watchForInteractive({ markersMark }) {
  new PerformanceObserver((list) => {
    if (!list.getEntries().some((entry) => entry.name === markersMark)) return;
    setTimeout(() => {
      const map = document.querySelector('.locals-map');
      const zoomBefore = map.dataset.zoom;
      new MutationObserver((_records, observer) => {
        if (map.dataset.zoom === zoomBefore) return;
        observer.disconnect();
        window.__benchZoomEnd = performance.now();
      }).observe(map, { attributes: true, attributeFilter: ['data-zoom'] });
      map.querySelector('.leaflet-control-zoom-in').click();
      window.__benchClickHandled = performance.now();
    }, 0);
  }).observe({ type: 'mark', buffered: true });
}

async function measure(browser, baseUrl, throttle) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.route(/tile\.openstreetmap\.org/, (route) =>
    route.fulfill({ status: 200, contentType: 'image/png', body: TILE }),
  );
  if (throttle > 1) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
  }
  await page.addInitScript(watchForInteractive, { markersMark: MARKERS_MARK });
  await page.goto(`${baseUrl}${QUERY}`);
  await page.waitForFunction(() => window.__benchZoomEnd !== undefined, null, { timeout: 60_000 });
  const figures = await page.evaluate(
    ([dataMark, markersMark]) => {
      const at = (name) => performance.getEntriesByName(name, 'mark')[0].startTime;
      const data = at(dataMark);
      return {
        dataArrived: data,
        markers: at(markersMark) - data,
        interactive: window.__benchClickHandled - data,
        zoomEnd: window.__benchZoomEnd - data,
        clusters: document.querySelectorAll('.locals-cluster').length,
        singles: document.querySelectorAll('.locals-marker').length,
      };
    },
    [DATA_MARK, MARKERS_MARK],
  );
  await context.close();
  return figures;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (value) => `${Math.round(value)} ms`;

async function runSet(browser, baseUrl, throttle) {
  const runs = [];
  for (let run = 0; run < RUNS; run += 1) runs.push(await measure(browser, baseUrl, throttle));
  const label = throttle > 1 ? `CPU slowed ${throttle}x` : 'this machine';
  console.log(`\n${label}, ${RUNS} runs (median, worst):`);
  for (const [key, title] of [
    ['markers', 'data arrived -> 1000 markers clustered'],
    ['interactive', 'data arrived -> zoom-in press handled (interactive)'],
    ['zoomEnd', "data arrived -> zoom finished (incl. Leaflet's 250 ms animation)"],
    ['dataArrived', 'navigation start -> data arrived'],
  ]) {
    const values = runs.map((figures) => figures[key]);
    console.log(
      `  ${title.padEnd(68)} ${ms(median(values)).padStart(8)} ${ms(Math.max(...values)).padStart(8)}`,
    );
  }
  const last = runs.at(-1);
  console.log(
    `  on screen after the zoom: ${last.clusters} clusters, ${last.singles} single markers`,
  );
}

const server = process.env.BASE_URL
  ? { baseUrl: process.env.BASE_URL.replace(/\/$/, ''), stop: () => {} }
  : await startServer();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
try {
  console.log(`Map benchmark: ${server.baseUrl}${QUERY}`);
  await runSet(browser, server.baseUrl, 1);
  if (CPU_THROTTLE > 1) await runSet(browser, server.baseUrl, CPU_THROTTLE);
} finally {
  await browser.close();
  server.stop();
}
