import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');

export type OwnServer = { baseURL: string; dataDir: string; stop: () => Promise<void> };

/**
 * A server of a story's own, as `npm start` runs it, for stories that need what the shared one
 * cannot give: `npm run admin` opens the embedded database, which one process holds at a time,
 * so granting a moderator means stopping the server, as an operator would.
 */
export async function startOwnServer({
  port,
  dataDir,
  fresh = false,
}: {
  port: number;
  dataDir: string;
  fresh?: boolean;
}): Promise<OwnServer> {
  if (!dataDir.startsWith('.tmp/')) throw new Error('a story server’s DATA_DIR must be in .tmp/');
  if (fresh) rmSync(join(root, dataDir), { recursive: true, force: true });
  const baseURL = `http://localhost:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: baseURL,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The story's server exited:\n${output}`);
    const healthy = await fetch(`${baseURL}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) break;
    if (Date.now() > deadline) throw new Error(`The story's server did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    baseURL,
    dataDir: join(root, dataDir),
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** `npm run admin -- <args>` against a stopped server's data directory; throws on failure. */
export function runAdmin(dataDir: string, ...args: string[]): string {
  const result = spawnSync('npm', ['run', '--silent', 'admin', '--', ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir },
    encoding: 'utf8',
  });
  if (result.status !== 0)
    throw new Error(`npm run admin failed:\n${result.stdout}${result.stderr}`);
  return result.stdout;
}
