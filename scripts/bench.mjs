// npm run bench [-- --engine postgres|pglite --n N]: the search benchmark (docs/benchmarks.md).
// Without arguments, a quick pass of both engines with 20k services.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const runs =
  args.length > 0
    ? [args]
    : [
        ['--engine', 'pglite', '--n', '20000', '--origins', '200', '--seconds', '5'],
        ['--engine', 'postgres', '--n', '20000', '--origins', '200', '--seconds', '5'],
      ];

for (const run of runs) {
  const result = spawnSync('npx', ['tsx', 'apps/api/src/bench/search-bench.ts', ...run], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
