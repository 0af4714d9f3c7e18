import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { MESSAGES, check } from '../../../../contract/index.ts';
import { CARD_INVALID, EXPIRY_MONTH_PAST, EXPIRY_PAST, cardRules, passesLuhn, testTokenFor } from './card-logic.ts';

describe("test-mode card: Stripe's documented test cards become Stripe's test tokens", () => {
  it('maps each documented card to its token, spaces or not', () => {
    assert.equal(testTokenFor('4242 4242 4242 4242'), 'tok_visa');
    assert.equal(testTokenFor('4000000000000002'), 'tok_chargeDeclined');
    assert.equal(testTokenFor('4000 0000 0000 9995'), 'tok_chargeDeclinedInsufficientFunds');
    assert.equal(testTokenFor('4000 0000 0000 0069'), 'tok_chargeDeclinedExpiredCard');
    assert.equal(testTokenFor('5555 5555 5555 4444'), 'tok_mastercard');
    assert.equal(testTokenFor('4000 0027 6000 3184'), 'tok_authenticationRequired');
    assert.equal(testTokenFor('4000 0000 0000 3220'), 'tok_threeDSecure2Required');
    assert.equal(testTokenFor('3782 822463 10005'), 'tok_amex');
  });
  it('accepts an American Express number of 15 digits', () => {
    const result = check('3782 822463 10005', cardRules(new Date(2030, 5, 15)).cardNumber);
    assert.equal(result.ok, true);
  });
  it('declines any other real-looking number, as Stripe does in test mode, and refuses an impossible one', () => {
    assert.equal(testTokenFor('4111 1111 1111 1111'), 'tok_chargeDeclined');
    assert.equal(testTokenFor('4242 4242 4242 4241'), null);
    assert.equal(testTokenFor('4242'), null);
    assert.equal(passesLuhn('79927398713'), true);
    assert.equal(passesLuhn('79927398710'), false);
  });
  it("says the spec's words for an empty or incomplete field, and why a complete one is wrong", () => {
    const today = new Date(2030, 5, 15);
    const rules = cardRules(today);
    const message = (value: string, rule: keyof typeof rules) => {
      const result = check(value, rules[rule]);
      return result.ok ? 'ok' : result.errors[0]!.message;
    };
    assert.equal(message('', 'cardNumber'), MESSAGES.cardNumber);
    assert.equal(message('4242 4242', 'cardNumber'), 'Card Number is Required');
    assert.equal(message('4242 4242 4242 4241', 'cardNumber'), CARD_INVALID);
    assert.equal(message('4242 4242 4242 4242', 'cardNumber'), 'ok');
    assert.equal(message('', 'cardExpiry'), 'Expiry date is Required');
    assert.equal(message('12/3', 'cardExpiry'), 'Expiry date is Required');
    assert.equal(message('12/29', 'cardExpiry'), EXPIRY_PAST);
    assert.equal(message('05/30', 'cardExpiry'), EXPIRY_MONTH_PAST);
    assert.equal(message('06/30', 'cardExpiry'), 'ok');
    assert.equal(message('', 'cardCvc'), 'CVC is Required');
    assert.equal(message('12', 'cardCvc'), MESSAGES.cardCvc);
    assert.equal(message('123', 'cardCvc'), 'ok');
    assert.equal(message('1234', 'cardCvc'), 'ok');
  });
});
