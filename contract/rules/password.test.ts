import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { object } from 'superstruct';
import { check } from '../validate.ts';
import { MESSAGES } from '../messages.ts';
import {
  PASSWORD_SPECIALS, newPassword, passwordChecklist, passwordConfirmation, presentedPassword,
} from './password.ts';

const messageOf = (result: ReturnType<typeof check>) => (result.ok ? undefined : result.errors[0]!.message);

describe('password checklist (doc 1 section 4)', () => {
  it('ticks each line on its own', () => {
    assert.deepEqual(passwordChecklist('', ''), {
      length: false, number: false, upper: false, lower: false, special: false, match: false,
    });
    assert.deepEqual(passwordChecklist('abcdefghij', 'x'), {
      length: true, number: false, upper: false, lower: true, special: false, match: false,
    });
    assert.deepEqual(passwordChecklist('Abcdefgh1!', 'Abcdefgh1!'), {
      length: true, number: true, upper: true, lower: true, special: true, match: true,
    });
    assert.equal(passwordChecklist('Abcdefgh1', 'Abcdefgh1').length, false);
  });

  it('counts each special of ! @ # $ % ^ & * ) ( + = . _ - and nothing else', () => {
    assert.equal(PASSWORD_SPECIALS, '!@#$%^&*)(+=._-');
    for (const special of PASSWORD_SPECIALS) {
      assert.equal(passwordChecklist(`Abcdefgh1${special}`, '').special, true, special);
    }
    for (const other of ['~', ' ', '?', '/', ',', '[', '{', '<', '"', "'", '`', '|', '\\', ':', ';']) {
      assert.equal(passwordChecklist(`Abcdefgh1${other}`, '').special, false, other);
    }
  });
});

describe('password rule', () => {
  it('accepts a password meeting all requirements', () => {
    assert.deepEqual(check('Porsche911!', newPassword), { ok: true, value: 'Porsche911!' });
  });
  it('refuses 9 characters, and each missing kind', () => {
    assert.equal(messageOf(check('Porsch91!', newPassword)), 'The password must be at least 10 characters long.');
    const rule = MESSAGES.passwordRule;
    assert.equal(messageOf(check('Porschexx!', newPassword)), rule); // no digit
    assert.equal(messageOf(check('porsche911!', newPassword)), rule); // no upper
    assert.equal(messageOf(check('PORSCHE911!', newPassword)), rule); // no lower
    assert.equal(messageOf(check('Porsche9111', newPassword)), rule); // no special
    assert.equal(messageOf(check('', newPassword)), MESSAGES.required);
    assert.equal(messageOf(check(`Aa1!${'x'.repeat(125)}`, newPassword)), MESSAGES.passwordTooLong);
  });
  it('never holds a presented (login or current) password to the rule', () => {
    assert.equal(check('old', presentedPassword).ok, true);
    assert.equal(messageOf(check('', presentedPassword)), MESSAGES.required);
  });
  it('requires the confirmation to match, on the confirmation field', () => {
    const form = object({ newPassword, confirmPassword: passwordConfirmation('newPassword') });
    assert.equal(check({ newPassword: 'Porsche911!', confirmPassword: 'Porsche911!' }, form).ok, true);
    assert.deepEqual(check({ newPassword: 'Porsche911!', confirmPassword: 'Porsche911?' }, form), {
      ok: false,
      errors: [{ path: 'confirmPassword', message: 'The passwords do not match.' }],
    });
  });
});
