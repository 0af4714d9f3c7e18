import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { localToday, MESSAGES, type EsignView, type RolloverResponse } from '../../contract/index.ts';
import { createFileBlobStore } from '../blobs/file-store.ts';
import type { Db } from '../db/db.ts';
import { pdfFlatText } from '../documents/pdf/testing.ts';
import { createTestModeGateway } from '../payments/test-mode.ts';
import { bindPolicy, outboxTexts, type BoundPolicy } from '../policies/testing.ts';
import { rateTableFor, RATE_TABLES, type RateTable } from '../rating/index.ts';
import { dbTargets, postJson, suiteApp } from '../testing/harness.ts';
import { hashToken } from '../tokens/tokens.ts';
import { runRenewalJob } from './job.ts';
import { releaseLease, takeLease } from '../jobs/lease.ts';
import { runRenewals, type RenewDeps } from './run.ts';
import { issuedPolicy as issuePolicy } from './testing.ts';

/** Bound on 2026-03-02 (noon UTC: the same day in every zone the tests run in); the term ends 2026-09-02. */
const BOUGHT = new Date('2026-03-02T12:00:00.000Z');
const TODAY = localToday(BOUGHT);
const at = (iso: string) => new Date(`${iso}T12:00:00.000Z`);
/** 30 days before 2026-09-02. */
const NOTICE_DAY = at('2026-08-03');

for (const target of dbTargets()) {
  describe(`the renewal run and the rollover on ${target}`, () => {
    let now = BOUGHT;
    const logs: string[] = [];
    let deps: RenewDeps;
    const { testDb, t } = suiteApp(target, (db) => ({ clock: () => now, payments: createTestModeGateway(db) }));
    before(() => {
      deps = { db: testDb.db, blobs: createFileBlobStore(join(t.config.dataDir, 'blobs')), clock: () => now, config: t.config, log: (line) => logs.push(line) };
    });

    const get = (path: string) => t.app.request(`http://localhost:4321${path}`);
    const pathOf = (url: string) => url.replace(/^https?:\/\/[^/]+/, '');
    async function run(db: Db = testDb.db) {
      const result = await runRenewals({ ...deps, db });
      await t.mail.deliverDue();
      await t.mail.settled();
      return result;
    }
    const renewalMails = (policy: BoundPolicy) => outboxTexts(t.outboxDir, new RegExp(`Renew your .* policy ${policy.policyNumber}`));
    const rolloverToken = (mail: string) => /\/rollover#([0-9a-f]{64})/.exec(mail)?.[1];
    const rollover = (token: string) => t.app.request(...postJson('/api/policy/rollover', { token }));

    /** A policy bought on BOUGHT and issued: signed, and a verified reading of each vehicle. */
    async function issuedPolicy(options: Parameters<typeof bindPolicy>[3] = {}): Promise<BoundPolicy> {
      now = BOUGHT;
      return issuePolicy(t, testDb.db, TODAY, BOUGHT, options);
    }

    test('30 days before the term ends, the next term is priced, its papers made and the rollover link e-mailed, once', async () => {
      const policy = await issuedPolicy({ vehicles: 2 });
      now = at('2026-08-02');
      assert.equal((await run()).offered, 0, 'not yet: 31 days before');
      assert.equal(renewalMails(policy).length, 0);

      now = NOTICE_DAY;
      const first = await run();
      assert.deepEqual(first, { offered: 1, started: 0, lapsed: 0, alreadyRenewed: 0, failed: 0 });
      const renewals = await testDb.db.query<{ term_start: string; term_end: string; rate_table_version: string; status: string; answer: { policyNumber: string; effectiveDate: string } }>(
        `SELECT to_char(term_start, 'YYYY-MM-DD') AS term_start, to_char(term_end, 'YYYY-MM-DD') AS term_end, rate_table_version, status, answer
         FROM renewals WHERE policy_id = $1`,
        [policy.policyId],
      );
      assert.equal(renewals.length, 1);
      const renewal = renewals[0]!;
      assert.deepEqual([renewal.term_start, renewal.term_end], ['2026-09-02', '2027-03-02'], 'the same 6-month length, from the day the term ends');
      assert.equal(renewal.rate_table_version, rateTableFor('TX', '2026-09-02').version);
      assert.equal(renewal.status, 'offered');
      assert.equal(renewal.answer.policyNumber, policy.policyNumber);
      assert.equal(renewal.answer.effectiveDate, '2026-09-02');

      const mails = renewalMails(policy);
      assert.equal(mails.length, 1);
      assert.match(mails[0]!, /09\/02\/2026 to 03\/02\/2027/);
      const token = rolloverToken(mails[0]!);
      assert.ok(token, 'the e-mail carries /rollover#<token>');
      const stored = await testDb.db.query<{ purpose: string; expires_at: Date }>('SELECT purpose, expires_at FROM tokens WHERE token_hash = $1', [hashToken(token)]);
      assert.equal(stored[0]!.purpose, 'rollover');
      assert.equal(stored[0]!.expires_at.toISOString(), '2026-09-03T00:00:00.000Z', 'valid until the term’s last day is over');

      // The same day again, and the days after: nothing renewed twice, no second e-mail.
      assert.deepEqual(await run(), { offered: 0, started: 0, lapsed: 0, alreadyRenewed: 0, failed: 0 });
      now = at('2026-08-20');
      assert.equal((await run()).offered, 0);
      assert.equal(renewalMails(policy).length, 1);
      assert.ok(!logs.join('\n').includes(token), 'the token is never logged');
    });

    test('two runs at once (two replicas) make one renewal and send one e-mail', async () => {
      const policy = await issuedPolicy();
      now = NOTICE_DAY;
      const second = target === 'postgres' ? await testDb.reopen() : testDb.db;
      try {
        const results = await Promise.all([runRenewals(deps), runRenewals({ ...deps, db: second })]);
        await t.mail.deliverDue();
        await t.mail.settled();
        assert.equal(results.reduce((sum, result) => sum + result.offered, 0), 1);
        assert.equal(results.reduce((sum, result) => sum + result.failed, 0), 0);
      } finally {
        if (second !== testDb.db) await second.close();
      }
      const rows = await testDb.db.query('SELECT 1 FROM renewals WHERE policy_id = $1', [policy.policyId]);
      assert.equal(rows.length, 1);
      assert.equal(renewalMails(policy).length, 1);
    });

    test('the database refuses a second renewal of the same term', async () => {
      const policy = await issuedPolicy();
      now = NOTICE_DAY;
      await run();
      await assert.rejects(
        testDb.db.query(
          `INSERT INTO renewals (policy_id, term_start, term_end, rate_table_version, answer, application_document_id, declaration_document_id, created_at)
           SELECT policy_id, term_start, term_end, rate_table_version, answer, application_document_id, declaration_document_id, created_at
           FROM renewals WHERE policy_id = $1`,
          [policy.policyId],
        ),
        /unique|duplicate/i,
      );
    });

    test('only issued policies whose term has not ended are renewed', async () => {
      now = BOUGHT;
      const bound = await bindPolicy(t, testDb.db, TODAY, { state: 'TX' });
      const lapsed = await issuedPolicy();
      now = at('2026-09-02');
      await run();
      for (const policy of [bound, lapsed]) {
        const rows = await testDb.db.query('SELECT 1 FROM renewals WHERE policy_id = $1', [policy.policyId]);
        assert.equal(rows.length, 0);
      }
    });

    test('the next term is priced with the rate table in force on its first day, not the one it was bought with', async () => {
      const policy = await issuedPolicy();
      const tx = RATE_TABLES.TX as RateTable[];
      const current = tx[0]!;
      const revised: RateTable = {
        ...current,
        version: 'TX-2026-09-01.1',
        effectiveDate: '2026-09-01',
        territory: { ...current.territory, byZipPrefix: { ...current.territory.byZipPrefix, '787': current.territory.byZipPrefix['787']! * 1.2 } },
      };
      tx.push(revised);
      try {
        now = NOTICE_DAY;
        assert.ok((await run()).offered >= 1);
      } finally {
        tx.pop();
      }
      const rows = await testDb.db.query<{ rate_table_version: string; answer: { vehicleInfo: { premiumInfo: { baseRate: number } }[] } }>(
        'SELECT rate_table_version, answer FROM renewals WHERE policy_id = $1',
        [policy.policyId],
      );
      assert.equal(rows[0]!.rate_table_version, 'TX-2026-09-01.1');
      assert.ok(rows[0]!.answer.vehicleInfo[0]!.premiumInfo.baseRate > policy.quote.vehicleInfo[0]!.premiumInfo.baseRate, 'the revised territory factor raised the price');
    });

    test('the rollover link opens the renewal: its declarations, and the e-signature of its application, once', async () => {
      const policy = await issuedPolicy();
      now = NOTICE_DAY;
      await run();
      const token = rolloverToken(renewalMails(policy)[0]!)!;

      const res = await rollover(token);
      assert.equal(res.status, 200, await res.clone().text());
      assert.equal(res.headers.get('cache-control'), 'no-store');
      const { data } = (await res.json()) as RolloverResponse;
      assert.match(pathOf(data.documents_url), /^\/account\/documents\/[0-9a-f]{64}$/);
      assert.match(pathOf(data.esignature_url), /^\/account\/sign\?token=[0-9a-f]{64}$/);
      assert.equal(data.signed, false, 'the renewal asks to be signed');

      const declarations = await get(pathOf(data.quote_url!));
      assert.equal(declarations.status, 200);
      assert.equal(declarations.headers.get('content-disposition'), `inline; filename="Renewal-Declaration-Page-${policy.policyNumber}.pdf"`);
      const declarationsText = await pdfFlatText(new Uint8Array(await declarations.arrayBuffer()));
      assert.match(declarationsText, /09\/02\/2026 to 03\/02\/2027/);
      assert.match(declarationsText, new RegExp(policy.policyNumber));

      // The sign page, opened with the answer's link, shows the renewal application, not the signed original.
      const signToken = new URL(data.esignature_url).searchParams.get('token')!;
      const view = (await (await get(`/api/esign?token=${signToken}`)).json()) as EsignView;
      assert.equal(view.status, 'open');
      assert.equal(view.subject, 'renewal', 'the page words it as a renewal');
      const application = await get(pathOf(view.applicationUrl));
      const applicationText = await pdfFlatText(new Uint8Array(await application.arrayBuffer()));
      assert.match(applicationText, /renews policy/);
      assert.match(applicationText, /09\/02\/2026 to 03\/02\/2027/);

      const wrongName = await t.app.request(...postJson('/api/esign', { token: signToken, consent: true, fullName: 'Somebody Else' }));
      assert.equal(wrongName.status, 422);
      const signed = await t.app.request(...postJson('/api/esign', { token: signToken, consent: true, fullName: 'ann driver' }, { 'User-Agent': 'TestBrowser/1.0' }));
      assert.equal(signed.status, 200, await signed.clone().text());
      const rows = await testDb.db.query<{ status: string; signer_name: string; user_agent: string }>(
        `SELECT r.status, e.signer_name, e.user_agent FROM renewals r JOIN signatures e ON e.renewal_id = r.id WHERE r.policy_id = $1`,
        [policy.policyId],
      );
      assert.deepEqual(rows, [{ status: 'signed', signer_name: 'ann driver', user_agent: 'TestBrowser/1.0' }]);
      const again = await t.app.request(...postJson('/api/esign', { token: signToken, consent: true, fullName: 'Ann Driver' }));
      assert.equal(again.status, 409);
      assert.deepEqual(await again.json(), { error_messages: [MESSAGES.esignAlreadySigned] });
      assert.equal(((await (await get(`/api/esign?token=${signToken}`)).json()) as EsignView).status, 'signed');
      const policyRow = await testDb.db.query<{ status: string }>('SELECT status FROM policies WHERE id = $1', [policy.policyId]);
      assert.equal(policyRow[0]!.status, 'ISSUED', 'the policy itself is untouched');

      // Not single use: the link opens again until the term ends, then never; signed, it asks for nothing more.
      assert.equal(((await (await rollover(token)).json()) as RolloverResponse).data.signed, true);
      now = at('2026-09-02');
      assert.equal((await rollover(token)).status, 200);
      now = new Date('2026-09-03T00:00:00.000Z');
      const expired = await rollover(token);
      assert.equal(expired.status, 404);
      assert.deepEqual(await expired.json(), { error_messages: [MESSAGES.rolloverNotFound] });
    });

    test('an unknown token and a token of another purpose are the same 404', async () => {
      const policy = await issuedPolicy();
      now = BOUGHT;
      for (const token of ['0'.repeat(64), policy.documentsToken]) {
        const res = await rollover(token);
        assert.equal(res.status, 404);
        assert.deepEqual(await res.json(), { error_messages: [MESSAGES.rolloverNotFound] });
      }
      const malformed = await rollover('');
      assert.equal(malformed.status, 400);
    });

    test("the job lease: one holder at a time, a daily job once a day, and a dead holder's lease runs out", async () => {
      const name = `test-job-${target}`;
      const day = (iso: string) => ({ name, now: at(iso), leaseMs: 30 * 60_000, day: iso });
      assert.equal(await takeLease(testDb.db, { holder: 'a', ...day('2026-05-01') }), true);
      assert.equal(await takeLease(testDb.db, { holder: 'b', ...day('2026-05-01') }), false, 'held by a');
      await releaseLease(testDb.db, name, 'a', at('2026-05-01'), '2026-05-01');
      assert.equal(await takeLease(testDb.db, { holder: 'b', ...day('2026-05-01') }), false, 'done for the day');
      assert.equal(await takeLease(testDb.db, { holder: 'b', ...day('2026-05-02') }), true, 'the next day');
      // b dies holding it: nobody gets it until its lease ends, then anyone does.
      assert.equal(await takeLease(testDb.db, { holder: 'c', ...day('2026-05-02'), now: new Date(at('2026-05-02').getTime() + 29 * 60_000) }), false);
      assert.equal(await takeLease(testDb.db, { holder: 'c', ...day('2026-05-02'), now: new Date(at('2026-05-02').getTime() + 30 * 60_000) }), true);
      await releaseLease(testDb.db, name, 'b', at('2026-05-03'), '2026-05-03');
      assert.equal(await takeLease(testDb.db, { holder: 'd', ...day('2026-05-03'), now: new Date(at('2026-05-02').getTime() + 31 * 60_000) }), false, 'a late release by b does not end c’s lease');
    });

    test('the daily job runs once a day whichever replica asks; `npm run renew` runs whenever no run is under way', async () => {
      const policy = await issuedPolicy();
      now = NOTICE_DAY;
      const job = { ...deps, mail: t.mail };
      // (policies of the tests above that are due are renewed by this run too)
      const first = await runRenewalJob(job, 'replica-1', { daily: true });
      assert.ok((first?.offered ?? 0) >= 1);
      assert.equal((await testDb.db.query('SELECT 1 FROM renewals WHERE policy_id = $1', [policy.policyId])).length, 1);
      assert.equal(await runRenewalJob(job, 'replica-2', { daily: true }), null, 'today is done');
      assert.deepEqual(await runRenewalJob(job, 'command-line', { daily: false }), { offered: 0, started: 0, lapsed: 0, alreadyRenewed: 0, failed: 0 });
      now = at('2026-08-04');
      assert.deepEqual(await runRenewalJob(job, 'replica-2', { daily: true }), { offered: 0, started: 0, lapsed: 0, alreadyRenewed: 0, failed: 0 });
      await t.mail.settled();
      assert.equal(renewalMails(policy).length, 1);
    });
  });
}
