/**
 * A bound policy for the tests of what follows the sale (documents, e-signature, odometer, issuance): quoted
 * and bought through the real routes with Stripe's test token tok_visa, its documents link read from the
 * purchase e-mail in the outbox, as the person would.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  billingSummary, CARD_CONSENT, ELECTRONIC_DELIVERY_CONSENT, PAY_PLANS, TEST_MODE_PUBLISHABLE_KEY, type BillingFrequency, type BindRequest, type BindResponse,
  type CalendarDate, type QuotePolicy,
} from '../../contract/index.ts';
import type { Queryable } from '../db/db.ts';
import { quoteRequestFixture, type QuoteFixtureOptions } from '../quotes/testing.ts';
import { policyByNumber } from './records.ts';
import { postJson, uniqueEmail, type TestApp } from '../testing/harness.ts';

export interface BoundPolicy {
  policyId: number;
  policyNumber: string;
  email: string;
  quote: QuotePolicy;
  /** The documents link's token, from the purchase e-mail */
  documentsToken: string;
  /** The bind answer's purchase token (names the lienholders) */
  purchaseToken: string;
}

/** The decoded text of every outbox file whose text matches `pattern`. */
export function outboxTexts(outboxDir: string, pattern: RegExp): string[] {
  if (!existsSync(outboxDir)) return [];
  return readdirSync(outboxDir)
    .sort()
    .map((name) => readFileSync(join(outboxDir, name), 'utf8'))
    // quoted-printable soft line breaks would split a link
    .map((text) => text.replace(/=\r?\n/g, '').replace(/=3D/g, '='))
    .filter((text) => pattern.test(text));
}

/** The bind request step 6 sends for `quote`: its version, the amount it shows due today, the consent it shows. */
export function bindRequestFor(
  quote: QuotePolicy,
  options: { token?: string; frequency?: BillingFrequency; publishableKey?: string; electronicDelivery?: boolean } = {},
): BindRequest {
  const frequency = options.frequency ?? 'monthly';
  return {
    quoteNumber: quote.policyNumber,
    quoteVersion: quote.quoteVersion ?? 1,
    amountDueCents: billingSummary(quote, frequency).dueTodayCents,
    stripeKey: { key: options.publishableKey ?? TEST_MODE_PUBLISHABLE_KEY },
    paymentToken: { token: options.token ?? 'tok_visa' },
    billingFrequency: frequency,
    payPlan: PAY_PLANS[frequency],
    cardConsent: CARD_CONSENT[frequency],
    // the optional checkbox beside it, sent only when ticked
    ...(options.electronicDelivery ? { electronicDeliveryConsent: ELECTRONIC_DELIVERY_CONSENT } : {}),
  };
}

export interface BindOptions extends QuoteFixtureOptions {
  /** Changes the quote request before it is sent (say, one vehicle of several made Unlimited). */
  adjustRequest?: (request: Record<string, any>) => void;
  /** The buyer ticks the consent to electronic delivery (its notices go by e-mail, not by post). */
  electronicDelivery?: boolean;
  /** How the buyer pays: monthly (plan 18, the default) or the six months at once (plan 21). */
  frequency?: BillingFrequency;
}

export async function bindPolicy(t: TestApp, db: Queryable, today: CalendarDate, options: BindOptions = {}): Promise<BoundPolicy> {
  const email = uniqueEmail('insured');
  const { adjustRequest, electronicDelivery, frequency, ...fixture } = options;
  const request = quoteRequestFixture({ today, email, ...fixture });
  adjustRequest?.(request);
  const quoted = await t.app.request(...postJson('/api/policy/quote', request));
  assert.equal(quoted.status, 200, await quoted.clone().text());
  const quote = ((await quoted.json()) as { policies: QuotePolicy[] }).policies[0]!;
  const bound = await t.app.request(
    ...postJson(
      '/api/policy/bind',
      bindRequestFor(quote, { electronicDelivery: electronicDelivery ?? false, ...(frequency ? { frequency } : {}) }),
      { 'Idempotency-Key': `test-${quote.policyNumber}` },
    ),
  );
  assert.equal(bound.status, 200, await bound.clone().text());
  const answer = (await bound.json()) as BindResponse;
  const policyNumber = answer.policies[0]!.policyNumber;
  await t.mail.settled();
  // its documents, requested with the policy and made by the documents job the bind kicked
  await t.documents.settled();
  const mail = outboxTexts(t.outboxDir, new RegExp(policyNumber)).find((text) => text.includes('/account/documents/'));
  assert.ok(mail, 'the purchase e-mail carries the documents link');
  const documentsToken = /\/account\/documents\/([0-9a-f]{64})/.exec(mail)![1]!;
  const policy = (await policyByNumber(db, policyNumber))!;
  return { policyId: policy.id, policyNumber, email, quote, documentsToken, purchaseToken: answer.purchaseToken };
}
