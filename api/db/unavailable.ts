/**
 * A database that cannot be reached, or a connection that died under a statement (a server restart, a
 * failover, pg_terminate_backend, a cut network). It is neither the caller's fault nor our bug, and it
 * passes: the pool opens a fresh connection for the next request. So the PostgreSQL driver (./postgres.ts)
 * turns such failures into DatabaseUnavailableError, and the HTTP layer answers it with 503 and Retry-After
 * (api/app.ts) where every other unexpected error stays a 500.
 *
 * PGlite runs inside the process and has no connection to lose, so only ./postgres.ts raises it.
 */
export class DatabaseUnavailableError extends Error {
  override name = 'DatabaseUnavailableError';
  /** The driver's SQLSTATE or errno when it gave one: logged (api/log.ts logError prints `code`). */
  readonly code: string | undefined;

  constructor(cause: unknown) {
    const original = cause instanceof Error ? cause : new Error(String(cause));
    super(`The database connection failed: ${original.message}`, { cause });
    const code = (original as { code?: unknown }).code;
    this.code = typeof code === 'string' ? code : undefined;
  }
}

/**
 * SQLSTATEs outside class 08 (connection exception) that end or refuse a session: admin_shutdown (a fast
 * shutdown or pg_terminate_backend), crash_shutdown (another backend crashed and the server restarts) and
 * cannot_connect_now (starting up or in recovery).
 */
const SESSION_ENDED = new Set(['57P01', '57P02', '57P03']);

/** Socket errors between this process and the server; only the driver's errors are classified, so these are the database's. */
const NETWORK_ERRNOS = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);

/**
 * node-postgres's own errors for a connection that ended or never came; they carry no code. 'Connection
 * terminated' covers '... unexpectedly' (the server went away), '... due to connection timeout' and the plain
 * one of a pool ending under a request.
 */
const DRIVER_MESSAGES: readonly RegExp[] = [
  /^Connection terminated\b/,
  /^Client has encountered a connection error and is not queryable$/,
  /^timeout exceeded when trying to connect$/,
];

/** Whether `error`, thrown by the PostgreSQL driver, means the connection was lost or could not be made. */
export function isConnectionFailure(error: unknown): boolean {
  if (error instanceof DatabaseUnavailableError) return true;
  if (!(error instanceof Error)) return false;
  // Node's connect to a host name with several addresses fails with one error per address.
  if (error instanceof AggregateError && error.errors.length > 0 && error.errors.every(isConnectionFailure)) return true;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (code.startsWith('08') && code.length === 5) return true;
    if (SESSION_ENDED.has(code) || NETWORK_ERRNOS.has(code)) return true;
  }
  return DRIVER_MESSAGES.some((pattern) => pattern.test(error.message));
}

/** `error` as callers of the query layer see it: a connection failure as DatabaseUnavailableError, anything else unchanged. */
export function asUnavailable(error: unknown): unknown {
  if (error instanceof DatabaseUnavailableError || !isConnectionFailure(error)) return error;
  return new DatabaseUnavailableError(error);
}
