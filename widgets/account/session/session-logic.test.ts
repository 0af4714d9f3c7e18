import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { fullName, tokenCheckApplies, withoutToken } from './session-logic.ts';

describe('the token session check', () => {
  test('runs on every page but those that use `token` for their own links', () => {
    for (const path of ['/', '/receive-a-quote', '/account', '/account/', '/account/lookup-quotes', '/faq', '/account/my-policy', '/account/documents-x']) {
      assert.equal(tokenCheckApplies(path), true, path);
    }
    for (const path of ['/account/documents', '/account/documents/abc', '/rollover', '/rollover/', '/account/create-password', '/account/confirm', '/account/sign', '/odometer', '/Odometer/index.html']) {
      assert.equal(tokenCheckApplies(path), false, path);
    }
  });
  test('the address without the token keeps the rest', () => {
    assert.equal(withoutToken('https://x.test/account?token=abc&tab=2#vehicles'), '/account?tab=2#vehicles');
    assert.equal(withoutToken('https://x.test/?token=abc'), '/');
    assert.equal(withoutToken('https://x.test/account?tab=2'), null);
  });
});

describe('the header name', () => {
  test('first and last name', () => {
    assert.equal(fullName({ firstName: 'Ada', lastName: 'Lovelace' }), 'Ada Lovelace');
    assert.equal(fullName({ firstName: ' Ada ', lastName: '' }), 'Ada');
  });
});
