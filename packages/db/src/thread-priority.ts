// Imported by worker threads that Node runs from source (pglite-worker.ts): Node modules only,
// no relative imports, so type stripping alone can run it.
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

/**
 * Gives the calling thread alone the Linux niceness given (0 usual, 19 lowest), so work on it
 * yields the CPU to the API's own thread when the machine is busy. On Linux, /proc/thread-self
 * names this thread, whose id setpriority takes as a pid.
 */
export function lowerThisThreadsPriority(niceness: number): void {
  try {
    const threadId = Number(readlinkSync('/proc/thread-self').split('/').at(-1));
    if (Number.isInteger(threadId) && threadId > 0) setPriority(threadId, niceness);
  } catch {
    // Not Linux, or not allowed: the thread keeps the usual priority.
  }
}
