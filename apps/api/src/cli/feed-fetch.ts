import { setTimeout as sleep } from 'node:timers/promises';
import { importProblem, whereJsonFails } from './import-problem';

/** How long one request may take, whole answer included, and the waits before asking again. */
export type FetchPolicy = { timeoutMs: number; retryDelaysMs: number[] };

/**
 * A council's server that is restarting or briefly overloaded answers a moment later, and one
 * page it does not answer fails the whole import: each page is asked for up to three times.
 */
export const FEED_POLICY: FetchPolicy = { timeoutMs: 30_000, retryDelaysMs: [1_000, 2_000] };

/** Why one request failed, in words for the person running the import, and what they can do. */
type Failure = { words: string; advice: string; isWorthRetrying: boolean };

const LATER = 'try again later';

/**
 * One page of a feed as text. `where` names it for the person running the import ("page 2 of
 * the feed (https://...)"); a page that still fails after its retries stops the whole import,
 * which then writes nothing.
 */
export async function fetchFeedText(
  url: string,
  where: string,
  policy: FetchPolicy = FEED_POLICY,
): Promise<string> {
  for (let tries = 1; ; tries += 1) {
    const attempt = await fetchOnce(url, policy.timeoutMs);
    if (typeof attempt === 'string') return attempt;
    const delay = policy.retryDelaysMs[tries - 1];
    if (!attempt.isWorthRetrying || delay === undefined) {
      const inTries = tries > 1 ? ` in ${tries} tries` : '';
      throw importProblem(
        `Could not read ${where}${inTries}: ${attempt.words}. Nothing was imported; ${attempt.advice}.`,
      );
    }
    await sleep(delay);
  }
}

async function fetchOnce(url: string, timeoutMs: number): Promise<string | Failure> {
  // One signal for the headers and the body: a feed that sends its headers and then stalls is
  // as slow as one that sends nothing.
  const signal = AbortSignal.timeout(timeoutMs);
  let response: Response;
  try {
    response = await fetch(url, { headers: { accept: 'application/json' }, signal });
  } catch (error) {
    return isTimeout(error) ? timedOut(timeoutMs) : transient(causeOf(error));
  }
  if (!response.ok) {
    await response.body?.cancel();
    const status = response.status;
    // 408 and 429 say "not now"; any other 4xx will be the same next time.
    if (status >= 500 || status === 408 || status === 429) return transient(`HTTP ${status}`);
    return { words: `HTTP ${status}`, advice: 'check the address', isWorthRetrying: false };
  }
  try {
    return await response.text();
  } catch (error) {
    if (isTimeout(error)) return timedOut(timeoutMs);
    return transient(`its answer was cut off in transfer (${causeOf(error)})`);
  }
}

function transient(words: string): Failure {
  return { words, advice: LATER, isWorthRetrying: true };
}

function timedOut(timeoutMs: number): Failure {
  return {
    words: `it timed out, with no complete answer within ${seconds(timeoutMs)}`,
    advice: `${LATER}, or ask the feed's publisher why it is slow`,
    isWorthRetrying: true,
  };
}

function seconds(ms: number): string {
  return ms === 1000 ? '1 second' : `${ms / 1000} seconds`;
}

function isTimeout(error: unknown): boolean {
  return error instanceof Error && error.name === 'TimeoutError';
}

export function parseFeedJson(text: string, where: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw importProblem(
      `${where} is not valid JSON${whereJsonFails(error, text)}: nothing was imported.`,
    );
  }
}

/** fetch's own message is "fetch failed"; what failed is in its cause (ECONNREFUSED, ...). */
function causeOf(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } } | null)?.cause;
  if (typeof cause?.code === 'string') return cause.code;
  if (typeof cause?.message === 'string') return cause.message;
  return error instanceof Error ? error.message : String(error);
}
