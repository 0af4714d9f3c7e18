/**
 * The test-mode gateway: what runs without Stripe keys. It follows Stripe's documented test tokens and
 * test PaymentMethods (stripe.com/docs/testing) so that the same cards behave the same way with and
 * without keys, and the page says plainly that no real charge is made (the payment step's notice).
 *
 * - tok_visa, pm_card_visa (card 4242 4242 4242 4242) succeed, and so do the other brands' success tokens;
 * - tok_chargeDeclined / pm_card_chargeDeclined (4000 0000 0000 0002) decline with card_declined,
 *   ...InsufficientFunds (4000 0000 0000 9995) with insufficient_funds, ...ExpiredCard (4000 0000 0000 0069)
 *   with expired_card: all card_error, as Stripe answers them;
 * - anything else is what Stripe says of a token it does not know: invalid_request_error.
 *
 * Like Stripe, one idempotency key is one charge: the charge id is derived from the key, so a retried
 * attempt gets the same id back and the payments table (UNIQUE gateway_charge_id) can never count it twice.
 */
import { createHash } from 'node:crypto';
import { TEST_MODE_PUBLISHABLE_KEY } from '../../contract/index.ts';
import type { ChargeRequest, ChargeResult, PaymentGateway } from './gateway.ts';

const SUCCEEDS = new Set(['tok_visa', 'pm_card_visa', 'tok_mastercard', 'pm_card_mastercard', 'tok_amex', 'pm_card_amex', 'tok_visa_debit', 'pm_card_visa_debit']);

/** Stripe's decline tokens and the decline code each one answers. */
const DECLINES: Readonly<Record<string, string>> = {
  tok_chargeDeclined: 'card_declined',
  pm_card_chargeDeclined: 'card_declined',
  tok_chargeDeclinedInsufficientFunds: 'insufficient_funds',
  pm_card_chargeDeclinedInsufficientFunds: 'insufficient_funds',
  tok_chargeDeclinedExpiredCard: 'expired_card',
  pm_card_chargeDeclinedExpiredCard: 'expired_card',
};

export function createTestModeGateway(): PaymentGateway {
  return {
    mode: 'test',
    name: 'test-mode',
    publishableKey: TEST_MODE_PUBLISHABLE_KEY,
    async charge(request: ChargeRequest): Promise<ChargeResult> {
      const token = request.paymentToken;
      if (SUCCEEDS.has(token)) {
        const id = createHash('sha256').update(request.idempotencyKey).digest('hex').slice(0, 24);
        return { ok: true, chargeId: `pi_testmode_${id}` };
      }
      const decline = DECLINES[token];
      if (decline) return { ok: false, type: 'card_error', code: decline, outcomeUnknown: false };
      return { ok: false, type: 'invalid_request_error', code: 'resource_missing', outcomeUnknown: false };
    },
  };
}
