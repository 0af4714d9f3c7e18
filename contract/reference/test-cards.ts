/**
 * Stripe's documented test cards (docs.stripe.com/testing), the one table the test mode follows: the
 * payment step's test form turns a number into Stripe's test token for it (in the browser, so no card
 * number ever leaves the page), and the test-mode gateway (api/payments/test-mode.ts) and the tests' Stripe
 * stand-in answer each token as Stripe does in its own test mode. README.md's payment section prints it.
 *
 * - `succeeds`: charged at once;
 * - `declines`: a card_error with Stripe's decline code (all shown with doc 3 section 8's decline text);
 * - `authenticates`: the bank asks for 3-D Secure; the payment succeeds once the buyer completes it and
 *   fails (card_error, authentication failure) when they fail or abandon it.
 *
 * A kept card (a PaymentMethod saved at purchase or from the account) is charged again by the monthly bill with
 * the customer absent (off_session). Nobody is there to authenticate, so a bank that asks answers
 * authentication_required and the PaymentIntent waits for the customer to pay it on our site. Most cards do
 * off-session what they do at purchase; `offSession` says what a card does there when Stripe documents a
 * difference, and `onSetup` what saving it with a SetupIntent does when that differs from a charge
 * (docs.stripe.com/testing, "Authentication and setup").
 */
export type TestCardOutcome =
  | { kind: 'succeeds' }
  | { kind: 'declines'; code: string; declineCode: string }
  | { kind: 'authenticates' };

/** Off-session there is nobody to authenticate: a card either charges or is refused. */
export type OffSessionOutcome = Exclude<TestCardOutcome, { kind: 'authenticates' }>;

export interface TestCard {
  number: string;
  brand: string;
  /** What Stripe says the card does, in its words. */
  description: string;
  /** Stripe's test token for the card (what Stripe.js's createToken would give in Stripe's test mode). */
  token: string;
  /** What a payment with the customer present (the purchase, or paying a bill on our site) does. */
  outcome: TestCardOutcome;
  /** What charging the kept card with the customer absent does, where it differs from `outcome`. */
  offSession?: OffSessionOutcome;
  /** What saving the card with a SetupIntent does, where it differs from `outcome`. */
  onSetup?: TestCardOutcome;
}

const succeeds = { kind: 'succeeds' } as const;
const declines = (code: string, declineCode = code) => ({ kind: 'declines', code, declineCode }) as const;
const authenticates = { kind: 'authenticates' } as const;
/** Stripe's answer when the bank asks a customer who is not there to authenticate. */
const authenticationRequired = declines('authentication_required');

export const TEST_CARDS: readonly TestCard[] = [
  { number: '4242424242424242', brand: 'Visa', description: 'Succeeds', token: 'tok_visa', outcome: succeeds },
  { number: '4000056655665556', brand: 'Visa (debit)', description: 'Succeeds', token: 'tok_visa_debit', outcome: succeeds },
  { number: '5555555555554444', brand: 'Mastercard', description: 'Succeeds', token: 'tok_mastercard', outcome: succeeds },
  { number: '2223003122003222', brand: 'Mastercard (2-series)', description: 'Succeeds', token: 'tok_mastercard', outcome: succeeds },
  { number: '5200828282828210', brand: 'Mastercard (debit)', description: 'Succeeds', token: 'tok_mastercard_debit', outcome: succeeds },
  { number: '5105105105105100', brand: 'Mastercard (prepaid)', description: 'Succeeds', token: 'tok_mastercard_prepaid', outcome: succeeds },
  { number: '378282246310005', brand: 'American Express', description: 'Succeeds', token: 'tok_amex', outcome: succeeds },
  { number: '371449635398431', brand: 'American Express', description: 'Succeeds', token: 'tok_amex', outcome: succeeds },
  { number: '6011111111111117', brand: 'Discover', description: 'Succeeds', token: 'tok_discover', outcome: succeeds },
  { number: '6011000990139424', brand: 'Discover', description: 'Succeeds', token: 'tok_discover', outcome: succeeds },
  { number: '3056930009020004', brand: 'Diners Club', description: 'Succeeds', token: 'tok_diners', outcome: succeeds },
  { number: '36227206271667', brand: 'Diners Club (14-digit)', description: 'Succeeds', token: 'tok_diners', outcome: succeeds },
  { number: '3566002020360505', brand: 'JCB', description: 'Succeeds', token: 'tok_jcb', outcome: succeeds },
  { number: '6200000000000005', brand: 'UnionPay', description: 'Succeeds', token: 'tok_unionpay', outcome: succeeds },
  { number: '4000000000000002', brand: 'Visa', description: 'Generic decline', token: 'tok_chargeDeclined', outcome: declines('card_declined', 'generic_decline') },
  { number: '4000000000009995', brand: 'Visa', description: 'Insufficient funds', token: 'tok_chargeDeclinedInsufficientFunds', outcome: declines('card_declined', 'insufficient_funds') },
  { number: '4000000000009987', brand: 'Visa', description: 'Lost card', token: 'tok_chargeDeclinedLostCard', outcome: declines('card_declined', 'lost_card') },
  { number: '4000000000009979', brand: 'Visa', description: 'Stolen card', token: 'tok_chargeDeclinedStolenCard', outcome: declines('card_declined', 'stolen_card') },
  { number: '4000000000000069', brand: 'Visa', description: 'Expired card', token: 'tok_chargeDeclinedExpiredCard', outcome: declines('expired_card') },
  { number: '4000000000000127', brand: 'Visa', description: 'Incorrect CVC', token: 'tok_chargeDeclinedIncorrectCvc', outcome: declines('incorrect_cvc') },
  { number: '4000000000000119', brand: 'Visa', description: 'Processing error', token: 'tok_chargeDeclinedProcessingError', outcome: declines('processing_error') },
  { number: '4000002760003184', brand: 'Visa', description: 'Always asks for 3-D Secure authentication, off-session too', token: 'tok_authenticationRequired', outcome: authenticates, offSession: authenticationRequired },
  { number: '4000000000003220', brand: 'Visa', description: '3-D Secure 2 authentication required', token: 'tok_threeDSecure2Required', outcome: authenticates, offSession: authenticationRequired },
  { number: '4000002500003155', brand: 'Visa', description: 'Asks for authentication when saved or paid on-session; once saved, off-session charges succeed', token: 'tok_authenticationRequiredOnSetup', outcome: authenticates, offSession: succeeds },
  { number: '4000003800000446', brand: 'Visa', description: 'Already set up for off-session use: asks for authentication on-session, off-session charges succeed', token: 'tok_authenticationRequiredSetupForOffSession', outcome: authenticates, offSession: succeeds },
  { number: '4000000000000341', brand: 'Visa', description: 'Saving it to a customer succeeds; every charge is declined', token: 'tok_chargeCustomerFail', outcome: declines('card_declined', 'generic_decline'), onSetup: succeeds },
];

/**
 * What a card number that is not in the table does in test mode. Stripe refuses a real card number with
 * test keys, which the buyer meets as a decline.
 */
export const UNKNOWN_TEST_CARD: TestCard = {
  number: '',
  brand: 'Any other card',
  description: 'Declined: real cards are refused in test mode',
  token: 'tok_chargeDeclined',
  outcome: declines('card_declined', 'generic_decline'),
};

const BY_NUMBER = new Map(TEST_CARDS.map((card) => [card.number, card]));
const BY_TOKEN = new Map<string, TestCard>();
for (const card of TEST_CARDS) if (!BY_TOKEN.has(card.token)) BY_TOKEN.set(card.token, card);

/** The test card with these digits, or the unknown card's behaviour. */
export function testCardFor(digits: string): TestCard {
  return BY_NUMBER.get(digits) ?? UNKNOWN_TEST_CARD;
}

/**
 * What a test token does; null for a token Stripe would not know (answered as invalid_request_error).
 * Stripe's test PaymentMethods are named as its tokens are (pm_card_visa beside tok_visa), so both are read.
 */
export function testCardOfToken(token: string): TestCard | null {
  return BY_TOKEN.get(token.replace(/^pm_card_/, 'tok_')) ?? null;
}

/**
 * What charging this card with the customer absent does: its `offSession` outcome, else what it does at purchase,
 * where a card that would ask for authentication is refused with authentication_required (nobody can answer).
 */
export function offSessionOutcome(card: TestCard): OffSessionOutcome {
  if (card.offSession) return card.offSession;
  return card.outcome.kind === 'authenticates' ? authenticationRequired : card.outcome;
}

/** What saving this card with a SetupIntent does. */
export function setupOutcome(card: TestCard): TestCardOutcome {
  return card.onSetup ?? card.outcome;
}
