// `npm start`: build whatever is missing or older than its sources, then run the one server
// process that serves the API and the built web app.
import { spawn } from 'node:child_process';
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

/**
 * Builds a workspace with its output held back: a newcomer sees a line every few seconds, not
 * vite's hundreds of lines (issue 32). A failed build prints all of it, then npm start stops.
 */
async function buildIfStale(what, workspace, output, sources) {
  const built = existsSync(output) ? statSync(output).mtimeMs : 0;
  const changed = Math.max(...sources.map((source) => newestMtime(join(root, source))));
  if (built >= changed) return;
  const startedAt = Date.now();
  const seconds = () => Math.round((Date.now() - startedAt) / 1000);
  console.log(`Locals: building ${what}...`);
  const heartbeat = setInterval(
    () => console.log(`Locals: building ${what}, ${seconds()} s`),
    4000,
  );
  const build = spawn('npm', ['run', 'build', '-w', workspace], { cwd: root });
  const printed = [];
  build.stdout.on('data', (chunk) => printed.push(chunk));
  build.stderr.on('data', (chunk) => printed.push(chunk));
  const code = await new Promise((resolve) => build.once('close', resolve));
  clearInterval(heartbeat);
  if (code !== 0) {
    process.stderr.write(Buffer.concat(printed));
    console.error(`Locals: building ${what} failed (exit code ${code}); its output is above.`);
    process.exit(code ?? 1);
  }
  console.log(`Locals: built ${what} in ${seconds()} s`);
}

const shared = ['packages/contracts/src'];
await buildIfStale('the web app', '@locals/web', join(root, 'apps/web/dist/index.html'), [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  ...shared,
]);
await buildIfStale('the server', '@locals/api', join(root, 'apps/api/dist/server.js'), [
  'apps/api/src',
  'packages/db/src',
  'packages/db/migrations',
  ...shared,
]);

const { main } = await import(pathToFileURL(join(root, 'apps/api/dist/server.js')).href);
await main();
