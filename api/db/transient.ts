/**
 * Whether a database failure is the kind that passes on its own: the server unreachable, restarting or out of
 * connections, or a transaction that lost a serialization race or a deadlock. A caller that can be asked again
 * (a provider's webhook, which is retried) answers these with 503 instead of treating them as a bug.
 */
const TRANSIENT_SQLSTATES = new Set([
  '40001', // serialization_failure
  '40P01', // deadlock_detected
  '53300', // too_many_connections
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
]);

const TRANSIENT_SYSTEM_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

export function isTransientDbError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    // class 08: connection exceptions
    if (code.startsWith('08') || TRANSIENT_SQLSTATES.has(code) || TRANSIENT_SYSTEM_CODES.has(code)) return true;
  }
  // node-postgres says these in words, without a code
  const message = error instanceof Error ? error.message : '';
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(message);
}
