import { ApiErrorSchema } from '@locals/contracts/errors';
import type { DefinitionOf, Route, RouteDefinition } from '@locals/contracts/route';

type Part<D, K extends string, As extends string> = D extends { [key in K]: infer S }
  ? { [key in As]: S }
  : unknown;

/** A contract's definition as Fastify's route schema, which types the handler and feeds /api/docs. */
export type FastifySchemaOf<D extends RouteDefinition> = {
  tags: string[];
  summary: string;
  description?: string;
  response: D['responses'] & { [status in D['errors'][number]]: typeof ApiErrorSchema };
} & Part<D, 'params', 'params'> &
  Part<D, 'query', 'querystring'> &
  Part<D, 'headers', 'headers'> &
  Part<D, 'body', 'body'>;

/**
 * The method, URL and schema of a route from its contract, to spread into `app.route`:
 * `app.route({ ...(await fromContract(listNotes)), preHandler, handler })`.
 */
export async function fromContract<R extends Route>(
  route: R,
): Promise<{ method: R['method']; url: R['path']; schema: FastifySchemaOf<DefinitionOf<R>> }> {
  const definition: RouteDefinition = await route.load();
  const errorReplies = Object.fromEntries(
    definition.errors.map((status) => [status, ApiErrorSchema]),
  );
  const schema = {
    tags: [...definition.tags],
    summary: definition.summary,
    ...(definition.description === undefined ? {} : { description: definition.description }),
    ...(definition.params ? { params: definition.params } : {}),
    ...(definition.query ? { querystring: definition.query } : {}),
    ...(definition.headers ? { headers: definition.headers } : {}),
    ...(definition.body ? { body: definition.body } : {}),
    response: { ...definition.responses, ...errorReplies },
  };
  return {
    method: route.method,
    url: route.path,
    schema: schema as unknown as FastifySchemaOf<DefinitionOf<R>>,
  };
}
