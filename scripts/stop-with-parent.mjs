// npm runs `npm start` through `sh -c`, and that shell neither passes SIGTERM on nor outlives
// npm: stopping npm left the server orphaned and serving. So the server watches the process that
// started it and, once that is gone (this process is re-parented), stops itself as if sent SIGTERM:
// requests in flight finish and DATA_DIR's lock is released (see apps/api/src/server.test.ts).
const CHECK_EVERY_MS = 500;

export function stopWithParent(signal = 'SIGTERM') {
  const parent = process.ppid;
  const watch = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(watch);
    process.kill(process.pid, signal);
  }, CHECK_EVERY_MS);
  // Never the reason the process stays alive.
  watch.unref();
}
