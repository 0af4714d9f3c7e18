import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { check } from '../validate.ts';
import { MESSAGES } from '../messages.ts';
import {
  ChangePasswordForm, ChangePasswordRequest, CreatePasswordForm, CreatePasswordRequest, LoginRequest,
  ResetPasswordRequest, SaveQuoteRequest, SignUpForm, SignUpRequest,
} from './auth.ts';
import { returnUrl } from './common.ts';

describe('account calls (doc 1 section 7)', () => {
  it('logs in with an e-mail and any presented password', () => {
    assert.equal(check({ accountIdentifier: 'ann@example.com', password: 'old' }, LoginRequest).ok, true);
    assert.deepEqual(check({ accountIdentifier: 'ann', password: '' }, LoginRequest), {
      ok: false,
      errors: [{ path: 'accountIdentifier', message: MESSAGES.email }, { path: 'password', message: MESSAGES.required }],
    });
  });
  it('holds new passwords to the rule in change, create and sign-up', () => {
    assert.equal(check({ oldPassword: 'old', newPassword: 'Porsche911!' }, ChangePasswordRequest).ok, true);
    assert.deepEqual(check({ oldPassword: 'old', newPassword: 'short' }, ChangePasswordRequest), {
      ok: false, errors: [{ path: 'newPassword', message: MESSAGES.passwordLength }],
    });
    const token = 'a'.repeat(43);
    assert.equal(check({ newPassword: 'Porsche911!', passwordChangeToken: token }, CreatePasswordRequest).ok, true);
    assert.deepEqual(check({ newPassword: 'Porsche911!', passwordChangeToken: 'x' }, CreatePasswordRequest), {
      ok: false, errors: [{ path: 'passwordChangeToken', message: MESSAGES.token }],
    });
    const signUp = { emailAddress: 'ann@example.com', returnUrl: '/account/', password: 'Porsche911!' };
    assert.equal(check(signUp, SignUpRequest).ok, true);
    assert.equal(check({
      ...signUp, policyAddress: { streetName: '1 Main St', city: 'Phoenix', state: 'AZ', zip: '85004' },
    }, SignUpRequest).ok, true);
  });
  it('checks the confirmation on each password form', () => {
    const mismatch = { path: 'confirmPassword', message: MESSAGES.passwordMatch };
    assert.deepEqual(
      check({ oldPassword: 'old', newPassword: 'Porsche911!', confirmPassword: 'Porsche911' }, ChangePasswordForm),
      { ok: false, errors: [mismatch] },
    );
    assert.equal(check({ newPassword: 'Porsche911!', repeatPassword: 'Porsche911!' }, CreatePasswordForm).ok, true);
    assert.deepEqual(check({ password: 'Porsche911!', verifyPassword: '' }, SignUpForm), {
      ok: false, errors: [{ path: 'verifyPassword', message: MESSAGES.required }],
    });
  });
  it('resets with the e-mail and a return address; saves quotes by number', () => {
    assert.equal(check({ emailAddress: 'ann@example.com', returnUrl: 'https://example.com/account/create-password' }, ResetPasswordRequest).ok, true);
    assert.equal(check({ policyNumbers: ['Q-1001'], emailAddress: 'ann@example.com' }, SaveQuoteRequest).ok, true);
    assert.equal(check({ policyNumbers: ['Q 1001'], emailAddress: 'ann@example.com' }, SaveQuoteRequest).ok, false);
  });
  it('refuses return addresses that are not pages', () => {
    for (const good of ['/account/', 'https://example.com/x', 'http://localhost:4321/account/']) {
      assert.equal(check(good, returnUrl).ok, true, good);
    }
    for (const bad of ['javascript:alert(1)', '//evil.example', '/\\evil.example', 'account', '']) {
      assert.equal(check(bad, returnUrl).ok, false, bad);
    }
  });
});
