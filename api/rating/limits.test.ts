import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { RatingError } from './errors.ts';
import { parseLimit } from './limits.ts';

describe('parseLimit: the request limit strings (doc 3 sections 3 and 9)', () => {
  it('reads split liability limits in thousands or dollars', () => {
    assert.deepEqual(parseLimit('BI', '100/300'), { kind: 'split', perPerson: 100_000, perAccident: 300_000 });
    assert.deepEqual(parseLimit('UMBI', '25000/50000'), { kind: 'split', perPerson: 25_000, perAccident: 50_000 });
    assert.deepEqual(parseLimit('UIM', '$250,000/$500,000'), { kind: 'split', perPerson: 250_000, perAccident: 500_000 });
    assert.deepEqual(parseLimit('BI', '500/1000'), { kind: 'split', perPerson: 500_000, perAccident: 1_000_000 });
  });

  it('reads combined single limits, shortened or not', () => {
    assert.deepEqual(parseLimit('BI', '100 CSL'), { kind: 'csl', amount: 100_000 });
    assert.deepEqual(parseLimit('BI', '$125,000 CSL'), { kind: 'csl', amount: 125_000 });
    assert.deepEqual(parseLimit('BI', '1000 CSL'), { kind: 'csl', amount: 1_000_000 });
  });

  it('reads amounts: PD in thousands below 1,000, benefits always in dollars', () => {
    assert.deepEqual(parseLimit('PD', '25'), { kind: 'amount', dollars: 25_000 });
    assert.deepEqual(parseLimit('PD', '10000'), { kind: 'amount', dollars: 10_000 });
    assert.deepEqual(parseLimit('UMPD', '3500'), { kind: 'amount', dollars: 3_500 });
    assert.deepEqual(parseLimit('PIP', '10000'), { kind: 'amount', dollars: 10_000 });
    assert.deepEqual(parseLimit('FPB', '177500'), { kind: 'amount', dollars: 177_500 });
    assert.deepEqual(parseLimit('INCLOSS', '1000/5000'), { kind: 'amount', dollars: 5_000 });
  });

  it('reads deductibles, with or without the word, and CO uninsured PD deductibles', () => {
    assert.deepEqual(parseLimit('COMP', '500'), { kind: 'deductible', dollars: 500 });
    assert.deepEqual(parseLimit('COLL', '$1,000 deductible'), { kind: 'deductible', dollars: 1_000 });
    assert.deepEqual(parseLimit('COMP', '0'), { kind: 'deductible', dollars: 0 });
    assert.deepEqual(parseLimit('UMUIMPDDeductible', 'ACV w/ 250 DED'), { kind: 'deductible', dollars: 250 });
  });

  it('reads rental as per day / per loss, or per day for 30 days', () => {
    assert.deepEqual(parseLimit('RENT', '50/1500'), { kind: 'rental', perDay: 50, perLoss: 1_500 });
    assert.deepEqual(parseLimit('RENT', '$40/$1,200'), { kind: 'rental', perDay: 40, perLoss: 1_200 });
    assert.deepEqual(parseLimit('RENT', '125'), { kind: 'rental', perDay: 125, perLoss: 3_750 });
  });

  it('reads declines, glass, codes and the uninsured coverage type', () => {
    assert.deepEqual(parseLimit('COLL', 'I decline this coverage'), { kind: 'declined' });
    assert.deepEqual(parseLimit('UMBI', 'Uninsured Coverage Declined'), { kind: 'declined' });
    assert.deepEqual(parseLimit('ADND', 'Combined Benefits Selected'), { kind: 'included' });
    assert.deepEqual(parseLimit('GLASS', 'YES'), { kind: 'flag', yes: true });
    assert.deepEqual(parseLimit('UM', 'S'), { kind: 'code', code: 'stacked' });
    assert.deepEqual(parseLimit('UM', 'Unstacked'), { kind: 'code', code: 'unstacked' });
    assert.deepEqual(parseLimit('UM', 'A'), { kind: 'code', code: 'addedOn' });
    assert.deepEqual(parseLimit('UM', '50/100'), { kind: 'split', perPerson: 50_000, perAccident: 100_000 });
    assert.deepEqual(parseLimit('PIPDeductibleType', 'Excluded - Named Insured & Resident Relative'), {
      kind: 'code', code: 'Excluded - Named Insured & Resident Relative',
    });
  });

  it('refuses what it cannot price with a RatingError naming the limit', () => {
    const cases: [string, string][] = [
      ['BI', 'lots'], ['BI', '300/100'], ['BI', '0/0'], ['COMP', 'five hundred'], ['RENT', '50/10'], ['GLASS', 'maybe'],
      ['MP', '5'], ['PD', ''], ['UMBI', 'S'],
    ];
    for (const [name, text] of cases) {
      assert.throws(() => parseLimit(name, text, 'limits.0.limit'), (error: unknown) => {
        assert.ok(error instanceof RatingError, `${name} ${text}`);
        assert.equal(error.message, `Unknown ${name} limit: "${text}".`);
        assert.equal(error.path, 'limits.0.limit');
        return true;
      });
    }
    assert.throws(() => parseLimit('XYZ', '100'), { name: 'RatingError', message: 'Unknown limit name: "XYZ".' });
  });
});
