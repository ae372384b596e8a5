import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, symlink } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
// Playwright's own test: this story needs no browser page (so no console-error fixture).
import { expect, test } from '@playwright/test';

const ROOT = join(import.meta.dirname, '..');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * The committed tree, cloned where nothing sits beside it. There is no network here to install
 * from, so node_modules links to this checkout's packages, but @locals/* to the clone's own.
 */
async function cloneAlone(): Promise<string> {
  const parent = await mkdtemp(join(tmpdir(), 'locals-clone-'));
  const clone = join(parent, 'locals');
  execFileSync('git', ['clone', '--quiet', '--depth', '1', `file://${ROOT}`, clone]);
  const modules = join(clone, 'node_modules');
  await mkdir(join(modules, '@locals'), { recursive: true });
  for (const entry of await readdir(join(ROOT, 'node_modules'))) {
    if (entry !== '@locals') await symlink(join(ROOT, 'node_modules', entry), join(modules, entry));
  }
  for (const name of ['contracts', 'db']) {
    await symlink(join(clone, 'packages', name), join(modules, '@locals', name));
  }
  return clone;
}

test.describe('a fresh clone', () => {
  let clone: string;
  let server: ChildProcess | undefined;

  test.afterEach(async () => {
    server?.kill('SIGKILL');
    if (clone) await rm(dirname(clone), { recursive: true, force: true });
  });

  test('with no ../shared beside it starts, loads its own open data and finds a pharmacy near BS1 4DJ', async ({
    request,
  }) => {
    test.setTimeout(240_000);
    clone = await cloneAlone();
    expect(existsSync(join(clone, '..', 'shared'))).toBe(false);

    const port = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATA_DIR: join(clone, 'data'),
      WEB_DIST_DIR: join(clone, 'no-web-build'),
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://localhost:${port}`,
      LOG_LEVEL: 'info',
    };
    delete env.OPEN_DATA_DIR;
    delete env.DATABASE_URL;
    server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
      cwd: clone,
      env,
    });
    let output = '';
    let hasExited = false;
    server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.once('exit', () => (hasExited = true));
    await expect
      .poll(() => hasExited || output.includes('Locals is running'), { timeout: 200_000 })
      .toBe(true);
    expect(output).toContain('Locals is running');
    expect(output).toContain('Loaded the open data');

    const response = await request.get(
      `http://localhost:${port}/api/HealthServices/search-new?postcode=BS1%204DJ&distance=5&keyword=pharmacy`,
    );
    expect(response.status()).toBe(200);
    const body = (await response.json()) as { results: { serviceTypes: string[] }[] };
    expect(body.results[0]?.serviceTypes).toContain('Pharmacy');
  });
});
