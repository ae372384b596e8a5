import { createTestDatabase } from '@locals/db/test-db';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../testing/test-app';
import type { TestApp } from '../testing/test-app';

const until = async (check: () => boolean, timeoutMs = 5_000) => {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

describe('the scheduler', () => {
  const apps: TestApp[] = [];
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
  });

  async function anApp(logStream?: { write(line: string): void }): Promise<TestApp> {
    const testApp = await createTestApp(logStream ? { logStream } : {});
    apps.push(testApp);
    return testApp;
  }

  it('runs a job from when the app is ready, never overlapping itself, and logs a failure', async () => {
    const logged: string[] = [];
    const { app } = await anApp({ write: (line) => logged.push(line) });
    let runs = 0;
    let running = 0;
    let overlapped = false;
    app.scheduler.every({
      name: 'test-job',
      everyMs: 5,
      firstAfterMs: 0,
      run: async () => {
        runs += 1;
        running += 1;
        if (running > 1) overlapped = true;
        await new Promise((resolve) => setTimeout(resolve, 30));
        running -= 1;
        if (runs === 2) throw new Error('a failing turn');
      },
    });

    await until(() => runs >= 4);

    expect(overlapped).toBe(false);
    // The failing turn is logged and the next turns still run.
    const failures = logged.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(failures).toContainEqual(
      expect.objectContaining({ job: 'test-job', msg: 'a scheduled job failed' }),
    );
  });

  it('stops the timers on close, and close waits for a run under way', async () => {
    const testApp = await anApp();
    let finished = 0;
    let started = 0;
    testApp.app.scheduler.every({
      name: 'slow-job',
      everyMs: 5,
      firstAfterMs: 0,
      run: async () => {
        started += 1;
        await new Promise((resolve) => setTimeout(resolve, 100));
        finished += 1;
      },
    });
    await until(() => started === 1);

    apps.splice(apps.indexOf(testApp), 1);
    await testApp.close();
    const startedAtClose = started;
    await new Promise((resolve) => setTimeout(resolve, 50));

    expect(finished).toBe(startedAtClose);
    expect(started).toBe(startedAtClose);
  });

  // PostgreSQL: instances share the server, so a job's lock keeps the others out while it runs.
  // PGlite: one process owns DATA_DIR, so a job is always free to run there.
  it('runs a job in one instance at a time on a shared PostgreSQL, and always on PGlite', async () => {
    const database = await createTestDatabase();
    try {
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      const first = database.ifFree('job:shared', () => held.then(() => 'first'));
      await new Promise((resolve) => setTimeout(resolve, 50));
      // Another connection (on PostgreSQL) asks while the first holds the lock.
      const second = await database.ifFree('job:shared', () => Promise.resolve('second'));
      release();

      expect(second).toBe(database.kind === 'postgres' ? undefined : 'second');
      expect(await first).toBe('first');
      expect(await database.ifFree('job:shared', () => Promise.resolve('third'))).toBe('third');
    } finally {
      await database.close();
    }
  });
});
