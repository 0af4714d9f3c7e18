import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { localToday, MESSAGES, type HandoverAnswer, type QuotePolicy } from '../../contract/index.ts';
import { bindRequestFor } from '../policies/testing.ts';
import { quoteRequestFixture } from '../quotes/testing.ts';
import { TOKEN_PURPOSES, hashToken } from '../tokens/tokens.ts';
import { dbTargets, postJson, suiteApp, uniqueEmail } from '../testing/harness.ts';

const NOW = new Date('2026-03-02T12:00:00.000Z');
const TODAY = localToday(NOW);

let client = 0;
const from = () => ({ 'X-Forwarded-For': `198.51.100.${++client}` });

for (const target of dbTargets()) {
  describe(`hand-over on ${target}`, () => {
    let now = NOW;
    const { testDb, t } = suiteApp(target, { clock: () => now, config: { trustProxy: 1 } });

    const post = async (path: string, body: unknown, headers: Record<string, string> = from()) => {
      const res = await t.app.request(...postJson(path, body, headers));
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    async function quote() {
      const request = quoteRequestFixture({ today: TODAY, email: uniqueEmail('handover'), state: 'TX' });
      const { body } = await post('/api/policy/quote', request);
      const policy = (body.policies as QuotePolicy[])[0]!;
      const insured = request.drivers[0];
      return { policy, email: request.emailAddress as string, dob: insured.dob as string, zip: request.addresses[0].zip as string };
    }
    const wizard = { info: { firstName: 'Ann', state: 'TX' }, attribution: { dealer: 'TX01' }, step: 6 };

    test('issued for the quote number with its birth date and ZIP, redeemed once for the stored quote and the answers', async () => {
      const q = await quote();
      const issued = await post('/api/policy/handover', { quoteNumber: q.policy.policyNumber, dob: q.dob, zip: q.zip, wizard });
      assert.equal(issued.status, 200);
      const token = issued.body.token as string;
      assert.match(token, /^[0-9a-f]{64}$/);
      const stored = await testDb.db.query<{ purpose: string; expires_at: Date }>('SELECT purpose, expires_at FROM tokens WHERE token_hash = $1', [hashToken(token)]);
      assert.equal(stored[0]!.purpose, 'handover');
      assert.equal(stored[0]!.expires_at.getTime(), NOW.getTime() + TOKEN_PURPOSES.handover.ttlMs);
      const redeemed = await post('/api/policy/redeem_handover', { token });
      assert.equal(redeemed.status, 200);
      const answer = redeemed.body as unknown as HandoverAnswer;
      assert.equal(answer.quoteNumber, q.policy.policyNumber);
      assert.deepEqual(answer.wizard, wizard);
      assert.deepEqual((answer.quote.policies[0] as QuotePolicy).policyNumber, q.policy.policyNumber);
      assert.ok(answer.quoteRequest);
      const again = await post('/api/policy/redeem_handover', { token });
      assert.deepEqual([again.status, again.body.error_messages], [404, [MESSAGES.handoverNotFound]]);
      const payload = await testDb.db.query<{ payload: unknown }>('SELECT payload FROM tokens WHERE token_hash = $1', [hashToken(token)]);
      assert.equal(payload[0]!.payload, null, 'the answers are erased once spent');
    });

    test('the retrieve window names the quote by e-mail (any case): one lookup, no answers carried', async () => {
      const q = await quote();
      const issued = await post('/api/policy/handover', { emailAddress: q.email.toUpperCase(), dob: q.dob, zip: q.zip });
      assert.equal(issued.status, 200);
      assert.equal(issued.body.quoteNumber, q.policy.policyNumber);
      const redeemed = await post('/api/policy/redeem_handover', { token: issued.body.token });
      assert.equal((redeemed.body as unknown as HandoverAnswer).wizard, null);
    });

    test('a quote number alone opens nothing: a wrong birth date or ZIP is the lookup’s one miss', async () => {
      const q = await quote();
      const wrongDob = await post('/api/policy/handover', { quoteNumber: q.policy.policyNumber, dob: '1950-01-01', zip: q.zip });
      assert.deepEqual([wrongDob.status, wrongDob.body.error_messages], [404, [MESSAGES.quoteNotFound]]);
      const wrongZip = await post('/api/policy/handover', { quoteNumber: q.policy.policyNumber, dob: q.dob, zip: '00000' });
      assert.equal(wrongZip.status, 404);
      const neither = await post('/api/policy/handover', { dob: q.dob, zip: q.zip });
      assert.deepEqual([neither.status, neither.body.error_messages], [400, [MESSAGES.handoverNeedsQuote]]);
    });

    test('ten minutes, purpose-bound, bounded in size and characters, and closed once the quote is bought', async () => {
      const q = await quote();
      const issue = () => post('/api/policy/handover', { quoteNumber: q.policy.policyNumber, dob: q.dob, zip: q.zip, wizard });
      const late = (await issue()).body.token as string;
      try {
        now = new Date(NOW.getTime() + TOKEN_PURPOSES.handover.ttlMs);
        assert.equal((await post('/api/policy/redeem_handover', { token: late })).status, 404);
      } finally {
        now = NOW;
      }
      const asLink = await post('/api/policy/redeem_quote_link', { token: (await issue()).body.token });
      assert.equal(asLink.status, 404, 'a hand-over is not a quote link');
      const big = await post('/api/policy/handover', { quoteNumber: q.policy.policyNumber, dob: q.dob, zip: q.zip, wizard: { notes: 'x'.repeat(50_000) } });
      assert.equal(big.status, 400);
      const unsafe = await post('/api/policy/handover', { quoteNumber: q.policy.policyNumber, dob: q.dob, zip: q.zip, wizard: { info: { firstName: 'A\u0000' } } });
      assert.deepEqual([unsafe.status, unsafe.body.error_messages], [400, [MESSAGES.textCharacters]]);

      const pending = (await issue()).body.token as string;
      const bind = await t.app.request(
        ...postJson(
          '/api/policy/bind',
          bindRequestFor(q.policy),
          { 'Idempotency-Key': `handover-test-${process.pid}-${target}` },
        ),
      );
      assert.equal(bind.status, 200);
      assert.equal((await post('/api/policy/redeem_handover', { token: pending })).status, 404, 'a bought quote is not handed over');
      assert.equal((await issue()).status, 404);
    });

    test('issuing shares the lookup’s per-client limit', async () => {
      const q = await quote();
      const headers = { 'X-Forwarded-For': '192.0.2.77' };
      const statuses: number[] = [];
      for (let i = 0; i < 11; i += 1) {
        statuses.push((await post('/api/policy/handover', { quoteNumber: q.policy.policyNumber, dob: '1950-01-01', zip: q.zip }, headers)).status);
      }
      assert.deepEqual(statuses.slice(0, 10), Array(10).fill(404));
      assert.equal(statuses[10], 429);
    });
  });
}
