/**
 * Registers a route from the contract's table of endpoints (contract/api/endpoints.ts) with the guards its
 * entry declares: a JSON body call takes application/json only (a cross-site HTML form can send text/plain
 * or form-encoded bodies without a preflight, never JSON) up to its own size; a call without a body takes
 * none. Routes are registered on the Hono app mounted at /api, so the table's '/api' prefix is dropped.
 */
import type { Handler, Hono, MiddlewareHandler } from 'hono';
import type { Endpoint } from '../../contract/api/endpoints.ts';
import { limitBody, requireJson, requireMultipart } from './guards.ts';

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
 * A `session: true` endpoint must have the session guard (api/auth/session-guard.ts, requireSession) as its
 * first handler, after the body guards: a route that forgot it fails at start-up, never serves unguarded.
 */
export function on(app: Hono, endpoint: Endpoint<any, any>, ...handlers: [...MiddlewareHandler[], Handler]): void {
  if (endpoint.session && !(handlers[0] as unknown as Record<symbol, unknown>)[SESSION_GUARD]) {
    throw new Error(`${endpoint.method} ${endpoint.path} needs a session: register it with requireSession(deps) first`);
  }
  app.on([endpoint.method], [routePath(endpoint)], ...guardsFor(endpoint), ...(handlers as MiddlewareHandler[]));
}
