// `npm start`: build whatever is missing or older than its sources, then run the one server
// process that serves the API and the built web app.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { stopWithParent } from './stop-with-parent.mjs';

stopWithParent();

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

function buildIfStale(workspace, output, sources) {
  const built = existsSync(output) ? statSync(output).mtimeMs : 0;
  const changed = Math.max(...sources.map((source) => newestMtime(join(root, source))));
  if (built >= changed) return;
  console.log(`Building ${workspace}...`);
  const result = spawnSync('npm', ['run', 'build', '-w', workspace], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const shared = ['packages/contracts/src'];
buildIfStale('@locals/web', join(root, 'apps/web/dist/index.html'), [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  ...shared,
]);
buildIfStale('@locals/api', join(root, 'apps/api/dist/server.js'), [
  'apps/api/src',
  'packages/db/src',
  'packages/db/migrations',
  ...shared,
]);

const { main } = await import(pathToFileURL(join(root, 'apps/api/dist/server.js')).href);
await main();
