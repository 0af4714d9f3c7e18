/**
 * The one Idempotency-Key mechanism (migration 005, table idempotency_keys), for every call whose entry in the
 * table of endpoints declares `idempotency` (contract/api/endpoints/endpoint.ts): the bind, the claim and the
 * contact message. It works the way Stripe's own API does:
 *
 * - the first request under a key runs, and its answer (status and JSON body) is stored; the same key with the
 *   same request later gets that answer again, marked `Idempotent-Replayed: true`, without running anything
 *   (a double click, a retry after a lost answer);
 * - the same key with another request is refused (422, the endpoint's text): a client bug, never a second
 *   payment, claim or message;
 * - a request while the first one under its key is still running is refused (409 with Retry-After, the
 *   endpoint's text), not queued: the client retries later and then gets the stored answer;
 * - a process that dies mid-request leaves its key locked only until `locked_until`: then a retry takes over.
 *
 * Which answers are kept. An answer the handler returns is kept. A handler that throws (a 400 from the body's
 * rules, a 429 from a rate limit, a bug's 500) did nothing that a retry must not do again, so the key is
 * released and a retry under it runs. A handler can also say "this answer must not be kept" with
 * `doNotKeepAnswer(c)`: the bind does when the card provider's answer is unknown (a timeout), so a retry runs
 * again and reuses the attempt and the provider's key. Only status and JSON body are kept, never headers: an
 * idempotent endpoint answers JSON (on() refuses one that does not) and says nothing in headers a replay needs.
 *
 * Where it runs. The route puts `idempotent(deps)` among its handlers, after whatever refuses cheaply (the
 * claim's rate limit refuses before 50 MB of photos are read and hashed) and before the handler; `on()`
 * (./endpoint.ts) puts this endpoint's middleware in its place, and refuses at start-up a route that declares
 * idempotency without it, or the reverse, or without the `Idempotency-Key` header in its entry.
 *
 * The request's fingerprint is taken here, from the request, not handed over by the handler: a handler that
 * had to remember to claim the key before doing anything could forget, or do something first. It is not the
 * raw body's hash either: a browser writes a new random multipart boundary each time it sends a FormData, so a
 * retry of the same claim would never match. So it is the request as the handler will read it:
 *
 * - JSON: the parsed body with its object keys sorted, so whitespace and key order do not matter;
 * - multipart: each field by name, its values in order, a text as it is and a file as the SHA-256 of its bytes
 *   with its name and type (the claim's answers are one JSON text: the widget sends the same text again);
 * - a body that does not parse: the hash of its bytes (the handler then refuses it and the key is released).
 * A multipart body is read once, to files (./multipart.ts), and the handler gets that same form.
 *
 * Exactly once, also across a crash. The store replays HTTP answers; it cannot by itself make a record exist
 * once: a process that commits a claim and dies before the claim's answer is stored leaves the key locked, and
 * after `locked_until` a retry takes it over and runs the handler again. So a record that must exist once per
 * key keeps the key itself, UNIQUE, written in the same transaction as the record (claims, contact_messages:
 * `idempotencyOf(c)` hands the key and this fingerprint to the use case), and the rerun finds it and answers
 * the same reference. The bind's own records do this for it (api/policies/bind.ts): a quote is bound once and
 * a rerun charges under the attempt's provider key, so a rerun is told the quote is bought, never charged twice.
 */
import type { Context, MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { IDEMPOTENCY_KEY, MESSAGES } from '../../contract/index.ts';
import type { BodyKind, Endpoint } from '../../contract/api/endpoints.ts';
import { sha256Hex } from '../hash.ts';
import type { Queryable } from '../db/db.ts';
import { logError, type LogSink } from '../log.ts';
import { ApiError } from './errors.ts';
import { MalformedUpload, uploadOf, valuesOf, type UploadedForm, type UploadedValue } from './multipart.ts';
import { NO_STORE } from './security-headers.ts';

/** How long a running request holds its key before a retry may take it over (a dead process's key). */
export const IDEMPOTENCY_LOCK_MS = 2 * 60_000;

/** The Retry-After of a 409 while the first request under a key runs: a bind or a claim takes a few seconds. */
const IN_FLIGHT_RETRY_AFTER_SECONDS = 2;

/** The header of an answer given again. */
export const REPLAYED_HEADER = 'Idempotent-Replayed';

export interface StoredAnswer {
  status: number;
  body: unknown;
}

export type Claim =
  | { kind: 'claimed' }
  | { kind: 'replay'; answer: StoredAnswer }
  | { kind: 'mismatch' }
  | { kind: 'in-flight' };

/** What the middleware needs: where keys are stored, the time, and where a failure to store one is logged. */
export interface IdempotencyStore {
  db: Queryable;
  clock: () => Date;
  log: LogSink;
}

/** The request's key and fingerprint, for a use case that keeps the key on its own record. */
export interface IdempotentRequest {
  key: string;
  requestHash: string;
}

/** Claims `key` in `scope` for a request whose fingerprint is `requestHash`, or says why not. */
export async function claimKey(db: Queryable, scope: string, key: string, requestHash: string, now: Date): Promise<Claim> {
  const lockedUntil = new Date(now.getTime() + IDEMPOTENCY_LOCK_MS);
  const claimed = await db.query<{ claimed: boolean }>(
    `INSERT INTO idempotency_keys AS k (scope, key, request_hash, state, created_at, locked_until)
     VALUES ($1, $2, $3, 'in_flight', $4, $5)
     ON CONFLICT (scope, key) DO UPDATE SET locked_until = EXCLUDED.locked_until
       WHERE k.state = 'in_flight' AND k.locked_until < $4 AND k.request_hash = EXCLUDED.request_hash
     RETURNING true AS claimed`,
    [scope, key, requestHash, now, lockedUntil],
  );
  if (claimed.length === 1) return { kind: 'claimed' };
  const rows = await db.query<{ request_hash: string; state: string; status: number | null; answer: unknown }>(
    'SELECT request_hash, state, status, answer FROM idempotency_keys WHERE scope = $1 AND key = $2',
    [scope, key],
  );
  const row = rows[0];
  // released between the two statements: the caller may simply try again; answer as in flight
  if (!row) return { kind: 'in-flight' };
  if (row.request_hash !== requestHash) return { kind: 'mismatch' };
  if (row.state === 'done' && row.status !== null) return { kind: 'replay', answer: { status: row.status, body: row.answer } };
  return { kind: 'in-flight' };
}

/** Stores the answer of the request that holds `key`; later requests under it replay this answer. */
async function completeKey(db: Queryable, scope: string, key: string, answer: StoredAnswer): Promise<void> {
  await db.query(
    `UPDATE idempotency_keys SET state = 'done', status = $3, answer = $4::jsonb WHERE scope = $1 AND key = $2`,
    [scope, key, answer.status, JSON.stringify(answer.body)],
  );
}

/** Lets `key` go without an answer (the outcome is unknown, or we failed): a retry under it runs again. */
async function releaseKey(db: Queryable, scope: string, key: string): Promise<void> {
  await db.query(`DELETE FROM idempotency_keys WHERE scope = $1 AND key = $2 AND state = 'in_flight'`, [scope, key]);
}

/** JSON with every object's keys in order: one text for one value, however the client wrote it. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner !== null && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );
}

function partOf(value: UploadedValue): unknown {
  if (typeof value === 'string') return value;
  return { file: value.sha256, name: value.name, type: value.type };
}

/**
 * The request's fingerprint (see the module comment). Reading the body may fail with the body limit's error:
 * that is thrown on, before any key is claimed.
 */
async function fingerprintOf(c: Context, kind: BodyKind): Promise<string> {
  if (kind === 'json') {
    const text = await c.req.text();
    try {
      return sha256Hex(canonicalJson({ json: JSON.parse(text) }));
    } catch {
      // not JSON (or nested past what the canonical form can walk): the bytes themselves
      return sha256Hex(canonicalJson({ unparsed: sha256Hex(text) }));
    }
  }
  if (kind === 'multipart') {
    let form: UploadedForm;
    try {
      // read once, to files (./multipart.ts): the handler's own uploadOf gets this same form
      form = await uploadOf(c);
    } catch (error) {
      if (error instanceof MalformedUpload) return sha256Hex(canonicalJson({ unparsed: error.bytesSha256 }));
      throw error;
    }
    const names = [...new Set(form.parts.map((part) => part.name))].sort();
    const fields = names.map((name) => [name, valuesOf(form, name).map(partOf)]);
    return sha256Hex(canonicalJson({ multipart: fields }));
  }
  return sha256Hex(canonicalJson({ none: true }));
}

const STATE = 'ppm.idempotency';

interface State extends IdempotentRequest {
  keep: boolean;
}

function stateOf(c: Context): State {
  const state = c.get(STATE as never) as State | undefined;
  if (!state) throw new Error('no Idempotency-Key here: the endpoint declares no idempotency, or idempotent(deps) comes after this handler');
  return state;
}

/**
 * The handler's answer must not be kept: the key is released after it, so a retry under the key runs again
 * (the bind, when whether the card was charged is not known).
 */
export function doNotKeepAnswer(c: Context): void {
  stateOf(c).keep = false;
}

/** The key and fingerprint of this request, for a use case that keeps the key on its own record. */
export function idempotencyOf(c: Context): IdempotentRequest {
  const { key, requestHash } = stateOf(c);
  return { key, requestHash };
}

/** The answer to keep, or null when it is not JSON (on() refuses such an endpoint; released to be safe). */
async function answerOf(res: Response): Promise<StoredAnswer | null> {
  if (!(res.headers.get('Content-Type') ?? '').toLowerCase().startsWith('application/json')) return null;
  try {
    return { status: res.status, body: await res.clone().json() };
  } catch {
    return null;
  }
}

/** The middleware of one idempotent endpoint (what on() puts where the route wrote idempotent(deps)). */
export function idempotencyFor(endpoint: Endpoint<any, any>, store: IdempotencyStore): MiddlewareHandler {
  const declared = endpoint.idempotency;
  if (!declared) throw new Error(`${endpoint.method} ${endpoint.path} declares no idempotency`);
  const { scope } = declared;
  const where = `idempotency ${endpoint.method} ${endpoint.path}`;
  return async (c, next) => {
    const key = c.req.header('Idempotency-Key')?.trim() ?? '';
    if (!IDEMPOTENCY_KEY.test(key)) throw new ApiError(400, MESSAGES.idempotencyKeyRequired(declared.each));
    const requestHash = await fingerprintOf(c, endpoint.body.kind);
    const claim = await claimKey(store.db, scope, key, requestHash, store.clock());
    if (claim.kind === 'replay') {
      const { status, body } = claim.answer;
      return c.json(body as object, status as ContentfulStatusCode, { ...NO_STORE, [REPLAYED_HEADER]: 'true' });
    }
    if (claim.kind === 'mismatch') throw new ApiError(422, MESSAGES[declared.reused]);
    if (claim.kind === 'in-flight') {
      throw new ApiError(409, MESSAGES[declared.inFlight], { headers: { 'Retry-After': String(IN_FLIGHT_RETRY_AFTER_SECONDS) } });
    }

    const state: State = { key, requestHash, keep: true };
    c.set(STATE as never, state as never);
    // Hono catches what a later handler throws and sets c.error and the error's answer: next() returns.
    await next();
    const answer = state.keep && !c.error ? await answerOf(c.res) : null;
    try {
      if (answer) await completeKey(store.db, scope, key, answer);
      else await releaseKey(store.db, scope, key);
    } catch (error) {
      // The work is done and its answer goes out. Unstored, the key stays locked until locked_until; a retry
      // after that runs again, and the record's own key (or the bind's) makes that a replay, not a second one.
      logError(store.log, where, error);
    }
  };
}

const IDEMPOTENT = Symbol('idempotent');

/**
 * Where an idempotent endpoint's route wants its key claimed: `on(app, endpoints.bind, idempotent(deps), handler)`.
 * A placeholder that on() replaces with the endpoint's middleware (idempotencyFor), so the declaration in the
 * table of endpoints drives it; run anywhere else, it fails loudly.
 */
export function idempotent(store: IdempotencyStore): MiddlewareHandler {
  const placeholder: MiddlewareHandler = async () => {
    throw new Error('idempotent(deps) works only in a route registered with on() (api/http/endpoint.ts)');
  };
  return Object.assign(placeholder, { [IDEMPOTENT]: store });
}

/** The store of an idempotent(deps) placeholder, or null for any other handler. */
export function placeholderStore(handler: unknown): IdempotencyStore | null {
  return typeof handler === 'function' ? ((handler as unknown as Record<symbol, IdempotencyStore | undefined>)[IDEMPOTENT] ?? null) : null;
}
