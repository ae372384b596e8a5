import { describeDatabaseUrl, isConnectionError } from '@locals/db/connection-errors';

export type WaitOptions = {
  /** How long to keep trying while the server cannot be reached (DATABASE_WAIT_SECONDS). */
  timeoutMs: number;
  /** Told once, at the first failure, that the server is being waited for. */
  onWaiting?: (reason: string) => void;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
};

const FIRST_DELAY_MS = 250;
const LONGEST_DELAY_MS = 5_000;

/**
 * Decision 029: at start-up the PostgreSQL server may still be starting (a container started beside
 * it, a failover under way). `ping` is tried with backoff while it fails with a connection error,
 * for up to `timeoutMs`; then, or at once for any other failure (a wrong password, a database
 * that does not exist), it throws an error whose message is one line for the person starting
 * the server, naming DATABASE_URL and never its password.
 */
export async function waitForDatabase(
  ping: () => Promise<void>,
  databaseUrl: string,
  options: WaitOptions,
): Promise<void> {
  const sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  const now = options.now ?? Date.now;
  const started = now();
  for (let delay = FIRST_DELAY_MS; ; delay = Math.min(delay * 2, LONGEST_DELAY_MS)) {
    const remaining = options.timeoutMs - (now() - started);
    let failure: unknown;
    try {
      // A connect to a host that drops packets can hang far longer than the wait allows.
      await withDeadline(ping(), Math.max(remaining, FIRST_DELAY_MS));
      return;
    } catch (error) {
      failure = error;
    }
    if (!isConnectionError(failure)) {
      throw new Error(databaseFailureMessage(databaseUrl, failure), { cause: failure });
    }
    const waited = now() - started;
    if (waited >= options.timeoutMs) {
      throw new Error(databaseFailureMessage(databaseUrl, failure, waited), { cause: failure });
    }
    if (delay === FIRST_DELAY_MS) options.onWaiting?.(reasonOf(failure));
    await sleep(Math.min(delay, options.timeoutMs - waited));
  }
}

/**
 * The one line printed when the database cannot be used at start-up. `waitedMs` is given when
 * the server could not be reached for that long; without it, the server answered and refused.
 */
export function databaseFailureMessage(
  databaseUrl: string,
  error: unknown,
  waitedMs?: number,
): string {
  const where = `the PostgreSQL server at DATABASE_URL (${describeDatabaseUrl(databaseUrl)})`;
  const reason = reasonOf(error);
  if (waitedMs !== undefined) {
    const seconds = Math.round(waitedMs / 1000);
    return (
      `Could not reach ${where} after ${seconds} s: ${reason}. ` +
      'Check that it is running and that DATABASE_URL is right.'
    );
  }
  return `Could not use ${where}: ${reason}. Check that DATABASE_URL is right.`;
}

/** The failure's own words on one line, without a password it might quote. */
function reasonOf(error: unknown): string {
  const inner =
    error instanceof AggregateError && error.errors[0] instanceof Error ? error.errors[0] : error;
  const message = inner instanceof Error ? inner.message : String(inner);
  const text = message.replace(/\s+/g, ' ').trim().replace(/[.]$/, '');
  return text || (inner instanceof Error && 'code' in inner ? String(inner.code) : 'no reply');
}

function withDeadline(work: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(Object.assign(new Error('no reply in time'), { code: 'ETIMEDOUT' })),
      ms,
    );
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}
