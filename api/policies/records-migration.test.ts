import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { localToday, toCents } from '../../contract/index.ts';
import { migrate, readMigrations } from '../db/migrate.ts';
import { loadPolicyPapers } from '../documents/model.ts';
import { createTestModeGateway } from '../payments/test-mode.ts';
import { pricedQuoteById } from '../quotes/store.ts';
import { dbTargets, suiteApp, suiteDb } from '../testing/harness.ts';
import { readPolicyRecord, renewalSignatureOf, signatureOf } from './records.ts';
import { bindPolicy } from './testing.ts';

const NOW = new Date('2026-03-02T12:00:00.000Z');
const TODAY = localToday(NOW);

for (const target of dbTargets()) {
  describe(`migration 020 fills the policy's rows of a policy bound before it on ${target}`, () => {
    const { testDb: bought, t } = suiteApp(target, (db) => ({ clock: () => NOW, payments: createTestModeGateway(db) }));
    const old = suiteDb(target, { migrated: false });

    test('from the quote it was bought from: the vehicles as priced, coverages as shown, addresses, e-mail, phones; the signatures moved', async () => {
      // a real priced quote (a Georgia policy with an Unlimited second car), written as the code before 020 wrote it
      const policy = await bindPolicy(t, bought.db, TODAY, {
        state: 'GA', vehicles: 2, adjustRequest: (request) => { request.vehicles[1].billingType = 'capped'; request.drivers[0].middleInitial = 'Q'; },
      });
      const quote = (await pricedQuoteById(bought.db, (await readPolicyRecord(bought.db, policy.policyId))!.quoteId))!;
      const expected = (await loadPolicyPapers(bought.db, policy.policyId, NOW))!.document;

      await migrate(old.db, readMigrations().filter((migration) => migration.version < '020'));
      const db = old.db;
      const [{ id: quoteId }] = await db.query<{ id: number }>(
        `INSERT INTO quotes (quote_number, status, email_lower, dob, zip, rated_state, rate_table_version, request_hash, request, response, created_at)
         VALUES ($1, 'BOUND', $2, '1980-04-02', '30303', 'GA', $3, 'hash', $4::json, $5::json, $6) RETURNING id`,
        [quote.quoteNumber, policy.email.toLowerCase(), expected.rateTableVersion, JSON.stringify(quote.request), JSON.stringify(quote.answer), NOW],
      ) as [{ id: number }];
      const [{ id: attemptId }] = await db.query<{ id: string }>(
        `INSERT INTO bind_attempts (quote_id, billing_frequency, pay_plan, amount_cents, created_at, status, provider_key, updated_at)
         VALUES ($1, 'monthly', 18, 1000, $2, 'bound', 'key', $2) RETURNING id::text AS id`,
        [quoteId, NOW],
      ) as [{ id: string }];
      const [{ id: paymentId }] = await db.query<{ id: string }>(
        `INSERT INTO payments (bind_attempt_id, gateway, gateway_charge_id, amount_cents, created_at) VALUES ($1, 'test', 'pi_1', 1000, $2) RETURNING id::text AS id`,
        [attemptId, NOW],
      ) as [{ id: string }];
      const mailing = quote.request.addresses[0]!;
      const [{ id: policyId }] = await db.query<{ id: number }>(
        `INSERT INTO policies (policy_number, binder_number, quote_id, payment_id, rated_state, rate_table_version, effective_date, expiration_date,
                               billing_frequency, pay_plan, down_payment_cents, estimated_monthly_payment_cents, estimated_total_written_cents,
                               email_lower, policy_owners, mailing_address, created_at)
         VALUES ($1, $2, $3, $4, 'GA', $5, $6::date, $7::date, 'monthly', 18, $8, $8, $9, $10, $11::jsonb, $12::jsonb, $13) RETURNING id`,
        [
          expected.policyNumber, expected.binderNumber, quoteId, paymentId, expected.rateTableVersion, expected.effectiveDate, expected.expirationDate,
          toCents(quote.answer.estimatedMonthlyPayment), toCents(quote.answer.estimatedTotalWritten), policy.email.toLowerCase(),
          JSON.stringify(quote.answer.policyOwners), JSON.stringify(mailing), NOW,
        ],
      ) as [{ id: number }];
      for (const [index, vehicle] of quote.request.vehicles.entries()) {
        const info = quote.answer.vehicleInfo[index]!;
        await db.query(
          `INSERT INTO policy_vehicles (policy_id, car_number, vin, year, make, model, body_style, financing, billing_type, stated_value)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
          [policyId, info.carNumber, vehicle.vin, info.year, info.make, info.model, info.bodyStyle, vehicle.financing, vehicle.billingType, Number(vehicle.statedValue)],
        );
        for (const limit of vehicle.coverageLimits) {
          await db.query('INSERT INTO policy_coverages (policy_id, car_number, name, limit_value) VALUES ($1, $2, $3, $4)', [policyId, info.carNumber, limit.name, limit.limit]);
        }
      }
      for (const limit of quote.request.limits) {
        await db.query('INSERT INTO policy_coverages (policy_id, car_number, name, limit_value) VALUES ($1, NULL, $2, $3)', [policyId, limit.name, limit.limit]);
      }
      for (const [index, driver] of quote.request.drivers.entries()) {
        await db.query(
          `INSERT INTO policy_drivers (policy_id, driver_number, relation, status, first_name, last_name, dob, license_state, license_number)
           VALUES ($1, $2, $3, $4, $5, $6, $7::date, $8, $9)`,
          [policyId, index + 1, driver.relation, driver.status, driver.firstName, driver.lastName, driver.dob, driver.licenseState, driver.licenseNum],
        );
      }
      const documentIds: number[] = [];
      for (const kind of ['application', 'signed-application', 'renewal-application', 'renewal-declaration']) {
        const rows = await db.query<{ id: string }>(
          `INSERT INTO policy_documents (policy_id, kind, stage, blob_key, byte_size, sha256, created_at) VALUES ($1, $2, 'BOUND', $3, 1, $4, $5) RETURNING id::text AS id`,
          [policyId, kind, `key-${kind}`, 'a'.repeat(64), NOW],
        );
        documentIds.push(Number(rows[0]!.id));
      }
      const signature = ['Ann Q Driver', 'consent', NOW, NOW, 'b'.repeat(64), '198.51.100.1', 'Agent'];
      await db.query(
        `INSERT INTO esignatures (policy_id, application_document_id, signed_document_id, signer_name, consent_text, consented_at, signed_at, document_sha256, ip_address, user_agent)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [policyId, documentIds[0], documentIds[1], ...signature],
      );
      const [{ id: renewalId }] = await db.query<{ id: number }>(
        `INSERT INTO renewals (policy_id, term_start, term_end, rate_table_version, answer, status, application_document_id, declaration_document_id, created_at, signed_at)
         VALUES ($1, '2026-09-02', '2027-03-02', $2, $3::jsonb, 'signed', $4, $5, $6, $6) RETURNING id`,
        [policyId, expected.rateTableVersion, JSON.stringify(quote.answer), documentIds[2], documentIds[3], NOW],
      ) as [{ id: number }];
      await db.query(
        `INSERT INTO renewal_esignatures (renewal_id, application_document_id, signed_document_id, signer_name, consent_text, consented_at, signed_at, document_sha256, ip_address, user_agent)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [renewalId, documentIds[2], documentIds[1], ...signature],
      );

      await migrate(db);

      const filled = (await loadPolicyPapers(db, policyId, NOW))!.document;
      assert.deepEqual(filled, expected, 'the documents read the same from the filled rows as from rows written at bind');
      assert.equal(filled.namedInsured.middleName, 'Q');
      assert.equal(filled.vehicles[1]!.monthlyChargeCents, toCents(quote.answer.vehicleInfo[1]!.unlimitedRate!) / 6);
      assert.ok(await signatureOf(db, policyId));
      assert.ok(await renewalSignatureOf(db, renewalId));
      const record = (await readPolicyRecord(db, policyId))!;
      assert.equal(record.signed, true);
      assert.deepEqual(record.phoneNumbers, quote.request.phoneNumbers);
    });
  });
}
