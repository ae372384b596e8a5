import { controlCharactersMessage, hasControlCharacters } from '@locals/contracts/text-field';
import fp from 'fastify-plugin';
import { RequestFieldError } from '../capabilities/refusals';

/**
 * The API speaks JSON only: other bodies (even text/plain, which Fastify parses by default)
 * are answered with 415.
 *
 * Some clients send `Content-Type: application/json` with no body on action endpoints such as
 * POST /api/site-views/increment. Treat that as "no body" rather than a 400.
 *
 * After validation, any text still carrying a control character (other than a tab or a line
 * break) is answered 400 naming the field. The contracts refuse them field by field; this
 * catches a schema that forgot, since PostgreSQL refuses a NUL byte with an error (decision 029).
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
    app.addHook('preHandler', (request, _reply, next) => {
      const field =
        fieldWithControlCharacters(request.params) ??
        fieldWithControlCharacters(request.query) ??
        fieldWithControlCharacters(request.body);
      if (field === undefined) return next();
      // An error, not a reply: a page a browser goes to (signing in, unsubscribing) turns it into
      // a page of its own in its route's error handler.
      const message = controlCharactersMessage(field === '*' ? 'The web address' : field);
      next(
        new RequestFieldError({
          code: 'validation_error',
          message,
          fieldErrors: { [field]: [message] },
        }),
      );
    });
    done();
  },
  { name: 'json-body' },
);

type Visit = { value: unknown; key: string | undefined; parent: Visit | undefined };

/**
 * The dotted path of the first string (or key) with a control character, if any. A walk with its
 * own stack, not recursion: a body nested 40,000 deep (80 KB, within the body limit) overflowed
 * the call stack and answered 500 on every route that takes no body (found by the fuzz suite).
 */
function fieldWithControlCharacters(root: unknown): string | undefined {
  const stack: Visit[] = [{ value: root, key: undefined, parent: undefined }];
  for (let visit = stack.pop(); visit !== undefined; visit = stack.pop()) {
    const { value } = visit;
    if (typeof value === 'string') {
      if (hasControlCharacters(value, { multiline: true })) return pathOf(visit) || 'body';
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    const children = Object.entries(value as Record<string, unknown>).map(([key, item]) => ({
      value: item,
      key,
      parent: visit,
    }));
    const badKey = children.find((child) => hasControlCharacters(child.key));
    if (badKey) return pathOf(badKey);
    // Last pushed is first looked at: the first field, as a person reads the form. A loop, as a
    // spread of a 50,000-item list would overflow the stack too.
    for (let index = children.length - 1; index >= 0; index -= 1) stack.push(children[index]!);
  }
  return undefined;
}

function pathOf(visit: Visit): string {
  const keys: string[] = [];
  for (let at: Visit | undefined = visit; at?.key !== undefined; at = at.parent) keys.push(at.key);
  return keys.reverse().join('.');
}
