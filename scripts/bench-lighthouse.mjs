// `npm run bench:lighthouse [-- --url URL] [-- --runs N] [-- --route /path]`: Lighthouse's
// default mobile run (emulated mid-range phone, simulated slow 4G and CPU) on every public route,
// N times each (3 by default), printing the median performance and accessibility scores, LCP,
// CLS, TBT and FCP as a markdown table. Builds nothing itself: it starts the production server
// as `npm start` does (which builds what is stale) unless --url names a running one.
// CHROME_PATH picks the browser (/usr/bin/chromium by default).
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { argument, siteToMeasure } from './bench-server.mjs';

const ROUTES = [
  '/',
  '/search',
  '/results?postcode=BS1%204DJ&distance=10&category=food',
  '/map?postcode=BS1%204DJ&distance=10&category=food',
  '/about',
  '/support',
  '/terms',
  '/privacy',
  '/cookies',
  '/list-services',
  '/events',
  '/no-such-page',
];

const DEBUGGING_PORT = Number(process.env.LIGHTHOUSE_CHROME_PORT ?? 9333);

/** A headless Chromium Lighthouse drives over the DevTools protocol. */
async function launchChrome() {
  const profile = await mkdtemp(join(tmpdir(), 'bench-lighthouse-'));
  const chrome = spawn(
    process.env.CHROME_PATH ?? '/usr/bin/chromium',
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--remote-debugging-port=${DEBUGGING_PORT}`,
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${DEBUGGING_PORT}/json/version`)).ok) break;
    } catch {
      if (Date.now() > deadline) throw new Error('Chromium did not open its debugging port');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  return async () => {
    const exited = new Promise((resolve) => chrome.once('exit', resolve));
    chrome.kill('SIGTERM');
    await exited;
    await rm(profile, { recursive: true, force: true });
  };
}

async function audit(url) {
  const result = await lighthouse(url, {
    port: DEBUGGING_PORT,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    // The 404 page is a page people see too.
    ignoreStatusCode: true,
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { categories, audits, runtimeError } = result.lhr;
  if (runtimeError) throw new Error(`${url}: ${runtimeError.code} ${runtimeError.message}`);
  return {
    performance: categories.performance.score * 100,
    accessibility: categories.accessibility.score * 100,
    lcp: audits['largest-contentful-paint'].numericValue,
    cls: audits['cumulative-layout-shift'].numericValue,
    tbt: audits['total-blocking-time'].numericValue,
    fcp: audits['first-contentful-paint'].numericValue,
  };
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

const runs = Number(argument('runs') ?? 3);
const only = argument('route');
const routes = only ? [only] : ROUTES;
const site = await siteToMeasure();
const closeChrome = await launchChrome();
const rows = [];
try {
  for (const route of routes) {
    const results = [];
    for (let run = 1; run <= runs; run += 1) {
      try {
        results.push(await audit(`${site.url}${route}`));
        console.error(`${route}: run ${run} of ${runs}`);
      } catch (error) {
        // One page that cannot be measured should not cost the others' figures.
        console.error(`${route}: run ${run} failed: ${error.message}`);
      }
    }
    if (results.length === 0) {
      rows.push(`| ${route} | failed | | | | | |`);
      continue;
    }
    const of = (key) => median(results.map((result) => result[key]));
    rows.push(
      `| ${route} | ${Math.round(of('performance'))} | ${Math.round(of('accessibility'))} | ` +
        `${(of('lcp') / 1000).toFixed(2)} s | ${of('cls').toFixed(3)} | ${Math.round(of('tbt'))} ms | ` +
        `${(of('fcp') / 1000).toFixed(2)} s |`,
    );
  }
} finally {
  await closeChrome();
  await site.close();
}

const load = loadavg()
  .map((value) => value.toFixed(2))
  .join(', ');
console.log(
  `Lighthouse ${runs === 1 ? '1 run' : `median of ${runs} runs`} per route, mobile defaults; ` +
    `load average ${load}\n`,
);
console.log('| route | performance | accessibility | LCP | CLS | TBT | FCP |');
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const row of rows) console.log(row);
