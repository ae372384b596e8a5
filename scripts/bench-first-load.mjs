// Prints the first-load JavaScript of a route, gzipped at level 9, from the built web app:
// index.html's scripts plus the route's lazy chunk and everything it imports statically (not
// what it loads later with import()). Run `npm run build` first.
//   npm run build && npm run bench:first-load -- results
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const assets = join(import.meta.dirname, '..', 'apps', 'web', 'dist', 'assets');
const route = process.argv[2] ?? 'results';

const html = readFileSync(join(assets, '..', 'index.html'), 'utf8');
const entry = [...html.matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g)].map((match) => match[1]);
const routeChunk = readdirSync(assets).find(
  (file) => file.startsWith(`${route}-`) && file.endsWith('.js'),
);
if (!routeChunk) throw new Error(`No built chunk for the route '${route}'`);

/** The files and every file they import statically, transitively. */
function withStaticImports(files) {
  const seen = new Set();
  const pending = [...files];
  while (pending.length > 0) {
    const file = pending.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(join(assets, file), 'utf8');
    const imports = code.matchAll(
      /(?:^|[;}\n])\s*import\s*(?:[^"'()]*?from\s*)?["']\.\/([^"']+\.js)["']/g,
    );
    for (const match of imports) pending.push(match[1]);
  }
  return seen;
}

const kilobytes = (files) =>
  [...files].reduce(
    (total, file) => total + gzipSync(readFileSync(join(assets, file)), { level: 9 }).length,
    0,
  ) / 1024;

const first = withStaticImports(entry);
const withRoute = withStaticImports([...first, routeChunk]);
console.log(
  `/${route}: ${kilobytes(withRoute).toFixed(1)} KB gzipped first load ` +
    `(index.html's scripts ${kilobytes(first).toFixed(1)} KB + ${routeChunk} and its static imports)`,
);
