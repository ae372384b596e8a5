import { controlCharactersMessage, hasControlCharacters } from '@locals/contracts/text-field';
import type { ApiErrorBody } from '@locals/contracts/errors';
import fp from 'fastify-plugin';

/**
 * The API speaks JSON only: other bodies (even text/plain, which Fastify parses by default)
 * are answered with 415.
 *
 * Some clients send `Content-Type: application/json` with no body on action endpoints such as
 * POST /api/site-views/increment. Treat that as "no body" rather than a 400.
 *
 * After validation, any text still carrying a control character (other than a tab or a line
 * break) is answered 400 naming the field. The contracts refuse them field by field; this
 * catches a schema that forgot, since PostgreSQL refuses a NUL byte with an error (issue 11).
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
    app.addHook('preHandler', async (request, reply) => {
      const field =
        fieldWithControlCharacters(request.params) ??
        fieldWithControlCharacters(request.query) ??
        fieldWithControlCharacters(request.body);
      if (field === undefined) return;
      const message = controlCharactersMessage(field);
      const body: ApiErrorBody = {
        code: 'validation_error',
        message,
        fieldErrors: { [field]: [message] },
      };
      return reply.code(400).send(body);
    });
    done();
  },
  { name: 'json-body' },
);

/** The dotted path of the first string (or key) with a control character, if any. */
function fieldWithControlCharacters(value: unknown, path: string[] = []): string | undefined {
  if (typeof value === 'string') {
    return hasControlCharacters(value, { multiline: true }) ? path.join('.') || 'body' : undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [key, item] of Object.entries(value)) {
    if (hasControlCharacters(key)) return [...path, key].join('.');
    const found = fieldWithControlCharacters(item, [...path, key]);
    if (found !== undefined) return found;
  }
  return undefined;
}
