import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { upsertEvents } from '@locals/db/events';
import { buildApp } from '../app';
import { parseImportArgs, runImport } from '../cli/import-command';
import { loadConfig } from '../env';
import { insertBristolGeography } from '../testing/directory-fixtures';
import { openBenchDatabase } from './bench-support';

/**
 * Recurring events cannot freeze an instance (decision 033): a hostile feed of hourly rules running
 * to the year 9999 is imported (CPU time), then one such event is imported where it can be
 * placed and the calendar feed of its area is fetched over HTTP (size, time, and how long an
 * ordinary search waits while two calendar requests are served). See docs/benchmarks.md.
 */
const { values } = parseArgs({
  options: {
    /** Events in the hostile file (each an hourly rule to 9999, none placeable). */
    hostile: { type: 'string', default: '2000' },
  },
});
const hostileCount = Number(values.hostile);
const NOW = new Date();
const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', TRUST_PROXY: '1' });

function hourlyEvent(index: number, location: string): string {
  const start = NOW.toISOString().slice(0, 10).replaceAll('-', '');
  return [
    'BEGIN:VEVENT',
    `UID:hourly-${index}@bench`,
    `DTSTART:${start}T000000Z`,
    'DTEND:' + `${start}T003000Z`,
    'RRULE:FREQ=HOURLY;UNTIL=99991231T000000Z',
    `SUMMARY:Every hour for ever ${index}`,
    'CATEGORIES:Food',
    `LOCATION:${location}`,
    'END:VEVENT',
  ].join('\r\n');
}

const calendarOf = (events: string[]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', ...events, 'END:VCALENDAR', ''].join('\r\n');

async function main() {
  const dir = await mkdtemp(path.join(tmpdir(), 'locals-recur-bench-'));
  const { database, dispose } = await openBenchDatabase({
    engine: 'pglite',
    databaseUrl: '',
  });
  try {
    await insertBristolGeography(database);
    const hostile = path.join(dir, 'hostile.ics');
    const hostileText = calendarOf(
      Array.from({ length: hostileCount }, (_, index) => hourlyEvent(index, 'Nowhere we know')),
    );
    await writeFile(hostile, hostileText);
    const cpu = process.cpuUsage();
    let started = performance.now();
    const hostileRun = await runImport(
      database,
      parseImportArgs([hostile, '--type', 'events', '--source', 'hostile', '--licence', 'x']),
      NOW,
    );
    const used = process.cpuUsage(cpu);
    console.log(
      `hostile import: ${hostileCount} hourly rules to 9999, ${(hostileText.length / 1024).toFixed(0)} KB: ` +
        `${((used.user + used.system) / 1e6).toFixed(2)} s CPU, ${((performance.now() - started) / 1000).toFixed(2)} s wall`,
    );
    console.log(reportLines(hostileRun.report, /imported|rejected|x /));

    const one = path.join(dir, 'one.ics');
    await writeFile(one, calendarOf([hourlyEvent(0, 'Hall, BS1 4DJ')]));
    started = performance.now();
    const oneRun = await runImport(
      database,
      parseImportArgs([one, '--type', 'events', '--source', 'one', '--licence', 'x']),
      NOW,
    );
    console.log(
      `one hourly event placed at BS1 4DJ: imported in ${((performance.now() - started) / 1000).toFixed(2)} s`,
    );
    console.log(reportLines(oneRun.report, /imported|x |sessions/));

    // What an import stored for that event before sessions were bounded (decision 033): a session
    // every hour for the 12 months ahead, written directly, beside 50 ordinary weekly events in the
    // same area.
    const hour = 60 * 60 * 1000;
    const today = new Date(`${NOW.toISOString().slice(0, 10)}T00:00:00Z`).getTime();
    const session = (at: number, length: number) => ({
      startsAt: new Date(at),
      endsAt: new Date(at + length),
      allDay: false,
    });
    const place = {
      licence: 'x',
      category: 'food' as const,
      venue: 'Hall',
      address: 'Bristol',
      postcode: 'BS1 4DJ',
      latitude: 51.4519,
      longitude: -2.5967,
      organizerName: 'Bench',
    };
    await upsertEvents(
      database.db,
      [
        {
          ...place,
          source: 'one',
          sourceUid: 'hourly-0@bench',
          title: 'Every hour for ever 0',
          description: '',
          occurrences: Array.from({ length: 24 * 365 }, (_, i) =>
            session(today + i * hour, hour / 2),
          ),
        },
        ...Array.from({ length: 50 }, (_, n) => ({
          ...place,
          source: 'weekly',
          sourceUid: `weekly-${n}`,
          title: `Weekly group ${n}`,
          description: 'A group that meets every week. '.repeat(5),
          occurrences: Array.from({ length: 52 }, (_, w) =>
            session(today + (10 + (n % 8)) * hour + w * 7 * 24 * hour, hour),
          ),
        })),
      ],
      { from: new Date(0) },
    );

    const app = await buildApp({ config, database, logger: false, now: () => NOW });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    try {
      const calendarPath = '/api/events/calendar.ics?location=BS1%204DJ';
      const searchPath = '/api/events?location=BS1%204DJ';
      /** Raw bytes as sent (fetch would decompress them). */
      const timed = (urlPath: string, encoding = 'identity') =>
        new Promise<{ ms: number; bytes: number; encoding: string | null; text: string }>(
          (resolve, reject) => {
            const at = performance.now();
            http
              .get(
                { port, path: urlPath, headers: { 'accept-encoding': encoding } },
                (response) => {
                  const chunks: Buffer[] = [];
                  response.on('data', (chunk: Buffer) => chunks.push(chunk));
                  response.on('end', () => {
                    const body = Buffer.concat(chunks);
                    resolve({
                      ms: performance.now() - at,
                      bytes: body.length,
                      encoding: response.headers['content-encoding'] ?? null,
                      text: body.toString('utf8'),
                    });
                  });
                },
              )
              .on('error', reject);
          },
        );
      await timed(searchPath);
      const first = await timed(calendarPath);
      const second = await timed(calendarPath);
      const gzipped = await timed(calendarPath, 'gzip');
      const sessions = first.text.split('BEGIN:VEVENT').length - 1;
      console.log(
        `calendar.ics?location=BS1 4DJ (one stored hourly event, 50 weekly): ${(first.bytes / 1024).toFixed(0)} KB, ` +
          `${sessions} sessions, first ${first.ms.toFixed(0)} ms, again ${second.ms.toFixed(0)} ms; ` +
          `with gzip ${(gzipped.bytes / 1024).toFixed(0)} KB sent (${gzipped.encoding ?? 'not encoded'}) in ${gzipped.ms.toFixed(0)} ms`,
      );
      // The same search alone first, paced the same way: what "slowed by 2x" is measured against.
      const alone: number[] = [];
      for (let i = 0; i < 20; i += 1) {
        alone.push((await timed(searchPath)).ms);
        await new Promise((resolve) => setTimeout(resolve, PACE_MS));
      }
      console.log(
        `ordinary search alone (20, every ${PACE_MS} ms): median ${median(alone).toFixed(0)} ms, slowest ${Math.max(...alone).toFixed(0)} ms`,
      );
      // Two calendar clients at once, for queries not cached yet, and a search every PACE_MS.
      const searches: number[] = [];
      let building = true;
      const builds = Promise.all([
        timed(`${calendarPath}&maxDistance=3`),
        timed(`${calendarPath}&maxDistance=5`),
      ]).finally(() => {
        building = false;
      });
      while (building) {
        searches.push((await timed(searchPath)).ms);
        await new Promise((resolve) => setTimeout(resolve, PACE_MS));
      }
      const built = await builds;
      console.log(
        `two uncached calendar feeds at once: ${built.map((b) => b.ms.toFixed(0)).join(' and ')} ms; ` +
          `${searches.length} ordinary searches meanwhile, median ${median(searches).toFixed(0)} ms ` +
          `(${(median(searches) / median(alone)).toFixed(1)}x alone), slowest ${Math.max(...searches).toFixed(0)} ms`,
      );
    } finally {
      await app.close();
    }
  } finally {
    await dispose();
    await rm(dir, { recursive: true, force: true });
  }
}

/** The lines of an import's report that matter here, indented under its figure. */
function reportLines(report: string, wanted: RegExp): string {
  return report
    .split('\n')
    .filter((line) => wanted.test(line))
    .map((line) => `  ${line.trim()}`)
    .join('\n');
}

/** How often the ordinary search is sent, alone and while feeds are built. */
const PACE_MS = 20;

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

await main();
