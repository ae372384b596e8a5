import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DATA_UPDATE_HELP, parseDataUpdateArgs } from './data-update/args';
import { runDataUpdate } from './data-update/run';

/** `npm run data:update -- --nspl <file>`: see data-update/args.ts and open-data/README.md. */
function repoRoot(): string {
  for (let dir = path.dirname(fileURLToPath(import.meta.url)); ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'open-data'))) return dir;
    if (path.dirname(dir) === dir) return process.cwd();
  }
}

try {
  const options = parseDataUpdateArgs(process.argv.slice(2), repoRoot());
  if (options) await runDataUpdate(options);
  else console.log(DATA_UPDATE_HELP);
} catch (error) {
  console.error(`\n${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
