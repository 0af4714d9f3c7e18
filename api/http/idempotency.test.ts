/**
 * The one Idempotency-Key mechanism (./idempotency.ts), on a bare app with endpoints of its own: what runs,
 * what is replayed, what is refused, what is kept and what is released. The bind, the claim and the contact
 * message are tested through their routes (api/routes/purchase.test.ts, claims.test.ts, contact-submit.test.ts).
 */
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Hono, type Context } from 'hono';
import { any } from 'superstruct';
import { MESSAGES } from '../../contract/index.ts';
import { json, type Endpoint } from '../../contract/api/endpoints.ts';
import { on } from './endpoint.ts';
import { ApiError, errorResponse, HTTP_MESSAGES } from './errors.ts';
import { claimKey, doNotKeepAnswer, idempotencyOf, idempotent, IDEMPOTENCY_LOCK_MS, type IdempotencyStore } from './idempotency.ts';
import { textsOf, uploadOf, valuesOf, type UploadedFile } from './multipart.ts';
import { dbTargets, suiteDb } from '../testing/harness.ts';

const NOW = new Date('2026-03-02T15:00:00.000Z');
let keys = 0;
const newKey = () => `idem-test-${process.pid}-${++keys}`;

/** An endpoint of the test's own, declared as the table declares the bind, with a scope no other test uses. */
function declared(path: `/api/${string}`, extra: Partial<Endpoint<any, any>> = {}): Endpoint<any, any> {
  return {
    method: 'POST', path, request: null, answer: any(), body: json, session: false, headers: ['Idempotency-Key'],
    idempotency: { scope: `test-${process.pid}-${path}`, each: 'test call', reused: 'idempotencyKeyReused', inFlight: 'paymentInProgress' },
    ...extra,
  };
}

function withErrors(app: Hono): Hono {
  app.onError((error, c) =>
    error instanceof ApiError ? errorResponse(c, error.status, error.messages, error.fields, error.headers) : errorResponse(c, 500, [HTTP_MESSAGES.internal]));
  return app;
}

for (const target of dbTargets()) {
  describe(`Idempotency-Key middleware on ${target}`, () => {
    const testDb = suiteDb(target);
    let now = NOW;
    const logs: string[] = [];
    let store: IdempotencyStore;
    before(() => {
      store = { db: testDb.db, clock: () => now, log: (line) => logs.push(line) };
    });

    /**
     * POST /api/echo answers 201 with the number of runs so far and what it was sent. `mode` in the body asks
     * it to fail once per key (a bug's throw), refuse (a thrown 400), not keep its answer, answer 402, or wait
     * for `gate` to open.
     */
    function echoApp() {
      const app = withErrors(new Hono());
      const state = { runs: 0, failed: new Set<string>(), gate: Promise.resolve(), entered: () => {} };
      on(app, declared('/api/echo'), idempotent(store), async (c) => {
        state.runs += 1;
        const body = (await c.req.json()) as { mode?: string };
        const { key } = idempotencyOf(c);
        if (body.mode === 'fail-once' && !state.failed.has(key)) {
          state.failed.add(key);
          throw new Error('the database went away');
        }
        if (body.mode === 'refuse') throw new ApiError(400, 'Not like this.');
        if (body.mode === 'unknown') doNotKeepAnswer(c);
        if (body.mode === 'declined') return c.json({ error_messages: ['Declined.'], error_type: 'card_error' }, 402);
        if (body.mode === 'wait') {
          state.entered();
          await state.gate;
        }
        return c.json({ run: state.runs, got: body }, 201);
      });
      const send = async (body: unknown, key: string | null, raw?: string) => {
        const res = await app.request('/echo', {
          method: 'POST',
          body: raw ?? JSON.stringify(body),
          headers: { 'Content-Type': 'application/json', ...(key === null ? {} : { 'Idempotency-Key': key }) },
        });
        return { status: res.status, body: (await res.json()) as Record<string, unknown>, replayed: res.headers.get('Idempotent-Replayed'), headers: res.headers };
      };
      return { app, state, send };
    }

    test('the first request runs; the same key and body replays its answer with Idempotent-Replayed and runs nothing', async () => {
      const { state, send } = echoApp();
      const key = newKey();
      const first = await send({ a: 1, b: [1, 2] }, key);
      assert.deepEqual([first.status, first.body, first.replayed], [201, { run: 1, got: { a: 1, b: [1, 2] } }, null]);
      const again = await send({ a: 1, b: [1, 2] }, key);
      assert.deepEqual([again.status, again.body, again.replayed], [201, first.body, 'true']);
      assert.equal(again.headers.get('Cache-Control'), 'no-store');
      // the same JSON written otherwise (key order, spaces) is the same request
      const rewritten = await send(null, key, '{ "b": [1, 2],\n  "a": 1 }');
      assert.deepEqual([rewritten.status, rewritten.body, rewritten.replayed], [201, first.body, 'true']);
      assert.equal(state.runs, 1);
    });

    test('a stored answer is replayed exactly, status and body (a 402 with its error_type)', async () => {
      const { state, send } = echoApp();
      const key = newKey();
      const first = await send({ mode: 'declined' }, key);
      const again = await send({ mode: 'declined' }, key);
      assert.deepEqual([first.status, first.body], [402, { error_messages: ['Declined.'], error_type: 'card_error' }]);
      assert.deepEqual([again.status, again.body, again.replayed], [402, first.body, 'true']);
      assert.equal(state.runs, 1);
    });

    test("the same key with another body is 422 with the endpoint's text, and runs nothing", async () => {
      const { state, send } = echoApp();
      const key = newKey();
      await send({ a: 1 }, key);
      const other = await send({ a: 2 }, key);
      assert.deepEqual([other.status, other.body], [422, { error_messages: [MESSAGES.idempotencyKeyReused] }]);
      assert.equal(state.runs, 1);
    });

    test("a request while the first under its key runs is 409 with Retry-After and the endpoint's text; later it is replayed", async () => {
      const { state, send } = echoApp();
      let open = () => {};
      state.gate = new Promise((resolve) => (open = resolve));
      const entered = new Promise<void>((resolve) => (state.entered = resolve));
      const key = newKey();
      const first = send({ mode: 'wait' }, key);
      await entered;
      const second = await send({ mode: 'wait' }, key);
      assert.deepEqual([second.status, second.body], [409, { error_messages: [MESSAGES.paymentInProgress] }]);
      assert.equal(second.headers.get('Retry-After'), '2');
      open();
      assert.equal((await first).status, 201);
      const third = await send({ mode: 'wait' }, key);
      assert.deepEqual([third.status, third.replayed], [201, 'true']);
      assert.equal(state.runs, 1);
    });

    test('a handler that throws releases the key: the answer is not kept and a retry under it runs', async () => {
      const { state, send } = echoApp();
      const key = newKey();
      const failed = await send({ mode: 'fail-once' }, key);
      assert.deepEqual([failed.status, failed.body], [500, { error_messages: [HTTP_MESSAGES.internal] }]);
      const retried = await send({ mode: 'fail-once' }, key);
      assert.deepEqual([retried.status, retried.replayed, state.runs], [201, null, 2]);
      // a refusal thrown by the handler (its body's rules, a rate limit) is not kept either
      const refusedKey = newKey();
      assert.equal((await send({ mode: 'refuse' }, refusedKey)).status, 400);
      assert.equal((await send({ mode: 'refuse' }, refusedKey)).replayed, null);
      assert.equal(state.runs, 4);
    });

    test('doNotKeepAnswer(c): the answer goes out, is not stored, and a retry under the key runs again', async () => {
      const { state, send } = echoApp();
      const key = newKey();
      const first = await send({ mode: 'unknown' }, key);
      const again = await send({ mode: 'unknown' }, key);
      assert.deepEqual([first.status, again.status, again.replayed, state.runs], [201, 201, null, 2]);
      const rows = await testDb.db.query('SELECT 1 FROM idempotency_keys WHERE key = $1', [key]);
      assert.equal(rows.length, 0);
    });

    test("a missing or malformed key is 400 with the endpoint's text, and runs nothing", async () => {
      const { state, send } = echoApp();
      for (const key of [null, '', 'short', 'has space in it', 'x'.repeat(256)]) {
        const res = await send({ a: 1 }, key);
        assert.deepEqual([res.status, res.body], [400, { error_messages: [MESSAGES.idempotencyKeyRequired('test call')] }], String(key));
      }
      assert.equal(state.runs, 0);
    });

    test('a key left in flight by a process that died is taken over once its lock has passed', async () => {
      const { state, send } = echoApp();
      const key = newKey();
      const body = { a: 'left behind' };
      const scope = declared('/api/echo').idempotency!.scope;
      // what a dead process leaves: the key claimed, no answer (the fingerprint is the one a request computes)
      const probe = echoApp();
      await probe.send(body, key);
      await testDb.db.query(`UPDATE idempotency_keys SET state = 'in_flight', status = NULL, answer = NULL WHERE scope = $1 AND key = $2`, [scope, key]);
      assert.equal((await send(body, key)).status, 409);
      now = new Date(NOW.getTime() + IDEMPOTENCY_LOCK_MS + 1000);
      try {
        const taken = await send(body, key);
        assert.deepEqual([taken.status, taken.replayed, state.runs], [201, null, 1]);
      } finally {
        now = NOW;
      }
      assert.equal((await claimKey(testDb.db, scope, key, 'another', NOW)).kind, 'mismatch');
    });

    test('multipart: the same fields and file bytes under a new boundary are the same request; other bytes are 422', async () => {
      const app = withErrors(new Hono());
      let runs = 0;
      const parts = { files: 1, fileBytes: 1024, fields: 1, fieldBytes: 1024 };
      const upload = declared('/api/upload', { body: { kind: 'multipart', limitBytes: 1024 * 1024, parts } });
      on(app, upload, idempotent(store), async (c) => {
        runs += 1;
        // the handler reads the form the middleware fingerprinted, as it was sent
        const form = await uploadOf(c);
        const photo = valuesOf(form, 'photo')[0] as UploadedFile;
        return c.json({ run: runs, text: textsOf(form, 'text')[0], photo: [photo.name, photo.size] }, 201);
      });
      const send = async (bytes: number[], key: string) => {
        const form = new FormData();
        form.set('text', '{"answers":1}');
        form.set('photo', new File([new Uint8Array(bytes)], 'a.jpg', { type: 'image/jpeg' }));
        const res = await app.request('/upload', { method: 'POST', body: form, headers: { 'Idempotency-Key': key } });
        return { status: res.status, body: await res.json(), replayed: res.headers.get('Idempotent-Replayed') };
      };
      const key = newKey();
      const first = await send([1, 2, 3], key);
      assert.deepEqual([first.status, first.body], [201, { run: 1, text: '{"answers":1}', photo: ['a.jpg', 3] }]);
      const again = await send([1, 2, 3], key);
      assert.deepEqual([again.status, again.body, again.replayed], [201, first.body, 'true']);
      const other = await send([1, 2, 4], key);
      assert.equal(other.status, 422);
      assert.equal(runs, 1);
    });

    test('on() refuses at start-up an idempotency without its middleware or header, and the reverse', () => {
      const handler = (c: Context) => c.json({});
      const entry = declared('/api/check');
      const undeclared: Endpoint<any, any> = { ...entry };
      delete undeclared.idempotency;
      assert.throws(() => on(new Hono(), entry, handler), /register it with idempotent\(deps\)/);
      assert.throws(() => on(new Hono(), entry, idempotent(store), idempotent(store), handler), /register it with idempotent\(deps\)/);
      assert.throws(() => on(new Hono(), { ...undeclared, headers: [] }, idempotent(store), handler), /declares no idempotency/);
      assert.throws(() => on(new Hono(), undeclared, handler), /Idempotency-Key header declares `idempotency`/);
      assert.throws(() => on(new Hono(), { ...entry, headers: [] }, idempotent(store), handler), /Idempotency-Key header declares `idempotency`/);
      assert.throws(() => on(new Hono(), { ...entry, answer: null }, idempotent(store), handler), /answers JSON/);
      assert.throws(() => on(new Hono(), entry, handler as never, idempotent(store) as never), /goes before the handler/);
      assert.doesNotThrow(() => on(new Hono(), entry, idempotent(store), handler));
    });
  });
}
