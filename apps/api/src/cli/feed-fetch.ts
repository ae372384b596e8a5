import { importProblem } from './import-problem';

const TIMEOUT_MS = 30_000;

/**
 * One page of a feed as text. `where` names it for the person running the import ("page 2 of
 * the feed (https://...)"); any failure stops the whole import, which then writes nothing.
 */
export async function fetchFeedText(url: string, where: string): Promise<string> {
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    const cause =
      error instanceof Error && error.name === 'TimeoutError'
        ? `no answer within ${TIMEOUT_MS / 1000} seconds`
        : causeOf(error);
    throw importProblem(`Could not read ${where}: ${cause}. Nothing was imported.`);
  }
  if (!response.ok) {
    throw importProblem(
      `Could not read ${where}: HTTP ${response.status}. Nothing was imported; try again later.`,
    );
  }
  return response.text();
}

export function parseFeedJson(text: string, where: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw importProblem(`${where} is not valid JSON: nothing was imported.`);
  }
}

/** fetch's own message is "fetch failed"; what failed is in its cause (ECONNREFUSED, ...). */
function causeOf(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } } | null)?.cause;
  if (typeof cause?.code === 'string') return cause.code;
  if (typeof cause?.message === 'string') return cause.message;
  return error instanceof Error ? error.message : String(error);
}
