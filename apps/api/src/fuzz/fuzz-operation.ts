import type { FastifyInstance } from 'fastify';
import fc from 'fast-check';
import type { FuzzRequest } from './fuzz-request';
import type { Operation } from './openapi-operations';
import { problemsWith } from './response-problems';

export type FuzzRun = {
  app: FastifyInstance;
  /** `signed out` or `signed in`, for reports. */
  label: string;
  /** FUZZ_SEED: one number names the whole suite's requests. */
  baseSeed: number;
  runs: number;
  /** The server's error log lines so far (pino JSON), to find those of each request. */
  errorLogs: readonly string[];
  /** Called with every status the operation answered, so a suite can tell what was reached. */
  onAnswer?: (status: number) => void;
};

/**
 * Sends `runs` generated requests to one operation and fails with every problem of the smallest
 * bad request fast-check finds, with what it takes to send it again.
 */
export async function fuzzOperation(
  operation: Operation,
  requests: fc.Arbitrary<FuzzRequest>,
  run: FuzzRun,
): Promise<void> {
  const details = await fc.check(
    fc.asyncProperty(requests, async (request) => {
      const responses = await send(run.app, request);
      const problems = responses.flatMap((response) => {
        run.onAnswer?.(response.statusCode);
        return [...problemsWith(response), ...errorsLoggedFor(run.errorLogs, response.headers)];
      });
      if (problems.length > 0) throw new Error(problems.join('\n'));
    }),
    { seed: seedFor(run.baseSeed, `${run.label} ${operation.name}`), numRuns: run.runs },
  );
  if (!details.failed) return;
  const [request] = details.counterexample ?? [];
  throw new Error(
    [
      `${run.label} ${operation.name}: ${errorMessage(details.errorInstance)}`,
      `Request: ${request ? readable(request) : 'none'}`,
      `fast-check seed ${details.seed}, path "${details.counterexamplePath}", failed after ${details.numRuns} runs, shrunk ${details.numShrinks} times.`,
      `Again: FUZZ_SEED=${run.baseSeed} npx vitest run --project api apps/api/src/fuzz -t '${operation.name}'`,
    ].join('\n'),
  );
}

/** Sends the request's copies at once (a double click, a retry racing the first try). */
function send(app: FastifyInstance, request: FuzzRequest) {
  const once = () =>
    app.inject({
      method: request.method as 'GET',
      url: request.url,
      headers: request.headers,
      remoteAddress: request.remoteAddress,
      ...(request.payload !== undefined ? { payload: request.payload } : {}),
    });
  return Promise.all(Array.from({ length: request.copies }, once));
}

/** Error lines the server logged while answering this request (its x-request-id). */
function errorsLoggedFor(errorLogs: readonly string[], headers: Record<string, unknown>) {
  const id = headers['x-request-id'];
  if (typeof id !== 'string') return [];
  return errorLogs
    .filter((line) => line.includes(id))
    .map((line) => `the server logged an error: ${line.slice(0, 500)}`);
}

/** A seed per operation, so an operation's requests stay the same when others are added. */
function seedFor(baseSeed: number, name: string): number {
  let hash = baseSeed;
  for (const character of name) hash = (Math.imul(hash, 31) + character.charCodeAt(0)) | 0;
  return hash;
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The request as JSON, long strings and bodies cut so that a report stays readable. */
function readable(request: FuzzRequest): string {
  const payload = Buffer.isBuffer(request.payload)
    ? `<bytes ${request.payload.toString('hex')}>`
    : request.payload;
  return JSON.stringify({ ...request, payload }, (_key, value: unknown) =>
    typeof value === 'string' && value.length > 200
      ? `${value.slice(0, 200)}…(${value.length} characters)`
      : value,
  );
}
