import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { UNLIMITED_STATES, parseIsoDate } from '../../contract/index.ts';
import { lookupZip } from '../zip/lookup.ts';
import { RATE_TABLES } from './index.ts';

const STATES = ['AZ', 'CA', 'CO', 'FL', 'GA', 'OH', 'OR', 'PA', 'TN', 'TX', 'WI'];

describe('rate tables (one per state, versioned and dated)', () => {
  it('has a table for each state of doc 3 and the driver lists', () => {
    assert.deepEqual(Object.keys(RATE_TABLES).sort(), STATES);
  });

  for (const state of STATES) {
    it(`${state}: version, date, plan and factors are sound`, () => {
      const tables = RATE_TABLES[state]!;
      assert.ok(tables.length > 0);
      let previous = '';
      for (const table of tables) {
        assert.equal(table.state, state);
        assert.ok(parseIsoDate(table.effectiveDate), table.effectiveDate);
        assert.match(table.version, new RegExp(`^${state}-${table.effectiveDate}\\.\\d+$`));
        assert.ok(table.effectiveDate > previous, 'tables are listed oldest first');
        previous = table.effectiveDate;
        assert.equal(table.unlimitedOffered, (UNLIMITED_STATES as readonly string[]).includes(state));
        assert.ok(table.notes.length > 20);
        for (const [coverage, rate] of Object.entries(table.baseRates)) {
          assert.ok(rate.annual > 0, coverage);
          assert.ok(rate.mileageShare >= 0 && rate.mileageShare < 1, coverage);
        }
        assert.equal(table.curves.insuranceScore === null, state === 'CA', 'insurance scores: all but CA');
      }
    });

    it(`${state}: every territory prefix is a ZIP prefix of the state`, () => {
      const { byZipPrefix, other } = RATE_TABLES[state]!.at(-1)!.territory;
      assert.ok(other > 0);
      for (const [prefix, factor] of Object.entries(byZipPrefix)) {
        assert.match(prefix, /^\d{3}$/);
        assert.ok(factor > 0.5 && factor < 2, `${prefix}: ${factor}`);
        const states = new Set<string>();
        for (let tail = 0; tail < 100; tail += 1) {
          const place = lookupZip(`${prefix}${String(tail).padStart(2, '0')}`);
          if (place) states.add(place.state);
        }
        assert.deepEqual([...states], [state], `ZIP prefix ${prefix}`);
      }
    });
  }
});
