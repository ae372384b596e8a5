import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { CalendarReply, CalendarRequest } from './calendar-worker';
import type { CalendarEntry, CalendarOptions, eventCalendar } from './event-calendar';

type Calendar = ReturnType<typeof eventCalendar>;

/**
 * Calendar feeds written on a thread of their own (decision 033): the API's thread only asks
 * the database and hands the sessions over, so two phones fetching feeds do not slow everyone
 * else's searches. The thread starts with the first feed and stays; if it fails, the feeds it
 * was writing fail (the client gets a 500 and may retry) and the next feed starts a new one.
 */
export function createCalendarThread() {
  let worker: Worker | null = null;
  let nextId = 1;
  const pending = new Map<
    number,
    { resolve: (calendar: Calendar) => void; reject: (error: unknown) => void }
  >();

  function failAll(error: unknown) {
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
  }

  function start(): Worker {
    const url = calendarWorkerUrl();
    const started = new Worker(url, {
      name: 'calendar',
      // From source (tests, `npm run dev`), tsx resolves the worker's TypeScript imports.
      ...(url.pathname.endsWith('.ts') ? { execArgv: ['--import', tsxLoader()] } : {}),
    });
    started.on('message', (reply: CalendarReply) => {
      const waiting = pending.get(reply.id);
      if (!waiting) return;
      pending.delete(reply.id);
      if ('error' in reply) waiting.reject(reply.error);
      else waiting.resolve(reply.calendar);
    });
    started.on('error', (error) => {
      worker = null;
      failAll(error);
    });
    started.on('exit', (code) => {
      if (worker === started) worker = null;
      failAll(new Error(`The calendar thread stopped (exit code ${code})`));
    });
    // The thread alone does not keep the process running.
    started.unref();
    return started;
  }

  return {
    build(
      name: string,
      entries: readonly CalendarEntry[],
      options: CalendarOptions,
    ): Promise<Calendar> {
      worker ??= start();
      const id = nextId++;
      const built = new Promise<Calendar>((resolve, reject) =>
        pending.set(id, { resolve, reject }),
      );
      worker.postMessage({ id, name, entries, options } satisfies CalendarRequest);
      return built;
    },

    async close(): Promise<void> {
      const stopping = worker;
      worker = null;
      if (stopping) await stopping.terminate();
    },
  };
}

/** Beside the bundle once built (dist/calendar-worker.js), else this folder's source. */
function calendarWorkerUrl(): URL {
  const built = new URL('./calendar-worker.js', import.meta.url);
  return existsSync(built) ? built : new URL('./calendar-worker.ts', import.meta.url);
}

function tsxLoader(): string {
  return pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
}
