import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { workedExample } from './worked-example.ts';

describe('README worked example', () => {
  const text = workedExample();

  test('is what the billing rules compute today (run `node api/billing/worked-example.ts` and paste it when it changes)', () => {
    const readme = readFileSync(new URL('./README.md', import.meta.url), 'utf8');
    const block = /## Worked example[\s\S]*?```text\n([\s\S]*?)\n```/.exec(readme)?.[1];
    assert.equal(block, text);
  });

  test('its totals are the hand computations from the Texas quote: $167.26 a month, $0.131 a mile, 500 estimated miles', () => {
    // A rate revision of the Texas table changes these three figures: recompute the totals below by hand.
    assert.match(text, /Quote: base \$167\.26 a month, \$0\.131 a mile, 500 estimated miles a month\./);
    const fees = 5.0 + 5.0 + 5.0; // policy fee, mileage monitoring, Texas convenience fee
    const expected = [
      78.6 + 167.26 + fees, // period 2: 600 x $0.131 = $78.60, next month's base
      78.6 - 65.5 + 167.26 + fees, // period 1: less the down payment's 500 x $0.131 = $65.50
      159.43 + 167.26 + fees, // period 2 missed: 1,217 x $0.131 = $159.427
      -2.23 + 167.26 + fees, // period 3 trues it up: 1,200 driven, 1,217 billed, 17 x $0.131 = $2.227 back
    ].map((dollars) => `$${dollars.toFixed(2)}`);
    assert.deepEqual(expected, ['$260.86', '$195.36', '$341.69', '$180.03']);
    const totals = [...text.matchAll(/Total, charged +(\$[\d,.]+)/g)].map((match) => match[1]);
    assert.deepEqual(totals, expected);
    // each mile once: $159.43 - $2.23 = $157.20 = 1,200 x $0.131
    assert.match(text, /\$159\.43 - \$2\.23 = \$157\.20, which is\n1,200 x \$0\.131/);
  });
});
