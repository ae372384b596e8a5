// `npm run bench:first-load [-- --url URL] [-- --route /path]`: what each page downloads before
// anyone touches it. Chromium loads every route in a fresh context (empty cache) and counts every
// script and stylesheet requested until the network is idle, lazy route chunks and what they load
// at render time included. Sizes: as served (the encoded body, brotli or gzip as the server chose),
// gzip -9 of the same bytes (comparable whatever the server does) and raw. Starts the production
// server as `npm start` does unless --url names a running one. CHROME_PATH picks the browser.
import { chromium } from '@playwright/test';
import { gzipSync } from 'node:zlib';
import { argument, siteToMeasure } from './bench-server.mjs';

const ROUTES = [
  '/',
  '/search',
  '/results?postcode=BS1%204DJ&distance=10&category=food',
  '/map?postcode=BS1%204DJ&distance=10&category=food',
  '/bookmarks',
  '/about',
  '/events',
  '/no-such-page',
];

const isAsset = (request) =>
  ['script', 'stylesheet'].includes(request.resourceType()) ||
  /\.(m?js|css)(\?|$)/.test(new URL(request.url()).pathname);

/** Every script and stylesheet the route loads before interaction. */
async function firstLoad(browser, url) {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  const pending = [];
  page.on('requestfinished', (request) => {
    if (!isAsset(request)) return;
    pending.push(
      (async () => {
        const response = await request.response();
        const body = await response.body();
        const { responseBodySize } = await request.sizes();
        return {
          file: new URL(request.url()).pathname,
          kind: request.resourceType() === 'stylesheet' ? 'css' : 'js',
          encoding: response.headers()['content-encoding'] ?? 'none',
          served: responseBodySize,
          gzip: gzipSync(body, { level: 9 }).length,
          raw: body.length,
        };
      })(),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  // Whatever the page starts once the browser is idle belongs to the first load too.
  await page.evaluate(
    () =>
      new Promise((resolve) => globalThis.requestIdleCallback(() => resolve(), { timeout: 2000 })),
  );
  await page.waitForLoadState('networkidle');
  const files = await Promise.all(pending);
  await context.close();
  return files.sort((a, b) => b.raw - a.raw);
}

const kb = (bytes) => (bytes / 1024).toFixed(1);
const sum = (files, key) => files.reduce((total, file) => total + file[key], 0);

function printRoute(route, files) {
  console.log(`\n### ${route}\n`);
  console.log('| file | encoding | served KB | gzip -9 KB | raw KB |');
  console.log('| --- | --- | ---: | ---: | ---: |');
  for (const file of files) {
    console.log(
      `| ${file.file} | ${file.encoding} | ${kb(file.served)} | ${kb(file.gzip)} | ${kb(file.raw)} |`,
    );
  }
  console.log(
    `| **${files.length} files** | | **${kb(sum(files, 'served'))}** | **${kb(sum(files, 'gzip'))}** | **${kb(sum(files, 'raw'))}** |`,
  );
}

const only = argument('route');
const routes = only ? [only] : ROUTES;
const site = await siteToMeasure();
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
const summary = [];
try {
  for (const route of routes) {
    const files = await firstLoad(browser, `${site.url}${route}`);
    printRoute(route, files);
    summary.push({ route, files });
  }
} finally {
  await browser.close();
  await site.close();
}

console.log('\n### First load, every route (KB)\n');
console.log(
  '| route | JS files | JS served | JS gzip -9 | JS raw | CSS served | CSS raw | total served |',
);
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const { route, files } of summary) {
  const js = files.filter((file) => file.kind === 'js');
  const css = files.filter((file) => file.kind === 'css');
  console.log(
    `| ${route} | ${js.length} | ${kb(sum(js, 'served'))} | ${kb(sum(js, 'gzip'))} | ${kb(sum(js, 'raw'))} | ${kb(sum(css, 'served'))} | ${kb(sum(css, 'raw'))} | ${kb(sum(files, 'served'))} |`,
  );
}
