import { ApiErrorSchema, type ApiErrorBody } from '@locals/contracts/errors';
import {
  routeUrl,
  type DefinitionOf,
  type Route,
  type RouteDefinition,
  type RouteInput,
} from '@locals/contracts/route';
import type { FastifyInstance } from 'fastify';
import type { Response as InjectResponse } from 'light-my-request';
import type { z } from 'zod';

/** The body a route answers with this status, as its contract parses it. */
export type ReplyBody<
  R extends Route,
  S extends number,
> = S extends keyof DefinitionOf<R>['responses']
  ? z.output<DefinitionOf<R>['responses'][S]>
  : S extends DefinitionOf<R>['errors'][number]
    ? ApiErrorBody
    : never;

/**
 * Checks a reply against the route's contract: its status must be one the contract names, and
 * its body must parse with that status's schema (the error body for an error status). Returns
 * the parsed body. Every API test reads replies through this, so a reply that drifts from the
 * contract the web app is typed by fails a test.
 */
export async function checkReply<R extends Route, S extends number>(
  route: R,
  response: InjectResponse,
  status: S,
): Promise<ReplyBody<R, S>> {
  const name = `${route.method} ${route.path}`;
  if (response.statusCode !== status) {
    throw new Error(
      `${name} answered ${response.statusCode}, not ${status}: ${response.body.slice(0, 500)}`,
    );
  }
  const definition: RouteDefinition = await route.load();
  const schema: z.ZodType | undefined =
    definition.responses[status] ??
    (definition.errors.some((error) => error === status) ? ApiErrorSchema : undefined);
  if (!schema) throw new Error(`${name} answered ${status}, which its contract does not name`);
  const body: unknown = response.body === '' ? null : response.json();
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    throw new Error(`${name} answered ${status} with a body its contract refuses: ${parsed.error}`);
  }
  return parsed.data as ReplyBody<R, S>;
}

type CallOptions = { headers?: Record<string, string>; remoteAddress?: string };

/** Sends a request to a route, built from its contract as the web app builds it. */
export function callRoute<R extends Route>(
  app: FastifyInstance,
  route: R,
  input: RouteInput<R>,
  options: CallOptions = {},
): Promise<InjectResponse> {
  const { params, query, body } = input as {
    params?: Record<string, string | number | undefined>;
    query?: Record<string, string | string[] | undefined>;
    body?: object;
  };
  const definedQuery = Object.fromEntries(
    Object.entries(query ?? {}).filter((entry): entry is [string, string | string[]] => {
      return entry[1] !== undefined;
    }),
  );
  return app.inject({
    method: route.method,
    url: routeUrl(route.path, params),
    query: definedQuery,
    headers: options.headers ?? {},
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
    ...(body === undefined ? {} : { payload: body }),
  });
}
