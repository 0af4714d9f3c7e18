/**
 * Logging without personal data. A request line holds method, the ROUTE's pattern (`/api/zip/:zip`, never
 * the values in the path: a VIN typed into the ZIP call, a documents link's token), status and duration;
 * nothing from the query string (the spec's retrieve link carries e-mail and birth date there), headers or
 * bodies. A request that no route of ours answers logs a fixed placeholder instead of its path; a file of
 * the site or the bundle that was served logs its path, which is ours. Every line is capped
 * (MAX_LOG_LINE), so a 15 KB path or a long error cannot flood the log.
 *
 * Error lines pass through `redact` as a second guard, in case a library puts a value in its message.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';

/**
 * A log line, and what it says as fields for a structured log (jsonSink): a request line's method, route,
 * status and duration; an error's level and where it happened. A sink that writes text ignores them.
 */
export type LogSink = (line: string, fields?: LogFields) => void;

export interface LogFields {
  level?: 'info' | 'error';
  [field: string]: string | number | undefined;
}

/** The longest line a log entry may have; longer ones are cut with an ellipsis. */
export const MAX_LOG_LINE = 512;
/** An error's stack is cut after this many lines (the top frames say where; the rest is the framework). */
const MAX_ERROR_LINES = 30;

/** `text` with each of its lines cut at MAX_LOG_LINE characters and at most `maxLines` lines. */
export function capLines(text: string, maxLines = MAX_ERROR_LINES): string {
  const lines = text.split('\n');
  const kept = lines.slice(0, maxLines).map((line) => (line.length > MAX_LOG_LINE ? `${line.slice(0, MAX_LOG_LINE - 1)}…` : line));
  if (lines.length > maxLines) kept.push(`… ${lines.length - maxLines} more lines`);
  return kept.join('\n');
}

export const consoleSink: LogSink = (line) => process.stdout.write(`${capLines(line)}\n`);

/** A line's own leading timestamp (request and error lines carry one): the JSON object has it as `time`. */
const LEADING_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z /;

/**
 * One JSON object a line (NODE_ENV=production), for a log collector: `time`, `level`, `msg` and the line's
 * fields. The message is capped as the text log's is; a stack's lines stay in one object.
 */
export function jsonLine(line: string, fields: LogFields = {}, now = new Date()): string {
  const { level = 'info', ...rest } = fields;
  return JSON.stringify({ time: now.toISOString(), level, msg: capLines(line.replace(LEADING_TIME, '')), ...rest });
}

export const jsonSink: LogSink = (line, fields) => process.stdout.write(`${jsonLine(line, fields)}\n`);

/**
 * The sink a process logs to: JSON lines in production, text otherwise. A worker of a fleet (api/fleet.ts)
 * says which one wrote each line: a `worker` field, or `[worker N]` before the text.
 */
export function sinkFor(production: boolean, worker?: number): LogSink {
  if (worker === undefined) return production ? jsonSink : consoleSink;
  return production ? (line, fields) => jsonSink(line, { ...fields, worker }) : (line, fields) => consoleSink(`[worker ${worker}] ${line}`, fields);
}

const EMAIL = /[^\s@<>"'(),;:/]+@[^\s@<>"'(),;:/]+/g;
const DATE = /\b(?:\d{4}-\d{2}-\d{2}|\d{1,2}\/\d{1,2}\/\d{4})\b/g;
/** Long runs of letters and digits with at least one digit: licence numbers, VINs, tokens. */
const IDENTIFIER = /\b(?=[A-Za-z0-9-]*\d)[A-Za-z0-9-]{7,}\b/g;

export function redact(text: string): string {
  return text.replace(EMAIL, '[email]').replace(DATE, '[date]').replace(IDENTIFIER, '[id]');
}

/** Path segments that are tokens: the documents page's link (/account/documents/{token}, doc 1's route). */
const TOKEN_SEGMENT = /(\/account\/documents\/)[^/]+/g;
/** A VIN (17 of the characters a VIN may hold, a digit among them), as in a 5xx's `GET /api/zip/{vin}`. */
const VIN = /\b(?=[A-HJ-NPR-Z]*\d)[A-HJ-NPR-Z0-9]{17}\b/gi;

/** Paths are ours and carry no personal data by design; this catches a caller who puts some there anyway. */
export function redactPath(path: string): string {
  return path
    .replace(TOKEN_SEGMENT, '$1[token]')
    .replace(VIN, '[vin]')
    .replace(EMAIL, '[email]')
    .replace(DATE, '[date]')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, '?');
}

/** What a request line shows for a request no route of ours answered. */
export const UNMATCHED_PATH = '[no route]';

/**
 * The path a request line shows: the pattern of the route the request was addressed to (the first matched
 * route without a wildcard, even when a middleware before it answered, say a 403 for a foreign origin);
 * for a file of the site or the bundle that was served (a GET answered below 400 outside /api by a wildcard
 * route), its path; otherwise the placeholder.
 */
export function loggedPath(c: Context, status: number): string {
  let routes: { path: string }[] = [];
  try {
    routes = matchedRoutes(c);
  } catch {
    // not routed (no match result on the request): nothing of ours answered
  }
  const own = routes.find((route) => !route.path.includes('*'));
  if (own) return own.path;
  const path = new URL(c.req.url).pathname;
  const servedFile = (c.req.method === 'GET' || c.req.method === 'HEAD') && status < 400 && !path.startsWith('/api/');
  return servedFile ? redactPath(decodeURIComponentSafe(path)) : UNMATCHED_PATH;
}

export function requestLogger(sink: LogSink): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      const method = /^[A-Z]{1,16}$/.test(c.req.method) ? c.req.method : '[method]';
      const ms = Math.round(performance.now() - started);
      const path = loggedPath(c, c.res.status);
      sink(capLines(`${new Date().toISOString()} ${method} ${path} ${c.res.status} ${ms}ms`, 1), { method, path: path.slice(0, MAX_LOG_LINE), status: c.res.status, ms });
    }
  };
}

/** Our own faults (the 5xx), with the error's name, code and redacted message and stack. */
export function logError(sink: LogSink, where: string, error: unknown): void {
  const err = error instanceof Error ? error : new Error(String(error));
  const code = (err as { code?: unknown }).code;
  const detail = err.stack ?? `${err.name}: ${err.message}`;
  sink(capLines(`${new Date().toISOString()} ERROR ${redactPath(where)}${code ? ` [${String(code)}]` : ''} ${redact(detail)}`), {
    level: 'error',
    where: redactPath(where),
    ...(code ? { code: String(code) } : {}),
  });
}

function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
