import type { FastifyPluginCallback } from 'fastify';
import { serializeError } from '../../log-errors';
import { deliverDueMail } from './outgoing-mail';

const MINUTE_MS = 60 * 1000;
/** How often queued emails are retried: the first retry is due a minute after a failure. */
const EVERY_MS = 2 * MINUTE_MS;
/** Long enough for start-up to finish. */
const FIRST_RUN_MS = MINUTE_MS;

/**
 * Sends queued emails that are due, shortly after start and then every few minutes, never two
 * runs at once in one instance (claims keep instances apart). Not under test: tests call
 * deliverDueMail with their own clock. Timers are unref'd and stopped when the app closes.
 */
export const outgoingMailDelivery: FastifyPluginCallback = (app, _options, done) => {
  if (app.config.nodeEnv === 'test') {
    done();
    return;
  }
  let running: Promise<void> | null = null;
  const deliver = async () => {
    try {
      const { db } = app.database;
      await deliverDueMail({ db, mailer: app.mailer, now: app.now(), log: app.log });
    } catch (error) {
      app.log.error({ err: serializeError(error) }, 'could not send queued emails');
    }
  };
  const run = () => {
    running ??= deliver().finally(() => {
      running = null;
    });
  };
  const first = setTimeout(run, FIRST_RUN_MS).unref();
  const repeated = setInterval(run, EVERY_MS).unref();
  app.addHook('onClose', async () => {
    clearTimeout(first);
    clearInterval(repeated);
    // A run under way finishes before the database closes, so no row is left half-claimed.
    await running;
  });
  done();
};
