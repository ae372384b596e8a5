import { writeSync } from 'node:fs';
import { expect } from 'vitest';

// A test worker that dies takes its file's results with it, and Vitest says only "Worker exited
// unexpectedly" (CI at stop 21 lost one file that way, and nothing said which). A worker ending
// with a failure code says here which file it was running and how it ended; a kill by signal
// cannot be heard, so its absence from this log says that too.
const LISTENING = Symbol.for('locals.report-worker-exit');
const worker = process as NodeJS.Process & { [LISTENING]?: true };
// Once a worker: a worker may run several files, each loading this file again.
if (!worker[LISTENING]) {
  worker[LISTENING] = true;
  process.once('exit', reportExit);
}

function reportExit(code: number): void {
  if (code === 0) return;
  const file = expect.getState().testPath ?? 'no file yet';
  // Straight to the file descriptor: the console goes through Vitest, which a dying worker leaves.
  writeSync(2, `Test worker ${process.pid} is exiting with code ${code} while running ${file}\n`);
}
