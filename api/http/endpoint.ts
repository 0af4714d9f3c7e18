/**
 * Registers a route from the contract's table of endpoints (contract/api/endpoints.ts), in the manner of hono +
 * zod-openapi's typed routes (STYLE.md 12): the entry carries the request and answer structs, the handler gets
 * the request already checked and its answer is type-checked against the entry's answer type.
 *
 * - Guards from the entry: a JSON body call takes application/json only (a cross-site HTML form can send
 *   text/plain or form-encoded bodies without a preflight, never JSON) up to its own size; a call without a
 *   body takes none; a file upload takes multipart/form-data up to its size, counted as it streams (./guards.ts
 *   limitUpload), read part by part to files under the entry's part limits only when the route asks for it
 *   (./multipart.ts uploadOf), so the route's concurrency caps run before a byte of it is read.
 * - The request: a JSON body is parsed and checked with the entry's request struct; a GET's query with its
 *   query struct (only the struct's own fields are read, so a link that picked up utm_source still opens).
 *   Malformed JSON, a body that is not an object and every failed rule are a 400 with the rules' own messages
 *   (each once; `fields` keeps the per-field detail). The check runs after the session guard and before the
 *   route's other middlewares (rate limits, the idempotency key): a request refused for its input does no
 *   work and is not counted, so a typo, or a fuzzer, never spends a visitor's allowance. A multipart call and
 *   a call whose entry has no request struct get `undefined`: the route reads what it takes itself.
 * - The answer: the handler returns `{ body }` (status 200 unless it says 201) typed as the entry's answer,
 *   `{ jsonText }` for an answer already serialised (a stored quote: an explicit escape, trusted to be the
 *   answer's JSON), `{ status, other }` for a documented answer of another shape (the bind's 202, a refusal
 *   that carries more than its messages), or throws ApiError. Only an entry whose answer is not JSON (a PDF,
 *   an image) returns a Response.
 * - Idempotency: an entry that declares it gets its Idempotency-Key middleware (./idempotency.ts) where the
 *   route wrote idempotent(deps).
 *
 * Routes are registered on the Hono app mounted at /api, so the table's '/api' prefix is dropped.
 */
import type { Context, Hono, MiddlewareHandler } from 'hono';
import type { ClientErrorStatusCode, ContentfulStatusCode } from 'hono/utils/http-status';
import type { Struct } from 'superstruct';
import { check, type Checked } from '../../contract/index.ts';
import type { Endpoint } from '../../contract/api/endpoints.ts';
import { readObject, requestRefused } from './body.ts';
import { limitBody, limitUpload, requireJson, requireMultipart } from './guards.ts';
import { uploadGuard } from './multipart.ts';
import { idempotencyFor, placeholderStore } from './idempotency.ts';

/** Marks a middleware as the session guard (api/auth/session-guard.ts), so `on()` can insist on it. */
export const SESSION_GUARD = Symbol('session guard');

type Headers = Record<string, string>;

/** The endpoint's own answer, checked against its answer type by tsc. */
export interface Answer<A> {
  body: A;
  status?: 200 | 201;
  headers?: Headers;
}

/** An answer already serialised as the endpoint's answer JSON (a stored quote): sent as it is, not parsed again. */
export interface JsonTextAnswer {
  jsonText: string;
  status?: 200 | 201;
  headers?: Headers;
}

/** A documented answer of another shape: the bind's 202 (3-D Secure), a refusal with more than its messages. */
export interface OtherAnswer {
  status: 202 | ClientErrorStatusCode | 503;
  other: object;
  headers?: Headers;
}

export type Reply<A> = Answer<A> | JsonTextAnswer | OtherAnswer;

/** What a handler may return: a Response only where the entry's answer is not JSON (its type is unknown). */
export type HandlerResult<A> = unknown extends A ? Reply<unknown> | Response : Reply<A>;

/** A route's handler: the context and the request already checked against the entry's request struct. */
export type RouteHandler<R, A> = (c: Context, request: R) => HandlerResult<A> | Promise<HandlerResult<A>>;

/**
 * A request check in place of the entry's struct, for a call whose rule has a step the struct cannot take
 * first (the quote: a state we do not write gets the call-us message and nothing else). It answers the same
 * type as the struct, so the handler's request is typed as the entry says.
 */
export type RequestCheck<R> = (body: Record<string, unknown>) => Checked<R>;

const CHECK = Symbol('request check');

/** `endpoint` with its request checked by `checkRequest` instead of its struct (see RequestCheck). */
export function checkedWith<R, A>(endpoint: Endpoint<R, A>, checkRequest: RequestCheck<R>): Endpoint<R, A> {
  return Object.assign({ ...endpoint }, { [CHECK]: checkRequest });
}

function guardsFor(endpoint: Endpoint<any, any>): MiddlewareHandler[] {
  if (endpoint.body.kind === 'json') return [requireJson(), limitBody(endpoint.body.limitBytes)];
  if (endpoint.body.kind === 'multipart') return [requireMultipart(), limitUpload(endpoint.body.limitBytes), uploadGuard(endpoint.body.parts)];
  return [];
}

/** The path under the /api app: '/api/policy/quote' -> '/policy/quote'. */
function routePath(endpoint: Endpoint<any, any>): string {
  return endpoint.path.slice('/api'.length);
}

/** The query's fields the struct names, and only those. */
function queryOf(c: Context, struct: Struct<any, any>): Record<string, string> {
  const names = struct.schema && typeof struct.schema === 'object' ? Object.keys(struct.schema as object) : [];
  return Object.fromEntries(names.flatMap((name) => {
    const value = c.req.query(name);
    return value === undefined ? [] : [[name, value]];
  }));
}

const REQUEST = 'ppm.request';

/** The middleware that checks the request and keeps it for the handler; null when the entry takes none. */
function requestCheckFor(endpoint: Endpoint<any, any>): MiddlewareHandler | null {
  const struct = endpoint.request;
  const own = (endpoint as unknown as Record<symbol, RequestCheck<unknown> | undefined>)[CHECK];
  if (endpoint.body.kind === 'json') {
    if (!struct && !own) return null;
    return async (c, next) => {
      const body = await readObject(c);
      const checked = own ? own(body) : check(body, struct!);
      if (!checked.ok) throw requestRefused(checked.errors);
      c.set(REQUEST as never, checked.value as never);
      await next();
    };
  }
  if (endpoint.body.kind === 'none' && struct) {
    return async (c, next) => {
      const checked = check(queryOf(c, struct), struct);
      if (!checked.ok) throw requestRefused(checked.errors);
      c.set(REQUEST as never, checked.value as never);
      await next();
    };
  }
  return null;
}

/** The handler's reply as a Response. */
function respond(c: Context, reply: Reply<unknown> | Response): Response {
  if (reply instanceof Response) return reply;
  if ('jsonText' in reply) {
    return c.body(reply.jsonText, reply.status ?? 200, { ...reply.headers, 'Content-Type': 'application/json' });
  }
  if ('other' in reply) return c.json(reply.other, reply.status as ContentfulStatusCode, reply.headers);
  return c.json(reply.body as object, reply.status ?? 200, reply.headers);
}

/**
 * The entry's idempotency, its `Idempotency-Key` header and the route's idempotent(deps) go together: one
 * without the others is a mistake that would serve a call without its key check, or check a key nobody sends.
 */
function checkIdempotency(endpoint: Endpoint<any, any>, placeholders: number): void {
  const name = `${endpoint.method} ${endpoint.path}`;
  const header = endpoint.headers?.includes('Idempotency-Key') ?? false;
  if (Boolean(endpoint.idempotency) !== header) {
    throw new Error(`${name}: an entry with an Idempotency-Key header declares \`idempotency\`, and the reverse (contract/api/endpoints/endpoint.ts)`);
  }
  if (endpoint.idempotency && endpoint.answer === null) {
    throw new Error(`${name}: an idempotent call answers JSON, the only answer its key can replay`);
  }
  if (endpoint.idempotency && placeholders !== 1) {
    throw new Error(`${name} takes an Idempotency-Key: register it with idempotent(deps) once among its handlers`);
  }
  if (!endpoint.idempotency && placeholders > 0) {
    throw new Error(`${name} declares no idempotency: idempotent(deps) has nothing to do here`);
  }
}

/**
 * `on(app, endpoint, ...middlewares, handler)`. A `session: true` endpoint must have the session guard
 * (api/auth/session-guard.ts, requireSession) as its first middleware: a route that forgot it fails at
 * start-up, never serves unguarded. An endpoint that declares `idempotency` must have idempotent(deps) among
 * its middlewares (./idempotency.ts): the route puts it after what refuses cheaply.
 */
export function on<R, A>(
  app: Hono,
  endpoint: Endpoint<R, A>,
  ...handlers: [...MiddlewareHandler[], NoInfer<RouteHandler<R, A>>]
): void {
  const middlewares = handlers.slice(0, -1) as MiddlewareHandler[];
  const handler = handlers.at(-1) as RouteHandler<R, A>;
  if (placeholderStore(handler)) throw new Error(`${endpoint.method} ${endpoint.path}: idempotent(deps) goes before the handler`);
  const guarded = endpoint.session;
  if (guarded && !(middlewares[0] as unknown as Record<symbol, unknown> | undefined)?.[SESSION_GUARD]) {
    throw new Error(`${endpoint.method} ${endpoint.path} needs a session: register it with requireSession(deps) first`);
  }
  const stores = middlewares.map(placeholderStore);
  checkIdempotency(endpoint, stores.filter(Boolean).length);
  const installed = middlewares.map((middleware, index) => {
    const store = stores[index];
    return store ? idempotencyFor(endpoint, store) : middleware;
  });
  const requestCheck = requestCheckFor(endpoint);
  // after the session guard (a 401 before anything is read), before what counts or claims
  if (requestCheck) installed.splice(guarded ? 1 : 0, 0, requestCheck);
  const run: MiddlewareHandler = async (c) => respond(c, await handler(c, c.get(REQUEST as never) as R) as Reply<unknown> | Response);
  app.on([endpoint.method], [routePath(endpoint)], ...guardsFor(endpoint), ...installed, run);
}
