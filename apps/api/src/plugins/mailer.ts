import path from 'node:path';
import fp from 'fastify-plugin';
import { createMailer, type Mailer } from '../lib/mailer';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export type MailerPluginOptions = {
  /** Given by tests (or a future queue); otherwise built from the config. */
  mailer?: Mailer | undefined;
};

export default fp<MailerPluginOptions>(
  (app, options, done) => {
    const mailer =
      options.mailer ??
      createMailer({
        from: app.config.mailFrom,
        smtpUrl: app.config.smtpUrl,
        outboxDir: path.join(app.config.dataDir, 'outbox'),
      });
    app.decorate('mailer', mailer);
    if (!options.mailer) {
      app.addHook('onClose', (_instance, closed) => {
        mailer.close();
        closed();
      });
    }
    done();
  },
  { name: 'mailer' },
);
