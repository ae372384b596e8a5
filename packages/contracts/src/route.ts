import type { z } from 'zod';

/**
 * One HTTP endpoint, defined once: the API registers it (apps/api/src/http/contract-route.ts),
 * the web app calls it (apps/web/src/lib/api.ts) and the API tests check its replies
 * (apps/api/src/testing/contract-reply.ts).
 *
 * Its schemas load on demand: a page that names a route carries only its method and path, so
 * the first load needs no zod; the server loads them once at start-up, the web app's development
 * and test builds to check each reply.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The statuses whose body is the API's error body (errors.ts). */
export type ErrorStatus =
  400 | 401 | 403 | 404 | 409 | 410 | 413 | 414 | 415 | 422 | 429 | 500 | 503;

export type RouteDefinition = {
  tags: readonly string[];
  summary: string;
  description?: string;
  params?: z.ZodType;
  query?: z.ZodType;
  headers?: z.ZodType;
  body?: z.ZodType;
  /** The successful replies, one schema per status (`z.null()` for a reply without a body). */
  responses: { readonly [status: number]: z.ZodType };
  /** The error statuses this route may answer, each with the error body. */
  errors: readonly ErrorStatus[];
};

export type Route<
  M extends HttpMethod = HttpMethod,
  P extends string = string,
  D extends RouteDefinition = RouteDefinition,
> = {
  readonly method: M;
  /** Fastify's pattern: `/api/notes/:id`. */
  readonly path: P;
  /** The schemas and the documentation, from a module pages never load on their own. */
  readonly load: () => Promise<D>;
};

export function defineRoute<
  const M extends HttpMethod,
  const P extends string,
  const D extends RouteDefinition,
>(route: Route<M, P, D>): Route<M, P, D> {
  return route;
}

export type DefinitionOf<R extends Route> = Awaited<ReturnType<R['load']>>;

type Field<D, K extends string> = D extends { [key in K]: infer S extends z.ZodType } ? S : never;

/** What a caller sends: `params`, `query` and `body` where the route has them. */
export type RouteInput<R extends Route> = RequestPart<DefinitionOf<R>, 'params'> &
  RequestPart<DefinitionOf<R>, 'query'> &
  RequestPart<DefinitionOf<R>, 'body'>;

type RequestPart<D, K extends 'params' | 'query' | 'body'> = [Field<D, K>] extends [never]
  ? { [key in K]?: never }
  : { [key in K]: z.input<Field<D, K>> };

type SuccessStatus<D extends RouteDefinition> = Extract<keyof D['responses'], number>;

/** What a successful call answers: the union of the route's 2xx bodies, as parsed. */
export type RouteOutput<R extends Route> = {
  [S in SuccessStatus<DefinitionOf<R>>]: z.output<DefinitionOf<R>['responses'][S]>;
}[SuccessStatus<DefinitionOf<R>>];

/** `/api/notes/:id` with `{ id: 'a b' }` is `/api/notes/a%20b`. */
export function routeUrl(
  path: string,
  params: Record<string, string | number | undefined> = {},
): string {
  return path.replace(/:(\w+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${path} needs its ${name}`);
    return encodeURIComponent(String(value));
  });
}
