/**
 * The daily reconciliation of the ledger with the card provider (migration 027, reconciliations; this module
 * owns the table): what the provider charged and refunded on a day (gateway.ts listCharges, listRefunds)
 * held against the ledger's entries of money that moved that day (ledger.ts providerMovements), matched by
 * the provider's id and the amount. A difference is never silent: each run records its day's row (a second
 * run for the day writes the same row again) and, when there are differences or the provider could not be
 * reached, e-mails the team (the address disputes go to) in the same transaction, once for the same findings
 * however many runs. The operations page (api/routes/ops.ts) lists the last 30 days.
 *
 * A day is the product's local day, as the billing cycle's (api/billing/cycle.ts, localToday): from the
 * runtime's local midnight to the next.
 *
 * The three differences, for a charge (a succeeded PaymentIntent; the ledger's down-payment and bill-payment)
 * and for a refund (the ledger's refund, a negative entry; cents here are magnitudes on both sides):
 *   missing-in-ledger    charged or refunded at the provider, not in the ledger;
 *   missing-at-provider  in the ledger, not at the provider (a refund the provider says failed or was
 *                        cancelled gave nothing back, so it counts as absent);
 *   amount-differs       both sides have it, with different amounts.
 */
import { addDays, formatIsoDate, localMidnight, parseIsoDate } from '../../contract/index.ts';
import type { Deps } from '../deps.ts';
import type { Queryable } from '../db/db.ts';
import { enqueueMail } from '../mail/queue.ts';
import type { GatewayFailure, GatewayResult, ListedCharge, ListedRefund, PaymentGateway, TimeRange } from './gateway.ts';
import { providerMovements } from './ledger.ts';
import { RECONCILIATION_MAIL_KIND, reconciliationMail } from './reconciliation-mail.ts';

export type ReconciliationStatus = 'matched' | 'differences' | 'provider-unreachable';

export type MovedObject = 'charge' | 'refund';

export type ReconciliationDifference =
  | { kind: 'missing-in-ledger'; object: MovedObject; providerId: string; providerCents: number }
  | { kind: 'missing-at-provider'; object: MovedObject; providerId: string; ledgerCents: number }
  | { kind: 'amount-differs'; object: MovedObject; providerId: string; ledgerCents: number; providerCents: number };

/** One side's day: how many charges and refunds, and their cents (magnitudes). */
export interface SideTotals {
  charges: number;
  chargeCents: number;
  refunds: number;
  refundCents: number;
}

export interface Reconciliation {
  /** YYYY-MM-DD, the product's local day. */
  day: string;
  ranAt: Date;
  status: ReconciliationStatus;
  ledger: SideTotals;
  /** Null when the provider could not be reached. */
  provider: SideTotals | null;
  differences: ReconciliationDifference[];
  /** The provider's failure ('api_error: timeout') when it could not be reached. */
  providerError: string | null;
}

export type ReconciliationDeps = Pick<Deps, 'db' | 'payments' | 'clock' | 'config'>;

/** One object of money that moved, as either side holds it. */
export interface Movement {
  object: MovedObject;
  providerId: string;
  /** Cents moved (a magnitude: a refund of $12.00 is 1200). */
  cents: number;
}

/** The day's stretch of time: its local midnight, included, to the next, excluded. */
function dayRange(day: string): TimeRange {
  const date = parseIsoDate(day);
  if (!date) throw new Error(`reconcileDay: "${day}" is not a day; give one as YYYY-MM-DD.`);
  return { from: localMidnight(date), to: localMidnight(addDays(date, 1)) };
}

/**
 * The differences between the day's movements on each side. An entry written near midnight may sit on the
 * other day on one side (a charge the provider stamps at 23:59:59 whose ledger entry the webhook or the
 * settlement job writes at 00:00:03), so before calling an object missing, each side's day is looked up in
 * the other side's day and its two neighbouring days (`ledgerAround`, `providerAround`). An object whose
 * amounts differ is reported once, from the provider's side when that side has it on the day.
 */
function findDifferences(sides: {
  ledgerDay: readonly Movement[];
  ledgerAround: readonly Movement[];
  providerDay: readonly Movement[];
  providerAround: readonly Movement[];
}): ReconciliationDifference[] {
  const byId = (movements: readonly Movement[]) => {
    const map = new Map<string, Movement>();
    for (const movement of movements) {
      const key = `${movement.object}:${movement.providerId}`;
      const known = map.get(key);
      // two entries for one provider object add up, so a doubled entry shows as an amount that differs
      map.set(key, known ? { ...known, cents: known.cents + movement.cents } : movement);
    }
    return map;
  };
  const ledgerAround = byId(sides.ledgerAround);
  const providerAround = byId(sides.providerAround);
  const differences: ReconciliationDifference[] = [];
  const seen = new Set<string>();
  for (const [key, at] of byId(sides.providerDay)) {
    seen.add(key);
    const ours = ledgerAround.get(key);
    if (!ours) differences.push({ kind: 'missing-in-ledger', object: at.object, providerId: at.providerId, providerCents: at.cents });
    else if (ours.cents !== at.cents) differences.push({ kind: 'amount-differs', object: at.object, providerId: at.providerId, ledgerCents: ours.cents, providerCents: at.cents });
  }
  for (const [key, ours] of byId(sides.ledgerDay)) {
    if (seen.has(key)) continue;
    const at = providerAround.get(key);
    if (!at) differences.push({ kind: 'missing-at-provider', object: ours.object, providerId: ours.providerId, ledgerCents: ours.cents });
    else if (ours.cents !== at.cents) differences.push({ kind: 'amount-differs', object: ours.object, providerId: ours.providerId, ledgerCents: ours.cents, providerCents: at.cents });
  }
  return differences;
}

const totalsOf = (movements: readonly Movement[]): SideTotals => {
  const charges = movements.filter((movement) => movement.object === 'charge');
  const refunds = movements.filter((movement) => movement.object === 'refund');
  const sum = (list: readonly Movement[]) => list.reduce((total, movement) => total + movement.cents, 0);
  return { charges: charges.length, chargeCents: sum(charges), refunds: refunds.length, refundCents: sum(refunds) };
};

async function ledgerSide(db: Queryable, range: TimeRange): Promise<Movement[]> {
  return (await providerMovements(db, range)).map((entry) => ({
    object: entry.kind === 'refund' ? 'refund' : 'charge',
    providerId: entry.providerRef,
    cents: Math.abs(entry.amountCents),
  }));
}

/** A list that threw (a bug in a client, a connection refused before any answer) counts as unreachable too. */
async function listed<T>(call: () => Promise<GatewayResult<T>>): Promise<GatewayResult<T>> {
  try {
    return await call();
  } catch {
    return { ok: false, type: 'api_error', code: 'thrown', outcomeUnknown: true };
  }
}

/** What the provider moved in `range` (refunds that failed or were cancelled gave nothing back: left out). */
async function providerSide(gateway: PaymentGateway, range: TimeRange): Promise<{ ok: true; movements: (Movement & { created: Date })[] } | GatewayFailure> {
  const charges = await listed<ListedCharge[]>(() => gateway.listCharges(range));
  if (!charges.ok) return charges;
  const refunds = await listed<ListedRefund[]>(() => gateway.listRefunds(range));
  if (!refunds.ok) return refunds;
  return {
    ok: true,
    movements: [
      ...charges.value.map((charge) => ({ object: 'charge' as const, providerId: charge.id, cents: charge.amountCents, created: charge.created })),
      ...refunds.value
        .filter((refund) => refund.status !== 'failed' && refund.status !== 'canceled')
        .map((refund) => ({ object: 'refund' as const, providerId: refund.id, cents: refund.amountCents, created: refund.created })),
    ],
  };
}

/** What the team was mailed about: the same findings are mailed once, however many runs. */
const digestOf = (status: ReconciliationStatus, differences: readonly ReconciliationDifference[]): string =>
  status === 'provider-unreachable' ? status : `${status} ${JSON.stringify(differences.map((difference) => JSON.stringify(difference)).sort())}`;

/**
 * Reconciles `day` (YYYY-MM-DD, the product's local day): records its row (written again on a later run)
 * and, when there are differences or the provider could not be reached, queues the team's e-mail in the same
 * transaction unless the same findings were mailed already. Answers the row and whether a mail was queued.
 */
export async function reconcileDay(deps: ReconciliationDeps, day: string): Promise<Reconciliation & { mailed: boolean }> {
  const range = dayRange(day);
  const date = parseIsoDate(day)!;
  const around: TimeRange = { from: localMidnight(addDays(date, -1)), to: localMidnight(addDays(date, 2)) };
  const ledgerDay = await ledgerSide(deps.db, range);
  const ledgerAround = await ledgerSide(deps.db, around);
  const provider = await providerSide(deps.payments, around);
  const now = deps.clock();

  let result: Reconciliation;
  if (!provider.ok) {
    result = {
      day, ranAt: now, status: 'provider-unreachable', ledger: totalsOf(ledgerDay), provider: null, differences: [],
      providerError: `${provider.type}${provider.code ? `: ${provider.code}` : ''}`,
    };
  } else {
    const providerDay = provider.movements.filter((movement) => movement.created >= range.from && movement.created < range.to);
    const differences = findDifferences({ ledgerDay, ledgerAround, providerDay, providerAround: provider.movements });
    result = {
      day, ranAt: now, status: differences.length ? 'differences' : 'matched', ledger: totalsOf(ledgerDay), provider: totalsOf(providerDay), differences,
      providerError: null,
    };
  }

  const mailed = await deps.db.transaction(async (tx) => {
    await saveReconciliation(tx, result);
    if (result.status === 'matched') return false;
    const digest = digestOf(result.status, result.differences);
    // the row is locked by the upsert above: a run at the same moment waits, then finds the digest mailed
    const claimed = await tx.query(
      `UPDATE reconciliations SET mailed_digest = $2, mailed_at = $3 WHERE day = $1 AND mailed_digest IS DISTINCT FROM $2 RETURNING id`,
      [day, digest, now],
    );
    if (claimed.length === 0) return false;
    await enqueueMail(tx, RECONCILIATION_MAIL_KIND, reconciliationMail({ to: deps.config.careEmail, testMode: deps.payments.mode === 'test', reconciliation: result }), now);
    return true;
  });
  return { ...result, mailed };
}

async function saveReconciliation(tx: Queryable, row: Reconciliation): Promise<void> {
  await tx.query(
    `INSERT INTO reconciliations (day, ran_at, ledger_charges, ledger_charge_cents, ledger_refunds, ledger_refund_cents,
       provider_charges, provider_charge_cents, provider_refunds, provider_refund_cents, differences, status, provider_error)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::jsonb, $12, $13)
     ON CONFLICT (day) DO UPDATE SET ran_at = EXCLUDED.ran_at,
       ledger_charges = EXCLUDED.ledger_charges, ledger_charge_cents = EXCLUDED.ledger_charge_cents,
       ledger_refunds = EXCLUDED.ledger_refunds, ledger_refund_cents = EXCLUDED.ledger_refund_cents,
       provider_charges = EXCLUDED.provider_charges, provider_charge_cents = EXCLUDED.provider_charge_cents,
       provider_refunds = EXCLUDED.provider_refunds, provider_refund_cents = EXCLUDED.provider_refund_cents,
       differences = EXCLUDED.differences, status = EXCLUDED.status, provider_error = EXCLUDED.provider_error`,
    [
      row.day, row.ranAt, row.ledger.charges, row.ledger.chargeCents, row.ledger.refunds, row.ledger.refundCents,
      row.provider?.charges ?? null, row.provider?.chargeCents ?? null, row.provider?.refunds ?? null, row.provider?.refundCents ?? null,
      JSON.stringify(row.differences), row.status, row.providerError,
    ],
  );
}

interface ReconciliationRow {
  day: string;
  ran_at: Date | string;
  ledger_charges: number;
  ledger_charge_cents: number;
  ledger_refunds: number;
  ledger_refund_cents: number;
  provider_charges: number | null;
  provider_charge_cents: number | null;
  provider_refunds: number | null;
  provider_refund_cents: number | null;
  differences: ReconciliationDifference[] | string;
  status: ReconciliationStatus;
  provider_error: string | null;
  mailed_at: Date | string | null;
}

/** The reconciliations of the `days` days up to `today` (YYYY-MM-DD), newest first: the operations page's list. */
export async function recentReconciliations(db: Queryable, today: string, days = 30): Promise<(Reconciliation & { mailedAt: Date | null })[]> {
  const since = formatIsoDate(addDays(parseIsoDate(today)!, -days));
  const rows = await db.query<ReconciliationRow>(
    `SELECT day::text AS day, ran_at, ledger_charges, ledger_charge_cents, ledger_refunds, ledger_refund_cents, provider_charges,
       provider_charge_cents, provider_refunds, provider_refund_cents, differences, status, provider_error, mailed_at
     FROM reconciliations WHERE day >= $1 AND day <= $2 ORDER BY day DESC`,
    [since, today],
  );
  return rows.map((row) => ({
    day: row.day,
    ranAt: new Date(row.ran_at),
    status: row.status,
    ledger: { charges: row.ledger_charges, chargeCents: row.ledger_charge_cents, refunds: row.ledger_refunds, refundCents: row.ledger_refund_cents },
    provider:
      row.provider_charges === null
        ? null
        : { charges: row.provider_charges, chargeCents: row.provider_charge_cents!, refunds: row.provider_refunds!, refundCents: row.provider_refund_cents! },
    differences: typeof row.differences === 'string' ? (JSON.parse(row.differences) as ReconciliationDifference[]) : row.differences,
    providerError: row.provider_error,
    mailedAt: row.mailed_at === null ? null : new Date(row.mailed_at),
  }));
}

/** The days of the `days` before `today` whose reconciliation could not reach the provider, oldest first: the job tries them again. */
export async function unreachableDays(db: Queryable, today: string, days = 7): Promise<string[]> {
  const since = formatIsoDate(addDays(parseIsoDate(today)!, -days));
  const rows = await db.query<{ day: string }>(
    `SELECT day::text AS day FROM reconciliations WHERE status = 'provider-unreachable' AND day >= $1 AND day < $2 ORDER BY day`,
    [since, today],
  );
  return rows.map((row) => row.day);
}
