import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { serializeError } from '../log-errors';

export type Job = {
  /** Names the job in the logs, and its lock: one instance at a time runs it. */
  name: string;
  /** How often it runs. */
  everyMs: number;
  /** The first run, this long after the app is ready (0: as soon as it is). Default `everyMs`. */
  firstAfterMs?: number;
  run: () => Promise<unknown>;
};

export type Scheduler = {
  /** Runs `job` on a timer from when the app is ready until it closes. */
  every(job: Job): void;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The one owner of the app's timers (capabilities/scheduler.ts). */
    scheduler: Scheduler;
  }
}

/**
 * Every job that repeats (sending queued mail, reminding providers, re-dating example events,
 * sweeping ended rate-limit windows) runs here, and nowhere else starts a repeating timer (lint).
 * A job never overlaps itself in one instance, runs in one instance at a time when several share
 * a PostgreSQL server (an advisory lock named by the job, `Database.ifFree`: an instance that
 * finds it held skips that turn), and a failure is logged and tried again next turn. Timers are
 * unref'd, so they never keep a process alive; closing the app stops them and waits for a run
 * under way, so the database is never closed under it.
 */
export default fp(
  (app, _options, done) => {
    const timers: NodeJS.Timeout[] = [];
    const running = new Set<Promise<void>>();
    const waiting: Job[] = [];
    let isReady = false;
    let isClosing = false;

    function start(job: Job) {
      let current: Promise<void> | null = null;
      const turn = () => {
        if (isClosing || current) return;
        current = runOnce(app, job).finally(() => {
          if (current) running.delete(current);
          current = null;
        });
        running.add(current);
      };
      timers.push(setTimeout(turn, job.firstAfterMs ?? job.everyMs).unref());
      timers.push(setInterval(turn, job.everyMs).unref());
    }

    app.decorate('scheduler', {
      every(job: Job) {
        if (isReady) start(job);
        else waiting.push(job);
      },
    });
    app.addHook('onReady', (next) => {
      isReady = true;
      for (const job of waiting.splice(0)) start(job);
      next();
    });
    app.addHook('onClose', async () => {
      isClosing = true;
      for (const timer of timers) clearTimeout(timer);
      await Promise.all(running);
    });
    done();
  },
  { name: 'scheduler', dependencies: ['db'] },
);

async function runOnce(app: FastifyInstance, job: Job): Promise<void> {
  try {
    await app.database.ifFree(`job:${job.name}`, job.run);
  } catch (error) {
    app.log.error({ err: serializeError(error), job: job.name }, 'a scheduled job failed');
  }
}
