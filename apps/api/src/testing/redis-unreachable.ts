import { freePort } from './server-process';
import { createTestApp, type TestApp } from './test-app';

/**
 * Issue 25: an app started with REDIS_URL pointing at a local port where nothing listens (yet),
 * with its log lines kept so a test can read what the instance said about it.
 */
export type AppWithoutRedis = {
  testApp: TestApp;
  /** The port REDIS_URL names: a test may later open it, to bring "Redis" back. */
  port: number;
  /** Whether any log line so far contains `text`. */
  logged: (text: string) => boolean;
};

export async function startWithRedisUnreachable(): Promise<AppWithoutRedis> {
  const port = await freePort();
  const lines: string[] = [];
  const testApp = await createTestApp({
    env: { REDIS_URL: `redis://127.0.0.1:${port}` },
    logStream: { write: (line) => lines.push(line) },
  });
  return { testApp, port, logged: (text) => lines.some((line) => line.includes(text)) };
}
