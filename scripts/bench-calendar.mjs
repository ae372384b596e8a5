// npm run bench:calendar [-- --hostile N]: recurring events cannot freeze an instance
// (docs/benchmarks.md; decision 033). A hostile feed's import CPU time and the calendar feed's size
// and time.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const result = spawnSync(
  'npx',
  ['tsx', 'apps/api/src/bench/recurrence-bench.ts', ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit' },
);
process.exit(result.status ?? 1);
