import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { localToday } from '../../contract/index.ts';
import { createTestModeGateway } from '../payments/test-mode.ts';
import { insertReading } from '../odometer/readings.ts';
import { bindPolicy, outboxTexts, type BoundPolicy } from '../policies/testing.ts';
import { dbTargets, openTestDb, testApp, type TestApp, type TestDb } from '../testing/harness.ts';
import { runBillingCycle, type BillingCycleResult, type BillingDeps } from './cycle.ts';
import { periodsOfPolicy } from './records.ts';
import { READING_REQUEST_MAIL_KIND, READING_REQUEST_TEXT_KIND } from './request-mail.ts';

/** Bought and in force from 2026-03-02 (noon UTC: the same day in every zone the tests run in); the term ends 2026-09-02. */
const BOUGHT = new Date('2026-03-02T12:00:00.000Z');
const TODAY = localToday(BOUGHT);
const at = (iso: string) => new Date(`${iso}T12:00:00.000Z`);
const nextDay = (iso: string) => new Date(Date.parse(`${iso}T12:00:00.000Z`) + 86_400_000).toISOString().slice(0, 10);
const NOTHING: BillingCycleResult = {
  periodsOpened: 0, periodsClosed: 0, readingsLinked: 0, requestsSent: 0, remindersSent: 0, billsMade: 0, chargesMade: 0, chargesFailed: 0,
  chargesUnknown: 0, refunds: 0, noticesSent: 0, cancellations: 0, failed: 0,
};

for (const target of dbTargets()) {
  describe(`the billing cycle's periods and reading requests on ${target}`, () => {
    let testDb: TestDb;
    let t: TestApp;
    let now = BOUGHT;
    const logs: string[] = [];
    let deps: BillingDeps;
    before(async () => {
      testDb = await openTestDb(target);
      const payments = createTestModeGateway(testDb.db);
      t = testApp(testDb.db, { clock: () => now, payments });
      deps = { db: testDb.db, config: t.config, log: (line) => logs.push(line), payments, blobs: t.blobs };
    });
    after(async () => {
      t.cleanup();
      await testDb.cleanup();
    });

    /** A GA policy (Unlimited is offered there) of two vehicles: car 1 Pay-Per-Mile, car 2 Unlimited. */
    async function mixedPolicy(): Promise<BoundPolicy> {
      now = BOUGHT;
      return bindPolicy(t, testDb.db, TODAY, { state: 'GA', vehicles: 2, adjustRequest: (request) => { request.vehicles[1].billingType = 'capped'; } });
    }

    /** An accepted odometer reading of car `carNumber`, received at noon on `day`. */
    async function acceptedReading(policy: BoundPolicy, carNumber: number, day: string, miles: number): Promise<number> {
      return insertReading(testDb.db, {
        policyId: policy.policyId, carNumber, typedReading: miles, ocrFirst: String(miles), ocrSecond: String(miles), status: 'verified',
        reasons: [], message: null, photoBlobKey: 'test/none.jpg', photoContentType: 'image/jpeg', capturedAt: null,
      }, at(day));
    }

    /** Moves the policy's term in force to other dates, as a later bind or a renewal would leave it. */
    const setTerm = (policy: BoundPolicy, start: string, end: string) =>
      testDb.db.query('UPDATE policies SET effective_date = $2::date, expiration_date = $3::date WHERE id = $1', [policy.policyId, start, end]);

    const requestMessages = (policy: BoundPolicy) => outboxTexts(t.outboxDir, new RegExp(`odometer photo for policy ${policy.policyNumber}`));

    test('a term lived day by day: its periods, one request per Pay-Per-Mile vehicle a period by mail and text, the Unlimited one asked at the start, reminders on days 3 and 6 until a reading, nothing twice', async () => {
      const policy = await mixedPolicy();
      // Car 1's readings: period 1's after its first reminder, none for period 2 (both reminders, then its
      // due date closes it), the others the day after their end; one on 2026-06-20 is in no period's window.
      const readings: Record<string, number> = {
        '2026-04-06': 1_500, '2026-06-03': 3_900, '2026-06-20': 4_400, '2026-07-03': 5_000, '2026-08-03': 6_100, '2026-09-03': 7_000,
      };
      const readingIds: Record<string, number> = {};
      const sentOn: Record<string, { requests: number; reminders: number }> = {};
      const opened: string[] = [];
      const closed: string[] = [];
      for (let day = '2026-03-02'; day <= '2026-09-12'; day = nextDay(day)) {
        now = at(day);
        if (readings[day] !== undefined) readingIds[day] = await acceptedReading(policy, 1, day, readings[day]!);
        const first = await runBillingCycle(deps, now);
        assert.equal(first.failed, 0, logs.join('\n'));
        if (first.requestsSent + first.remindersSent > 0) sentOn[day] = { requests: first.requestsSent, reminders: first.remindersSent };
        if (first.periodsOpened > 0) opened.push(`${day} ${first.periodsOpened}`);
        if (first.periodsClosed > 0) closed.push(`${day} ${first.periodsClosed}`);
        assert.deepEqual(await runBillingCycle(deps, at(`${day}`)), NOTHING, `a second run on ${day} does nothing`);
      }

      assert.deepEqual(sentOn, {
        '2026-03-02': { requests: 1, reminders: 0 }, // the Unlimited car, at the term's start
        '2026-04-02': { requests: 1, reminders: 0 },
        '2026-04-05': { requests: 0, reminders: 1 },
        // 2026-04-08: no second reminder, period 1's reading came on 04-06
        '2026-05-02': { requests: 1, reminders: 0 },
        '2026-05-05': { requests: 0, reminders: 1 },
        '2026-05-08': { requests: 0, reminders: 1 },
        '2026-06-02': { requests: 1, reminders: 0 },
        '2026-07-02': { requests: 1, reminders: 0 },
        '2026-08-02': { requests: 1, reminders: 0 },
        '2026-09-02': { requests: 1, reminders: 0 },
      });
      assert.deepEqual(opened, ['2026-03-02 1', '2026-04-02 1', '2026-05-02 1', '2026-06-02 1', '2026-07-02 1', '2026-08-02 1'], 'each period opens on its first day');
      assert.deepEqual(closed, ['2026-04-06 1', '2026-05-09 1', '2026-06-03 1', '2026-07-03 1', '2026-08-03 1', '2026-09-03 1'], 'closed by its reading, or on its due date without one');

      const periods = await periodsOfPolicy(testDb.db, policy.policyId);
      assert.deepEqual(
        periods.map((period) => [period.index, period.start, period.end, period.dueOn, period.status, period.closedReason]),
        [
          [1, '2026-03-02', '2026-04-02', '2026-04-09', 'closed', 'readings'],
          [2, '2026-04-02', '2026-05-02', '2026-05-09', 'closed', 'due'],
          [3, '2026-05-02', '2026-06-02', '2026-06-09', 'closed', 'readings'],
          [4, '2026-06-02', '2026-07-02', '2026-07-09', 'closed', 'readings'],
          [5, '2026-07-02', '2026-08-02', '2026-08-09', 'closed', 'readings'],
          [6, '2026-08-02', '2026-09-02', '2026-09-09', 'closed', 'readings'],
        ],
      );
      assert.ok(periods.every((period) => period.termStart === '2026-03-02' && period.termEnd === '2026-09-02'));
      const car1 = periods.map((period) => period.requests.find((request) => request.carNumber === 1)!);
      assert.deepEqual(car1.map((request) => request.askOn), periods.map((period) => period.end), 'car 1 is asked on each period’s end');
      assert.ok(car1.every((request) => request.sentAt !== null && request.texted), 'every request sent, by text too');
      assert.deepEqual(car1.map((request) => request.remindersSent), [1, 2, 0, 0, 0, 0]);
      assert.deepEqual(
        car1.map((request) => request.readingId),
        [readingIds['2026-04-06'], null, readingIds['2026-06-03'], readingIds['2026-07-03'], readingIds['2026-08-03'], readingIds['2026-09-03']],
        'each period’s reading linked to its request; the one of 2026-06-20, in no window, kept for the true-up',
      );
      const car2 = periods.flatMap((period) => period.requests.filter((request) => request.carNumber === 2));
      assert.equal(car2.length, 1, 'the Unlimited car is asked once a term');
      assert.equal(car2[0]!.askOn, '2026-03-02');
      assert.ok(car2[0]!.sentAt !== null);
      assert.equal(car2[0]!.plan, 'capped');

      await t.mail.deliverDue();
      await t.mail.settled();
      const messages = requestMessages(policy);
      const mails = messages.filter((text) => text.includes('Subject:'));
      const texts = messages.filter((text) => !text.includes('Subject:'));
      assert.equal(mails.length, 10, '7 requests and 3 reminders by e-mail');
      assert.equal(texts.length, 10, 'and by text');
      assert.equal(mails.filter((mail) => /Subject: Reminder: /.test(mail)).length, 3);
      const monthly = mails.find((mail) => mail.includes('due by 05/09/2026') && !mail.includes('Subject: Reminder'))!;
      assert.match(monthly, /the month from 04\/02\/2026 to 05\/02\/2026, due by 05\/09\/2026/);
      assert.match(monthly, /billed the default mileage of 1,217 miles/);
      assert.match(monthly, /any you did not drive are credited on your next bill/);
      assert.match(monthly, /\/odometer\?token=[0-9a-f]{64}/);
      const unlimited = mails.find((mail) => mail.includes('(Unlimited)'))!;
      assert.match(unlimited, /one reading for the term from 03\/02\/2026 to 09\/02\/2026/);
      assert.doesNotMatch(unlimited, /1,217/, 'an Unlimited reading costs nothing when missed: no default mileage is threatened');
      const text = texts.find((body) => body.includes('due 05/09/2026') && !body.includes('reminder'))!;
      assert.match(text, /billed 1,217 miles, and your next reading credits any miles not driven/);
      const links = messages.map((message) => /\/odometer\?token=([0-9a-f]{64})/.exec(message)?.[1]);
      assert.equal(new Set(links).size, 20, 'every e-mail and text has a fresh link of its own');
      assert.ok(!links.some((token) => logs.join('\n').includes(token!)), 'no link is logged');
    });

    test('periods keep the effective day capped at each month’s length (from January 31st), and a renewed term gets its own', async () => {
      const policy = await mixedPolicy();
      await setTerm(policy, '2027-01-31', '2027-07-31');
      const opening = await runBillingCycle(deps, at('2027-01-31'));
      assert.equal(opening.periodsOpened, 1);
      assert.equal(opening.requestsSent, 1, 'the Unlimited car on the first day');
      const periods = await periodsOfPolicy(testDb.db, policy.policyId);
      assert.deepEqual(
        periods.map((period) => [period.start, period.end, period.dueOn, period.status]),
        [
          ['2027-01-31', '2027-02-28', '2027-03-07', 'open'],
          ['2027-02-28', '2027-03-31', '2027-04-07', 'scheduled'],
          ['2027-03-31', '2027-04-30', '2027-05-07', 'scheduled'],
          ['2027-04-30', '2027-05-31', '2027-06-07', 'scheduled'],
          ['2027-05-31', '2027-06-30', '2027-07-07', 'scheduled'],
          ['2027-06-30', '2027-07-31', '2027-08-07', 'scheduled'],
        ],
      );
      const february = await runBillingCycle(deps, at('2027-02-28'));
      assert.equal(february.requestsSent, 1, 'car 1 is asked on the last day of February');
      assert.equal(february.periodsOpened, 1);

      // The renewal moved the policy to its next term: that term is recorded on its first day, beside the first.
      await setTerm(policy, '2027-07-31', '2028-01-31');
      const renewed = await runBillingCycle(deps, at('2027-07-31'));
      assert.equal(renewed.requestsSent, 2, "the first term's last period's reading and the Unlimited car's reading of the new term");
      const both = await periodsOfPolicy(testDb.db, policy.policyId);
      assert.equal(both.length, 12);
      assert.deepEqual(
        both.slice(6).map((period) => [period.termStart, period.index, period.start, period.end]),
        [
          ['2027-07-31', 1, '2027-07-31', '2027-08-31'],
          ['2027-07-31', 2, '2027-08-31', '2027-09-30'],
          ['2027-07-31', 3, '2027-09-30', '2027-10-31'],
          ['2027-07-31', 4, '2027-10-31', '2027-11-30'],
          ['2027-07-31', 5, '2027-11-30', '2027-12-31'],
          ['2027-07-31', 6, '2027-12-31', '2028-01-31'],
        ],
      );
      assert.equal(both[6]!.requests.find((request) => request.carNumber === 2)?.askOn, '2027-07-31', 'the Unlimited car is asked again in the new term');
    });

    test('a reading in the 7 days before a period ends closes it: nothing is asked for it', async () => {
      const policy = await mixedPolicy();
      await setTerm(policy, '2029-03-10', '2029-09-10');
      await runBillingCycle(deps, at('2029-03-10'));
      await acceptedReading(policy, 1, '2029-04-04', 2_000);
      const end = await runBillingCycle(deps, at('2029-04-10'));
      assert.equal(end.readingsLinked, 1);
      assert.equal(end.requestsSent, 0);
      assert.equal(end.periodsClosed, 1);
      assert.equal((await periodsOfPolicy(testDb.db, policy.policyId))[0]!.closedReason, 'readings');
      assert.deepEqual(await runBillingCycle(deps, at('2029-04-13')), NOTHING, 'and no reminder');
    });

    test('two runs at once (two processes) send each request and reminder once', async () => {
      const policy = await mixedPolicy();
      await setTerm(policy, '2028-03-10', '2028-09-10');
      const second = target === 'postgres' ? await testDb.reopen() : testDb.db;
      const queued = async (moment: Date) =>
        testDb.db.query<{ channel: string; kind: string; n: number }>(
          'SELECT channel, kind, count(*)::int AS n FROM mail_queue WHERE created_at = $1 GROUP BY channel, kind ORDER BY channel',
          [moment],
        );
      try {
        for (const [day, expected] of [['2028-03-10', { requests: 1, reminders: 0 }], ['2028-04-10', { requests: 1, reminders: 0 }], ['2028-04-13', { requests: 0, reminders: 1 }]] as const) {
          const moment = at(day);
          const results = await Promise.all([runBillingCycle(deps, moment), runBillingCycle({ ...deps, db: second }, moment)]);
          assert.equal(results.reduce((sum, result) => sum + result.failed, 0), 0, logs.join('\n'));
          assert.deepEqual(
            { requests: results[0]!.requestsSent + results[1]!.requestsSent, reminders: results[0]!.remindersSent + results[1]!.remindersSent },
            expected,
            day,
          );
          assert.deepEqual(await queued(moment), [
            { channel: 'mail', kind: READING_REQUEST_MAIL_KIND, n: 1 },
            { channel: 'text', kind: READING_REQUEST_TEXT_KIND, n: 1 },
          ], `${day}: one e-mail and one text`);
        }
      } finally {
        if (second !== testDb.db) await second.close();
      }
      const periods = await periodsOfPolicy(testDb.db, policy.policyId);
      assert.equal(periods.filter((period) => period.termStart === '2028-03-10').length, 6, 'the term recorded once');
    });
  });
}
