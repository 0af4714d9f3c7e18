/**
 * Bind: a priced quote, paid by card, becomes a bound policy (doc 3 sections 3, 4 "Payment" and 7).
 *
 *   1. check the quote can be bought: it exists, is open, is at most QUOTE_VALID_DAYS old, starts today or
 *      later (step 5's 'Sorry!' flow re-prices a past date first), and the key is our gateway's;
 *   2. record a bind attempt (transaction 1), with the quote row locked so two binds of one quote under
 *      different Idempotency-Keys cannot both charge: the second is told a payment is in progress;
 *   3. charge the down payment through the gateway, OUTSIDE any transaction (a network call must not hold
 *      locks), with the attempt's own idempotency key;
 *   4. write the payment, the policy and its vehicles, drivers and coverages, close the quote and its links,
 *      make the address's account if it has none (api/auth/policy-account.ts), and queue the purchase
 *      e-mail (with the account's link) and the odometer text, all in transaction 2: no policy without its
 *      payment, no payment without its policy.
 *
 * When step 4 fails after the card was charged (the database dropped), the attempt stays 'charged' (or
 * 'started', if even that update failed). A retry of the bind reuses that attempt: its charge is found again
 * under the same idempotency key at the provider (Stripe returns the first PaymentIntent; the test-mode
 * gateway derives the id from the key), and transaction 2 runs again. So a retry completes the bind and never
 * charges twice; the payments table's UNIQUE charge id and policies' UNIQUE quote_id make sure of it.
 *
 * The amount charged is what step 6 showed as due today: the stored quote answer's downPaymentMonthly or
 * downPaymentSingle (contract/pricing/billing.ts reads the same fields), to the cent.
 */
import { sha256Hex } from '../hash.ts';
import {
  compareDates, localToday, MESSAGES, parseIsoDate, PAY_PLANS, toCents, type BindRequest, type BindResponse,
  type LimitEntry, type QuotePolicy, type QuoteRequest,
} from '../../contract/index.ts';
import type { Db, Queryable } from '../db/db.ts';
import { enqueueMail } from '../mail/queue.ts';
import { queueOdometerPhotoText } from '../messages/odometer-text.ts';
import type { PaymentErrorType, PaymentGateway } from '../payments/gateway.ts';
import { BINDER_NUMBER_PREFIX, newNumber, POLICY_NUMBER_PREFIX } from '../quotes/numbering.ts';
import { lockQuoteForBind, markQuoteBound, type QuoteForBind } from '../quotes/store.ts';
import { revokeTokens } from '../tokens/tokens.ts';
import { issueDocumentsLink } from '../documents/links.ts';
import { PURCHASE_MAIL_KIND, purchaseMail } from './purchase-mail.ts';
import { ensurePolicyAccount } from '../auth/policy-account.ts';

/** How long a quote can be bought at its price (ours: 30 days; a rate table may change after that). */
export const QUOTE_VALID_DAYS = 30;
/** A started attempt younger than this blocks another attempt of the same quote (its charge may be under way). */
export const ATTEMPT_IN_PROGRESS_MS = 2 * 60_000;

export type BindOutcome =
  | { kind: 'bound'; status: 200; body: BindResponse; policyId: number }
  | { kind: 'refused'; status: 400 | 404 | 409 | 422; messages: string[] }
  | { kind: 'payment-failed'; status: 402; messages: string[]; errorType: PaymentErrorType; outcomeUnknown: boolean };

export interface BindContext {
  db: Db;
  gateway: PaymentGateway;
  clock: () => Date;
  publicOrigin: string;
}

interface AttemptRow {
  id: string;
  status: string;
  gateway_charge_id: string | null;
  created_at: Date;
  payment_token_hash: string;
  billing_frequency: string;
}

const refused = (status: 400 | 404 | 409 | 422, message: string): BindOutcome => ({ kind: 'refused', status, messages: [message] });

/** The spec's text for each kind of payment failure (doc 3 section 8). */
export function paymentMessage(type: PaymentErrorType): string {
  if (type === 'card_error') return MESSAGES.paymentDeclined;
  if (type === 'invalid_request_error') return MESSAGES.paymentNotProcessed;
  return MESSAGES.callUs;
}

/** The stored quote answer's figure that is due today for `frequency`, in cents. */
export function dueTodayCents(policy: QuotePolicy, frequency: BindRequest['billingFrequency']): number {
  return toCents(frequency === 'monthly' ? policy.downPaymentMonthly : policy.downPaymentSingle);
}

export async function bindQuote(context: BindContext, request: BindRequest): Promise<BindOutcome> {
  const { db, gateway, clock } = context;
  const now = clock();
  if (request.stripeKey.key !== gateway.publishableKey) return refused(400, MESSAGES.stripeKeyNotOurs);
  const tokenHash = sha256Hex(request.paymentToken.token);

  // Transaction 1: the checks and the attempt, with the quote locked.
  const prepared = await db.transaction(async (tx) => {
    const quote = await lockQuoteForBind(tx, request.quoteNumber);
    if (!quote) return refused(404, MESSAGES.quoteToBindNotFound);
    if (quote.status !== 'QUOTE') return refused(409, MESSAGES.quoteAlreadyBound);
    if (now.getTime() - quote.created_at.getTime() > QUOTE_VALID_DAYS * 86_400_000) return refused(422, MESSAGES.quoteExpired);
    const effective = parseIsoDate(quote.response.effectiveDate);
    if (!effective || compareDates(effective, localToday(now)) < 0) return refused(422, MESSAGES.effectiveDatePassed);

    const attempts = await tx.query<AttemptRow>(
      `SELECT id::text AS id, status, gateway_charge_id, created_at, payment_token_hash, billing_frequency
       FROM bind_attempts WHERE quote_id = $1 AND status IN ('started', 'charged', 'failed') ORDER BY id DESC`,
      [quote.id],
    );
    // A charge that went through but was not yet bound is finished first, whatever this request's card.
    const charged = attempts.find((attempt) => attempt.status === 'charged');
    // The same card again after an unknown outcome (or a crash): the same attempt, so the same provider key.
    const same = attempts.find(
      (attempt) => attempt.payment_token_hash === tokenHash && attempt.billing_frequency === request.billingFrequency,
    );
    const reuse = charged ?? same;
    if (!reuse) {
      const running = attempts.find((attempt) => attempt.status === 'started' && now.getTime() - attempt.created_at.getTime() < ATTEMPT_IN_PROGRESS_MS);
      if (running) return refused(409, MESSAGES.paymentInProgress);
    }
    const amountCents = reuse
      ? (await tx.query<{ amount_cents: number }>('SELECT amount_cents FROM bind_attempts WHERE id = $1', [reuse.id]))[0]!.amount_cents
      : dueTodayCents(quote.response, request.billingFrequency);
    let attemptId = reuse?.id;
    if (!attemptId) {
      const inserted = await tx.query<{ id: string }>(
        `INSERT INTO bind_attempts (quote_id, billing_frequency, pay_plan, amount_cents, payment_token_hash, created_at)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING id::text AS id`,
        [quote.id, request.billingFrequency, request.payPlan, amountCents, tokenHash, now],
      );
      attemptId = inserted[0]!.id;
    } else if (reuse?.status === 'failed') {
      await tx.query(`UPDATE bind_attempts SET status = 'started', error_type = NULL WHERE id = $1`, [attemptId]);
    }
    return {
      kind: 'ready' as const,
      quote,
      attemptId,
      amountCents,
      billingFrequency: (charged?.billing_frequency ?? request.billingFrequency) as BindRequest['billingFrequency'],
      chargedId: charged?.gateway_charge_id ?? null,
    };
  });
  if (prepared.kind !== 'ready') return prepared;
  const { quote, attemptId, amountCents, billingFrequency } = prepared;

  // The charge, outside any transaction.
  let chargeId = prepared.chargedId;
  if (chargeId === null) {
    const result = await gateway.charge({
      amountCents,
      currency: 'usd',
      paymentToken: request.paymentToken.token,
      idempotencyKey: `ppm-bind-attempt-${attemptId}`,
      description: `Down payment, quote ${quote.quote_number}`,
      metadata: { quoteNumber: quote.quote_number, bindAttempt: attemptId },
    });
    if (!result.ok) {
      // A definite refusal ends the attempt; an unknown outcome keeps it for a retry under the same key.
      await db.query(`UPDATE bind_attempts SET status = $2, error_type = $3 WHERE id = $1`, [
        attemptId,
        result.outcomeUnknown ? 'failed' : 'declined',
        result.type,
      ]);
      return {
        kind: 'payment-failed',
        status: 402,
        messages: [paymentMessage(result.type)],
        errorType: result.type,
        outcomeUnknown: result.outcomeUnknown,
      };
    }
    chargeId = result.chargeId;
    await db.query(`UPDATE bind_attempts SET status = 'charged', gateway_charge_id = $2 WHERE id = $1`, [attemptId, chargeId]);
  }

  // Transaction 2: the payment and the policy, together.
  const { body, policyId } = await db.transaction((tx) =>
    writePolicy(tx, {
      quote,
      attemptId,
      chargeId: chargeId!,
      gateway: gateway.name,
      amountCents,
      billingFrequency,
      now,
      publicOrigin: context.publicOrigin,
    }),
  );
  return { kind: 'bound', status: 200, body, policyId };
}

interface WriteInput {
  quote: QuoteForBind;
  attemptId: string;
  chargeId: string;
  gateway: string;
  amountCents: number;
  billingFrequency: BindRequest['billingFrequency'];
  now: Date;
  publicOrigin: string;
}

/** Draws of a fresh policy or binder number before giving up (2^40 numbers each: a second draw is rare). */
const NUMBER_ATTEMPTS = 5;

async function writePolicy(tx: Queryable, input: WriteInput): Promise<{ body: BindResponse; policyId: number }> {
  const { quote, now } = input;
  const request = quote.request;
  const answer = quote.response;
  const payment = await tx.query<{ id: string }>(
    `INSERT INTO payments (bind_attempt_id, gateway, gateway_charge_id, amount_cents, currency, created_at)
     VALUES ($1, $2, $3, $4, 'usd', $5) RETURNING id::text AS id`,
    [input.attemptId, input.gateway, input.chargeId, input.amountCents, now],
  );
  const mailing = request.addresses.find((address) => address.type === 'Mailing') ?? request.addresses[0]!;

  let policy: { id: number; policy_number: string; binder_number: string } | undefined;
  for (let draw = 0; draw < NUMBER_ATTEMPTS && !policy; draw += 1) {
    const rows = await tx.query<{ id: number; policy_number: string; binder_number: string }>(
      `INSERT INTO policies (policy_number, binder_number, quote_id, payment_id, rated_state, rate_table_version,
                             effective_date, expiration_date, billing_frequency, pay_plan, down_payment_cents,
                             estimated_monthly_payment_cents, estimated_total_written_cents, email_lower,
                             policy_owners, mailing_address, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7::date, $8::date, $9, $10, $11, $12, $13, $14, $15::jsonb, $16::jsonb, $17)
       ON CONFLICT (policy_number) DO NOTHING
       RETURNING id, policy_number, binder_number`,
      [
        newNumber(POLICY_NUMBER_PREFIX),
        newNumber(BINDER_NUMBER_PREFIX),
        quote.id,
        payment[0]!.id,
        quote.rated_state,
        quote.rate_table_version,
        answer.effectiveDate,
        // the request rule fills it in: the effective date plus the 6-month term
        request.expirationDate,
        input.billingFrequency,
        PAY_PLANS[input.billingFrequency],
        input.amountCents,
        toCents(answer.estimatedMonthlyPayment),
        toCents(answer.estimatedTotalWritten),
        quote.email_lower,
        JSON.stringify(answer.policyOwners),
        JSON.stringify(mailing),
        now,
      ],
    );
    policy = rows[0];
  }
  if (!policy) throw new Error(`no free policy number after ${NUMBER_ATTEMPTS} draws`);

  await insertRecords(tx, policy.id, request, answer);
  await markQuoteBound(tx, quote.id);
  await tx.query(`UPDATE bind_attempts SET status = 'bound' WHERE id = $1`, [input.attemptId]);
  // A bought quote is no longer opened by its e-mail's link.
  await revokeTokens(tx, 'quote-link', quote.id, now);

  const insured = answer.policyOwners.find((owner) => owner.relation === 'INSURED') ?? answer.policyOwners[0];
  // The policy's account: made now if the address has none, with a link to create its password in the e-mail.
  const account = await ensurePolicyAccount(
    tx,
    { emailLower: quote.email_lower, firstName: insured?.firstName ?? '', lastName: insured?.lastName ?? '' },
    input.publicOrigin,
    now,
  );
  await enqueueMail(
    tx,
    PURCHASE_MAIL_KIND,
    purchaseMail({
      to: request.emailAddress,
      firstName: insured?.firstName ?? '',
      policyNumber: policy.policy_number,
      binderNumber: policy.binder_number,
      effectiveDate: answer.effectiveDate,
      amountCents: input.amountCents,
      billingFrequency: input.billingFrequency,
      documentsUrl: await issueDocumentsLink(tx, policy.id, input.publicOrigin, now),
      account,
    }),
    now,
  );
  await queueOdometerPhotoText(tx, {
    quoteRequest: request,
    policyNumber: policy.policy_number,
    subjectId: policy.id,
    publicOrigin: input.publicOrigin,
    now,
  });

  const body: BindResponse = {
    policies: [
      {
        policyNumber: policy.policy_number,
        binderNumber: policy.binder_number,
        policyStatus: 'BOUND',
        fromQuoteNumber: quote.quote_number,
        policyOwners: answer.policyOwners,
        emailAddress: request.emailAddress,
      },
    ],
  };
  return { body, policyId: policy.id };
}

/** The policy's vehicles, drivers and coverages, as the quote was priced (doc 3 section 3's entries). */
async function insertRecords(tx: Queryable, policyId: number, request: QuoteRequest, answer: QuotePolicy): Promise<void> {
  for (const [index, vehicle] of request.vehicles.entries()) {
    const info = answer.vehicleInfo[index];
    const carNumber = info?.carNumber ?? index + 1;
    await tx.query(
      `INSERT INTO policy_vehicles (policy_id, car_number, vin, year, make, model, body_style, financing, billing_type, stated_value)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [
        policyId, carNumber, vehicle.vin, info?.year ?? 0, info?.make ?? '', info?.model ?? '', info?.bodyStyle ?? '',
        vehicle.financing, vehicle.billingType, Number(vehicle.statedValue) || null,
      ],
    );
    await insertLimits(tx, policyId, carNumber, vehicle.coverageLimits);
  }
  await insertLimits(tx, policyId, null, request.limits);
  for (const [index, driver] of request.drivers.entries()) {
    await tx.query(
      `INSERT INTO policy_drivers (policy_id, driver_number, relation, status, first_name, last_name, dob, license_state, license_number)
       VALUES ($1, $2, $3, $4, $5, $6, $7::date, $8, $9)`,
      [
        policyId, index + 1, driver.relation, driver.status, driver.firstName, driver.lastName, driver.dob,
        driver.licenseState || null, driver.licenseNum || null,
      ],
    );
  }
}

async function insertLimits(tx: Queryable, policyId: number, carNumber: number | null, limits: readonly LimitEntry[]): Promise<void> {
  if (limits.length === 0) return;
  await tx.query(
    `INSERT INTO policy_coverages (policy_id, car_number, name, limit_value)
     SELECT $1, $2, name, limit_value FROM unnest($3::text[], $4::text[]) AS l (name, limit_value)
     ON CONFLICT DO NOTHING`,
    [policyId, carNumber, limits.map((limit) => limit.name), limits.map((limit) => limit.limit)],
  );
}
