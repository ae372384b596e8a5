import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';

/** The built web app's index.html, at its smallest: a title, the root element and a script. */
export const WEB_TEMPLATE =
  '<!doctype html><title>Locals</title><meta name="description" content="The site." /><div id="root"></div><script src="/app.js"></script>';

/**
 * A built web app in a temporary directory: dist/ and, when given, a server build beside it
 * (`serverEntry`, the source of a stand-in for apps/web's entry-server).
 */
export async function webBuild(
  serverEntry?: string,
): Promise<{ webDistDir: string; remove: () => Promise<void> }> {
  const webRoot = await mkdtemp(path.join(tmpdir(), 'locals-web-'));
  const webDistDir = path.join(webRoot, 'dist');
  await mkdir(path.join(webDistDir, 'assets'), { recursive: true });
  await writeFile(path.join(webDistDir, 'index.html'), WEB_TEMPLATE);
  await writeFile(
    path.join(webDistDir, 'assets', 'app-abc123.js'),
    'console.log("hi");\n'.repeat(200),
  );
  if (serverEntry) {
    await mkdir(path.join(webRoot, 'dist-server'));
    await writeFile(path.join(webRoot, 'dist-server', 'entry-server.js'), serverEntry);
  }
  return { webDistDir, remove: () => rm(webRoot, { recursive: true, force: true }) };
}

/**
 * The fixture around `webBuild`: built before the file's (or `describe`'s) tests, removed after.
 * Register it before `useTestApp(() => ({ env: { WEB_DIST_DIR: web.webDistDir } }))`, so the
 * build exists when the app starts and outlives it (after-hooks run in reverse).
 */
export function useWebBuild(serverEntry?: string): { readonly webDistDir: string } {
  let build: Awaited<ReturnType<typeof webBuild>> | undefined;
  beforeAll(async () => {
    build = await webBuild(serverEntry);
  });
  afterAll(async () => build?.remove());
  return {
    get webDistDir() {
      if (!build)
        throw new Error('The web build is made in beforeAll: use it inside tests and hooks');
      return build.webDistDir;
    },
  };
}
