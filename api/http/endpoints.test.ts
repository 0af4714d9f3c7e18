/**
 * The contract's table of endpoints is what the server serves: every /api route the app registers is in the
 * table and every entry is registered, each with the body guards its entry declares; README.md's API table
 * is the one written from it.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { Hono, type Context, type MiddlewareHandler, type Next } from 'hono';
import { vinCheck, type Endpoint } from '../../contract/api/endpoints.ts';
import { MESSAGES } from '../../contract/index.ts';
import { type ApiError, HTTP_MESSAGES } from './errors.ts';
import { on, SESSION_GUARD } from './endpoint.ts';
import { currentReadme, ENDPOINTS, README, summaryOf } from './endpoints-readme.ts';
import { SUMMARIES } from '../../contract/api/endpoints/summaries.ts';
import { suiteApp } from '../testing/harness.ts';

describe('the table of endpoints', () => {
  const { testDb, t } = suiteApp('pglite');

  test('the app registers exactly the endpoints of the table', () => {
    const served = new Set(
      t.app.routes
        .filter((route) => route.path.startsWith('/api/') && (route.method === 'GET' || route.method === 'POST'))
        .map((route) => `${route.method} ${route.path}`),
    );
    const declared = new Set(ENDPOINTS.map((endpoint) => `${endpoint.method} ${endpoint.path}`));
    assert.deepEqual([...served].sort(), [...declared].sort());
  });

  test('a JSON endpoint refuses another content type with 415 and a body over its own limit with 413', async () => {
    const app = new Hono();
    const small: Endpoint<any, any> = { ...vinCheck, path: '/api/small', request: null, body: { kind: 'json', limitBytes: 100 } };
    on(app, small, (c) => c.json({ ok: true }));
    app.onError((error, c) => c.json({ message: error.message }, (error as { status?: number }).status as 413 ?? 500));
    const post = (body: string, type = 'application/json') =>
      app.request('/small', { method: 'POST', body, headers: { 'Content-Type': type, 'Content-Length': String(body.length) } });
    assert.equal((await post('{}')).status, 200);
    assert.equal((await post('{}', 'text/plain')).status, 415);
    const tooLarge = await post(JSON.stringify({ text: 'x'.repeat(200) }));
    assert.equal(tooLarge.status, 413);
    assert.deepEqual(await tooLarge.json(), { message: HTTP_MESSAGES.tooLarge });
  });

  test("the handler gets the request checked with the entry's struct, after the session guard and before the route's middlewares", async () => {
    const app = new Hono();
    const seen: string[] = [];
    const guard: MiddlewareHandler = Object.assign(async (_c: Context, next: Next) => {
      seen.push('guard');
      await next();
    }, { [SESSION_GUARD]: true });
    const counted: MiddlewareHandler = async (_c, next) => {
      seen.push('counted');
      await next();
    };
    on(app, { ...vinCheck, session: true }, guard, counted, (_c, request) => {
      seen.push(`handler ${request.vin}`);
      return { body: { year: 2020, make: 'Porsche', model: '911', bodyStyle: 'Coupe' } };
    });
    app.onError((error, c) => c.json({ error_messages: (error as ApiError).messages }, (error as ApiError).status));
    const post = (body: string) => app.request('/vin/check', { method: 'POST', body, headers: { 'Content-Type': 'application/json' } });

    const refused = await post(JSON.stringify({ vin: 'short', state: 'GA' }));
    assert.equal(refused.status, 400);
    assert.deepEqual(await refused.json(), { error_messages: [MESSAGES.vinLength] });
    assert.deepEqual(await (await post('{"vin":')).json(), { error_messages: [HTTP_MESSAGES.invalidJson] });
    assert.deepEqual(await (await post('[]')).json(), { error_messages: [HTTP_MESSAGES.notAnObject] });
    assert.deepEqual(seen, ['guard', 'guard', 'guard'], 'nothing past the check ran for a refused request');

    const vin = 'WP0AA2A99KS103480';
    const answered = await post(JSON.stringify({ vin, state: 'GA' }));
    assert.equal(answered.status, 200);
    assert.deepEqual(seen.slice(3), ['guard', 'counted', `handler ${vin}`]);
  });

  test("a handler's answer is type-checked against the entry's answer (tsc fails on this file otherwise)", () => {
    const register = () => {
      // @ts-expect-error: vinCheck answers VinCheckResponse, not a message
      on(new Hono(), vinCheck, () => ({ body: { msg: 'not the answer' } }));
      // @ts-expect-error: a JSON entry's handler does not answer a bare Response
      on(new Hono(), vinCheck, (c) => c.json({}));
    };
    assert.equal(typeof register, 'function');
  });

  test('an endpoint that needs a session is not registered without a session guard', () => {
    assert.throws(() => on(new Hono(), { ...vinCheck, session: true }, () => { throw new Error('never called'); }), /needs a session/);
  });

  test('an entry with an Idempotency-Key header declares its idempotency, and the reverse; each in a scope of its own', () => {
    for (const endpoint of ENDPOINTS) {
      const header = endpoint.headers?.includes('Idempotency-Key') ?? false;
      assert.equal(Boolean(endpoint.idempotency), header, `${endpoint.method} ${endpoint.path}: header and declaration go together`);
      if (endpoint.idempotency) {
        assert.equal(typeof MESSAGES[endpoint.idempotency.reused], 'string', `${endpoint.path}: its 422 text is a message`);
        assert.equal(typeof MESSAGES[endpoint.idempotency.inFlight], 'string', `${endpoint.path}: its 409 text is a message`);
      }
    }
    const scopes = ENDPOINTS.flatMap((endpoint) => (endpoint.idempotency ? [endpoint.idempotency.scope] : []));
    assert.equal(scopes.length, new Set(scopes).size);
    assert.deepEqual(scopes.sort(), ['bill-payment', 'bind', 'claim', 'contact']);
  });

  test('every endpoint has its README line in summaries.ts, and every line an endpoint', () => {
    const named = new Set(ENDPOINTS.map((endpoint) => endpoint.name));
    for (const endpoint of ENDPOINTS) assert.ok(summaryOf(endpoint).length > 10, endpoint.name);
    assert.deepEqual(Object.keys(SUMMARIES).filter((name) => !named.has(name)), [], 'lines without an endpoint');
  });

  test('README.md carries the API table written from the endpoints (run: node api/http/endpoints-readme.ts --write)', () => {
    const readme = readFileSync(README, 'utf8');
    assert.equal(readme, currentReadme(readme));
  });
});
