/**
 * Replacing the card kept for the monthly bill from the account (issue 19 deliverable 6), as use cases that
 * return what happened in the domain's words; api/routes/payment-card.ts turns them into HTTP.
 *
 * 1. startCardSetup: a SetupIntent for the policy's Customer (the one its card in force belongs to). It moves no
 *    money, so each call may make a new one under a random key.
 * 2. With Stripe, Stripe.js confirms it in the browser with the card fields (the number goes to Stripe only);
 *    in test mode the page sends a test token and `replaceCard` confirms it here first.
 * 3. replaceCard: the SetupIntent as the provider holds it, never as the browser says: it must be the policy's
 *    Customer's and succeeded. Its card then replaces the card in force (attempts.ts keepCard), with the
 *    replacement consent's words and the time, and the policyholder is mailed a notice, in one transaction
 *    under the policy's row lock, so two presses cannot both replace it. The same SetupIntent sent again is the
 *    card already in force: answered again, not kept twice.
 *
 * A policy whose card in force was kept by another provider (test mode then, Stripe now) or that has no card
 * on file has no Customer here to attach a card to: it is refused, and the page says to call.
 */
import { randomUUID } from 'node:crypto';
import { CARD_REPLACE_CONSENT, cardBrandName, type BillingFrequency, type KeptCardView, type ReplaceCardRequest } from '../../contract/index.ts';
import type { Deps } from '../deps.ts';
import type { Queryable } from '../db/db.ts';
import { enqueueMail } from '../mail/queue.ts';
import { billingOf } from '../policies/records.ts';
import { cardInForce, keepCard } from './attempts.ts';
import { CARD_CHANGED_MAIL_KIND, cardChangedMail } from './card-changed-mail.ts';
import type { GatewayResult, PaymentGateway, SetupIntent } from './gateway.ts';
import type { TestModeGateway } from './test-mode.ts';

type CardDeps = Pick<Deps, 'db' | 'payments' | 'clock' | 'config'>;

function view(card: { card: { brand: string; last4: string } | null; consentedAt: Date }): KeptCardView | null {
  return card.card ? { brand: cardBrandName(card.card.brand), last4: card.card.last4, since: card.consentedAt.toISOString() } : null;
}

/** The policy's card in force, for the page; null when the policy is gone. */
export async function cardOfPolicy(
  deps: CardDeps,
  policyId: number,
): Promise<{ policyNumber: string; billingFrequency: BillingFrequency; card: KeptCardView | null } | null> {
  const billing = await billingOf(deps.db, policyId);
  if (!billing) return null;
  const kept = await replaceable(deps.db, deps.payments, policyId);
  return { policyNumber: billing.policyNumber, billingFrequency: billing.billingFrequency, card: kept ? view(kept) : null };
}

/** The card in force when this gateway can attach another card to its Customer. */
async function replaceable(db: Queryable, gateway: PaymentGateway, policyId: number) {
  const kept = await cardInForce(db, policyId);
  return kept && kept.gateway === gateway.name ? kept : null;
}

export type SetupOutcome =
  | { kind: 'ready'; mode: 'stripe' | 'test'; setupIntentId: string; clientSecret: string | null; publishableKey: string }
  | { kind: 'no-card' }
  | { kind: 'provider-failed' };

export async function startCardSetup(deps: CardDeps, policyId: number): Promise<SetupOutcome> {
  const kept = await replaceable(deps.db, deps.payments, policyId);
  if (!kept) return { kind: 'no-card' };
  const created = await deps.payments.createSetupIntent({ idempotencyKey: `ppm-card-setup-${randomUUID()}`, customerId: kept.customerId });
  if (!created.ok) return { kind: 'provider-failed' };
  return {
    kind: 'ready', mode: deps.payments.mode, setupIntentId: created.value.id, clientSecret: created.value.clientSecret,
    publishableKey: deps.payments.publishableKey,
  };
}

export type ReplaceOutcome =
  | { kind: 'replaced'; card: KeptCardView; mailed: boolean }
  | { kind: 'no-card' }
  /** the consent words are not the ones shown for this policy's billing frequency */
  | { kind: 'consent-mismatch' }
  /** another Customer's SetupIntent, or one the provider does not know */
  | { kind: 'not-ours' }
  | { kind: 'declined' }
  | { kind: 'needs-authentication' }
  /** not succeeded (abandoned, still processing) */
  | { kind: 'not-finished' }
  /** a test token with Stripe keys: the card fields confirm with Stripe, the server takes no token */
  | { kind: 'token-not-expected' }
  | { kind: 'provider-failed' };

function isTestMode(gateway: PaymentGateway): gateway is TestModeGateway {
  return gateway.mode === 'test' && 'confirmSetupIntent' in gateway;
}

export async function replaceCard(deps: CardDeps, policyId: number, request: ReplaceCardRequest): Promise<ReplaceOutcome> {
  const { db, payments: gateway, clock } = deps;
  const billing = await billingOf(db, policyId);
  if (!billing) return { kind: 'no-card' };
  if (request.cardConsent !== CARD_REPLACE_CONSENT[billing.billingFrequency]) return { kind: 'consent-mismatch' };
  const kept = await replaceable(db, gateway, policyId);
  if (!kept) return { kind: 'no-card' };

  let found: GatewayResult<SetupIntent> = await gateway.retrieveSetupIntent(request.setupIntentId);
  if (!found.ok) return found.outcomeUnknown ? { kind: 'provider-failed' } : { kind: 'not-ours' };
  // the Customer is checked before anything is done with the SetupIntent, the test mode's confirmation too
  if (found.value.customerId !== kept.customerId) return { kind: 'not-ours' };
  if (request.paymentToken !== undefined) {
    if (!isTestMode(gateway)) return { kind: 'token-not-expected' };
    found = await gateway.confirmSetupIntent(request.setupIntentId, request.paymentToken);
    if (!found.ok) {
      if (found.type === 'card_error') return { kind: 'declined' };
      return found.outcomeUnknown ? { kind: 'provider-failed' } : { kind: 'not-finished' };
    }
  }
  const setup = found.value;
  if (setup.status === 'requires_action') return { kind: 'needs-authentication' };
  if (setup.status === 'requires_payment_method' && setup.lastError?.type === 'card_error') return { kind: 'declined' };
  if (setup.status !== 'succeeded' || !setup.paymentMethodId) return { kind: 'not-finished' };
  const paymentMethodId = setup.paymentMethodId;

  const now = clock();
  return db.transaction(async (tx) => {
    // the policy's row lock: a second press waits here, then finds its card already in force
    const locked = await billingOf(tx, policyId, true);
    const current = await cardInForce(tx, policyId);
    if (!locked || !current || current.gateway !== gateway.name || current.customerId !== kept.customerId) return { kind: 'no-card' } as const;
    if (current.paymentMethodId === paymentMethodId) {
      return { kind: 'replaced', card: view(current) ?? viewOf(setup, current.consentedAt), mailed: false } as const;
    }
    await keepCard(
      tx,
      {
        policyId, gateway: gateway.name, customerId: kept.customerId, paymentMethodId, card: setup.card,
        consentText: request.cardConsent, consentedAt: now,
      },
      now,
    );
    const card = viewOf(setup, now);
    await enqueueMail(
      tx,
      CARD_CHANGED_MAIL_KIND,
      cardChangedMail({ to: locked.emailLower, policyNumber: locked.policyNumber, brand: card.brand, last4: card.last4, at: now, publicOrigin: deps.config.publicOrigin }),
      now,
    );
    return { kind: 'replaced', card, mailed: true } as const;
  });
}

function viewOf(setup: SetupIntent, since: Date): KeptCardView {
  return { brand: cardBrandName(setup.card?.brand ?? ''), last4: setup.card?.last4 ?? '····', since: since.toISOString() };
}
