// `node scripts/precompress.mjs [dir]` (apps/web's build runs it on dist): writes FILE.br (brotli,
// quality 11) and FILE.gz (gzip, level 9) beside every compressible file over 1 KB, so the server
// sends them as they are (@fastify/static preCompressed) instead of compressing each request at a
// low level. Node's zlib does both: no dependency. Prints what it wrote.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
// Below this a compressed copy saves less than its headers and a disk read cost.
const MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

async function* filesUnder(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else if (entry.isFile()) yield path;
  }
}

/** Compresses one file; returns its sizes, or null when it is not worth it. */
async function precompress(path) {
  if (!COMPRESSIBLE.test(path)) return null;
  if ((await stat(path)).size <= MIN_BYTES) return null;
  const raw = await readFile(path);
  const [br, gz] = await Promise.all([
    brotli(raw, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    }),
    gzipAsync(raw, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
  return { raw: raw.length, br: br.length, gz: gz.length };
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

const dir = resolve(process.argv[2] ?? 'dist');
const started = performance.now();
let count = 0;
const totals = { raw: 0, gz: 0, br: 0 };
const largest = [];
for await (const path of filesUnder(dir)) {
  if (path.endsWith('.br') || path.endsWith('.gz')) continue;
  const sizes = await precompress(path);
  if (!sizes) continue;
  count += 1;
  for (const key of Object.keys(totals)) totals[key] += sizes[key];
  largest.push({ file: relative(dir, path), ...sizes });
}
largest.sort((a, b) => b.raw - a.raw);
for (const { file, raw, gz, br } of largest.slice(0, 5)) {
  console.log(`  ${file}: ${kb(raw)} raw, ${kb(gz)} gzip -9, ${kb(br)} brotli 11`);
}
console.log(
  `precompressed ${count} files in ${relative(process.cwd(), dir) || '.'}: ${kb(totals.raw)} -> ` +
    `${kb(totals.gz)} gzip, ${kb(totals.br)} brotli (${Math.round(performance.now() - started)} ms)`,
);
