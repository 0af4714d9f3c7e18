import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  addDays, check, formatIsoDate, formatUsDate, localToday, MESSAGES, QuoteResponse, UNLIMITED_STATES, WRITING_STATES,
  type CoverageSelection, type QuotePolicy, type QuoteRequest,
} from '../../contract/index.ts';
import { coverageLimits, formOfSelection, limitsOfRequest, sameLimits } from '../../contract/coverage/index.ts';
import { HTTP_MESSAGES } from '../http/errors.ts';
import { parseEml } from '../mail/eml.ts';
import { createMailer } from '../mail/mailer.ts';
import { createMailQueue } from '../mail/queue.ts';
import { QUOTE_NUMBER } from '../quotes/numbering.ts';
import { FIXTURE_VINS, quoteRequestFixture, type QuoteFixtureOptions } from '../quotes/testing.ts';
import { withCheckDigit } from '../vin/build-vin.ts';
import {
  dbTargets, postJson, PUBLIC_ORIGIN, suiteApp, testApp, uniqueEmail, outboxFiles, type TestApp } from '../testing/harness.ts';

/** Noon UTC: the same calendar day in every time zone the tests may run in. */
const NOW = new Date('2026-03-02T12:00:00.000Z');
const TODAY = localToday(NOW);


/** Each test calls from its own address, so the lookup limit of one test never touches another. */
let client = 0;
const from = () => ({ 'X-Forwarded-For': `203.0.113.${++client}` });

type Body = { policies: QuotePolicy[] } & { error_messages?: string[] };

for (const target of dbTargets()) {
  describe(`quote calls on ${target}`, () => {
    let now = NOW;
    const { testDb, t } = suiteApp(target, { clock: () => now, config: { trustProxy: 1 } });

    const fixture = (options: QuoteFixtureOptions = {}) => quoteRequestFixture({ today: TODAY, email: uniqueEmail('quote'), ...options });
    /** Waits for the mail the call queued too, so the outbox is read after its delivery. */
    const post = async (path: string, body: unknown, app: TestApp = t) => {
      const res = await app.app.request(...postJson(path, body, from()));
      await app.mail.settled();
      return { res, body: (await res.json()) as Body };
    };
    const quote = (body: unknown) => post('/api/policy/quote', body);
    const quoteCount = async () => (await testDb.db.query<{ n: number }>('SELECT count(*)::int AS n FROM quotes'))[0]!.n;
    const newMails = (before: Set<string>) => outboxFiles(t.outboxDir).filter((name) => !before.has(name));
    const readMail = (name: string) => parseEml(readFileSync(join(t.outboxDir, name), 'utf8'));

    for (const state of WRITING_STATES) {
      test(`a valid ${state} quote answers 200 with doc 3's quote response, stored as QUOTE with its rate table`, async () => {
        const request = fixture({ state, vehicles: 2 });
        const { res, body } = await quote(request);
        assert.equal(res.status, 200, JSON.stringify(body));
        assert.equal(res.headers.get('cache-control'), 'no-store');
        const checked = check(body, QuoteResponse);
        assert.ok(checked.ok, JSON.stringify(!checked.ok && checked.errors));
        assert.equal(body.policies.length, 1);
        const policy = body.policies[0]!;
        assert.match(policy.policyNumber, QUOTE_NUMBER);
        assert.equal(policy.policyStatus, 'QUOTE');
        assert.equal(policy.ratedState, state);
        assert.equal(policy.effectiveDate, request.effectiveDate);
        assert.equal(policy.emailAddress, request.emailAddress);
        assert.equal(policy.downPayment, policy.downPaymentMonthly);
        assert.equal(policy.findBilling.estimatedMonthlyPayment, policy.estimatedMonthlyPayment);
        assert.ok(policy.findBilling.allInstallmentOptions.length > 0);
        for (const money of [policy.downPayment, policy.downPaymentSingle, policy.estimatedMonthlyPayment, policy.estimatedTotalWritten]) {
          assert.ok(money > 0 && Number.isInteger(Math.round(money * 100 * 1000) / 1000), `${money} is dollars and cents`);
        }
        assert.deepEqual(policy.policyOwners, [{ relation: 'INSURED', firstName: 'Ann', lastName: 'Driver' }]);
        assert.deepEqual(policy.driverInfo.map((d) => [d.driverNumber, d.firstName, d.dob]), [[1, 'Ann', '1980-04-02']]);
        assert.equal(policy.addressInfo[0]!.addressType, 'Mailing');
        assert.equal((policy.quoteRequest as { vehicles: { vin: string }[] }).vehicles[1]!.vin, FIXTURE_VINS[1]);
        assert.equal(policy.vehicleInfo.length, 2);
        const [first, second] = policy.vehicleInfo;
        assert.deepEqual([first!.carNumber, first!.year, first!.make, first!.model, first!.vin], [1, 2021, 'Porsche', '911', FIXTURE_VINS[0]]);
        assert.equal(second!.model, 'Boxster');
        assert.equal(first!.financing, 'OWNED');
        const unlimited = (UNLIMITED_STATES as readonly string[]).includes(state);
        assert.equal(typeof first!.unlimitedRate, unlimited ? 'number' : 'object', 'Unlimited priced only where offered');
        assert.ok(first!.premiumInfo.baseRate > 0);
        assert.ok(first!.premiumInfo.perMileRate > 0 && Math.round(first!.premiumInfo.perMileRate * 1000) === first!.premiumInfo.perMileRate * 1000);
        assert.equal(first!.premiumInfo.estMonthlyMiles, 500);
        assert.ok(first!.coverageInfo.length > 0);
        for (const coverage of first!.coverageInfo) {
          assert.ok(coverage.coverageDescription && coverage.displayLimit, JSON.stringify(coverage));
          // a choice that modifies a line (stacking, a deductible's type) has its cost inside that line
          const choice = ['UM', 'PIPDeductible', 'PIPDeductibleType', 'UMUIMPDDeductible'].includes(coverage.coverageName ?? '');
          assert.equal(typeof (coverage as { monthlyBase?: unknown }).monthlyBase, choice ? 'undefined' : 'number', 'each coverage explains its share');
        }

        const rows = await testDb.db.query<Record<string, unknown>>(
          `SELECT quote_number, status, email_lower, dob::text AS dob, zip, rated_state, rate_table_version,
                  response->>'policyNumber' AS answered, request->>'ratedState' AS requested
           FROM quotes WHERE quote_number = $1`,
          [policy.policyNumber],
        );
        assert.equal(rows.length, 1);
        const row = rows[0]!;
        assert.equal(row.status, 'QUOTE');
        assert.equal(row.email_lower, request.emailAddress.toLowerCase());
        assert.equal(row.dob, '1980-04-02');
        assert.equal(row.zip, request.addresses[0].zip);
        assert.equal(row.rated_state, state);
        assert.match(String(row.rate_table_version), new RegExp(`^${state}-`));
        assert.equal(row.answered, policy.policyNumber);
        assert.equal(row.requested, state);
      });
    }

    test('e-mails the quote with a single-use link that opens the same quote once', async () => {
      const before = new Set(outboxFiles(t.outboxDir));
      const request = fixture({ state: 'TX' });
      const { body } = await quote(request);
      const policy = body.policies[0]!;
      const added = newMails(before);
      assert.equal(added.length, 1);
      const mail = readMail(added[0]!);
      assert.equal(mail.headers.get('to'), request.emailAddress);
      assert.match(mail.headers.get('subject')!, new RegExp(policy.policyNumber));
      const text = mail.parts.find((part) => part.contentType === 'text/plain')!.body;
      const html = mail.parts.find((part) => part.contentType === 'text/html')!.body;
      const link = new RegExp(`${PUBLIC_ORIGIN}/receive-a-quote\\?retrieve=([0-9a-f]{64})`);
      const token = link.exec(text)?.[1];
      assert.ok(token, text);
      assert.ok(html.includes(`href="${PUBLIC_ORIGIN}/receive-a-quote?retrieve=${token}"`));
      for (const part of [text, html]) {
        assert.ok(part.includes(policy.policyNumber));
        assert.ok(part.includes('2021 Porsche 911 Coupe'));
        assert.ok(part.includes(`$${policy.estimatedMonthlyPayment.toFixed(2)}`), 'the estimated monthly payment');
      }
      for (const url of text.match(/https?:\/\/\S+/g) ?? []) {
        assert.ok(!url.includes('@') && !url.includes('1980'), `no e-mail or birth date in ${url}`);
      }

      const stored = await testDb.db.query<{ token_hash: string }>(
        `SELECT t.token_hash FROM tokens t JOIN quotes q ON q.id = t.subject_id WHERE t.purpose = 'quote-link' AND q.quote_number = $1`,
        [policy.policyNumber],
      );
      assert.deepEqual(stored.map((row) => row.token_hash), [createHash('sha256').update(token).digest('hex')], 'only the hash is kept');

      const opened = await post('/api/policy/redeem_quote_link', { token });
      assert.equal(opened.res.status, 200);
      assert.deepEqual(opened.body, body);
      const again = await post('/api/policy/redeem_quote_link', { token });
      assert.equal(again.res.status, 404);
      assert.deepEqual(again.body, { error_messages: [MESSAGES.quoteLinkNotFound] });
      const unknown = await post('/api/policy/redeem_quote_link', { token: 'f'.repeat(64) });
      assert.deepEqual([unknown.res.status, unknown.body], [404, again.body]);
      const malformed = await post('/api/policy/redeem_quote_link', { token: 'x' });
      assert.equal(malformed.res.status, 400);
    });

    test('a link past its 14 days opens nothing', async () => {
      const before = new Set(outboxFiles(t.outboxDir));
      await quote(fixture({ state: 'GA' }));
      const text = readMail(newMails(before)[0]!).parts.find((part) => part.contentType === 'text/plain')!.body;
      const token = /retrieve=([0-9a-f]{64})/.exec(text)![1]!;
      try {
        now = new Date(NOW.getTime() + 14 * 86_400_000 + 1000);
        const late = await post('/api/policy/redeem_quote_link', { token });
        assert.deepEqual([late.res.status, late.body], [404, { error_messages: [MESSAGES.quoteLinkNotFound] }]);
      } finally {
        now = NOW;
      }
      const unspent = await testDb.db.query<{ used_at: Date | null }>(
        'SELECT used_at FROM tokens WHERE token_hash = $1',
        [createHash('sha256').update(token).digest('hex')],
      );
      assert.equal(unspent[0]!.used_at, null, 'an expired link is refused without being spent');
    });

    test('an identical request moments later answers the same quote and sends no second e-mail', async () => {
      const request = fixture({ state: 'OH' });
      const beforeMails = new Set(outboxFiles(t.outboxDir));
      const beforeCount = await quoteCount();
      const first = await quote(request);
      const second = await quote(request);
      assert.equal(second.res.status, 200);
      assert.deepEqual(second.body, first.body);
      assert.equal(await quoteCount(), beforeCount + 1);
      assert.equal(newMails(beforeMails).length, 1);
      const changed = await quote({ ...request, vehicles: [{ ...request.vehicles[0], mileage: { usageType: 'Pleasure', miles: 9000 } }] });
      assert.notEqual(changed.body.policies[0]!.policyNumber, first.body.policies[0]!.policyNumber, 'a changed request is a new quote');
    });

    test('the step 4 choices sent with the limits are stored with the quote; choices that say otherwise are refused', async () => {
      const request = fixture({ state: 'FL', withSelection: true });
      const stored = await quote(request);
      assert.equal(stored.res.status, 200);
      assert.deepEqual((stored.body.policies[0]!.quoteRequest as { coverageSelection?: unknown }).coverageSelection, request.coverageSelection);
      const rows = await testDb.db.query<{ selection: unknown }>(
        `SELECT request->'coverageSelection' AS selection FROM quotes WHERE quote_number = $1`,
        [stored.body.policies[0]!.policyNumber],
      );
      assert.deepEqual(rows[0]!.selection, request.coverageSelection);

      const count = await quoteCount();
      const other = structuredClone(request);
      other.coverageSelection.shared.bodilyInjury = other.coverageSelection.shared.bodilyInjury === '100/300' ? '250/500' : '100/300';
      const refused = await quote(other);
      assert.equal(refused.res.status, 400);
      assert.deepEqual(refused.body.error_messages, [MESSAGES.coverageSelectionMismatch]);
      assert.equal(await quoteCount(), count);
    });

    test('a request without choices (an older client) is stored with the choices its limits say', async () => {
      const request = fixture({ state: 'TX' });
      assert.equal(request.coverageSelection, undefined);
      const stored = await quote(request);
      assert.equal(stored.res.status, 200);
      const selection = (stored.body.policies[0]!.quoteRequest as { coverageSelection?: CoverageSelection }).coverageSelection;
      const rows = await testDb.db.query<{ selection: unknown }>(
        `SELECT request->'coverageSelection' AS selection FROM quotes WHERE quote_number = $1`,
        [stored.body.policies[0]!.policyNumber],
      );
      assert.deepEqual(rows[0]!.selection, selection);
      // the form those choices make sends the very limits that were priced
      const vehicles = request.vehicles.map((vehicle: { financing: string; statedValue: string }) => ({ financing: vehicle.financing.toLowerCase(), statedValue: Number(vehicle.statedValue) }));
      assert.ok(sameLimits(coverageLimits('TX', formOfSelection(selection!, ''), vehicles), limitsOfRequest(request as QuoteRequest)));
    });

    describe('refusals answer 400 with the rule messages and store nothing', () => {
      const refused = async (body: unknown, messages: string[] | ((got: string[]) => void)) => {
        const count = await quoteCount();
        const { res, body: answer } = await quote(body);
        assert.equal(res.status, 400, JSON.stringify(answer));
        if (typeof messages === 'function') messages(answer.error_messages ?? []);
        else assert.deepEqual(answer.error_messages, messages);
        assert.equal(await quoteCount(), count);
        return answer;
      };

      test('a state we do not write, even one a rate list names (CA), gets the call-us message', async () => {
        for (const state of ['NY', 'CA', 'PA']) {
          const body = fixture({ state: 'AZ' });
          body.ratedState = state;
          body.addresses[0].state = state;
          const answer = await refused(body, [MESSAGES.callUs]);
          assert.ok(answer.error_messages![0]!.includes('800-400-4128'));
        }
      });

      test('a missing coverage limit', async () => {
        const body = fixture({ state: 'AZ' });
        body.limits = body.limits.filter((entry: { name: string }) => entry.name !== 'BI');
        await refused(body, (messages) => assert.ok(messages.length > 0 && messages.every((m) => typeof m === 'string' && m !== '')));
      });

      test('an effective date past the 30-day window, or before today', async () => {
        const window = MESSAGES.effectiveDate(formatUsDate(TODAY), formatUsDate(addDays(TODAY, 30)));
        for (const days of [31, -1]) {
          const body = fixture({ state: 'CO' });
          body.effectiveDate = formatIsoDate(addDays(TODAY, days));
          await refused(body, [window]);
        }
      });

      test('Unlimited (capped billing) in Florida, where it is not offered', async () => {
        await refused(fixture({ state: 'FL', billingType: 'capped' }), [MESSAGES.unlimitedNotOffered('Florida')]);
      });

      test('Business use', async () => {
        const body = fixture({ state: 'TN' });
        body.vehicles[0].mileage.usageType = 'Business';
        await refused(body, [MESSAGES.businessPurpose]);
      });

      test("prior bodily-injury limits that are not one of the drivers step's options", async () => {
        for (const limit of ['30/60', '$250,000/$500,000']) {
          const body = fixture({ state: 'GA' });
          body.priorBiLimit = limit;
          const answer = await refused(body, [MESSAGES.choice]);
          assert.deepEqual((answer as { fields?: unknown }).fields, [{ path: 'priorBiLimit', message: MESSAGES.choice }]);
        }
      });

      test("another maker's VIN, a repeated VIN, and a rated state that is not the garaging state", async () => {
        const other = fixture({ state: 'AZ' });
        other.vehicles[0].vin = withCheckDigit('WBA3A5C50DF123456');
        await refused(other, [MESSAGES.vinNonMarque]);
        const twice = fixture({ state: 'AZ', vehicles: 2 });
        twice.vehicles[1].vin = twice.vehicles[0].vin;
        await refused(twice, [MESSAGES.vinDuplicate]);
        const elsewhere = fixture({ state: 'AZ' });
        elsewhere.isGarageSameAsMailing = false;
        elsewhere.addresses.push({ type: 'Garaging', streetName: '2 Oak St', city: 'Austin', state: 'TX', zip: '78701' });
        await refused(elsewhere, [MESSAGES.ratedStateMismatch]);
      });

      test('malformed JSON, a missing field, the wrong content type', async () => {
        const res = await t.app.request(...postJson('/api/policy/quote', '{"ratedState": "AZ",', from()));
        assert.deepEqual([res.status, await res.json()], [400, { error_messages: [HTTP_MESSAGES.invalidJson] }]);
        const body = fixture();
        delete body.emailAddress;
        await refused(body, [MESSAGES.email]);
        const [url, init] = postJson('/api/policy/quote', fixture());
        const text = await t.app.request(url, { ...init, headers: { ...(init.headers as Record<string, string>), 'Content-Type': 'text/plain' } });
        assert.equal(text.status, 415);
      });
    });

    describe('POST /api/policy/price (the live price)', () => {
      const mailRows = async () => (await testDb.db.query<{ n: number }>('SELECT count(*)::int AS n FROM mail_queue'))[0]!.n;

      test('answers the figures POST /api/policy/quote gives for the same body, with no number; stores and mails nothing', async () => {
        for (const state of ['AZ', 'FL', 'OH'] as const) {
          const request = fixture({ state, vehicles: 2, withSelection: true });
          const [quotes, mails, files] = [await quoteCount(), await mailRows(), outboxFiles(t.outboxDir).length];
          const priced = await post('/api/policy/price', request);
          assert.equal(priced.res.status, 200, JSON.stringify(priced.body));
          assert.equal(priced.res.headers.get('cache-control'), 'no-store');
          assert.ok(check(priced.body, QuoteResponse).ok);
          assert.deepEqual([await quoteCount(), await mailRows(), outboxFiles(t.outboxDir).length], [quotes, mails, files], 'nothing stored, nothing mailed');
          const quoted = await quote(request);
          assert.equal(quoted.res.status, 200);
          assert.equal(priced.body.policies[0]!.policyNumber, '');
          assert.deepEqual(priced.body, { policies: [{ ...quoted.body.policies[0]!, policyNumber: '' }] });
        }
      });

      test('refuses with the quote call\'s 400s and messages', async () => {
        const cases: [unknown, string[]][] = [
          [fixture({ state: 'FL', billingType: 'capped' }), [MESSAGES.unlimitedNotOffered('Florida')]],
          [{ ...fixture({ state: 'AZ' }), ratedState: 'NY' }, [MESSAGES.callUs]],
          [{ ...fixture({ state: 'AZ' }), emailAddress: undefined }, [MESSAGES.email]],
        ];
        for (const [body, messages] of cases) {
          const priced = await post('/api/policy/price', body);
          const quoted = await quote(body);
          assert.deepEqual([priced.res.status, priced.body.error_messages], [400, messages]);
          assert.deepEqual(priced.body, quoted.body, 'the same refusal, fields included');
        }
        const malformed = await t.app.request(...postJson('/api/policy/price', '{"ratedState": "AZ",', from()));
        assert.deepEqual([malformed.status, await malformed.json()], [400, { error_messages: [HTTP_MESSAGES.invalidJson] }]);
      });

      test('answers 429 with Retry-After past the limit, per client', async () => {
        const limited = testApp(testDb.db, {
          clock: () => now,
          config: { trustProxy: 1 },
          rateLimits: { price: { name: 'price-test', limit: 3, windowSeconds: 600 } },
        });
        try {
          const body = fixture({ state: 'TX' });
          const ask = (ip: string) => limited.app.request(...postJson('/api/policy/price', body, { 'X-Forwarded-For': ip }));
          for (let i = 0; i < 3; i += 1) assert.equal((await ask('198.51.100.30')).status, 200);
          const refused = await ask('198.51.100.30');
          assert.equal(refused.status, 429);
          assert.ok(Number(refused.headers.get('retry-after')) >= 1);
          assert.deepEqual(await refused.json(), { error_messages: [HTTP_MESSAGES.tooMany] });
          assert.equal((await ask('198.51.100.31')).status, 200, 'another client is not affected');
        } finally {
          limited.cleanup();
        }
      });
    });

    describe('re-pricing a quote keeps its number', () => {
      const versionsOf = async (quoteNumber: string) => {
        const [row] = await testDb.db.query<{ id: number; version: number }>('SELECT id, version FROM quotes WHERE quote_number = $1', [quoteNumber]);
        const kept = await testDb.db.query<{ version: number; monthly: string }>(
          `SELECT version, response->>'estimatedMonthlyPayment' AS monthly FROM quote_versions WHERE quote_id = $1 ORDER BY version`,
          [row!.id],
        );
        return { version: row!.version, kept };
      };
      const capped = (request: Record<string, any>) =>
        ({ ...request, vehicles: request.vehicles.map((vehicle: object) => ({ ...vehicle, billingType: 'capped' })) });

      test('switching to Unlimited with the number: the same number, a new version, the old one kept, one e-mail whose link opens the new one', async () => {
        const before = new Set(outboxFiles(t.outboxDir));
        const request = fixture({ state: 'AZ' });
        const first = await quote(request);
        const quoteNumber = first.body.policies[0]!.policyNumber;
        const unlimited = await quote({ ...capped(request), quoteNumber });
        assert.equal(unlimited.res.status, 200);
        const policy = unlimited.body.policies[0]!;
        assert.equal(policy.policyNumber, quoteNumber);
        assert.equal(policy.vehicleInfo[0]!.billingType, 'capped');
        assert.equal((policy.quoteRequest as Record<string, unknown>).quoteNumber, undefined, 'the number is not part of what was priced');
        assert.deepEqual(await versionsOf(quoteNumber), {
          version: 2,
          kept: [{ version: 1, monthly: String(first.body.policies[0]!.estimatedMonthlyPayment) }],
        });
        const again = await quote({ ...capped(request), quoteNumber });
        assert.deepEqual(again.body, unlimited.body, 'the same request again is the version in force');
        assert.equal((await versionsOf(quoteNumber)).version, 2);

        const mails = newMails(before);
        assert.equal(mails.length, 1, 'one e-mail per quote number');
        const text = readMail(mails[0]!).parts.find((part) => part.contentType === 'text/plain')!.body;
        const token = /retrieve=([0-9a-f]{64})/.exec(text)![1]!;
        const opened = await post('/api/policy/redeem_quote_link', { token });
        assert.deepEqual(opened.body, unlimited.body, 'the link opens the version in force');
        const found = await post('/api/policy/lookup_quote', { emailAddress: request.emailAddress, dob: '1980-04-02', zip: '85004' });
        assert.deepEqual(found.body, unlimited.body);
      });

      test('a number of another e-mail, birth date or ZIP, an unknown number, or a bought quote: a new number, mailed', async () => {
        const request = fixture({ state: 'TX' });
        const quoteNumber = (await quote(request)).body.policies[0]!.policyNumber;
        const otherDob = structuredClone(request);
        otherDob.drivers[0].dob = '1981-04-02';
        const otherZip = structuredClone(request);
        otherZip.addresses[0].zip = '78702';
        for (const body of [
          { ...fixture({ state: 'TX', annualMiles: 7000 }), quoteNumber },
          { ...otherDob, quoteNumber },
          { ...otherZip, quoteNumber },
          { ...request, annualMiles: undefined, vehicles: [{ ...request.vehicles[0], mileage: { usageType: 'Pleasure', miles: 7100 } }], quoteNumber: 'PPMQ-0000-0000' },
        ]) {
          const before = new Set(outboxFiles(t.outboxDir));
          const answer = await quote(body);
          assert.equal(answer.res.status, 200, JSON.stringify(answer.body));
          assert.notEqual(answer.body.policies[0]!.policyNumber, quoteNumber);
          assert.equal(newMails(before).length, 1, 'a new quote sends its own e-mail');
        }
        assert.deepEqual(await versionsOf(quoteNumber), { version: 1, kept: [] }, "someone else's request never touches the quote");

        await testDb.db.query(`UPDATE quotes SET status = 'BOUND' WHERE quote_number = $1`, [quoteNumber]);
        const afterPurchase = await quote({ ...capped(request), quoteNumber });
        assert.notEqual(afterPurchase.body.policies[0]!.policyNumber, quoteNumber, 'a bought quote is not priced again');
        assert.deepEqual(await versionsOf(quoteNumber), { version: 1, kept: [] });
      });

      test('re-prices of one number at the same time lose no version', async () => {
        const before = new Set(outboxFiles(t.outboxDir));
        const request = fixture({ state: 'GA' });
        const quoteNumber = (await quote(request)).body.policies[0]!.policyNumber;
        const miles = [7000, 7100, 7200, 7300, 7400];
        const answers = await Promise.all(
          miles.map((annual) => quote({ ...request, vehicles: [{ ...request.vehicles[0], mileage: { usageType: 'Pleasure', miles: annual } }], quoteNumber })),
        );
        for (const answer of answers) assert.equal(answer.body.policies[0]!.policyNumber, quoteNumber);
        const { version, kept } = await versionsOf(quoteNumber);
        assert.equal(version, miles.length + 1);
        assert.deepEqual(kept.map((row) => row.version), [1, 2, 3, 4, 5]);
        const [row] = await testDb.db.query<{ miles: number }>(
          `SELECT (request->'vehicles'->0->'mileage'->>'miles')::int AS miles FROM quotes WHERE quote_number = $1`,
          [quoteNumber],
        );
        assert.ok(miles.includes(row!.miles));
        assert.equal(newMails(before).length, 1);
      });

      test('a quote whose e-mail the recipient limit held back is mailed by a later re-price, once', async () => {
        const limited = testApp(testDb.db, {
          clock: () => now,
          rateLimits: { quoteMail: { name: 'quote-mail-reprice', limit: 1, windowSeconds: 3600 } },
        });
        try {
          const email = uniqueEmail('held');
          await post('/api/policy/quote', fixture({ state: 'OR', email }), limited);
          const held = await post('/api/policy/quote', fixture({ state: 'OR', email, annualMiles: 7000 }), limited);
          assert.equal(outboxFiles(limited.outboxDir).length, 1);
          const quoteNumber = held.body.policies[0]!.policyNumber;
          now = new Date(NOW.getTime() + 2 * 3600_000);
          for (const miles of [7100, 7200]) {
            const repriced = await post('/api/policy/quote', { ...fixture({ state: 'OR', email, annualMiles: miles }), quoteNumber }, limited);
            assert.equal(repriced.body.policies[0]!.policyNumber, quoteNumber);
          }
          const files = outboxFiles(limited.outboxDir);
          assert.equal(files.length, 2, 'the held quote is mailed once, with the figures of the re-price that sent it');
        } finally {
          now = NOW;
          limited.cleanup();
        }
      });
    });

    describe('POST /api/policy/lookup_quote', () => {
      test('finds the newest quote by e-mail in any letter case, birth date and ZIP', async () => {
        const email = uniqueEmail('Look.Up');
        const older = await quote(fixture({ state: 'TX', email }));
        const newer = await quote(fixture({ state: 'TX', email, annualMiles: 8000 }));
        assert.notEqual(older.body.policies[0]!.policyNumber, newer.body.policies[0]!.policyNumber);
        const found = await post('/api/policy/lookup_quote', { emailAddress: ` ${email.toUpperCase()} `, dob: '1980-04-02', zip: '78701' });
        assert.equal(found.res.status, 200);
        assert.equal(found.res.headers.get('cache-control'), 'no-store');
        assert.ok(check(found.body, QuoteResponse).ok);
        assert.deepEqual(found.body, newer.body);
      });

      test('with quoteNumber, that quote among those the three keys find; any other number is the same 404', async () => {
        const email = uniqueEmail('Look.Number');
        const older = await quote(fixture({ state: 'TX', email }));
        await quote(fixture({ state: 'TX', email, annualMiles: 8000 }));
        const keys = { emailAddress: email, dob: '1980-04-02', zip: '78701' };
        const chosen = await post('/api/policy/lookup_quote', { ...keys, quoteNumber: older.body.policies[0]!.policyNumber });
        assert.equal(chosen.res.status, 200);
        assert.deepEqual(chosen.body, older.body, 'the older quote, not the newest');

        const someoneElses = await quote(fixture({ state: 'TX' }));
        for (const quoteNumber of [someoneElses.body.policies[0]!.policyNumber, 'PPMQ-0000-0000']) {
          const { res, body } = await post('/api/policy/lookup_quote', { ...keys, quoteNumber });
          assert.equal(res.status, 404);
          assert.deepEqual(body, { error_messages: [MESSAGES.quoteNotFound] });
        }
        const wrongKeys = await post('/api/policy/lookup_quote', { ...keys, dob: '1980-04-03', quoteNumber: older.body.policies[0]!.policyNumber });
        assert.equal(wrongKeys.res.status, 404, 'the number never replaces the birth date and ZIP');
      });

      test('a wrong birth date, a wrong ZIP and an unknown e-mail get one and the same 404', async () => {
        const email = uniqueEmail('miss');
        await quote(fixture({ state: 'AZ', email }));
        const answers = await Promise.all([
          post('/api/policy/lookup_quote', { emailAddress: email, dob: '1980-04-03', zip: '85004' }),
          post('/api/policy/lookup_quote', { emailAddress: email, dob: '1980-04-02', zip: '85005' }),
          post('/api/policy/lookup_quote', { emailAddress: uniqueEmail('nobody'), dob: '1980-04-02', zip: '85004' }),
        ]);
        for (const { res, body } of answers) {
          assert.equal(res.status, 404);
          assert.deepEqual(body, { error_messages: [MESSAGES.quoteNotFound] });
          assert.deepEqual(
            [...res.headers.entries()].filter(([name]) => name !== 'date'),
            [...answers[0]!.res.headers.entries()].filter(([name]) => name !== 'date'),
          );
        }
      });

      test('a malformed lookup is a 400 with the field rules', async () => {
        const { res, body } = await post('/api/policy/lookup_quote', { emailAddress: 'nope', dob: '04/02/1980', zip: '8500' });
        assert.equal(res.status, 400);
        assert.deepEqual(body.error_messages, [MESSAGES.email, MESSAGES.dateIsoFormat, MESSAGES.zip]);
      });

      test('answers 429 with Retry-After past the limit, per client', async () => {
        const limited = testApp(testDb.db, {
          clock: () => now,
          config: { trustProxy: 1 },
          rateLimits: { lookupQuote: { name: 'lookup-test', limit: 3, windowSeconds: 900 } },
        });
        try {
          const ask = (ip: string) =>
            limited.app.request(...postJson('/api/policy/lookup_quote', { emailAddress: 'a@example.com', dob: '1980-04-02', zip: '85004' }, { 'X-Forwarded-For': ip }));
          for (let i = 0; i < 3; i += 1) assert.equal((await ask('198.51.100.20')).status, 404);
          const refused = await ask('198.51.100.20');
          assert.equal(refused.status, 429);
          // Sliding window (api/http/rate-limit.ts): the 3 hits must weigh 2 or less, a third into the next window.
          assert.equal(refused.headers.get('retry-after'), '1200');
          assert.deepEqual(await refused.json(), { error_messages: [HTTP_MESSAGES.tooMany] });
          assert.equal((await ask('198.51.100.21')).status, 404, 'another client is not affected');
        } finally {
          limited.cleanup();
        }
      });
    });

    test('a failing mail server does not lose the quote, nor its e-mail', async () => {
      const mailer = { kind: 'outbox' as const, send: async () => Promise.reject(new Error('connect ECONNREFUSED')), close() {} };
      const failing = testApp(testDb.db, { clock: () => now, mailer });
      try {
        const request = fixture({ state: 'OR' });
        const { res, body } = await post('/api/policy/quote', request, failing);
        assert.equal(res.status, 200);
        const number = body.policies[0]!.policyNumber;
        assert.equal((await testDb.db.query('SELECT 1 FROM quotes WHERE quote_number = $1', [number])).length, 1);
        const log = failing.logs.join('\n');
        assert.match(log, /ERROR quote mail \(attempt 1 of 6, next at .+\) Error: connect ECONNREFUSED/);
        assert.ok(!log.includes(request.emailAddress) && !log.includes('1980-04-02'), 'no personal data in the log');
        const waiting = await testDb.db.query<{ attempts: number }>(
          `SELECT attempts FROM mail_queue WHERE kind = 'quote mail' AND sent_at IS NULL AND failed_at IS NULL`,
        );
        assert.deepEqual(waiting, [{ attempts: 1 }], 'the e-mail waits for its retry');
        // The mail server is back; a minute later the retry delivers the same quote's e-mail.
        const recovered = createMailQueue({
          db: testDb.db,
          mailer: createMailer({ outboxDir: failing.outboxDir }),
          clock: () => new Date(now.getTime() + 61_000),
          log: (line) => failing.logs.push(line),
        });
        await recovered.deliverDue();
        const [name, ...more] = outboxFiles(failing.outboxDir);
        assert.equal(more.length, 0);
        const mail = parseEml(readFileSync(join(failing.outboxDir, name!), 'utf8'));
        assert.equal(mail.headers.get('to'), request.emailAddress);
        assert.match(mail.headers.get('subject')!, new RegExp(number));
      } finally {
        await testDb.db.query('DELETE FROM mail_queue WHERE sent_at IS NULL AND failed_at IS NULL');
        failing.cleanup();
      }
    });

    test('quote e-mails to one address are limited; past the limit the quote is still made', async () => {
      const limited = testApp(testDb.db, {
        clock: () => now,
        rateLimits: { quoteMail: { name: 'quote-mail-test', limit: 1, windowSeconds: 3600 } },
      });
      try {
        const email = uniqueEmail('flood');
        for (const miles of [5000, 5100, 5200]) {
          const { res } = await post('/api/policy/quote', fixture({ state: 'AZ', email, annualMiles: miles }), limited);
          assert.equal(res.status, 200);
        }
        assert.equal(outboxFiles(limited.outboxDir).length, 1);
        assert.match(limited.logs.join('\n'), /quote mail not sent/);
      } finally {
        limited.cleanup();
      }
    });
  });
}
