/**
 * Errors that say the PostgreSQL server went away or cannot be reached, rather than that a
 * statement was wrong: a restart or failover (decision 029). A request that meets one is worth
 * retrying in a few seconds; the pool opens a new connection for the next query.
 */
const CONNECTION_SQLSTATES = new Set([
  '57P01', // admin_shutdown: pg_terminate_backend, or the server stopping
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: the server is starting or in recovery
  '08000', // connection_exception
  '08001', // sqlclient_unable_to_establish_sqlconnection
  '08003', // connection_does_not_exist
  '08004', // sqlserver_rejected_establishment_of_sqlconnection
  '08006', // connection_failure
]);
const SOCKET_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);
/** node-postgres's own words for a socket that closed under a query or while connecting. */
const CONNECTION_MESSAGES = [
  'Connection terminated unexpectedly',
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'timeout exceeded when trying to connect',
];

/** Whether `error`, or any error it wraps (drizzle wraps the driver's as `cause`), is one. */
export function isConnectionError(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if (typeof current !== 'object') return false;
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (CONNECTION_SQLSTATES.has(code) || SOCKET_CODES.has(code))) {
      return true;
    }
    if (typeof message === 'string' && CONNECTION_MESSAGES.some((m) => message.startsWith(m))) {
      return true;
    }
    // An AggregateError (a host with IPv4 and IPv6 addresses, both refused) holds its causes.
    const { errors, cause } = current as { errors?: unknown; cause?: unknown };
    if (Array.isArray(errors) && errors.some((inner) => isConnectionError(inner))) return true;
    current = cause;
  }
  return false;
}

/**
 * A connection URL fit for a log or a message: scheme, user, host, port and database, never the
 * password (nor the query string, which may carry one as `?password=`).
 */
export function describeDatabaseUrl(connectionString: string): string {
  let url: URL;
  try {
    url = new URL(connectionString);
  } catch {
    return 'an unreadable URL';
  }
  const hasPassword = url.password !== '' || url.searchParams.has('password');
  const user = url.username ? `${url.username}@` : '';
  const shown = `${url.protocol}//${user}${url.host}${url.pathname}`;
  return hasPassword ? `${shown}, password hidden` : shown;
}
