import { http, HttpResponse } from 'msw';
import { mswServer } from './msw-server';

export type RecordedRequest = {
  method: string;
  path: string;
  /** The query string, for endpoints such as search that take their input there. */
  query: URLSearchParams;
  headers: Headers;
  body: unknown;
};

type Handler = (request: RecordedRequest) => Response | Promise<Response>;

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** What fetch meets when the connection drops: a TypeError, as in a browser. */
export function networkError(): Response {
  return HttpResponse.error();
}

async function readBody(request: Request): Promise<unknown> {
  const text = await request.text();
  return text === '' ? undefined : JSON.parse(text);
}

const notFound: Handler = () => jsonResponse({ code: 'not_found', message: 'Not found' }, 404);

/**
 * The API for one test, served by msw: a table of "METHOD /path" handlers. Anything else gets
 * `otherwise`: a 404 by default, like the real API. Returns the requests as they were sent.
 */
export function stubApi(handlers: Record<string, Handler>, otherwise: Handler = notFound) {
  const requests: RecordedRequest[] = [];
  mswServer.use(
    http.all('*', async ({ request }) => {
      const url = new URL(request.url);
      const recorded: RecordedRequest = {
        method: request.method,
        path: url.pathname,
        query: url.searchParams,
        headers: request.headers,
        body: await readBody(request),
      };
      requests.push(recorded);
      const handler = handlers[`${recorded.method} ${recorded.path}`] ?? otherwise;
      return handler(recorded);
    }),
  );
  return { requests };
}

export function callsTo(requests: RecordedRequest[], method: string, path: string) {
  return requests.filter((request) => request.method === method && request.path === path);
}
