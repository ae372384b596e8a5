import { writeSync } from 'node:fs';
import { expect } from 'vitest';

// A test worker that dies takes its file's results with it, and Vitest says only "Worker exited
// unexpectedly" (CI at stop 21 lost a file's 32 results that way; a local run at stop 22 lost
// the last result of stats.test.ts). Vitest ends a worker with SIGTERM, which emits no 'exit',
// so any 'exit' here is a worker ending on its own: say which file it was running and how.
//
// Neither death left an exit code from here, nor an OOM kill or segfault in the kernel log: the
// likeliest end is the worker's event loop running dry at the end of a file, before Vitest
// stopped it (a natural exit with code 0 used to be ignored here). A timer keeps the loop
// alive; it costs nothing, as Vitest's SIGTERM ends the worker whatever is pending.
const LISTENING = Symbol.for('locals.report-worker-exit');
const worker = process as NodeJS.Process & { [LISTENING]?: true };
// Once a worker: a worker may run several files, each loading this file again.
if (!worker[LISTENING]) {
  worker[LISTENING] = true;
  process.once('exit', reportExit);
  setInterval(() => {}, 60_000);
}

function reportExit(code: number): void {
  const file = expect.getState().testPath ?? 'no file yet';
  // Straight to the file descriptor: the console goes through Vitest, which a dying worker leaves.
  writeSync(2, `Test worker ${process.pid} is exiting with code ${code} while running ${file}\n`);
}
