import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  check, FEES, formatCents, formatPerMileRate, localToday, MESSAGES, QuoteResponse, SessionAnswer, StatementsAnswer, toCents, type QuotePolicy, type SessionResponse,
} from '../../contract/index.ts';
import { billsOfPolicy } from '../billing/bills.ts';
import { runBillingCycle } from '../billing/cycle.ts';
import { missingFrom, pdfFlatText } from '../documents/pdf/testing.ts';
import { DEFAULT_MONTHLY_MILES } from '../billing/schedule.ts';
import { createFileBlobStore } from '../blobs/file-store.ts';
import { insertReading } from '../odometer/readings.ts';
import { readPolicyRecord } from '../policies/records.ts';
import { sessionAnswer } from '../account/session-answer.ts';
import { signedInAccount, type SignedIn } from '../account/testing.ts';
import type { BlobStore } from '../blobs/store.ts';
import { sha256Hex } from '../hash.ts';
import { HTTP_MESSAGES } from '../http/errors.ts';
import { OUTBOX_FILE } from '../mail/mailer.ts';
import { createTestModeGateway } from '../payments/test-mode.ts';
import { bindPolicy, type BoundPolicy } from '../policies/testing.ts';
import { quoteRequestFixture } from '../quotes/testing.ts';
import { dbTargets, postJson, suiteApp, testApp, uniqueEmail } from '../testing/harness.ts';

const NOW = new Date('2026-03-02T12:00:00.000Z');
const TODAY = localToday(NOW);
const DAY = 86_400_000;

interface Answer {
  status: number;
  text: string;
  headers: [string, string][];
}

/** Status, body and headers (but the date): what a caller can tell two answers apart by. */
async function answerOf(res: Response): Promise<Answer> {
  return { status: res.status, text: await res.text(), headers: [...res.headers.entries()].filter(([name]) => name !== 'date') };
}

/** The raw .eml files of the outbox addressed to `to`. */
function mailsTo(outboxDir: string, to: string): string[] {
  if (!existsSync(outboxDir)) return [];
  return readdirSync(outboxDir)
    .filter((name) => OUTBOX_FILE.test(name))
    .sort()
    .map((name) => readFileSync(join(outboxDir, name), 'utf8'))
    .filter((raw) => new RegExp(`^To: ${to.replace(/[.+]/g, '\\$&')}\\r?$`, 'im').test(raw));
}

/** The bytes of the message's application/pdf part (base64 in the .eml), and its file name. */
function pdfAttachment(raw: string): { name: string; bytes: Buffer } | null {
  const match = /Content-Type: application\/pdf;?\s*(?:name=("?)([^"\r\n]+)\1)?[\s\S]*?\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/i.exec(raw);
  if (!match) return null;
  const disposition = /Content-Disposition: attachment;\s*filename=("?)([^"\r\n]+)\1/i.exec(raw);
  return { name: disposition?.[2] ?? match[2] ?? '', bytes: Buffer.from(match[3]!.replace(/\s+/g, ''), 'base64') };
}

for (const target of dbTargets()) {
  describe(`the signed-in account's data on ${target}`, () => {
    let now = NOW;
    const { testDb, t } = suiteApp(target, (db) => ({ clock: () => now, payments: createTestModeGateway(db) }));

    const get = (path: string, who?: SignedIn) => t.app.request(`http://localhost:4321${path}`, { headers: who ? who.cookie : {} });
    const post = (path: string, body: unknown, who?: SignedIn) => t.app.request(...postJson(path, body, who ? who.cookie : {}));
    /** A quote made with `email` (another number of miles, another quote: an identical request answers the same one). */
    async function quoteFor(email: string, annualMiles = 6000): Promise<QuotePolicy> {
      const res = await post('/api/policy/quote', quoteRequestFixture({ today: TODAY, email, state: 'TX', annualMiles }));
      assert.equal(res.status, 200, await res.clone().text());
      return ((await res.json()) as { policies: QuotePolicy[] }).policies[0]!;
    }
    /** A policy bought with a fresh address, and its buyer signed in. */
    async function customer(options: Parameters<typeof bindPolicy>[3] = {}): Promise<{ policy: BoundPolicy; who: SignedIn; email: string }> {
      const email = uniqueEmail('holder');
      const policy = await bindPolicy(t, testDb.db, TODAY, { state: 'TX', email, ...options });
      const who = await signedInAccount(testDb.db, email, now);
      return { policy, who, email };
    }

    test('every account call answers 401 without a session', async () => {
      const answers = await Promise.all([
        post('/api/user/update', { policyNumbers: ['PPMQ-0000-0000'], emailAddress: 'a@example.com' }),
        get('/api/user/quote?policyNumber=PPMQ-0000-0000'),
        post('/api/user/request_card', { policyNumber: 'PPMP-0000-0000', vins: ['WP0AA2A96MS000000'], delivery: 'mail' }),
        get('/api/user/statements?policyNumber=PPMP-0000-0000'),
        get('/api/user/id_card/PPMP-0000-0000'),
      ]);
      for (const res of answers) {
        assert.equal(res.status, 401);
        assert.deepEqual(await res.json(), { error_messages: [MESSAGES.signInRequired] });
      }
    });

    describe('Save My Quote and the saved quote', () => {
      test("saves the account's own quote (twice is fine) and answers user and policies with it as QUOTE", async () => {
        const email = uniqueEmail('Saver');
        const quote = await quoteFor(email);
        const who = await signedInAccount(testDb.db, email, now);
        for (let round = 0; round < 2; round += 1) {
          const res = await post('/api/user/update', { policyNumbers: [quote.policyNumber, quote.policyNumber], emailAddress: email.toUpperCase() }, who);
          assert.equal(res.status, 200, await res.clone().text());
          assert.equal(res.headers.get('cache-control'), 'no-store');
          const body = await res.json();
          assert.ok(check(body, SessionAnswer).ok);
          const saved = (body as SessionResponse).policies.filter((p) => p.policyNumber === quote.policyNumber);
          assert.equal(saved.length, 1, 'saved once');
          assert.equal(saved[0]!.policyStatus, 'QUOTE');
        }
        const rows = await testDb.db.query<{ n: number }>('SELECT count(*)::int AS n FROM account_quotes WHERE account_id = $1', [who.accountId]);
        assert.equal(rows[0]!.n, 1);
      });

      test("another person's quote and a quote that does not exist get one and the same 404, and nothing is saved", async () => {
        const email = uniqueEmail('owner');
        const own = await quoteFor(email);
        const theirs = await quoteFor(uniqueEmail('someone'));
        const who = await signedInAccount(testDb.db, email, now);
        const other = await answerOf(await post('/api/user/update', { policyNumbers: [own.policyNumber, theirs.policyNumber], emailAddress: email }, who));
        const missing = await answerOf(await post('/api/user/update', { policyNumbers: [own.policyNumber, 'PPMQ-0000-0000'], emailAddress: email }, who));
        assert.equal(other.status, 404);
        assert.deepEqual(JSON.parse(other.text), { error_messages: [MESSAGES.accountPolicyNotFound] });
        assert.deepEqual(other, missing);
        const rows = await testDb.db.query('SELECT 1 FROM account_quotes WHERE account_id = $1', [who.accountId]);
        assert.equal(rows.length, 0, 'all or nothing');
      });

      test("an e-mail address that is not the account's is a 400", async () => {
        const email = uniqueEmail('mine');
        const quote = await quoteFor(email);
        const who = await signedInAccount(testDb.db, email, now);
        const res = await post('/api/user/update', { policyNumbers: [quote.policyNumber], emailAddress: uniqueEmail('other') }, who);
        assert.equal(res.status, 400);
        assert.deepEqual(await res.json(), { error_messages: [MESSAGES.accountEmailMismatch] });
        const malformed = await post('/api/user/update', { policyNumbers: ['no spaces allowed'], emailAddress: 'nope' }, who);
        assert.equal(malformed.status, 400);
        assert.deepEqual(((await malformed.json()) as { error_messages: string[] }).error_messages, [MESSAGES.policyNumber, MESSAGES.email]);
      });

      test('GET /api/user/quote answers a saved quote as lookup_quote does, and 404 for one not saved or not the account’s', async () => {
        const email = uniqueEmail('looker');
        const first = await quoteFor(email);
        const second = await quoteFor(email, 7000);
        const who = await signedInAccount(testDb.db, email, now);
        assert.equal((await post('/api/user/update', { policyNumbers: [first.policyNumber], emailAddress: email }, who)).status, 200);

        const res = await get(`/api/user/quote?policyNumber=${first.policyNumber}`, who);
        assert.equal(res.status, 200);
        assert.equal(res.headers.get('cache-control'), 'no-store');
        const body = await res.json();
        assert.ok(check(body, QuoteResponse).ok);
        const lookup = await post('/api/policy/lookup_quote', { emailAddress: email, dob: '1980-04-02', zip: '78701', quoteNumber: first.policyNumber });
        assert.deepEqual(body, await lookup.json(), 'what the lookup answers for that quote');

        const notSaved = await answerOf(await get(`/api/user/quote?policyNumber=${second.policyNumber}`, who));
        const missing = await answerOf(await get('/api/user/quote?policyNumber=PPMQ-0000-0000', who));
        assert.equal(missing.status, 404);
        assert.deepEqual(JSON.parse(missing.text), { error_messages: [MESSAGES.accountPolicyNotFound] });
        assert.deepEqual(notSaved, missing);
      });
    });

    describe('request a card', () => {
      test('electronic: the newest ID card is e-mailed to the account as a PDF attachment, and the request recorded', async () => {
        const { policy, who, email } = await customer({ vehicles: 2 });
        const vin = policy.quote.vehicleInfo[1]!.vin;
        const res = await post('/api/user/request_card', { policyNumber: policy.policyNumber, vins: [vin], delivery: 'electronic' }, who);
        assert.equal(res.status, 200, await res.clone().text());
        assert.deepEqual(await res.json(), { msg: MESSAGES.cardEmailed, delivery: 'electronic' });
        await t.mail.settled();
        const mail = mailsTo(t.outboxDir, email.toLowerCase()).find((raw) => /ID card, policy/.test(raw));
        assert.ok(mail, 'the card e-mail went to the account address');
        const attachment = pdfAttachment(mail);
        assert.ok(attachment, 'with a PDF attachment');
        assert.equal(attachment.name, `ID-Card-${policy.policyNumber}.pdf`);
        assert.equal(attachment.bytes.subarray(0, 5).toString('latin1'), '%PDF-');
        const newest = await testDb.db.query<{ sha256: string }>(
          `SELECT sha256 FROM policy_documents WHERE policy_id = $1 AND kind = 'card' ORDER BY created_at DESC, id DESC LIMIT 1`,
          [policy.policyId],
        );
        assert.equal(sha256Hex(attachment.bytes), newest[0]!.sha256.trim(), 'the newest card, byte for byte');
        const requests = await testDb.db.query<{ vins: string[]; delivery: string; status: string }>(
          'SELECT vins, delivery, status FROM card_requests WHERE policy_id = $1',
          [policy.policyId],
        );
        assert.deepEqual(requests, [{ vins: [vin], delivery: 'electronic', status: 'emailed' }]);
      });

      test('mail: a request waits for the post room, confirmed by e-mail', async () => {
        const { policy, who, email } = await customer();
        const vin = policy.quote.vehicleInfo[0]!.vin;
        const res = await post('/api/user/request_card', { policyNumber: policy.policyNumber, vins: [vin, vin], delivery: 'mail' }, who);
        assert.equal(res.status, 200);
        assert.deepEqual(await res.json(), { msg: MESSAGES.cardMailed, delivery: 'mail' });
        const requests = await testDb.db.query<{ vins: string[]; delivery: string; status: string; account_id: string }>(
          'SELECT vins, delivery, status, account_id::text AS account_id FROM card_requests WHERE policy_id = $1',
          [policy.policyId],
        );
        assert.deepEqual(requests, [{ vins: [vin], delivery: 'mail', status: 'requested', account_id: String(who.accountId) }]);
        await t.mail.settled();
        const mail = mailsTo(t.outboxDir, email.toLowerCase()).find((raw) => /is on its way/.test(raw));
        assert.ok(mail, 'the confirmation e-mail');
        assert.equal(pdfAttachment(mail), null);
      });

      test('a VIN that is not on the policy is a 400; a policy that is not the account’s is the 404 of a missing one', async () => {
        const { policy, who } = await customer();
        const vehicle = await post('/api/user/request_card', { policyNumber: policy.policyNumber, vins: ['WP0AA2A96MS999999'], delivery: 'mail' }, who);
        assert.equal(vehicle.status, 400);
        assert.deepEqual(await vehicle.json(), { error_messages: [MESSAGES.cardVehicle] });
        const noVehicle = await post('/api/user/request_card', { policyNumber: policy.policyNumber, vins: [], delivery: 'mail' }, who);
        assert.equal(noVehicle.status, 400);
        assert.deepEqual(((await noVehicle.json()) as { error_messages: string[] }).error_messages, [MESSAGES.cardVehicle]);
        const noDelivery = await post('/api/user/request_card', { policyNumber: policy.policyNumber, vins: [policy.quote.vehicleInfo[0]!.vin], delivery: '' }, who);
        assert.deepEqual(((await noDelivery.json()) as { error_messages: string[] }).error_messages, [MESSAGES.cardDelivery]);
        const rows = await testDb.db.query('SELECT 1 FROM card_requests WHERE policy_id = $1', [policy.policyId]);
        assert.equal(rows.length, 0);
      });

      test('a card not made yet, or that cannot be read now (the document store is down), is 409 cardNotReady, and nothing is recorded', async () => {
        const { policy, who } = await customer();
        const cardRows = await testDb.db.query<{ id: string }>(`SELECT id::text AS id FROM policy_documents WHERE policy_id = $1 AND kind = 'card'`, [policy.policyId]);
        // not made yet: the documents job has not rendered it (a GET and this request only read)
        await testDb.db.query(`UPDATE policy_documents SET kind = 'declaration' WHERE id = $1`, [cardRows[0]!.id]);
        const notMade = await post('/api/user/request_card', { policyNumber: policy.policyNumber, vins: [policy.quote.vehicleInfo[0]!.vin], delivery: 'electronic' }, who);
        assert.equal(notMade.status, 409);
        assert.deepEqual(await notMade.json(), { error_messages: [MESSAGES.cardNotReady] });
        const idCard = await get(`/api/user/id_card/${policy.policyNumber}`, who);
        assert.equal(idCard.status, 409, 'the ID card button: not ready');
        assert.equal((await testDb.db.query(`SELECT 1 FROM policy_documents WHERE policy_id = $1 AND kind = 'card'`, [policy.policyId])).length, 0, 'neither made one');
        await testDb.db.query(`UPDATE policy_documents SET kind = 'card' WHERE id = $1`, [cardRows[0]!.id]);
        const down: BlobStore = {
          kind: 'files',
          put: async () => {
            throw new Error('the store is down');
          },
          get: async () => null,
          delete: async () => {},
        };
        const broken = testApp(testDb.db, { clock: () => now, payments: createTestModeGateway(testDb.db), blobs: down });
        try {
          const res = await broken.app.request(
            ...postJson('/api/user/request_card', { policyNumber: policy.policyNumber, vins: [policy.quote.vehicleInfo[0]!.vin], delivery: 'electronic' }, who.cookie),
          );
          assert.equal(res.status, 409);
          assert.deepEqual(await res.json(), { error_messages: [MESSAGES.cardNotReady] });
          assert.match(broken.logs.join('\n'), /card request of policy id \d+/);
          assert.ok(!broken.logs.join('\n').includes(policy.policyNumber), 'the log names no policy number');
        } finally {
          broken.cleanup();
        }
        const rows = await testDb.db.query('SELECT 1 FROM card_requests WHERE policy_id = $1', [policy.policyId]);
        assert.equal(rows.length, 0);
      });

      test('past 5 requests an hour per account: 429 with Retry-After', async () => {
        const { policy, who } = await customer();
        const body = { policyNumber: policy.policyNumber, vins: [policy.quote.vehicleInfo[0]!.vin], delivery: 'mail' };
        for (let i = 0; i < 5; i += 1) assert.equal((await post('/api/user/request_card', body, who)).status, 200);
        const limited = await post('/api/user/request_card', body, who);
        assert.equal(limited.status, 429);
        assert.ok(Number(limited.headers.get('retry-after')) >= 1);
        assert.deepEqual(await limited.json(), { error_messages: [HTTP_MESSAGES.tooMany] });
        const rows = await testDb.db.query('SELECT 1 FROM card_requests WHERE policy_id = $1', [policy.policyId]);
        assert.equal(rows.length, 5);
      });
    });

    describe('statements', () => {
      const at = (iso: string) => new Date(`${iso}T12:00:00.000Z`);
      const nextDay = (iso: string) => new Date(Date.parse(`${iso}T12:00:00.000Z`) + DAY).toISOString().slice(0, 10);
      const milesCents = (miles: number, mills: number) => Math.round((miles * mills) / 10);
      const PHOTO = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 0xff, 0xd9]);

      async function reading(policyId: number, carNumber: number, odometer: number, day: string, status: 'verified' | 'needs_review' = 'verified') {
        const key = `odometer/statements-${policyId}-${carNumber}-${day}.jpg`;
        await createFileBlobStore(join(t.config.dataDir, 'blobs')).put(key, PHOTO, 'image/jpeg');
        return insertReading(testDb.db, {
          policyId, carNumber, typedReading: odometer, ocrFirst: String(odometer), ocrSecond: status === 'verified' ? String(odometer) : null, status,
          reasons: [], message: null, photoBlobKey: key, photoContentType: 'image/jpeg', capturedAt: null,
        }, at(day));
      }

      /** Runs the billing cycle each day from `from` to `to` (its own test-mode gateway, whose events the cycle need not wait for). */
      async function live(from: string, to: string, onDay: (day: string) => Promise<void> = async () => {}) {
        const payments = createTestModeGateway(testDb.db);
        payments.setEmitter(null);
        const logs: string[] = [];
        for (let day = from; day <= to; day = nextDay(day)) {
          now = at(day);
          await onDay(day);
          const result = await runBillingCycle({ db: testDb.db, config: t.config, log: (line) => logs.push(line), payments, blobs: t.blobs }, now);
          assert.equal(result.failed, 0, `${day}: ${logs.join('\n')}`);
        }
      }

      test("each period of the billing cycle, newest first: the reading and its photo, the miles and how they were found, the bill's worded lines, its status, and the balance", async () => {
        now = NOW;
        const { policy, email } = await customer();
        const other = await customer();
        const record = (await readPolicyRecord(testDb.db, policy.policyId))!;
        const car = record.vehicles[0]!;
        const mills = Math.round(car.per_mile_rate * 1000);
        const base = toCents(car.base_rate);
        const estimate = car.monthly_charge_cents - base;
        const fee = FEES.texasConvenienceFeeCents;
        let firstReading = 0;
        let secondReading = 0;
        try {
          // a reading sent before issue, period 1's the day after its end, none for period 2 (the default by its due date)
          await live('2026-03-02', '2026-05-12', async (day) => {
            if (day === '2026-03-02') firstReading = await reading(policy.policyId, 1, 10_000, day);
            if (day === '2026-04-03') secondReading = await reading(policy.policyId, 1, 10_600, day);
          });
        } finally {
          now = NOW;
        }
        now = at('2026-05-12');
        const pending = await reading(policy.policyId, 1, 11_000, '2026-05-12', 'needs_review');
        const who = await signedInAccount(testDb.db, email, now);
        const them = await signedInAccount(testDb.db, other.email, now);
        try {
          const res = await get(`/api/user/statements?policyNumber=${policy.policyNumber}`, who);
          assert.equal(res.status, 200, await res.clone().text());
          assert.equal(res.headers.get('cache-control'), 'no-store');
          const body = (await res.json()) as StatementsAnswer;
          assert.ok(check(body, StatementsAnswer).ok, JSON.stringify(check(body, StatementsAnswer)));
          const { data } = body;
          assert.equal(data.policyNumber, policy.policyNumber);
          assert.equal(data.balanceCents, 0, 'both bills were paid: nothing owed, no credit');
          assert.deepEqual(data.periods.map((period) => [period.start, period.end, period.dueOn, period.status]), [
            ['2026-05-02', '2026-06-02', '2026-06-09', 'open'],
            ['2026-04-02', '2026-05-02', '2026-05-09', 'closed'],
            ['2026-03-02', '2026-04-02', '2026-04-09', 'closed'],
          ]);
          const [third, second, first] = data.periods;
          const vehicle = { carNumber: 1, name: `${car.year} ${car.make} ${car.model}`, plan: 'per_mile', perMileMills: mills };
          assert.deepEqual(first!.vehicles, [{
            ...vehicle, reading: { odometer: 10_600, date: '2026-04-03', verified: true, photoUrl: `/api/user/odometer_photo/${secondReading}` },
            billedMiles: 600, found: { kind: 'reading', drivenMiles: 600, capMiles: null, alreadyBilledMiles: 0 },
          }]);
          assert.deepEqual(second!.vehicles, [{ ...vehicle, reading: null, billedMiles: DEFAULT_MONTHLY_MILES, found: { kind: 'default', capMiles: null } }]);
          assert.deepEqual(third!.vehicles, [{
            ...vehicle, reading: { odometer: 11_000, date: '2026-05-12', verified: false, photoUrl: null }, billedMiles: null, found: null,
          }], 'a photo waiting for review: not verified, no thumbnail, nothing billed yet');
          assert.deepEqual(third!.bills, []);

          const inAdvance = [
            { kind: 'base', carNumber: 1, label: 'Base rate, next period, car 1', cents: base },
            { kind: 'monitoring-fee', carNumber: 1, label: 'Mileage monitoring fee, car 1', cents: FEES.mileageMonitoringFeeCents },
            { kind: 'policy-fee', carNumber: null, label: 'Monthly policy fee', cents: FEES.monthlyPolicyFeeCents },
            { kind: 'payment-fee', carNumber: null, label: 'Convenience fee', cents: fee },
          ];
          const rate = formatPerMileRate(mills / 1000);
          const firstLines = [
            { kind: 'miles', carNumber: 1, label: `Miles, car 1: 600 x ${rate}`, cents: milesCents(600, mills) },
            { kind: 'estimate-credit', carNumber: 1, label: `Estimated miles already paid, car 1: ${car.est_monthly_miles!.toLocaleString('en-US')} x ${rate}`, cents: -estimate },
            ...inAdvance,
          ];
          const firstTotal = milesCents(600, mills) - estimate + base + FEES.mileageMonitoringFeeCents + FEES.monthlyPolicyFeeCents + fee;
          const [firstBill, secondBill] = await billsOfPolicy(testDb.db, policy.policyId);
          assert.deepEqual(first!.bills, [{
            kind: 'period', billDate: '2026-04-03', lines: firstLines, totalCents: firstTotal, status: 'paid', statusOn: '2026-04-03',
            failedOn: null, nextTryOn: null, documentUrl: `/api/user/bill_pdf/${firstBill!.id}`,
          }]);
          const secondTotal = milesCents(DEFAULT_MONTHLY_MILES, mills) + base + FEES.mileageMonitoringFeeCents + FEES.monthlyPolicyFeeCents + fee;
          assert.deepEqual(second!.bills, [{
            kind: 'period', billDate: '2026-05-09', totalCents: secondTotal, status: 'paid', statusOn: '2026-05-09', failedOn: null, nextTryOn: null,
            documentUrl: `/api/user/bill_pdf/${secondBill!.id}`,
            lines: [{ kind: 'miles', carNumber: 1, label: `Default miles (no reading), car 1: 1,217 x ${rate}`, cents: milesCents(DEFAULT_MONTHLY_MILES, mills) }, ...inAdvance],
          }]);
          assert.ok(new URL(data.odometerUrl!).pathname === '/odometer');

          // the thumbnail: the session's own accepted reading, private; another's, a held one or a made-up id is the one 404
          const photo = await get(`/api/user/odometer_photo/${secondReading}`, who);
          assert.equal(photo.status, 200);
          assert.equal(photo.headers.get('content-type'), 'image/jpeg');
          assert.equal(photo.headers.get('cache-control'), 'private, max-age=86400');
          assert.deepEqual(new Uint8Array(await photo.arrayBuffer()), PHOTO);
          assert.equal((await get(`/api/user/odometer_photo/${firstReading}`)).status, 401, 'no session');
          const notFound = await answerOf(await get('/api/user/odometer_photo/999999999', them));
          assert.equal(notFound.status, 404);
          for (const path of [`/api/user/odometer_photo/${secondReading}`, `/api/user/odometer_photo/${pending}`, '/api/user/odometer_photo/abc']) {
            const who2 = path.includes(String(pending)) ? who : them;
            assert.deepEqual(await answerOf(await get(path, who2)), notFound, path);
          }
          // each bill's PDF, made from its record: its lines, total and how it stands; only the session's own
          const pdf = await get(`/api/user/bill_pdf/${firstBill!.id}`, who);
          assert.equal(pdf.status, 200);
          assert.equal(pdf.headers.get('content-type'), 'application/pdf');
          assert.equal(pdf.headers.get('cache-control'), 'private, no-store');
          const pdfText = await pdfFlatText(new Uint8Array(await pdf.arrayBuffer()));
          assert.deepEqual(missingFrom(pdfText, [policy.policyNumber, ...firstLines.map((line) => line.label), formatCents(firstTotal), 'Paid on 04/03/2026']), []);
          assert.deepEqual(await answerOf(await get(`/api/user/bill_pdf/${firstBill!.id}`, them)), notFound, "another account's bill");
          assert.equal((await get(`/api/user/bill_pdf/${firstBill!.id}`)).status, 401, 'no session');
          // another session's policy: the same 404 as one that does not exist
          const theirs = await answerOf(await get(`/api/user/statements?policyNumber=${policy.policyNumber}`, them));
          const none = await answerOf(await get('/api/user/statements?policyNumber=PPMP-0000-0000', them));
          assert.equal(theirs.status, 404);
          assert.deepEqual(theirs, none);
        } finally {
          now = NOW;
        }
      });

      test('a policy before its cycle has run has no periods; an Unlimited one no odometer link', async () => {
        const { policy, who } = await customer({ billingType: 'capped' });
        const body = (await (await get(`/api/user/statements?policyNumber=${policy.policyNumber}`, who)).json()) as StatementsAnswer;
        assert.ok(check(body, StatementsAnswer).ok);
        assert.deepEqual(body.data.periods, []);
        assert.equal(body.data.balanceCents, 0);
        assert.equal(body.data.odometerUrl, null);
      });
    });

    describe('the ID card', () => {
      test('the newest card of an own policy, inline and never cached; 404 for any other number, 400 for a malformed one', async () => {
        const { policy, who } = await customer();
        const res = await get(`/api/user/id_card/${policy.policyNumber}`, who);
        assert.equal(res.status, 200);
        assert.equal(res.headers.get('content-type'), 'application/pdf');
        assert.equal(res.headers.get('cache-control'), 'private, no-store');
        assert.equal(res.headers.get('content-disposition'), `inline; filename="ID-Card-${policy.policyNumber}.pdf"`);
        assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
        const bytes = new Uint8Array(await res.arrayBuffer());
        const newest = await testDb.db.query<{ sha256: string }>(
          `SELECT sha256 FROM policy_documents WHERE policy_id = $1 AND kind = 'card' ORDER BY created_at DESC, id DESC LIMIT 1`,
          [policy.policyId],
        );
        assert.equal(createHash('sha256').update(bytes).digest('hex'), newest[0]!.sha256.trim());

        const missing = await get('/api/user/id_card/PPMP-0000-0000', who);
        assert.equal(missing.status, 404);
        assert.deepEqual(await missing.json(), { error_messages: [MESSAGES.accountPolicyNotFound] });
        const malformed = await get('/api/user/id_card/not%20a%20number', who);
        assert.equal(malformed.status, 400);
      });
    });

    test("IDOR: one account never reads another's policy, quote, document or card by changing a number; every answer is the missing one's", async () => {
      const a = await customer();
      const b = await customer();
      const aQuote = await quoteFor(a.email);
      assert.equal((await post('/api/user/update', { policyNumbers: [aQuote.policyNumber], emailAddress: a.email }, a.who)).status, 200);
      // A's own calls work (the same calls B makes below).
      assert.equal((await get(`/api/user/statements?policyNumber=${a.policy.policyNumber}`, a.who)).status, 200);
      assert.equal((await get(`/api/user/id_card/${a.policy.policyNumber}`, a.who)).status, 200);
      assert.equal((await get(`/api/user/quote?policyNumber=${aQuote.policyNumber}`, a.who)).status, 200);

      const aVin = a.policy.quote.vehicleInfo[0]!.vin;
      const pairs: [string, () => Response | Promise<Response>, () => Response | Promise<Response>][] = [
        ['statements', () => get(`/api/user/statements?policyNumber=${a.policy.policyNumber}`, b.who), () => get('/api/user/statements?policyNumber=PPMP-ZZZZ-ZZZZ', b.who)],
        ['id card', () => get(`/api/user/id_card/${a.policy.policyNumber}`, b.who), () => get('/api/user/id_card/PPMP-ZZZZ-ZZZZ', b.who)],
        ['saved quote', () => get(`/api/user/quote?policyNumber=${aQuote.policyNumber}`, b.who), () => get('/api/user/quote?policyNumber=PPMQ-ZZZZ-ZZZZ', b.who)],
        ['save quote', () => post('/api/user/update', { policyNumbers: [aQuote.policyNumber], emailAddress: b.email }, b.who), () => post('/api/user/update', { policyNumbers: ['PPMQ-ZZZZ-ZZZZ'], emailAddress: b.email }, b.who)],
        ['card request', () => post('/api/user/request_card', { policyNumber: a.policy.policyNumber, vins: [aVin], delivery: 'electronic' }, b.who), () => post('/api/user/request_card', { policyNumber: 'PPMP-ZZZZ-ZZZZ', vins: [aVin], delivery: 'electronic' }, b.who)],
        ['card by mail', () => post('/api/user/request_card', { policyNumber: a.policy.policyNumber, vins: [aVin], delivery: 'mail' }, b.who), () => post('/api/user/request_card', { policyNumber: 'PPMP-ZZZZ-ZZZZ', vins: [aVin], delivery: 'mail' }, b.who)],
      ];
      for (const [what, theirs, missing] of pairs) {
        const other = await answerOf(await theirs());
        const none = await answerOf(await missing());
        assert.equal(other.status, 404, what);
        assert.deepEqual(JSON.parse(other.text), { error_messages: [MESSAGES.accountPolicyNotFound] }, what);
        assert.deepEqual(other, none, `${what}: the same answer as a number that does not exist`);
      }
      const stolen = await testDb.db.query('SELECT 1 FROM card_requests WHERE policy_id = $1', [a.policy.policyId]);
      assert.equal(stolen.length, 0, 'no card request reached A’s policy');
      const saved = await testDb.db.query('SELECT 1 FROM account_quotes WHERE account_id = $1', [b.who.accountId]);
      assert.equal(saved.length, 0, 'B saved nothing of A’s');
      const session = (await sessionAnswer(testDb.db, b.who.accountId, now))!;
      assert.ok(!session.policies.some((p) => p.policyNumber === a.policy.policyNumber || p.policyNumber === aQuote.policyNumber));
    });
  });
}
