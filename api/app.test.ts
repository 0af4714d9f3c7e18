import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { MESSAGES } from '../contract/index.ts';
import { DatabaseUnavailableError } from './db/db.ts';
import { DATABASE_RETRY_AFTER_SECONDS, HTTP_MESSAGES } from './http/errors.ts';
import { MAX_BODY_BYTES } from './http/guards.ts';
import { dbTargets, PARTNER_ORIGIN, postJson, suiteApp, testApp, uniqueEmail } from './testing/harness.ts';

const valid = () => ({ userFirstName: 'Ann', userLastName: "O'Brien", userEmailAddress: uniqueEmail(), userState: 'CA' });

for (const target of dbTargets()) {
  describe(`api basics on ${target}`, () => {
    // The sign-up limit is tested on its own; here every call comes from one address.
    const { testDb, t } = suiteApp(target, { rateLimits: { subscribe: { name: 'subscribe', limit: 1000, windowSeconds: 60 } } });

    test('GET /api/health answers ok with the database kind and no caching', async () => {
      const res = await t.app.request('/api/health');
      assert.equal(res.status, 200);
      assert.deepEqual(await res.json(), { status: 'ok', version: '0.9.91', database: target });
      assert.equal(res.headers.get('cache-control'), 'no-store');
      assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
      assert.equal(res.headers.get('referrer-policy'), 'no-referrer');
    });

    test('GET /api/health/ready: ready while the database answers; 503 once told to stop, and while the database fails or hangs', async () => {
      const res = await t.app.request('/api/health/ready');
      assert.equal(res.status, 200);
      assert.deepEqual(await res.json(), { status: 'ready', database: target });
      assert.equal(res.headers.get('cache-control'), 'no-store');

      let stopping = false;
      const stoppable = testApp(testDb.db, { stopping: () => stopping });
      const withQuery = (query: () => Promise<never>) => testApp(new Proxy(testDb.db, { get: (db, key) => (key === 'query' ? query : Reflect.get(db, key)) }));
      const failing = withQuery(() => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:5432')));
      const hanging = withQuery(() => new Promise<never>(() => {}));
      try {
        assert.equal((await stoppable.app.request('/api/health/ready')).status, 200);
        stopping = true;
        const told = await stoppable.app.request('/api/health/ready');
        assert.equal(told.status, 503);
        assert.deepEqual(await told.json(), { status: 'stopping' });
        assert.equal(told.headers.get('retry-after'), '1');
        for (const [app, what] of [[failing, 'fails'], [hanging, 'hangs']] as const) {
          const unready = await app.app.request('/api/health/ready');
          assert.equal(unready.status, 503, what);
          assert.deepEqual(await unready.json(), { status: 'database unavailable' }, what);
        }
      } finally {
        for (const app of [stoppable, failing, hanging]) app.cleanup();
      }
    });

    describe('CORS', () => {
      test('an allowed origin is echoed exactly on a public widget route, without credentials, with Vary: Origin', async () => {
        const res = await t.app.request('/api/zip/30354', { headers: { Origin: PARTNER_ORIGIN } });
        assert.equal(res.headers.get('access-control-allow-origin'), PARTNER_ORIGIN);
        assert.equal(res.headers.get('access-control-allow-credentials'), null);
        assert.match(res.headers.get('vary') ?? '', /\bOrigin\b/);
      });

      test('issue 22 item 3: a partner origin gets no CORS at all on the session and account routes', async () => {
        for (const path of ['/api/user/retrieve_session', '/api/user/quote?policyNumber=TX0000001', '/api/user/id_card/TX0000001', '/api/account/card?policyNumber=TX0000001', '/api/health']) {
          const res = await t.app.request(path, { headers: { Origin: PARTNER_ORIGIN } });
          assert.equal(res.headers.get('access-control-allow-origin'), null, path);
          assert.equal(res.headers.get('access-control-allow-credentials'), null, path);
          assert.match(res.headers.get('vary') ?? '', /\bOrigin\b/, path);
        }
        for (const path of ['/api/user/clear_session', '/api/user/request_card', '/api/user/update', '/api/user/login_with_password']) {
          const preflight = await t.app.request(path, {
            method: 'OPTIONS',
            headers: { Origin: PARTNER_ORIGIN, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type' },
          });
          assert.equal(preflight.status, 403, path);
          assert.equal(preflight.headers.get('access-control-allow-origin'), null, path);
          assert.equal(preflight.headers.get('access-control-allow-credentials'), null, path);
          const posted = await t.app.request(...postJson(path, {}, { Origin: PARTNER_ORIGIN }));
          assert.equal(posted.status, 403, `${path}: a partner page cannot sign the person out or change the account`);
          assert.equal(posted.headers.get('access-control-allow-origin'), null, path);
        }
      });

      test('issue 22 item 3: every public widget route answers a partner origin without credentials', async () => {
        const routes: [string, string][] = [
          ['POST', '/api/policy/quote'], ['POST', '/api/policy/price'], ['POST', '/api/policy/lookup_quote'], ['POST', '/api/policy/handover'],
          ['POST', '/api/contact/subscribe'], ['POST', '/api/contact/claims'], ['POST', '/api/vin/check'], ['GET', '/api/zip/30354'], ['POST', '/api/vehicle/image'],
        ];
        for (const [method, path] of routes) {
          const res = await t.app.request(path, {
            method: 'OPTIONS',
            headers: { Origin: PARTNER_ORIGIN, 'Access-Control-Request-Method': method, 'Access-Control-Request-Headers': 'content-type' },
          });
          assert.equal(res.status, 204, path);
          assert.equal(res.headers.get('access-control-allow-origin'), PARTNER_ORIGIN, path);
          assert.equal(res.headers.get('access-control-allow-credentials'), null, path);
        }
      });

      test('our own site (same origin) is unaffected', async () => {
        const own = await t.app.request('http://localhost:4321/api/user/retrieve_session', { headers: { Origin: 'http://localhost:4321' } });
        assert.equal(own.status, 401);
        assert.equal(own.headers.get('access-control-allow-origin'), null, 'same origin needs no CORS');
        const out = await t.app.request(...postJson('/api/user/clear_session', {}, { Origin: 'http://localhost:4321' }));
        assert.notEqual(out.status, 403);
      });

      test('another origin, a look-alike and null get no CORS headers but still Vary: Origin', async () => {
        for (const origin of ['https://evil.example', 'https://dealer.example.evil.example', 'http://dealer.example', 'null']) {
          const res = await t.app.request('/api/health', { headers: { Origin: origin } });
          assert.equal(res.headers.get('access-control-allow-origin'), null, origin);
          assert.equal(res.headers.get('access-control-allow-credentials'), null, origin);
          assert.match(res.headers.get('vary') ?? '', /\bOrigin\b/);
        }
      });

      test('a preflight from an allowed origin is answered 204 with methods and headers, without credentials', async () => {
        const res = await t.app.request('/api/contact/subscribe', {
          method: 'OPTIONS',
          headers: { Origin: PARTNER_ORIGIN, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type' },
        });
        assert.equal(res.status, 204);
        assert.equal(res.headers.get('access-control-allow-origin'), PARTNER_ORIGIN);
        assert.equal(res.headers.get('access-control-allow-credentials'), null);
        assert.match(res.headers.get('access-control-allow-methods') ?? '', /\bPOST\b/);
        assert.match(res.headers.get('access-control-allow-headers') ?? '', /Content-Type/i);
        assert.match(res.headers.get('vary') ?? '', /\bOrigin\b/);
      });

      test('a preflight from another origin is refused without CORS headers', async () => {
        const res = await t.app.request('/api/contact/subscribe', {
          method: 'OPTIONS',
          headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'POST' },
        });
        assert.equal(res.status, 403);
        assert.equal(res.headers.get('access-control-allow-origin'), null);
      });

      test('an error answer to an allowed origin still carries CORS headers, so the widget can read it', async () => {
        const res = await t.app.request(...postJson('/api/contact/subscribe', '{', { Origin: PARTNER_ORIGIN }));
        assert.equal(res.status, 400);
        assert.equal(res.headers.get('access-control-allow-origin'), PARTNER_ORIGIN);
      });
    });

    describe('error shape', () => {
      const expectError = async (res: Response, status: number, messages: string[]) => {
        assert.equal(res.status, status);
        assert.match(res.headers.get('content-type') ?? '', /^application\/json/);
        const body = (await res.json()) as { error_messages: string[] };
        assert.deepEqual(body.error_messages, messages);
      };

      test('malformed JSON is a 400 with a clear message', async () => {
        await expectError(await t.app.request(...postJson('/api/contact/subscribe', '{"userFirstName": ')), 400, [HTTP_MESSAGES.invalidJson]);
      });

      test('a JSON value that is not an object is a 400', async () => {
        for (const body of ['[]', 'null', '"text"', '42']) {
          await expectError(await t.app.request(...postJson('/api/contact/subscribe', body)), 400, [HTTP_MESSAGES.notAnObject]);
        }
      });

      test("wrong types and bad values answer each rule's own message, with the field paths", async () => {
        const res = await t.app.request(
          ...postJson('/api/contact/subscribe', { userFirstName: 42, userLastName: 'Sm1th', userEmailAddress: 'not-an-email', userState: 'ZZ' }),
        );
        assert.equal(res.status, 400);
        const body = (await res.json()) as { error_messages: string[]; fields: { path: string; message: string }[] };
        assert.deepEqual(body.error_messages, [MESSAGES.required, MESSAGES.nameLetters, MESSAGES.email, MESSAGES.state]);
        assert.deepEqual(
          body.fields.map((field) => field.path),
          ['userFirstName', 'userLastName', 'userEmailAddress', 'userState'],
        );
      });

      test('missing fields are a 400 with the required message once', async () => {
        const res = await t.app.request(...postJson('/api/contact/subscribe', { userEmailAddress: uniqueEmail() }));
        assert.equal(res.status, 400);
        const body = (await res.json()) as { error_messages: string[]; fields: { path: string }[] };
        assert.deepEqual(body.error_messages, [MESSAGES.required, MESSAGES.state]);
        assert.equal(body.fields.length, 3);
      });

      test('an oversized body is a 413, by Content-Length and by a chunked stream alike', async () => {
        const big = JSON.stringify({ ...valid(), padding: 'x'.repeat(MAX_BODY_BYTES) });
        await expectError(await t.app.request(...postJson('/api/contact/subscribe', big)), 413, [HTTP_MESSAGES.tooLarge]);
        const stream = new ReadableStream({
          start(controller) {
            controller.enqueue(new TextEncoder().encode(big));
            controller.close();
          },
        });
        const [url, init] = postJson('/api/contact/subscribe', '');
        const res = await t.app.request(url, { ...init, body: stream, duplex: 'half' } as RequestInit);
        await expectError(res, 413, [HTTP_MESSAGES.tooLarge]);
      });

      test('a state-changing call that is not application/json is a 415', async () => {
        for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
          const [url, init] = postJson('/api/contact/subscribe', valid(), { 'Content-Type': type });
          await expectError(await t.app.request(url, init), 415, [HTTP_MESSAGES.unsupportedType]);
        }
        const [url, init] = postJson('/api/contact/subscribe', valid());
        const headers = new Headers(init.headers);
        headers.delete('content-type');
        await expectError(await t.app.request(url, { ...init, headers }), 415, [HTTP_MESSAGES.unsupportedType]);
      });

      test('application/json with a charset is accepted', async () => {
        const res = await t.app.request(...postJson('/api/contact/subscribe', valid(), { 'Content-Type': 'application/json; charset=utf-8' }));
        assert.equal(res.status, 201);
      });

      test('a state-changing call from a foreign origin is a 403; allowed origins pass', async () => {
        for (const origin of ['https://evil.example', 'null']) {
          await expectError(await t.app.request(...postJson('/api/contact/subscribe', valid(), { Origin: origin })), 403, [HTTP_MESSAGES.forbiddenOrigin]);
        }
        const [url, init] = postJson('/api/contact/subscribe', valid());
        const headers = new Headers(init.headers);
        headers.delete('origin');
        headers.set('sec-fetch-site', 'cross-site');
        await expectError(await t.app.request(url, { ...init, headers }), 403, [HTTP_MESSAGES.forbiddenOrigin]);
        assert.equal((await t.app.request(...postJson('/api/contact/subscribe', valid(), { Origin: PARTNER_ORIGIN }))).status, 201);
        headers.delete('sec-fetch-site');
        assert.equal((await t.app.request(url, { ...init, headers, body: JSON.stringify(valid()) })).status, 201, 'no Origin: not a browser');
      });

      test('DNS rebinding: an Origin that merely matches the Host header is refused, and so is a Host not ours', async () => {
        const count = async () => (await testDb.db.query<{ n: number }>('SELECT count(*)::int AS n FROM subscribers'))[0]!.n;
        const before = await count();
        // the shape of the attack: evil.test made to resolve to our address, the page posting to itself
        const attack = await t.app.request('http://evil.test:4701/api/contact/subscribe', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Host: 'evil.test:4701', Origin: 'http://evil.test:4701' },
          body: JSON.stringify(valid()),
        });
        await expectError(attack, 421, [HTTP_MESSAGES.misdirected]);
        // the Host header alone decides, whatever the URL says
        const [url, init] = postJson('/api/contact/subscribe', valid(), { Origin: 'http://evil.test:4701' });
        const headers = new Headers(init.headers);
        headers.set('host', 'evil.test:4701');
        await expectError(await t.app.request(url, { ...init, headers }), 421, [HTTP_MESSAGES.misdirected]);
        // the site's pages too (the development outbox lists e-mails)
        const page = await t.app.request('http://evil.test:4701/dev/outbox', { headers: { Host: 'evil.test:4701' } });
        assert.equal(page.status, 421);
        assert.equal(await page.text(), HTTP_MESSAGES.misdirected);
        assert.equal(await count(), before, 'nothing was stored by the refused calls');
      });

      test('the Origin is compared with the public origin and the CORS list, not with the request', async () => {
        // a request to our own host name from a page whose origin is that host: allowed only on loopback
        const ours = await t.app.request('http://localhost:4321/api/contact/subscribe', {
          method: 'POST', headers: { 'Content-Type': 'application/json', Origin: 'http://localhost:4321' }, body: JSON.stringify(valid()),
        });
        assert.equal(ours.status, 201, 'the public origin');
        const loopback = await t.app.request('http://127.0.0.1:4321/api/contact/subscribe', {
          method: 'POST', headers: { 'Content-Type': 'application/json', Origin: 'http://127.0.0.1:4321' }, body: JSON.stringify(valid()),
        });
        assert.equal(loopback.status, 201, 'the same loopback origin (a developer on 127.0.0.1)');
        const otherLoopback = await t.app.request('http://127.0.0.1:4321/api/contact/subscribe', {
          method: 'POST', headers: { 'Content-Type': 'application/json', Origin: 'http://127.0.0.1:3000' }, body: JSON.stringify(valid()),
        });
        await expectError(otherLoopback, 403, [HTTP_MESSAGES.forbiddenOrigin]);
        assert.equal((await t.app.request(...postJson('/api/contact/subscribe', valid(), { Origin: PARTNER_ORIGIN }))).status, 201, 'the CORS list');
        assert.equal((await t.app.request('/api/health', { headers: { Host: '[::1]:4321' } })).status, 200, 'IPv6 loopback');
      });

      test('an unknown /api route is a JSON 404, whatever the method', async () => {
        await expectError(await t.app.request('/api/no-such-thing'), 404, [HTTP_MESSAGES.notFound]);
        await expectError(await t.app.request(...postJson('/api/no-such-thing', {})), 404, [HTTP_MESSAGES.notFound]);
        await expectError(await t.app.request('/api'), 404, [HTTP_MESSAGES.notFound]);
      });

      test('a failure of our own is a 500 in the same shape, logged without details to the caller', async () => {
        const broken = testApp({ ...testDb.db, query: async () => Promise.reject(new Error('db down for ann@example.com')) });
        try {
          await expectError(await broken.app.request('/api/health'), 500, [HTTP_MESSAGES.internal]);
          const logged = broken.logs.join('\n');
          assert.match(logged, /ERROR GET \/api\/health Error: db down for \[email\]/);
          assert.doesNotMatch(logged, /ann@example\.com/);
        } finally {
          broken.cleanup();
        }
      });

      test('a database that cannot be reached is a 503 with Retry-After in the same shape, logged without personal data', async () => {
        const lost = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
        const down = testApp({ ...testDb.db, query: async () => Promise.reject(new DatabaseUnavailableError(lost)) });
        try {
          const res = await down.app.request(...postJson('/api/contact/subscribe', { ...valid(), userEmailAddress: 'ann@example.com' }));
          assert.equal(res.headers.get('retry-after'), String(DATABASE_RETRY_AFTER_SECONDS));
          await expectError(res, 503, [HTTP_MESSAGES.unavailable]);
          const logged = down.logs.join('\n');
          assert.match(logged, /ERROR POST \/api\/contact\/subscribe \[57P01\] DatabaseUnavailableError: The database connection failed/);
          assert.doesNotMatch(logged, /ann@example\.com/);
        } finally {
          down.cleanup();
        }
      });

      test('the ops page answers the same 503 when the database cannot be reached', async () => {
        const refused = Object.assign(new Error('connect ECONNREFUSED 10.0.0.5:5432'), { code: 'ECONNREFUSED' });
        const down = testApp(
          { ...testDb.db, query: async () => Promise.reject(new DatabaseUnavailableError(refused)) },
          { config: { opsPassword: 'a-long-operations-password' } },
        );
        try {
          const res = await down.app.request('/ops/odometer', {
            headers: { Authorization: `Basic ${Buffer.from('ops:a-long-operations-password').toString('base64')}` },
          });
          assert.equal(res.headers.get('retry-after'), String(DATABASE_RETRY_AFTER_SECONDS));
          await expectError(res, 503, [HTTP_MESSAGES.unavailable]);
          assert.match(down.logs.join('\n'), /ERROR GET \/ops \[ECONNREFUSED\] DatabaseUnavailableError/);
        } finally {
          down.cleanup();
        }
      });
    });
  });
}
