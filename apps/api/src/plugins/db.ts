import type { Database } from '@locals/db/client';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
  }
}

/** The database is opened and closed by the caller (server.ts or a test), not by the app. */
export default fp<{ database: Database }>(
  (app, options, done) => {
    app.decorate('database', options.database);
    done();
  },
  { name: 'db' },
);
