/**
 * `npm run fuzz`: the suite's fuzz (api/http/fuzz.test.ts) at 10,000 requests a route, against an in-process
 * app on PGlite, outside the suite; prints the counts by status for each route and in all, and every 5xx's
 * case, and exits 1 when there was one. `npm run fuzz -- 500 7` sends 500 a route from seed 7.
 */
import { ENDPOINTS } from '../http/endpoints-readme.ts';
import { GOOD_PASSWORD, logIn, makeAccount, newClient, withSession } from '../auth/testing.ts';
import { openTestDb, PUBLIC_ORIGIN, testApp, uniqueEmail } from './harness.ts';
import { fuzzRequests, statusCounts } from './fuzz.ts';

const perRoute = Number(process.argv[2] ?? 10_000);
const seed = Number(process.argv[3] ?? 22);
const testDb = await openTestDb('pglite');
const t = testApp(testDb.db, { config: { trustProxy: 1 } });
const all: number[] = [];
const failures: string[] = [];
const started = Date.now();
try {
  for (const [index, endpoint] of ENDPOINTS.entries()) {
    let session: (() => Record<string, string>) | null = null;
    if (endpoint.session) {
      const email = uniqueEmail('fuzz');
      await makeAccount(testDb.db, email, new Date());
      const { sessionId } = await logIn(t, email, GOOD_PASSWORD);
      if (sessionId) session = () => withSession(sessionId);
    }
    const statuses: number[] = [];
    for (const request of fuzzRequests(endpoint, seed + index, perRoute, { headers: () => ({ Origin: PUBLIC_ORIGIN, ...newClient() }), session })) {
      const res = await t.app.request(`http://localhost:4321${request.path}`, { method: request.method, headers: request.headers, body: request.body ?? null });
      await res.arrayBuffer();
      statuses.push(res.status);
      if (res.status >= 500) failures.push(`${endpoint.method} ${endpoint.path}: ${res.status} ${request.label}`);
    }
    all.push(...statuses);
    console.log(`${endpoint.method} ${endpoint.path}: ${statusCounts(statuses)}`);
  }
  console.log(`\n${all.length} requests in ${Math.round((Date.now() - started) / 1000)} s: ${statusCounts(all)}`);
  for (const failure of failures.slice(0, 50)) console.log(`5xx: ${failure}`);
  process.exitCode = failures.length > 0 ? 1 : 0;
} finally {
  t.cleanup();
  await testDb.cleanup();
}
