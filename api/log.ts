/**
 * Logging without personal data. A request line holds method, path (never the query string: the spec's
 * retrieve link carries e-mail and birth date there), status and duration; nothing from headers or bodies.
 * Error lines pass through `redact` as a second guard, in case a library puts a value in its message.
 */
import type { MiddlewareHandler } from 'hono';

export type LogSink = (line: string) => void;

export const consoleSink: LogSink = (line) => process.stdout.write(`${line}\n`);

const EMAIL = /[^\s@<>"'(),;:/]+@[^\s@<>"'(),;:/]+/g;
const DATE = /\b(?:\d{4}-\d{2}-\d{2}|\d{1,2}\/\d{1,2}\/\d{4})\b/g;
/** Long runs of letters and digits with at least one digit: licence numbers, VINs, tokens. */
const IDENTIFIER = /\b(?=[A-Za-z0-9-]*\d)[A-Za-z0-9-]{7,}\b/g;

export function redact(text: string): string {
  return text.replace(EMAIL, '[email]').replace(DATE, '[date]').replace(IDENTIFIER, '[id]');
}

/** Path segments that are tokens: the documents page's link (/account/documents/{token}, doc 1's route). */
const TOKEN_SEGMENT = /(\/account\/documents\/)[^/]+/g;

/** Paths are ours and carry no personal data by design; this catches a caller who puts some there anyway. */
export function redactPath(path: string): string {
  return path
    .replace(TOKEN_SEGMENT, '$1[token]')
    .replace(EMAIL, '[email]')
    .replace(DATE, '[date]')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, '?');
}

export function requestLogger(sink: LogSink): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      const path = redactPath(decodeURIComponentSafe(new URL(c.req.url).pathname));
      const ms = Math.round(performance.now() - started);
      sink(`${new Date().toISOString()} ${c.req.method} ${path} ${c.res.status} ${ms}ms`);
    }
  };
}

/** Our own faults (the 5xx), with the error's name, code and redacted message and stack. */
export function logError(sink: LogSink, where: string, error: unknown): void {
  const err = error instanceof Error ? error : new Error(String(error));
  const code = (err as { code?: unknown }).code;
  const detail = err.stack ?? `${err.name}: ${err.message}`;
  sink(`${new Date().toISOString()} ERROR ${redactPath(where)}${code ? ` [${String(code)}]` : ''} ${redact(detail)}`);
}

function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
