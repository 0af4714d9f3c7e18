import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { check } from '../validate.ts';
import { MESSAGES } from '../messages.ts';
import { BindRequest, BindResponse, CARD_CONSENT, ELECTRONIC_DELIVERY_CONSENT, PaymentForm } from './bind.ts';
import { LienholderForm, LienholderRequest, skipsLienholder } from './lienholder.ts';

describe('bind (doc 3 sections 3 and 7)', () => {
  const bind = {
    quoteNumber: 'Q-1001', quoteVersion: 1, amountDueCents: 19_864, stripeKey: { key: 'pk_test_abc123' }, paymentToken: { token: 'tok_visa' },
    billingFrequency: 'monthly', payPlan: 18, cardConsent: CARD_CONSENT.monthly,
  };
  it('pairs monthly with plan 18 and biannually with plan 21', () => {
    assert.equal(check(bind, BindRequest).ok, true);
    assert.equal(check({ ...bind, billingFrequency: 'biannually', payPlan: 21, cardConsent: CARD_CONSENT.biannually }, BindRequest).ok, true);
    assert.deepEqual(check({ ...bind, payPlan: 21 }, BindRequest), {
      ok: false, errors: [{ path: 'payPlan', message: MESSAGES.choice }],
    });
  });
  it('names the version and the amount the buyer saw, and carries the consent words shown for its frequency', () => {
    assert.equal(check({ ...bind, quoteVersion: 0 }, BindRequest).ok, false);
    assert.equal(check({ ...bind, amountDueCents: 198.64 }, BindRequest).ok, false, 'cents, whole');
    assert.deepEqual(check({ ...bind, cardConsent: CARD_CONSENT.biannually }, BindRequest), {
      ok: false, errors: [{ path: 'cardConsent', message: MESSAGES.cardConsentRequired }],
    });
    const { cardConsent: _omitted, ...withoutConsent } = bind;
    assert.equal(check(withoutConsent, BindRequest).ok, false);
  });
  it('carries the consent to electronic delivery as its exact words, or nothing', () => {
    assert.equal(check({ ...bind, electronicDeliveryConsent: ELECTRONIC_DELIVERY_CONSENT }, BindRequest).ok, true);
    assert.equal(check({ ...bind, electronicDeliveryConsent: null }, BindRequest).ok, true, 'null: not given');
    assert.equal(check(bind, BindRequest).ok, true, 'absent: not given');
    for (const words of [`${ELECTRONIC_DELIVERY_CONSENT} `, 'I agree', '', true]) {
      assert.deepEqual(check({ ...bind, electronicDeliveryConsent: words }, BindRequest), {
        ok: false, errors: [{ path: 'electronicDeliveryConsent', message: MESSAGES.electronicDeliveryConsentMismatch }],
      });
    }
  });
  it('never takes a card number, only the provider token', () => {
    assert.equal(check({ ...bind, cardNumber: '4242424242424242' }, BindRequest).ok, false);
    assert.equal(check({ ...bind, stripeKey: { key: 'sk_live_secret' } }, BindRequest).ok, false);
  });
  it('reads the bind answer and the payment form', () => {
    const answer = { policies: [{ policyNumber: 'B-1', policyOwners: [], emailAddress: 'a@b.co' }], amountChargedCents: 19_864, billingFrequency: 'monthly', purchaseToken: 'a'.repeat(64) };
    assert.equal(check(answer, BindResponse).ok, true);
    assert.deepEqual(check({ nameOnCard: '', billingFrequency: '' }, PaymentForm), {
      ok: false,
      errors: [{ path: 'nameOnCard', message: MESSAGES.required }, { path: 'billingFrequency', message: MESSAGES.required }],
    });
    assert.equal(MESSAGES.cardNumber, 'Card Number is Required');
  });
});

describe('lienholder (doc 3 sections 3 and 5)', () => {
  const lienholder = {
    name: 'Bank', address: '1 Bank St', city: 'Atlanta', state: 'GA', zip: '30301', phoneNumber: '4045550100',
  };
  it('requires the address, a 5-digit ZIP and a US phone', () => {
    const result = check({ ...lienholder, quoteNumber: 'Q-1001', carNumber: 1 }, LienholderRequest);
    assert.equal(result.ok && result.value.phoneNumber, '404-555-0100');
    assert.deepEqual(check({ ...lienholder, option: 'other', zip: '3030', phoneNumber: '' }, LienholderForm), {
      ok: false,
      errors: [{ path: 'zip', message: MESSAGES.zip }, { path: 'phoneNumber', message: MESSAGES.required }],
    });
  });
  it("skips 'I don't know'", () => {
    assert.equal(skipsLienholder("I don't know"), true);
    assert.equal(skipsLienholder('PFS'), false);
  });
});
