import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

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
