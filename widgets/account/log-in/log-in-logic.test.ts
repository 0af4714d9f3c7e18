import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_RETURN_PATH, safeReturnPath } from './log-in-logic.ts';

const ORIGIN = 'https://apex-ppm.example';

test('a path on this site is kept, with its query and fragment', () => {
  assert.equal(safeReturnPath('/account/request-a-card', ORIGIN), '/account/request-a-card');
  assert.equal(safeReturnPath('/account/lookup-quotes?x=1#top', ORIGIN), '/account/lookup-quotes?x=1#top');
  assert.equal(safeReturnPath('/account/Statements', ORIGIN), '/account/Statements');
});

test('no value, or anything that is not a same-site path, goes to the dashboard', () => {
  for (const value of [
    null,
    undefined,
    '',
    'account',
    'https://evil.example/account',
    `${ORIGIN}/account`, // absolute: the guard writes paths, so an absolute address is not ours to follow
    '//evil.example/x',
    '/\\evil.example/x',
    // dot segments that resolve to a path starting with '//': another site once assigned
    '/.//evil.example/x',
    '/a/..//evil.example/x',
    '/%2e//evil.example/x',
    '/\t/evil.example/x',
    '/\n/evil.example',
    'javascript:alert(1)',
    ' /account',
  ]) {
    assert.equal(safeReturnPath(value, ORIGIN), DEFAULT_RETURN_PATH, JSON.stringify(value));
  }
});

test('the log-in page itself is no place to return to', () => {
  assert.equal(safeReturnPath('/account/log-in', ORIGIN), DEFAULT_RETURN_PATH);
  assert.equal(safeReturnPath('/account/log-in/?returnUrl=/account', ORIGIN), DEFAULT_RETURN_PATH);
  assert.equal(safeReturnPath('/account/log-in-help', ORIGIN), '/account/log-in-help');
});
