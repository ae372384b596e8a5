import fp from 'fastify-plugin';

/**
 * The API speaks JSON only: other bodies (even text/plain, which Fastify parses by default)
 * are answered with 415.
 *
 * Some clients send `Content-Type: application/json` with no body on action endpoints such as
 * POST /api/site-views/increment. Treat that as "no body" rather than a 400.
 */
export default fp(
  (app, _options, done) => {
    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser(['application/json', 'text/plain']);
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, parsed) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      if (text === '') return parsed(null, undefined);
      void parseJson(request, text, parsed);
    });
    done();
  },
  { name: 'json-body' },
);
