import type { LoadProgress } from '@locals/db/open-data/load';

type Clock = { now: () => number; every: (ms: number, tick: () => void) => () => void };

const realClock: Clock = {
  now: () => Date.now(),
  every: (ms, tick) => {
    // Before the app (and its scheduler) exists; unref'd, never the reason the process stays up.
    // eslint-disable-next-line no-restricted-globals
    const timer = setInterval(tick, ms).unref();
    return () => clearInterval(timer);
  },
};

/** A line at least this often while a step runs, so a start is never silent for long. */
const HEARTBEAT_MS = 4000;
/** Load progress more often than this is left out: a line every few seconds is enough. */
const PROGRESS_MS = 2000;

const format = (count: number) => count.toLocaleString('en-GB');
/** 100 only when done: the expected rows are the file's lines, which a quoted line break adds to. */
const percent = (rows: number, expected: number) =>
  rows >= expected ? 100 : Math.min(99, Math.floor((rows / expected) * 100));

/**
 * Short lines for a person watching `npm start` (issue 32): what the start is doing, how far a
 * load has got, and, while one step runs long, a line every few seconds saying it still does.
 * A quiet step (opening a database that exists) says nothing unless it runs long, so a restart
 * prints only the address.
 */
export function startProgress(write: (line: string) => void, clock: Clock = realClock) {
  let label = '';
  let detail = '';
  let loadStep = '';
  let startedAt = 0;
  let lastLineAt = 0;
  let stopHeartbeat = () => {};

  const seconds = () => Math.round((clock.now() - startedAt) / 1000);
  const print = (line: string) => {
    write(`Locals: ${line}`);
    lastLineAt = clock.now();
  };
  const heartbeat = () => {
    if (clock.now() - lastLineAt < HEARTBEAT_MS) return;
    print(`${label}${detail ? `: ${detail}` : ''}, ${seconds()} s`);
  };

  return {
    /** A step starts: said at once, or only if it outlasts a heartbeat when `quiet`. */
    begin(step: string, { quiet = false } = {}) {
      stopHeartbeat();
      label = step;
      detail = '';
      loadStep = '';
      startedAt = clock.now();
      if (quiet) lastLineAt = startedAt;
      else print(`${step}...`);
      stopHeartbeat = clock.every(1000, heartbeat);
    },
    /** The open-data loader's progress: the file, rows so far and about how many. */
    load({ step, rows, expectedRows }: LoadProgress) {
      const isNewStep = step !== loadStep;
      loadStep = step;
      detail =
        expectedRows > 0
          ? `${step} ${format(rows)} of ${format(expectedRows)} rows (${percent(rows, expectedRows)}%)`
          : step;
      if (isNewStep || clock.now() - lastLineAt >= PROGRESS_MS) {
        print(`${label}: ${detail}, ${seconds()} s`);
      }
    },
    /** The step is over; `summary` (if any) says how it went. */
    end(summary?: string) {
      stopHeartbeat();
      stopHeartbeat = () => {};
      if (summary) print(`${summary} in ${seconds()} s`);
    },
  };
}
