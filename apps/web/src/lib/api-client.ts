import type { ApiErrorBody, ErrorCode } from '@locals/contracts/errors';
import {
  routeUrl,
  type Route,
  type RouteDefinition,
  type RouteInput,
  type RouteOutput,
} from '@locals/contracts/route';
import type { z } from 'zod';

/** The client's own codes, for a failure with no refusal from the API to read. */
type ClientErrorCode = 'network_error' | 'http_error' | 'invalid_response';

export class ApiError extends Error {
  readonly status: number;
  /** As sent: a newer server may refuse with a code this page does not know yet. */
  readonly code: string;
  readonly fieldErrors: Record<string, string[]>;

  constructor(options: {
    status: number;
    code: string;
    message: string;
    fieldErrors?: Record<string, string[]> | undefined;
  }) {
    super(options.message);
    this.name = 'ApiError';
    this.status = options.status;
    this.code = options.code;
    this.fieldErrors = options.fieldErrors ?? {};
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** Whether the API refused with one of these codes, spelt as the contracts spell them. */
export function isRefusedWith<C extends ErrorCode | ClientErrorCode>(
  error: unknown,
  ...codes: readonly C[]
): error is ApiError & { code: C } {
  return isApiError(error) && codes.some((code) => code === error.code);
}

/**
 * Up to 3 retries, waiting 1 s, 2 s and 3 s, but only for requests that are safe to repeat
 * (see WriteOptions and decision 007), since a lost answer does not mean the server did nothing.
 */
export const DEFAULT_RETRY_DELAYS_MS = [1000, 2000, 3000] as const;

/**
 * The schema a reply with this status must match, loaded from the route's contract; none in
 * production builds, which never download zod (about 29 KB gzipped) to re-check answers the
 * server has already serialised through the same contract.
 */
type ReplySchema = ((status: number) => Promise<z.ZodType>) | undefined;

/**
 * POST and PATCH say whether they may be sent again (WriteOptions); the others may. A PUT may
 * carry an Idempotency-Key too, so a retry is answered with the first result (decision 024).
 */
type OptionsFor<R extends Route> = R['method'] extends 'POST' | 'PATCH'
  ? [options: WriteOptions]
  : R['method'] extends 'PUT'
    ? [options?: RequestOptions & { idempotencyKey?: string }]
    : [options?: RequestOptions];

function queryString(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(name, String(item));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The contract's schema for this status: an answer with a status it does not name is unreadable. */
function schemaFor(route: Route, definition: RouteDefinition, status: number): z.ZodType {
  const schema = definition.responses[status];
  if (!schema) throw new Error(`${route.method} ${route.path} does not answer ${status}`);
  return schema;
}

type ApiClientOptions = {
  retryDelaysMs?: readonly number[];
  wait?: (milliseconds: number) => Promise<void>;
};

type RequestOptions = { signal?: AbortSignal | undefined };

/**
 * Every POST and PATCH says whether it may be repeated after a network error or a 5xx, when the
 * server may already have done it: `isIdempotent: true` when doing it twice is the same as once
 * (a bookmark add, a review upsert, sign-in); `false` when it is not (register, a reset email),
 * so it is sent once; or an `idempotencyKey` (a UUID made once per submission, sent with every
 * try) so the server answers a repeat with its first result. GET, PUT and DELETE always retry.
 */
export type WriteOptions = RequestOptions &
  ({ isIdempotent: boolean } | { idempotencyKey: string });

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const IDEMPOTENT_METHODS: ReadonlySet<Method> = new Set(['GET', 'PUT', 'DELETE']);

/** Not imported from the contracts, which would bring zod into every page. */
const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

const NETWORK_ERROR_MESSAGE =
  'We could not reach Locals. Check your internet connection and try again.';

type Transport = (path: string, init: RequestInit) => Promise<Response>;

/**
 * Server rendering (entry-server.tsx) answers a page's requests from the API in the same
 * process; the browser uses fetch. Set once per process, never in the browser.
 */
let serverTransport: Transport | undefined;

export function setServerTransport(transport: Transport): void {
  serverTransport = transport;
}

function waitFor(milliseconds: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, milliseconds));
}

function isFieldErrors(value: unknown): value is Record<string, string[]> {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.values(value).every(
      (messages) => Array.isArray(messages) && messages.every((m) => typeof m === 'string'),
    )
  );
}

/** The contracts' ApiErrorSchema, checked by hand so error handling needs no zod. */
function readErrorBody(body: unknown): (Omit<ApiErrorBody, 'code'> & { code: string }) | null {
  if (typeof body !== 'object' || body === null) return null;
  const { code, message, fieldErrors } = body as Record<string, unknown>;
  if (typeof code !== 'string' || typeof message !== 'string') return null;
  if (fieldErrors !== undefined && !isFieldErrors(fieldErrors)) return null;
  return { code, message, ...(fieldErrors ? { fieldErrors } : {}) };
}

async function toApiError(response: Response): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => null);
  const parsed = readErrorBody(body);
  if (parsed) return new ApiError({ status: response.status, ...parsed });
  return new ApiError({
    status: response.status,
    code: 'http_error',
    message: `HTTP error! status: ${response.status}`,
  });
}

function isRetryable(error: unknown): boolean {
  if (error instanceof ApiError) return error.status === 0 || error.status >= 500;
  return false;
}

export function createApiClient(options: ApiClientOptions = {}) {
  const retryDelaysMs = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  const wait = options.wait ?? waitFor;

  async function readBody(response: Response, replySchema: ReplySchema): Promise<unknown> {
    const json: unknown = response.status === 204 ? null : await response.json().catch(() => null);
    if (!replySchema) return json;
    const schema = await replySchema(response.status).catch(() => null);
    const parsed = schema?.safeParse(json);
    if (!parsed?.success) {
      throw new ApiError({
        status: response.status,
        code: 'invalid_response',
        message: 'Locals sent an answer we could not read. Please try again later.',
      });
    }
    return parsed.data;
  }

  async function sendOnce(path: string, init: RequestInit): Promise<Response> {
    let response: Response;
    try {
      response = await (serverTransport ?? fetch)(path, init);
    } catch (error) {
      if (init.signal?.aborted) throw error;
      throw new ApiError({ status: 0, code: 'network_error', message: NETWORK_ERROR_MESSAGE });
    }
    if (!response.ok) throw await toApiError(response);
    return response;
  }

  async function sendWithRetries(
    path: string,
    init: RequestInit,
    maySendAgain: boolean,
  ): Promise<Response> {
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await sendOnce(path, init);
      } catch (error) {
        // A page rendered on the server does not wait out retries: the browser tries again.
        const delay = maySendAgain && !serverTransport ? retryDelaysMs[attempt] : undefined;
        // 4xx answers are final: repeating the same request cannot change them.
        if (delay === undefined || !isRetryable(error) || init.signal?.aborted) throw error;
        await wait(delay);
      }
    }
  }

  async function request(
    method: Method,
    path: string,
    replySchema: ReplySchema,
    body: unknown,
    options: RequestOptions | WriteOptions,
  ): Promise<unknown> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    // The API refuses state-changing requests without this header (CSRF protection).
    if (method !== 'GET') headers['X-Requested-With'] = 'locals';
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const idempotencyKey = 'idempotencyKey' in options ? options.idempotencyKey : undefined;
    if (idempotencyKey !== undefined) headers[IDEMPOTENCY_KEY_HEADER] = idempotencyKey;
    const maySendAgain =
      IDEMPOTENT_METHODS.has(method) ||
      idempotencyKey !== undefined ||
      ('isIdempotent' in options && options.isIdempotent);

    const response = await sendWithRetries(
      path,
      {
        method,
        headers,
        credentials: 'same-origin',
        body: body === undefined ? null : JSON.stringify(body),
        signal: options.signal ?? null,
      },
      maySendAgain,
    );
    return readBody(response, replySchema);
  }

  /**
   * Calls one endpoint from its contract: `api(listNotes, { query: { serviceId } })`. The input
   * and the answer are typed by the contract; development and test builds also check the answer
   * against the contract's schema for its status, which production leaves to the server (the
   * schemas would bring zod into every page).
   */
  function api<R extends Route>(
    route: R,
    input: RouteInput<R>,
    ...[options]: OptionsFor<R>
  ): Promise<RouteOutput<R>> {
    const { params, query, body } = input as {
      params?: Record<string, string | number | undefined>;
      query?: Record<string, unknown>;
      body?: unknown;
    };
    const url = routeUrl(route.path, params) + queryString(query);
    const replySchema: ReplySchema = import.meta.env.PROD
      ? undefined
      : (status) => route.load().then((definition) => schemaFor(route, definition, status));
    return request(route.method, url, replySchema, body, options ?? {}) as Promise<RouteOutput<R>>;
  }

  return { api };
}

export const apiClient = createApiClient();

export const { api } = apiClient;
