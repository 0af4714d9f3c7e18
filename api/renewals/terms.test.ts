import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { BRAND, localToday, MESSAGES, toCents, type DocumentListResponse, type EsignView, type QuotePolicy, type RolloverResponse } from '../../contract/index.ts';
import { sessionAnswer } from '../account/session-answer.ts';
import { statementsOf } from '../account/statements.ts';
import { signedInAccount } from '../account/testing.ts';
import { createFileBlobStore } from '../blobs/file-store.ts';
import type { Db } from '../db/db.ts';
import { formatPerMileRate } from '../../contract/rules/money.ts';
import { pdfFlatText } from '../documents/pdf/testing.ts';
import { createTestModeGateway } from '../payments/test-mode.ts';
import { outboxTexts, type BoundPolicy } from '../policies/testing.ts';
import { readPolicyRecord } from '../policies/records.ts';
import { RATE_TABLES, type RateTable } from '../rating/index.ts';
import { issueToken } from '../tokens/tokens.ts';
import { dbTargets, postJson, suiteApp } from '../testing/harness.ts';
import { runRenewalJob, runTermsJob } from './job.ts';
import { runRenewals, type RenewDeps } from './run.ts';
import { issuedPolicy as issuePolicy } from './testing.ts';

/**
 * Bought 2026-03-02 (noon UTC: the same day in every zone the tests run in); the term ends 2026-09-02. Times
 * other than noon stay within 11:00 to 13:00 UTC where the local day matters (the run's "today").
 */
const BOUGHT = new Date('2026-03-02T12:00:00.000Z');
const at = (iso: string, time = '12:00:00') => new Date(`${iso}T${time}.000Z`);
/** 30 days before 2026-09-02: the renewal is offered. */
const NOTICE_DAY = at('2026-08-03');
/** The renewal's first day. */
const TERM_START = '2026-09-02';
const REVISED_VERSION = 'TX-2026-09-01.1';

for (const target of dbTargets()) {
  describe(`a renewal's first day on ${target}: the signed one takes effect, the unsigned one lapses`, () => {
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
    const mailsOf = (policy: BoundPolicy, subject: RegExp) =>
      outboxTexts(t.outboxDir, subject).filter((text) => text.includes(policy.policyNumber));
    const offerMails = (policy: BoundPolicy) => mailsOf(policy, /Subject: Renew your /);
    const newTermMails = (policy: BoundPolicy) => mailsOf(policy, /your new term has begun/);
    const lapsedMails = (policy: BoundPolicy) => mailsOf(policy, /Subject: Your .* ended on /);
    const rolloverToken = (mail: string) => /\/rollover#([0-9a-f]{64})/.exec(mail)?.[1];
    const rollover = (token: string) => t.app.request(...postJson('/api/policy/rollover', { token }));

    async function issuedPolicy(): Promise<BoundPolicy> {
      now = BOUGHT;
      return issuePolicy(t, testDb.db, localToday(BOUGHT), BOUGHT);
    }

    /** The renewal offered on NOTICE_DAY, priced with a TX revision dated 2026-09-01 so its rates differ. */
    async function offered(policy: BoundPolicy): Promise<string> {
      const tx = RATE_TABLES.TX as RateTable[];
      const current = tx[0]!;
      tx.push({
        ...current,
        version: REVISED_VERSION,
        effectiveDate: '2026-09-01',
        territory: { ...current.territory, byZipPrefix: { ...current.territory.byZipPrefix, '787': current.territory.byZipPrefix['787']! * 1.5 } },
      });
      try {
        now = NOTICE_DAY;
        await run();
      } finally {
        tx.pop();
      }
      const mails = offerMails(policy);
      assert.equal(mails.length, 1);
      return rolloverToken(mails[0]!)!;
    }

    /** Signs the renewal as the insured does: the rollover link, then the e-signature it answers. */
    async function sign(rolloverTokenValue: string): Promise<void> {
      const res = await rollover(rolloverTokenValue);
      assert.equal(res.status, 200, await res.clone().text());
      const { data } = (await res.json()) as RolloverResponse;
      const signToken = new URL(data.esignature_url).searchParams.get('token')!;
      const signed = await t.app.request(...postJson('/api/esign', { token: signToken, consent: true, fullName: 'Ann Driver' }, { 'User-Agent': 'TestBrowser/1.0' }));
      assert.equal(signed.status, 200, await signed.clone().text());
    }

    const policyRecord = async (policy: BoundPolicy) => (await readPolicyRecord(testDb.db, policy.policyId))!;
    const renewalsOf = (policy: BoundPolicy) =>
      testDb.db.query<{ term_start: string; term_end: string; status: string; in_force_at: Date | null; lapsed_at: Date | null; answer: QuotePolicy }>(
        `SELECT to_char(term_start, 'YYYY-MM-DD') AS term_start, to_char(term_end, 'YYYY-MM-DD') AS term_end, status, in_force_at, lapsed_at, answer
         FROM renewals WHERE policy_id = $1 ORDER BY term_start`,
        [policy.policyId],
      );
    const documentsOf = (policy: BoundPolicy, kind: string) =>
      testDb.db.query<{ created_at: Date }>('SELECT created_at FROM policy_documents WHERE policy_id = $1 AND kind = $2 ORDER BY created_at', [policy.policyId, kind]);

    /** A verified odometer reading received at `when`. */
    const reading = (policy: BoundPolicy, miles: number, when: Date) =>
      testDb.db.query(
        `INSERT INTO odometer_readings (policy_id, car_number, typed_reading, status, photo_blob_key, photo_content_type, created_at)
         VALUES ($1, 1, $2, 'verified', 'test/none.png', 'image/png', $3)`,
        [policy.policyId, miles, when],
      );

    test('offered, signed, and on its first day the policy moves to the new term: dates, rates, rate table, papers and one e-mail', async () => {
      const policy = await issuedPolicy();
      const token = await offered(policy);
      const [renewal] = await renewalsOf(policy);
      const newRate = renewal!.answer.vehicleInfo[0]!.premiumInfo.perMileRate;
      const oldRate = policy.quote.vehicleInfo[0]!.premiumInfo.perMileRate;
      assert.ok(newRate > oldRate, `the revised table raised the per-mile rate (${oldRate} -> ${newRate})`);

      now = at('2026-08-20');
      await sign(token);
      await reading(policy, 4200, at('2026-08-25'));
      assert.equal((await renewalsOf(policy))[0]!.status, 'signed');

      // The day before: nothing moves.
      now = at('2026-09-01');
      assert.equal((await run()).started, 0);
      assert.equal((await policyRecord(policy)).expirationDate, TERM_START);

      now = at(TERM_START, '11:00:00');
      const first = await run();
      assert.equal(first.started, 1);
      assert.equal(first.failed, 0, logs.join('\n'));

      // the policy's own rows are the new term: dates, table, each vehicle's rates and the term's billing
      const moved = await policyRecord(policy);
      assert.equal(moved.effectiveDate, TERM_START);
      assert.equal(moved.expirationDate, '2027-03-02');
      assert.equal(moved.rateTableVersion, REVISED_VERSION);
      assert.equal(moved.vehicles[0]!.per_mile_rate, newRate);
      assert.equal(moved.estimatedMonthlyPaymentCents, toCents(renewal!.answer.estimatedMonthlyPayment));
      assert.equal(moved.estimatedTotalWrittenCents, toCents(renewal!.answer.estimatedTotalWritten));
      assert.equal(moved.downPaymentCents, toCents(renewal!.answer.downPaymentMonthly), 'a monthly policy: the new term begins with its first month');
      const [inForce] = await renewalsOf(policy);
      assert.equal(inForce!.status, 'in_force');
      assert.equal(inForce!.in_force_at?.toISOString(), now.toISOString());

      // The new term's ID card and declarations, made now, are the documents the e-mailed link lists.
      for (const kind of ['card', 'declaration']) assert.equal((await documentsOf(policy, kind)).at(-1)!.created_at.toISOString(), now.toISOString(), kind);
      const mails = newTermMails(policy);
      assert.equal(mails.length, 1);
      assert.match(mails[0]!, /Content-Type: multipart\/alternative/);
      assert.match(mails[0]!, /began on 09\/02\/2026 and runs to 03\/02\/2027/);
      assert.ok(mails[0]!.includes(`$${newRate.toFixed(3)} a mile`), 'the new per-mile rate');
      const documentsToken = /\/account\/documents\/([0-9a-f]{64})/.exec(mails[0]!)?.[1];
      assert.ok(documentsToken, 'the e-mail carries the documents link');
      const list = (await (await get(`/api/documents?id=${documentsToken}`)).json()) as DocumentListResponse;
      const fileOf = (description: string) => list.data.documents.find((document) => document.fileDescription === description)!;
      assert.ok(!list.data.documents.some((document) => /esignature/i.test(document.fileDescription)), 'nothing left to sign');
      const declaration = await pdfFlatText(new Uint8Array(await (await get(pathOf(fileOf('Declaration Page').fileUrl))).arrayBuffer()));
      assert.match(declaration, /09\/02\/2026 to 03\/02\/2027/);
      assert.ok(declaration.includes(REVISED_VERSION), 'the rate table version of the new term');
      assert.ok(declaration.includes(formatPerMileRate(newRate)), 'the new per-mile rate');
      const card = await pdfFlatText(new Uint8Array(await (await get(pathOf(fileOf('Insurance ID Card').fileUrl))).arrayBuffer()));
      assert.match(card, /09\/02\/2026/);
      assert.match(card, /03\/02\/2027/);

      // The account reads the term in force: the new renewal date and rates.
      const account = await signedInAccount(testDb.db, policy.email, now);
      const session = await sessionAnswer(testDb.db, account.accountId, now);
      const shown = session!.policies.find((entry) => entry.policyNumber === policy.policyNumber)!;
      assert.equal(shown.renewalDate, '2027-03-02');
      assert.equal(shown.vehicleInfo[0]!.premiumInfo.perMileRate, newRate);
      assert.equal(shown.policyStatus, 'ISSUED');

      // Statements read the billing cycle's records (each period priced with its own term's figures, kept when
      // the term was recorded: api/billing/term.test.ts); this policy's cycle never ran, so there is none.
      await reading(policy, 5000, at('2026-09-10'));
      now = at('2026-09-12');
      const statements = await statementsOf(deps, policy.policyId, now);
      assert.equal(statements!.policyNumber, policy.policyNumber);
      assert.deepEqual(statements!.periods, []);

      // Again, the same day and the days after: nothing twice.
      now = at(TERM_START, '13:00:00');
      assert.equal((await run()).started, 0);
      now = at('2026-09-03');
      assert.equal((await run()).started, 0);
      assert.equal(newTermMails(policy).length, 1);
      assert.equal((await documentsOf(policy, 'card')).filter((row) => row.created_at >= at(TERM_START, '00:00:00')).length, 1);
      assert.equal((await policyRecord(policy)).expirationDate, '2027-03-02');

      // The next renewal: 30 days before the NEW end, once.
      now = at('2027-01-30');
      await run();
      assert.equal((await renewalsOf(policy)).length, 1, 'not yet: 31 days before');
      now = at('2027-01-31');
      await run();
      const renewals = await renewalsOf(policy);
      assert.deepEqual(
        renewals.map((row) => [row.term_start, row.term_end, row.status]),
        [
          [TERM_START, '2027-03-02', 'in_force'],
          ['2027-03-02', '2027-09-02', 'offered'],
        ],
      );
      assert.equal(offerMails(policy).length, 2);
      assert.match(offerMails(policy)[1]!, /03\/02\/2027 to 09\/02\/2027/);
      // its application is the one the sign page asks for now
      const next = (await (await rollover(rolloverToken(offerMails(policy)[1]!)!)).json()) as RolloverResponse;
      const signToken = new URL(next.data.esignature_url).searchParams.get('token')!;
      const view = (await (await get(`/api/esign?token=${signToken}`)).json()) as EsignView;
      assert.equal(view.status, 'open');
      assert.match(await pdfFlatText(new Uint8Array(await (await get(pathOf(view.applicationUrl))).arrayBuffer())), /03\/02\/2027 to 09\/02\/2027/);
      assert.ok(!logs.some((line) => line.includes(policy.email)), 'no address in the log');
    });

    test('an offer still unsigned when its link runs out lapses: the policy ends, one e-mail says so and whom to call', async () => {
      const policy = await issuedPolicy();
      const token = await offered(policy);

      // Its first day the link still works (until the day is over), so it may yet be signed.
      now = at(TERM_START);
      assert.equal((await run()).lapsed, 0);
      assert.equal((await renewalsOf(policy))[0]!.status, 'offered');
      assert.equal((await rollover(token)).status, 200);

      now = at('2026-09-03', '01:00:00');
      const result = await run();
      assert.equal(result.lapsed, 1);
      assert.equal(result.failed, 0, logs.join('\n'));
      const [lapsed] = await renewalsOf(policy);
      assert.equal(lapsed!.status, 'lapsed');
      assert.equal(lapsed!.lapsed_at?.toISOString(), now.toISOString());
      const record = await policyRecord(policy);
      assert.deepEqual(
        [record.effectiveDate, record.expirationDate, record.estimatedMonthlyPaymentCents, record.vehicles[0]!.per_mile_rate],
        ['2026-03-02', TERM_START, toCents(policy.quote.estimatedMonthlyPayment), policy.quote.vehicleInfo[0]!.premiumInfo.perMileRate],
        'the policy keeps its ended term',
      );

      const mails = lapsedMails(policy);
      assert.equal(mails.length, 1);
      assert.match(mails[0]!, /ended on 09\/02\/2026/);
      assert.match(mails[0]!, /was not signed, so the policy was not renewed/);
      assert.ok(mails[0]!.includes(BRAND.phone));
      assert.ok(!/\/rollover#/.test(mails[0]!), 'no dead link');
      assert.equal(newTermMails(policy).length, 0);

      // The offer is over: its link, and signing it through the documents link, are refused.
      const dead = await rollover(token);
      assert.equal(dead.status, 404);
      assert.deepEqual(await dead.json(), { error_messages: [MESSAGES.rolloverNotFound] });
      const documentsToken = await issueToken(testDb.db, 'documents', now, { subjectId: policy.policyId });
      assert.equal(((await (await get(`/api/esign?token=${documentsToken}`)).json()) as EsignView).status, 'signed', 'nothing open to sign');
      const late = await t.app.request(...postJson('/api/esign', { token: documentsToken, consent: true, fullName: 'Ann Driver' }));
      assert.equal(late.status, 409);
      assert.equal((await renewalsOf(policy))[0]!.status, 'lapsed');

      // Again: nothing twice, and no new offer for an ended policy.
      assert.equal((await run()).lapsed, 0);
      now = at('2026-09-20');
      await run();
      assert.equal(lapsedMails(policy).length, 1);
      assert.equal((await renewalsOf(policy)).length, 1);
      const session = await sessionAnswer(testDb.db, (await signedInAccount(testDb.db, policy.email, now)).accountId, now);
      assert.equal(session!.policies.find((entry) => entry.policyNumber === policy.policyNumber)!.renewalDate, TERM_START);
    });

    test('two runs on the first day at once (two replicas) move the policy once, make one set of papers and send one e-mail', async () => {
      const policy = await issuedPolicy();
      const token = await offered(policy);
      now = at('2026-08-21');
      await sign(token);
      const cardsBefore = (await documentsOf(policy, 'card')).length;
      const declarationsBefore = (await documentsOf(policy, 'declaration')).length;

      now = at(TERM_START);
      const second = target === 'postgres' ? await testDb.reopen() : testDb.db;
      try {
        const results = await Promise.all([runRenewals(deps), runRenewals({ ...deps, db: second })]);
        await t.mail.deliverDue();
        await t.mail.settled();
        assert.equal(results.reduce((sum, result) => sum + result.failed, 0), 0, logs.join('\n'));
        assert.ok(results.reduce((sum, result) => sum + result.started, 0) >= 1);
      } finally {
        if (second !== testDb.db) await second.close();
      }
      assert.equal((await renewalsOf(policy))[0]!.status, 'in_force');
      assert.equal((await policyRecord(policy)).expirationDate, '2027-03-02');
      assert.equal((await documentsOf(policy, 'card')).length, cardsBefore + 1);
      assert.equal((await documentsOf(policy, 'declaration')).length, declarationsBefore + 1);
      assert.equal(newTermMails(policy).length, 1);
    });

    test('signed on its first day after the daily run: the hourly check puts it in force that day', async () => {
      const policy = await issuedPolicy();
      const token = await offered(policy);
      const job = { ...deps, mail: t.mail };

      now = at(TERM_START, '11:00:00');
      const daily = await runRenewalJob(job, 'replica-1', { daily: true });
      assert.ok(daily, 'the day’s run');
      assert.equal((await renewalsOf(policy))[0]!.status, 'offered', 'not signed yet, and its link works all day');

      now = at(TERM_START, '12:00:00');
      await sign(token);
      now = at(TERM_START, '13:00:00');
      assert.equal(await runRenewalJob(job, 'replica-2', { daily: true }), null, 'the day’s run is done');
      const hourly = await runTermsJob(job, 'replica-2');
      assert.equal(hourly?.started, 1);
      await t.mail.settled();
      assert.equal((await policyRecord(policy)).expirationDate, '2027-03-02');
      assert.equal(newTermMails(policy).length, 1);
      assert.deepEqual(await runTermsJob(job, 'replica-1'), { started: 0, lapsed: 0, already: 0, failed: 0 });
    });
  });
}
