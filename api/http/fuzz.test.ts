/**
 * The seeded fuzz (issue 22): every entry of the table of endpoints gets 200 hostile requests
 * (api/testing/fuzz.ts) and answers none of them with a 5xx. The counts by status are in each test's name's
 * diagnostic. `npm run fuzz` sends 10,000 a route with the same generator (api/testing/fuzz-cli.ts).
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ENDPOINTS } from './endpoints-readme.ts';
import { dbTargets, PUBLIC_ORIGIN, suiteApp, uniqueEmail, type TestApp } from '../testing/harness.ts';
import { fuzzRequests, statusCounts, type FuzzRequest } from '../testing/fuzz.ts';
import { GOOD_PASSWORD, logIn, makeAccount, newClient, withSession } from '../auth/testing.ts';

const SEED = 22;
const PER_ROUTE = 200;

/** Sends the requests one after another; the statuses, and the labels of any 5xx. */
export async function sendAll(t: TestApp, requests: FuzzRequest[]): Promise<{ statuses: number[]; failures: string[] }> {
  const statuses: number[] = [];
  const failures: string[] = [];
  for (const request of requests) {
    const res = await t.app.request(`http://localhost:4321${request.path}`, { method: request.method, headers: request.headers, body: request.body ?? null });
    await res.arrayBuffer();
    statuses.push(res.status);
    if (res.status >= 500) failures.push(`${res.status} ${request.label}`);
  }
  return { statuses, failures };
}

for (const target of dbTargets()) {
  describe(`the fuzz on ${target}: no request of ${PER_ROUTE} a route answers a 5xx`, () => {
    const { testDb, t } = suiteApp(target, { config: { trustProxy: 1 } });
    const all: number[] = [];

    for (const [index, endpoint] of ENDPOINTS.entries()) {
      test(`${endpoint.method} ${endpoint.path}`, async (context) => {
        let session: (() => Record<string, string>) | null = null;
        if (endpoint.session) {
          const email = uniqueEmail('fuzz');
          await makeAccount(testDb.db, email, new Date());
          const { sessionId } = await logIn(t, email, GOOD_PASSWORD);
          assert.ok(sessionId);
          session = () => withSession(sessionId);
        }
        const requests = fuzzRequests(endpoint, SEED + index, PER_ROUTE, { headers: () => ({ Origin: PUBLIC_ORIGIN, ...newClient() }), session });
        const { statuses, failures } = await sendAll(t, requests);
        all.push(...statuses);
        context.diagnostic(statusCounts(statuses));
        assert.deepEqual(failures, []);
      });
    }

    test('all routes together', (context) => {
      context.diagnostic(`${all.length} requests: ${statusCounts(all)}`);
      assert.ok(all.every((status) => status < 500));
    });
  });
}
