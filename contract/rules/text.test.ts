import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { object } from 'superstruct';
import { check } from '../validate.ts';
import { MESSAGES } from '../messages.ts';
import { email } from './email.ts';
import { returnUrl } from '../api/common.ts';
import { newPassword, presentedPassword } from './password.ts';
import { oneOf, yesNo } from './choice.ts';
import { LIMITS } from './limits.ts';
import {
  hasUnsafeCharacters, middleName, optionalMax, optionalText, personName, requiredMax, requiredName, requiredText,
} from './text.ts';

const messageOf = (result: ReturnType<typeof check>) => (result.ok ? undefined : result.errors[0]!.message);

describe('names', () => {
  it('letters only, at most 63, where the spec says so', () => {
    assert.equal(check('Mary-Jane', personName).ok, true);
    assert.equal(check("O'Brien", personName).ok, true);
    assert.equal(check('x'.repeat(63), personName).ok, true);
    assert.equal(messageOf(check('x'.repeat(64), personName)), 'Please use at most 63 characters.');
    assert.equal(messageOf(check('R2D2', personName)), 'Please use letters only.');
    assert.equal(messageOf(check('  ', personName)), MESSAGES.required);
  });
  it('only required and 63 where the spec asks no more (claim form, wizard)', () => {
    assert.equal(check('R2D2', requiredName).ok, true);
    assert.equal(messageOf(check('x'.repeat(64), requiredName)), MESSAGES.maxLength(63));
    assert.equal(check(undefined, middleName).ok, true);
    assert.equal(messageOf(check('x'.repeat(64), middleName)), MESSAGES.maxLength(63));
  });
});

describe('claim-form and contact maxima (doc 1 section 5)', () => {
  for (const [field, max] of [
    ['incidentLocation', LIMITS.incidentLocationMax], ['incidentDescription', LIMITS.incidentDescriptionMax],
    ['ownerVehicleDetails', LIMITS.ownerVehicleDetailsMax], ['vehicleDamage', LIMITS.vehicleDamageMax],
    ['policeAgency', LIMITS.policeAgencyMax], ['policeReport', LIMITS.policeReportMax],
  ] as const) {
    it(`${field}: ${max} characters pass, ${max + 1} do not`, () => {
      assert.equal(check('x'.repeat(max), requiredMax(max)).ok, true);
      assert.equal(messageOf(check('x'.repeat(max + 1), requiredMax(max))), `Please use at most ${max} characters.`);
      assert.equal(check(undefined, optionalMax(max)).ok, true);
      assert.equal(messageOf(check('x'.repeat(max + 1), optionalMax(max))), MESSAGES.maxLength(max));
    });
  }
  it('holds the spec numbers', () => {
    assert.deepEqual(
      [LIMITS.incidentLocationMax, LIMITS.incidentDescriptionMax, LIMITS.ownerVehicleDetailsMax, LIMITS.vehicleDamageMax,
        LIMITS.policeAgencyMax, LIMITS.policeReportMax, LIMITS.nameMax],
      [128, 256, 200, 128, 128, 128, 63],
    );
  });
});

describe('e-mail and choices', () => {
  it('uses the spec text for any invalid e-mail', () => {
    assert.equal(check('ann@example.com', email).ok, true);
    for (const bad of ['', 'ann', 'ann@', 'ann@localhost', 'a b@example.com']) {
      assert.equal(messageOf(check(bad, email)), 'Please enter a valid email address.', bad);
    }
  });
  it('says required for nothing chosen and refuses values the list lacks', () => {
    const pick = oneOf(['a', 'b'] as const);
    assert.equal(check('a', pick).ok, true);
    assert.equal(messageOf(check('', pick)), MESSAGES.required);
    assert.equal(messageOf(check('c', pick)), MESSAGES.choice);
    assert.equal(messageOf(check(undefined, oneOf([1, 2], 'Pick one'))), 'Pick one');
  });
  it('reads yes/no answers', () => {
    const form = object({ answer: yesNo });
    assert.deepEqual(check({ answer: 'Yes' }, form), { ok: true, value: { answer: true } });
    assert.deepEqual(check({ answer: 'false' }, form), { ok: true, value: { answer: false } });
    assert.equal(check({ answer: 'maybe' }, form).ok, false);
  });
});

describe('control characters and broken symbols (the fuzz 500 of issue 7)', () => {
  it('finds C0 and C1 controls and unpaired surrogates, and lets tabs, line breaks, emoji and accents through', () => {
    for (const bad of ['\u0000', 'a\u0000b', '\u001b[31m', '\u007f', '\u0085', '\ud800', 'x\udc00', '\udc00\ud800']) {
      assert.equal(hasUnsafeCharacters(bad), true, JSON.stringify(bad));
    }
    for (const good of ['Zoë', "O'Brien", 'line one\nline two\r\n\ttabbed', 'Porsche 🏁', '東京', '\ud83c\udfc1']) {
      assert.equal(hasUnsafeCharacters(good), false, JSON.stringify(good));
    }
  });
  it('every text rule refuses them with one message', () => {
    const rules = [requiredText(), optionalText(), requiredMax(63), requiredName, personName, middleName, returnUrl, newPassword, presentedPassword];
    for (const rule of rules) {
      for (const character of ['\u0000', '\ud800']) {
        const value = rule === returnUrl ? `/receive-a-quote${character}` : `Correct-Horse-9${character}`;
        assert.equal(messageOf(check(value, rule as never)), MESSAGES.textCharacters, `${rule.type} ${JSON.stringify(character)}`);
      }
    }
  });
});
