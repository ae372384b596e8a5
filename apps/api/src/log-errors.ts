/** An error as the logs show it: enough to find the bug, nothing a person typed. */
export type LoggedError = {
  type: string;
  code?: string;
  message: string;
  /** Names of schema objects from a database error, never values. */
  constraint?: string;
  table?: string;
  column?: string;
  stack: string;
  cause?: LoggedError;
};

const EMAIL_ADDRESS = /[^\s<>"'(),;:]+@[^\s<>"'(),;:]+\.[^\s<>"'(),;:]+/g;
const MAX_CAUSES = 3;

/**
 * The logger's `err` serializer. Database errors quote the values of the query (Drizzle's
 * "params: ...", PostgreSQL's 'invalid input syntax for type uuid: "..."', a duplicate key's
 * detail), so for them only the SQLSTATE, the schema names and the query text with its
 * placeholders are kept. Other messages keep their words with email addresses masked, which
 * covers a mail server quoting the recipient it refused.
 */
export function serializeError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: '', stack: '' };
  const fields = error as Error & Record<string, unknown>;
  const logged: LoggedError = {
    type: error.constructor.name || error.name,
    message: loggedMessage(fields),
    stack: stackFrames(error.stack),
  };
  if (typeof fields.code === 'string' || typeof fields.code === 'number') {
    logged.code = String(fields.code);
  }
  if (isDatabaseError(fields)) {
    for (const key of ['constraint', 'table', 'column'] as const) {
      if (typeof fields[key] === 'string') logged[key] = fields[key];
    }
  }
  if (error.cause !== undefined && depth < MAX_CAUSES) {
    logged.cause = serializeError(error.cause, depth + 1);
  }
  return logged;
}

function loggedMessage(error: Error & Record<string, unknown>): string {
  // Drizzle's DrizzleQueryError: the query has placeholders; its params are the values.
  if (typeof error.query === 'string' && 'params' in error) return `Failed query: ${error.query}`;
  if (isDatabaseError(error)) return `Database error ${String(error.code)} (message not logged)`;
  return error.message.replace(EMAIL_ADDRESS, '[email]');
}

/** pg's and PGlite's DatabaseError: a severity and a five-character SQLSTATE. */
function isDatabaseError(error: Record<string, unknown>): boolean {
  return (
    typeof error.severity === 'string' && typeof error.code === 'string' && error.code.length === 5
  );
}

/** Only the "at ..." lines: the stack's first lines repeat the message. */
function stackFrames(stack: string | undefined): string {
  return (stack ?? '')
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .join('\n');
}
