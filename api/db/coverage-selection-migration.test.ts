import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { coverageLimits, formOfSelection, limitsOfRequest, sameLimits } from '../../contract/coverage/index.ts';
import type { CoverageSelection, QuoteRequest } from '../../contract/index.ts';
import { sha256Hex } from '../hash.ts';
import { quoteRequestFixture } from '../quotes/testing.ts';
import { dbTargets, openTestDb } from '../testing/harness.ts';
import type { Queryable } from './db.ts';
import { migrate, readMigrations } from './migrate.ts';

/**
 * Migration 021, the data step (021_coverage_selection.ts): quotes and versions stored before every version
 * kept its step 4 choices get the choices their limits say, in the request and in the answer's copy of it.
 */
const TODAY = { year: 2026, month: 3, day: 5 } as const;
const RATE_TABLE = 'test-2026-01';

function storedBefore(state: 'FL' | 'TX' | 'AZ', vehicles = 1): QuoteRequest {
  const request = quoteRequestFixture({ state, today: TODAY, vehicles, financing: 'finance' }) as QuoteRequest;
  assert.equal(request.coverageSelection, undefined);
  return request;
}

async function insertQuote(db: Queryable, number: string, request: unknown): Promise<number> {
  const rows = await db.query<{ id: number }>(
    `INSERT INTO quotes (quote_number, email_lower, dob, zip, rated_state, rate_table_version, request_hash, request, response)
     VALUES ($1, 'ann@example.com', '1980-04-02', '33101', 'FL', $2, 'old hash', $3::json, $4::json) RETURNING id`,
    [number, RATE_TABLE, JSON.stringify(request), JSON.stringify({ policyNumber: number, quoteRequest: request })],
  );
  return rows[0]!.id;
}

interface Row {
  request: string;
  response: string;
  request_hash: string;
}

function assertSelected(row: Row, before: QuoteRequest): CoverageSelection {
  const request = JSON.parse(row.request) as QuoteRequest;
  const selection = request.coverageSelection!;
  assert.ok(selection, 'the choices are stored with the request');
  const { coverageSelection: _added, ...rest } = request;
  assert.deepEqual(rest, before, 'nothing else of the request changed');
  const vehicles = before.vehicles.map((vehicle) => ({ financing: vehicle.financing.toLowerCase(), statedValue: Number(vehicle.statedValue) }));
  assert.ok(sameLimits(coverageLimits(before.ratedState, formOfSelection(selection, ''), vehicles), limitsOfRequest(before)), 'they give the limits priced');
  assert.deepEqual((JSON.parse(row.response) as { quoteRequest: QuoteRequest }).quoteRequest, request, "the answer's copy too");
  assert.equal(row.request_hash, sha256Hex(`${RATE_TABLE}\n${row.request}`), 'the hash is of the request as stored');
  return selection;
}

for (const target of dbTargets()) {
  describe(`migration 021 on ${target}`, () => {
    test("quotes and versions stored without their step 4 choices get the ones their limits say; others are left alone", async () => {
      const { db, cleanup } = await openTestDb(target, { migrated: false });
      try {
        await migrate(db, readMigrations().filter((migration) => migration.version < '021'));
        const florida = storedBefore('FL', 2);
        const texas = storedBefore('TX');
        const quoteId = await insertQuote(db, 'Q-1', florida);
        // the version a re-price replaced
        await db.query(
          `INSERT INTO quote_versions (quote_id, version, rated_state, rate_table_version, request_hash, request, response, priced_at)
           VALUES ($1, 1, 'TX', $2, 'old hash', $3::json, $4::json, now())`,
          [quoteId, RATE_TABLE, JSON.stringify(texas), JSON.stringify({ policyNumber: 'Q-1', quoteRequest: texas })],
        );
        // stored with its choices already (the quote call since this issue): untouched
        const chosen = { ...storedBefore('AZ'), coverageSelection: { shared: { bodilyInjury: '100/300' }, vehicles: [{}] } };
        const chosenId = await insertQuote(db, 'Q-2', chosen);
        // a state without coverage rules has no choices to read: untouched, and no failure
        const unknown = { ...storedBefore('TX'), ratedState: 'ZZ' };
        const unknownId = await insertQuote(db, 'Q-3', unknown);

        assert.deepEqual((await migrate(db, readMigrations().filter((migration) => migration.version === '021'))), ['021']);

        const read = (sql: string, id: number) => db.query<Row>(sql, [id]).then((rows) => rows[0]!);
        const quoteSql = 'SELECT request::text AS request, response::text AS response, request_hash FROM quotes WHERE id = $1';
        const flSelection = assertSelected(await read(quoteSql, quoteId), florida);
        assert.equal(flSelection.vehicles.length, 2);
        assertSelected(await read('SELECT request::text AS request, response::text AS response, request_hash FROM quote_versions WHERE quote_id = $1', quoteId), texas);
        const untouched = await read(quoteSql, chosenId);
        assert.deepEqual(JSON.parse(untouched.request), chosen);
        assert.equal(untouched.request_hash, 'old hash');
        assert.deepEqual(JSON.parse((await read(quoteSql, unknownId)).request), unknown);
      } finally {
        await cleanup();
      }
    });
  });
}
