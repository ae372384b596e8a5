// `npm run bench:main-thread [-- --url URL] [-- --route /path] [-- --maps DIR]`: where a page's
// main-thread time goes while the app takes it over, on a slow phone (Chromium at 4x CPU, 390x844):
// the long tasks (over 50 ms, what Lighthouse's total blocking time counts) and what ran in them,
// and the CPU profile's time by source. `--maps` names a build's dist/ made with
// `vite build --sourcemap`, to name packages and functions instead of chunks. Builds nothing
// itself: starts the production server as `npm start` does unless --url names a running one.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import sourceMap from 'source-map-js';
import { argument, siteToMeasure } from './bench-server.mjs';

const route = argument('route') ?? '/results?postcode=BS1%204DJ&distance=10&category=food';
const mapsDir = argument('maps');

const consumers = new Map();
/** Where a profiled frame's code came from: a package, one of our files, or the chunk. */
function sourceOf(frame) {
  const file = frame.url.replace(/^.*\//, '');
  if (!file) return frame.functionName || '(native)';
  if (!mapsDir) return file;
  if (!consumers.has(file)) {
    try {
      const map = JSON.parse(readFileSync(join(mapsDir, 'assets', `${file}.map`), 'utf8'));
      consumers.set(file, new sourceMap.SourceMapConsumer(map));
    } catch {
      consumers.set(file, null);
    }
  }
  const position = consumers
    .get(file)
    ?.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
  const source = position?.source;
  if (!source) return file;
  const inPackage = source.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  return inPackage ? inPackage[1] : source.replace(/^.*?\/src\//, 'src/');
}

const site = await siteToMeasure();
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
});
try {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
  await browser.startTracing(page, {
    categories: [
      'devtools.timeline',
      'disabled-by-default-devtools.timeline',
      'v8.execute',
      'blink.user_timing',
    ],
  });
  await cdp.send('Profiler.start');
  await page.goto(`${site.url}${route}`);
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached', timeout: 60_000 });
  await page.waitForTimeout(1000);
  const { profile } = await cdp.send('Profiler.stop');
  const events = JSON.parse((await browser.stopTracing()).toString()).traceEvents;

  // Each CPU profile sample with its time (the trace's clock) and the source of its code.
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  let sampleTime = profile.startTime;
  const samples = profile.samples.map((id, index) => {
    sampleTime += profile.timeDeltas[index] ?? 0;
    const frame = nodes.get(id).callFrame;
    const source = frame.url ? sourceOf(frame) : frame.functionName || '(native)';
    return { time: sampleTime, micros: profile.timeDeltas[index] ?? 0, source };
  });
  function bySourceIn(from, to) {
    const totals = new Map();
    for (const sample of samples) {
      if (sample.time < from || sample.time >= to || sample.source === '(idle)') continue;
      totals.set(sample.source, (totals.get(sample.source) ?? 0) + sample.micros);
    }
    return [...totals].sort((a, b) => b[1] - a[1]);
  }

  // Long tasks on the page's main thread, and the largest piece of work inside each.
  const mainThreads = new Set(
    events
      .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const onMain = (e) => mainThreads.has(`${e.pid}:${e.tid}`);
  // The page's own navigation (the tab's first one is about:blank).
  const start = Math.max(
    ...events
      .filter(
        (e) =>
          e.name === 'navigationStart' &&
          String(e.args?.data?.documentLoaderURL).startsWith(site.url),
      )
      .map((e) => e.ts),
  );
  const tasks = events.filter(
    (e) => e.name === 'RunTask' && e.dur > 50_000 && e.ts >= start && onMain(e),
  );
  console.log(`${route} at 4x CPU, 390x844\n`);
  console.log(
    '| long task at | lasts | blocking | largest piece of work in it | code that ran most |',
  );
  console.log('| ---: | ---: | ---: | --- | --- |');
  let blocking = 0;
  for (const task of tasks) {
    const inside = events.filter(
      (e) => onMain(e) && e !== task && e.dur && e.ts >= task.ts && e.ts < task.ts + task.dur,
    );
    const largest = inside.sort((a, b) => b.dur - a.dur)[0];
    const what = largest
      ? `${largest.name}${largest.args?.data?.url ? ` ${largest.args.data.url.replace(/^.*\//, '')}` : ''} ${Math.round(largest.dur / 1000)} ms`
      : '';
    const code = bySourceIn(task.ts, task.ts + task.dur)
      .slice(0, 3)
      .map(([source, micros]) => `${source} ${Math.round(micros / 1000)} ms`)
      .join(', ');
    blocking += task.dur / 1000 - 50;
    console.log(
      `| ${Math.round((task.ts - start) / 1000)} ms | ${Math.round(task.dur / 1000)} ms | ${Math.round(task.dur / 1000 - 50)} ms | ${what} | ${code} |`,
    );
  }
  console.log(
    `\nblocking time in all (each long task's time over 50 ms): ${Math.round(blocking)} ms\n`,
  );

  // The whole load, by where the code came from.
  const bySource = bySourceIn(-Infinity, Infinity);
  console.log('| time on the main thread, by source | ms |');
  console.log('| --- | ---: |');
  for (const [source, micros] of bySource.slice(0, 15)) {
    console.log(
      `| ${source === '(program)' ? '(program): parsing, style, layout, compiling' : source} | ${Math.round(micros / 1000)} |`,
    );
  }
} finally {
  await browser.close();
  await site.close();
}
