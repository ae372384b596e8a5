import fp from 'fastify-plugin';
import { createGeocoder } from './geocoder';
import type { Geocoder } from './geocoder';

declare module 'fastify' {
  interface FastifyInstance {
    /** Postcodes and places to coordinates, the one geocoder of the app. */
    geocoder: Geocoder;
  }
}

/** The geocoder, built once on the app's database and handed to every route that places things. */
export default fp(
  (app, _options, done) => {
    app.decorate(
      'geocoder',
      createGeocoder({
        db: app.database.db,
        log: app.log,
        postcodesApiUrl: app.config.postcodesApiUrl,
      }),
    );
    done();
  },
  { name: 'geocoder', dependencies: ['db'] },
);
