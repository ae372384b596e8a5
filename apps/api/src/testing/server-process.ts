import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const SERVER = path.join(ROOT, 'apps/api/src/server.ts');
/** What the server logs once it listens. */
export const STARTED = 'Locals is running';

export type ServerProcess = {
  child: ChildProcess;
  port: number;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Resolves once the output has a line containing `text`. */
  waitFor: (text: string) => Promise<void>;
};

/** Every server a test started; kill them all after each test with `killServers`. */
const running = new Set<ChildProcess>();

/**
 * The real server process (server.ts through tsx), as `npm start` runs it, on a free port with
 * `env` on top of this process's environment (a variable given as undefined is removed). PORT
 * (unless given), HOST and PUBLIC_URL (unless given) are set.
 */
export async function startServerProcess(env: NodeJS.ProcessEnv): Promise<ServerProcess> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://localhost:${port}`,
    LOG_LEVEL: 'info',
    ...env,
  };
  for (const [name, value] of Object.entries(env)) if (value === undefined) delete childEnv[name];
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER], { cwd: ROOT, env: childEnv });
  let output = '';
  const listeners = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    for (const listener of listeners) listener();
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const waitFor = (text: string) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (output.includes(text)) {
          listeners.delete(check);
          resolve();
        }
      };
      listeners.add(check);
      void exited.then(() => reject(new Error(`Exited before "${text}":\n${output}`)));
      check();
    });
  running.add(child);
  void exited.then(() => running.delete(child));
  return { child, port, output: () => output, exited, waitFor };
}

/** Another child process to end with the servers in `killServers`. */
export function trackChild(child: ChildProcess): void {
  running.add(child);
  void new Promise((resolve) => child.once('exit', resolve)).then(() => running.delete(child));
}

/** Ends every server still running, at once. */
export function killServers(): void {
  for (const child of running) child.kill('SIGKILL');
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Polls `condition` every 25 ms for up to `seconds` (5): a process starting through tsx on a busy
 * 2-core machine may take longer to reach its first step.
 */
export async function until(
  condition: () => Promise<boolean> | boolean,
  what: string,
  seconds = 5,
) {
  for (let attempt = 0; attempt < seconds * 40; attempt += 1) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`Timed out waiting until ${what}`);
}
