// npm run bench:events [-- --engine postgres|pglite --occurrences N | --events N]: the events
// benchmark (docs/benchmarks.md; decisions 021 and 039). --events N is N weekly events of 26
// sessions. Without arguments, a quick pass of both engines with 100k sessions.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const runs =
  args.length > 0
    ? [args]
    : [
        ['--engine', 'pglite', '--occurrences', '100000', '--origins', '200', '--seconds', '5'],
        ['--engine', 'postgres', '--occurrences', '100000', '--origins', '200', '--seconds', '5'],
      ];

for (const run of runs) {
  const result = spawnSync('npx', ['tsx', 'apps/api/src/bench/events-bench.ts', ...run], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
