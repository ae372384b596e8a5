import { readdir, readFile, stat } from 'node:fs/promises';
import { get } from 'node:http';
import { join, resolve } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';

// Issue 13: the build writes FILE.br (brotli 11) and FILE.gz (gzip 9) beside each compressible
// file over 1 KB (scripts/precompress.mjs), and the server sends them as they are.
const webDist = resolve(process.env.WEB_DIST_DIR ?? join(import.meta.dirname, '../apps/web/dist'));
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|xml|webmanifest)$/;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const path = join(dir, entry.name);
      return entry.isDirectory() ? filesUnder(path) : Promise.resolve([path]);
    }),
  );
  return nested.flat();
}

async function entryScript(): Promise<string> {
  const html = await readFile(join(webDist, 'index.html'), 'utf8');
  const src = /<script type="module"[^>]*src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  if (!src) throw new Error('no entry script in index.html');
  return src;
}

/** The raw reply, not decoded: Node's fetch and Playwright's request would undo the encoding. */
function rawGet(url: string, headers: Record<string, string>) {
  return new Promise<{ encoding: string | undefined; body: Buffer }>((done, fail) => {
    get(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        done({ encoding: response.headers['content-encoding'], body: Buffer.concat(chunks) }),
      );
    }).on('error', fail);
  });
}

test('the build leaves a brotli and a gzip copy beside every compressible file over 1 KB', async () => {
  const files = await filesUnder(webDist);
  const compressible = [];
  for (const file of files) {
    if (COMPRESSIBLE.test(file) && (await stat(file)).size > 1024) compressible.push(file);
  }
  expect(compressible.length).toBeGreaterThan(5);

  for (const file of compressible) {
    const raw = await readFile(file);
    expect(brotliDecompressSync(await readFile(`${file}.br`)).equals(raw), `${file}.br`).toBe(true);
    expect(gunzipSync(await readFile(`${file}.gz`)).equals(raw), `${file}.gz`).toBe(true);
  }
});

test('the entry script goes out as the build compressed it, brotli first', async ({ baseURL }) => {
  const src = await entryScript();
  const onDisk = join(webDist, src);
  const [br, gz] = await Promise.all([readFile(`${onDisk}.br`), readFile(`${onDisk}.gz`)]);
  // Quality 11 beats gzip -9 by well over a tenth on JavaScript.
  expect(br.length).toBeLessThan(gz.length * 0.9);

  const asBrotli = await rawGet(`${baseURL}${src}`, { 'accept-encoding': 'gzip, deflate, br' });
  expect(asBrotli.encoding).toBe('br');
  expect(asBrotli.body.equals(br)).toBe(true);

  const asGzip = await rawGet(`${baseURL}${src}`, { 'accept-encoding': 'gzip' });
  expect(asGzip.encoding).toBe('gzip');
  expect(asGzip.body.equals(gz)).toBe(true);
});
