/**
 * Registers a route from the contract's table of endpoints (contract/api/endpoints.ts) with the guards its
 * entry declares: a JSON body call takes application/json only (a cross-site HTML form can send text/plain
 * or form-encoded bodies without a preflight, never JSON) up to its own size; a call without a body takes
 * none; a call that declares `idempotency` gets its Idempotency-Key middleware (./idempotency.ts) where the
 * route wrote idempotent(deps). Routes are registered on the Hono app mounted at /api, so the table's '/api'
 * prefix is dropped.
 */
import type { Handler, Hono, MiddlewareHandler } from 'hono';
import type { Endpoint } from '../../contract/api/endpoints.ts';
import { limitBody, requireJson, requireMultipart } from './guards.ts';
import { idempotencyFor, placeholderStore } from './idempotency.ts';

/** Marks a middleware as the session guard (api/auth/session-guard.ts), so `on()` can insist on it. */
export const SESSION_GUARD = Symbol('session guard');

function guardsFor(endpoint: Endpoint<any, any>): MiddlewareHandler[] {
  if (endpoint.body.kind === 'json') return [requireJson(), limitBody(endpoint.body.limitBytes)];
  if (endpoint.body.kind === 'multipart') return [requireMultipart(), limitBody(endpoint.body.limitBytes)];
  return [];
}

/** The path under the /api app: '/api/policy/quote' -> '/policy/quote'. */
export function routePath(endpoint: Endpoint<any, any>): string {
  return endpoint.path.slice('/api'.length);
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
 * A `session: true` endpoint must have the session guard (api/auth/session-guard.ts, requireSession) as its
 * first handler, after the body guards: a route that forgot it fails at start-up, never serves unguarded.
 * An endpoint that declares `idempotency` must have idempotent(deps) among its handlers (./idempotency.ts):
 * the route puts it after what refuses cheaply and before its handler.
 */
export function on(app: Hono, endpoint: Endpoint<any, any>, ...handlers: [...MiddlewareHandler[], Handler]): void {
  if (endpoint.session && !(handlers[0] as unknown as Record<symbol, unknown>)[SESSION_GUARD]) {
    throw new Error(`${endpoint.method} ${endpoint.path} needs a session: register it with requireSession(deps) first`);
  }
  const stores = handlers.map(placeholderStore);
  checkIdempotency(endpoint, stores.filter(Boolean).length);
  if (stores.at(-1)) throw new Error(`${endpoint.method} ${endpoint.path}: idempotent(deps) goes before the handler`);
  const installed = handlers.map((handler, index) => {
    const store = stores[index];
    return store ? idempotencyFor(endpoint, store) : (handler as MiddlewareHandler);
  });
  app.on([endpoint.method], [routePath(endpoint)], ...guardsFor(endpoint), ...installed);
}
