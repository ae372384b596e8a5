import type { FastifyPluginCallback } from 'fastify';
import { serializeError } from '../../log-errors';
import { deliverDueMail } from './outgoing-mail';

const MINUTE_MS = 60 * 1000;
/** How often queued emails are retried: the first retry is due a minute after a failure. */
const EVERY_MS = 2 * MINUTE_MS;
/** Long enough for start-up to finish. */
const FIRST_RUN_MS = MINUTE_MS;

/**
 * Sends queued emails that are due, shortly after start and then every few minutes, on the
 * app's scheduler (one run at a time, in one instance at a time; claims keep instances apart
 * too). Not under test: tests call deliverDueMail with their own clock.
 */
export const outgoingMailDelivery: FastifyPluginCallback = (app, _options, done) => {
  if (app.config.nodeEnv !== 'test') {
    app.scheduler.every({
      name: 'outgoing-mail',
      everyMs: EVERY_MS,
      firstAfterMs: FIRST_RUN_MS,
      run: async () => {
        try {
          const { db } = app.database;
          await deliverDueMail({ db, mailer: app.mailer, now: app.now(), log: app.log });
        } catch (error) {
          app.log.error({ err: serializeError(error) }, 'could not send queued emails');
        }
      },
    });
  }
  done();
};
