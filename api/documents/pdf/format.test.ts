import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  formatDay, formatDollars, formatInstant, formatWholeDollars, fullName, licenceText, relationName,
} from './format.ts';

describe('document formats', () => {
  test('money: cents exact, per-mile rates keep a third decimal, stated values whole', () => {
    assert.equal(formatDollars(1234.56), '$1,234.56');
    assert.equal(formatDollars(0.1 + 0.2), '$0.30');
    assert.equal(formatWholeDollars(128500), '$128,500');
  });

  test('dates: policy days as MM/DD/YYYY, instants in UTC whatever the server zone', () => {
    assert.equal(formatDay('2026-03-03'), '03/03/2026');
    assert.equal(formatInstant(new Date('2026-03-02T23:59:59.900-05:00')), '03/03/2026 04:59:59 UTC');
  });

  test('names, relations and licences', () => {
    assert.equal(fullName({ firstName: 'Jordan', middleName: ' ', lastName: 'Whitaker', suffix: 'Jr.' }), 'Jordan Whitaker Jr.');
    assert.equal(relationName('CHILD_OTHER'), 'Child other');
    assert.equal(licenceText('TX', '12345678'), 'TX ****5678');
    assert.equal(licenceText(null, null), 'Not given');
  });
});
