/**
 * Cancellation for non-payment (issue 21, item 7).
 *
 * 1. When a bill's last retry fails, a notice of cancellation is sent, its date no sooner than the state's
 *    notice period (./schedule.ts, each value with its source) after the notice: paying before that date
 *    rescinds it (./charge.ts recordPaid) and the policy goes on with no gap.
 * 2. On that date, unpaid, the policy is cancelled: status CANCELLED with its date (coverage ends at 12:01
 *    a.m. that day), the charge given up and the bill left owed, the period under way closed and the later
 *    ones removed, so nothing more is billed; and one final bill: the miles to that date (the latest
 *    reading not yet billed, else the default mileage for the days covered), less the unearned part of
 *    what was paid in advance (pro rata by days: ./refund.ts), with the unpaid bill carried in. A credit is
 *    refunded to the card; an amount owed stays on the account for the team, never charged again.
 */
import { BRAND, formatCents, isoToUs } from '../../contract/index.ts';
import { PAGES, pageUrl } from '../../contract/pages.ts';
import type { Config } from '../config.ts';
import type { Queryable } from '../db/db.ts';
import type { Deps } from '../deps.ts';
import { logError } from '../log.ts';
import { enqueueMail } from '../mail/queue.ts';
import { mobileNumberOf } from '../messages/odometer-text.ts';
import { enqueueText } from '../messages/texts.ts';
import { acceptedReadings, countedReading } from '../odometer/readings.ts';
import { saveDocument } from '../documents/store.ts';
import { issueToken } from '../tokens/tokens.ts';
import { addLedgerEntry } from '../payments/ledger.ts';
import { insuredOf, markCancelled, readPolicyRecord, type PolicyRecord } from '../policies/records.ts';
import { estimateCents, type BillLine } from './bill.ts';
import { billingMail, billTitle, sendPdfNotice, type NoticeSenderDeps } from './bill-mail.ts';
import { buildPdf } from '../documents/pdf/apart.ts';
import {
  billById, cancellationsDue, chargesOfPolicy, insertBill, insertCancellation, markChargeCanceled, moveBill, settleCancellation,
  type BillRecord,
} from './bills.ts';
import { daysBetween, earliestCancellationDate, periodsOfTerm } from './calendar.ts';
import { termFiguresOf } from './make-bills.ts';
import { closeForCancellation, periodsOfPolicy } from './records.ts';
import { prepaidRefundOnCancellation, unearnedPremiumCents } from './refund.ts';
import { cancellationNoticeSource, DAILY_CAP_MILES, DEFAULT_MONTHLY_MILES } from './schedule.ts';

const CANCELLATION_NOTICE_TEXT_KIND = 'notice of cancellation text';
const CANCELLED_MAIL_KIND = 'policy cancelled mail';

const us = (iso: string) => isoToUs(iso) ?? iso;

/**
 * Records the notice of cancellation for `bill` and queues it, in `tx`; true when this call sent it (false:
 * the policy has a notice pending already).
 */
export async function sendCancellationNotice(
  tx: Queryable,
  deps: NoticeSenderDeps,
  input: { bill: BillRecord; policy: PolicyRecord; today: string },
  now: Date,
): Promise<boolean> {
  const { bill, policy, today } = input;
  const cancelOn = earliestCancellationDate(policy.ratedState, today);
  const id = await insertCancellation(
    tx,
    { policyId: policy.id, billId: bill.id, noticedOn: today, cancelOn, noticeSource: cancellationNoticeSource(policy.ratedState) },
    now,
  );
  if (id === null) return false;
  const amount = formatCents(bill.amountCents);
  const cardUrl = pageUrl(deps.config.publicOrigin, PAGES.card);
  const payUrl = pageUrl(deps.config.publicOrigin, PAGES.payBill, { token: await issueToken(tx, 'bill-payment', now, { subjectId: bill.id }) });
  const firstName = insuredOf(policy)?.firstName;
  const subject = `Notice of cancellation for non-payment: policy ${policy.policyNumber}`;
  const lines = [
    `Hello${firstName ? ` ${firstName}` : ''}, this is notice that your ${BRAND.productName} policy ${policy.policyNumber} will be cancelled for non-payment of premium at 12:01 a.m. on ${us(cancelOn)}.`,
    `We could not collect ${amount} for ${billTitle(bill)}, after trying your card on file on the days we told you.`,
    `If we receive payment before ${us(cancelOn)}, your policy stays in force with no gap in coverage: pay now from the link below, or replace your card in your account and we will charge it.`,
    'If it is cancelled, we will send a final bill for the miles driven to that date, and refund any premium you paid in advance for the time after it.',
  ];
  const message = billingMail(policy.emailAddress, subject, lines, { url: payUrl, label: 'Pay now' }, policy.policyNumber, { url: cardUrl, label: 'Replace your card' });
  const bytes = await buildPdf('cancellationNotice', policy, { noticedOn: today, cancelOn, amountCents: bill.amountCents, billDate: bill.billDate }, now);
  // one of the policy's documents as well: its documents page lists it beside the declarations
  await saveDocument(tx, deps.blobs, { policyId: policy.id, kind: 'cancellation-notice', stage: policy.status, bytes }, now);
  await sendPdfNotice(tx, deps, { policyId: policy.id, kind: 'cancellation-notice', message, pdf: { filename: `notice-of-cancellation-${policy.policyNumber}.pdf`, bytes } }, now);
  const mobile = mobileNumberOf({ phoneNumbers: policy.phoneNumbers });
  if (mobile !== null) {
    await enqueueText(
      tx,
      CANCELLATION_NOTICE_TEXT_KIND,
      { to: mobile, body: `${BRAND.productName}: policy ${policy.policyNumber} will be cancelled for non-payment on ${us(cancelOn)} unless ${amount} is paid. Pay now: ${payUrl} Reply STOP to opt out, HELP for help.` },
      now,
    );
  }
  return true;
}

export type CancelDeps = Pick<Deps, 'db' | 'config' | 'log'>;

/** Cancels the policies whose notice's date has come unpaid; how many this call cancelled. */
export async function cancelDuePolicies(deps: CancelDeps, today: string, now: Date): Promise<number> {
  let cancelled = 0;
  for (const notice of await cancellationsDue(deps.db, today)) {
    try {
      const done = await deps.db.transaction(async (tx) => {
        if (!(await settleCancellation(tx, notice.id, 'cancelled', now))) return false;
        const policy = await readPolicyRecord(tx, notice.policyId);
        const bill = await billById(tx, notice.billId);
        if (!policy || !bill || !(await markCancelled(tx, policy.id, notice.cancelOn, now))) return false;
        const charge = (await chargesOfPolicy(tx, policy.id)).get(bill.id);
        if (charge) await markChargeCanceled(tx, charge.id, now);
        await moveBill(tx, bill.id, ['due'], 'unpaid', now);
        const finalBill = await makeFinalBill(tx, policy, notice.cancelOn, bill, today, now);
        await tellCancelled(tx, deps, policy, notice.cancelOn, finalBill, now);
        return true;
      });
      if (done) cancelled += 1;
    } catch (error) {
      logError(deps.log, `billing: cancelling policy id ${notice.policyId}`, error);
    }
  }
  return cancelled;
}

/**
 * The final bill of a policy cancelled from `cancelledOn`, in `tx`: the miles to that date, the unearned
 * part of what was paid in advance credited, the unpaid bill carried in. Returns it as recorded.
 */
async function makeFinalBill(tx: Queryable, policy: PolicyRecord, cancelledOn: string, unpaid: BillRecord, today: string, now: Date): Promise<BillRecord | null> {
  const periods = await periodsOfPolicy(tx, policy.id);
  const periodId = await closeForCancellation(tx, policy.id, cancelledOn, now);
  const period = periods.find((candidate) => candidate.id === periodId) ?? periods.filter((candidate) => candidate.start < cancelledOn).at(-1);
  if (!period) return null;
  const figures = period.figures ?? termFiguresOf(policy);
  const readings = await acceptedReadings(tx, policy.id);
  const lines: BillLine[] = [];
  // the days of the period under way that were covered; none when it fell on a period's first day
  const coveredDays = periodId === null ? 0 : daysBetween(period.start, cancelledOn);
  const periodDays = daysBetween(period.start, period.end);

  for (const vehicle of figures.vehicles) {
    const { carNumber } = vehicle;
    if (vehicle.billingType === 'per_mile' && coveredDays > 0) {
      // the miles since the last reading a bill used, if a reading came since; else the default for the days covered
      const used = new Set(periods.flatMap((candidate) => candidate.requests.filter((request) => request.carNumber === carNumber && request.readingId !== null).map((request) => request.readingId!)));
      const own = readings.filter((reading) => reading.carNumber === carNumber);
      const lastUsed = own.filter((reading) => used.has(reading.id)).at(-1) ?? own[0];
      const latest = own.at(-1);
      const cap = DAILY_CAP_MILES * coveredDays;
      const miles = latest && lastUsed && latest.id !== lastUsed.id
        ? Math.min(Math.max(0, countedReading(latest) - countedReading(lastUsed)), cap)
        : Math.min(Math.round((DEFAULT_MONTHLY_MILES * coveredDays) / periodDays), cap);
      const found = latest && lastUsed && latest.id !== lastUsed.id
        ? { kind: 'reading' as const, drivenMiles: countedReading(latest) - countedReading(lastUsed), capMiles: null, alreadyBilledMiles: 0 }
        : { kind: 'default' as const, capMiles: null };
      lines.push({ kind: 'miles', carNumber, cents: Math.round((miles * vehicle.perMileMills) / 10), miles: { count: miles, perMileMills: vehicle.perMileMills }, found });
    }
  }
  if (figures.payPlan === 18 && periodId !== null) {
    // the period under way's base (or Unlimited sixth) was billed in advance: its days after the cancellation are given back
    for (const vehicle of figures.vehicles) {
      const premiumCents = vehicle.billingType === 'capped' ? vehicle.estMonthlyNoFeeCents : vehicle.baseRateCents;
      const unearned = unearnedPremiumCents({ premiumCents, coveredFrom: period.start, coveredUntil: period.end }, cancelledOn);
      if (unearned > 0) lines.push({ kind: vehicle.billingType === 'capped' ? 'unlimited' : 'base', carNumber: vehicle.carNumber, cents: -unearned });
    }
  } else if (figures.payPlan === 21) {
    const termPeriods = periodsOfTerm(period.termStart, period.termEnd);
    const refund = prepaidRefundOnCancellation(figures.vehicles, termPeriods, cancelledOn);
    for (const line of refund.lines) {
      if (line.cents > 0) lines.push({ kind: line.kind === 'unused-estimate' ? 'estimate-credit' : line.kind === 'unearned-unlimited' ? 'unlimited' : 'base', carNumber: line.carNumber, cents: -line.cents });
    }
    if (periodId !== null) {
      // the month under way's prepaid estimated miles, as its monthly bill would have credited them
      for (const vehicle of figures.vehicles.filter((candidate) => candidate.billingType === 'per_mile')) {
        lines.push({ kind: 'estimate-credit', carNumber: vehicle.carNumber, cents: -estimateCents(vehicle), miles: { count: vehicle.estMonthlyMiles, perMileMills: vehicle.perMileMills } });
      }
    }
  }
  // the unpaid bill is owed still: carried in, so the final bill says what the account owes in all
  lines.push({ kind: 'carried', carNumber: null, cents: unpaid.amountCents });
  const totalCents = lines.reduce((sum, line) => sum + line.cents, 0);
  const outcome = totalCents < 0 ? { kind: 'refund' as const, cents: -totalCents } : totalCents === 0 ? { kind: 'nothing-due' as const } : { kind: 'charge' as const, cents: totalCents };
  const billId = await insertBill(
    tx,
    {
      policyId: policy.id, kind: 'final', periodId: period.id, termStart: period.termStart, billDate: today, lines, totalCents, outcome,
      // an amount owed stays on the account for the team: a card that failed every retry is not charged again
      ...(outcome.kind === 'charge' ? { status: 'unpaid' as const } : {}),
    },
    now,
  );
  if (billId === null) return null;
  await addLedgerEntry(tx, {
    kind: 'bill', amountCents: -(totalCents - unpaid.amountCents), attemptId: null, policyId: policy.id, providerRef: `bill:${billId}`, billId, at: now,
  });
  return billById(tx, billId);
}

async function tellCancelled(tx: Queryable, deps: { config: Pick<Config, 'publicOrigin'> }, policy: PolicyRecord, cancelledOn: string, finalBill: BillRecord | null, now: Date) {
  const firstName = insuredOf(policy)?.firstName;
  const subject = `Policy ${policy.policyNumber} is cancelled`;
  const owed = finalBill && finalBill.totalCents > 0 ? `Your final bill leaves ${formatCents(finalBill.totalCents)} owed; please call us to settle it.` : null;
  const credit = finalBill && finalBill.totalCents < 0 ? `Your final bill leaves a credit of ${formatCents(-finalBill.totalCents)}, which we are refunding to your card.` : null;
  const lines = [
    `Hello${firstName ? ` ${firstName}` : ''}, your ${BRAND.productName} policy ${policy.policyNumber} was cancelled for non-payment at 12:01 a.m. on ${us(cancelledOn)}. Your vehicles are no longer insured by us from that moment.`,
    ...(owed ? [owed] : credit ? [credit] : []),
    'Your statement in your account shows the final bill line by line.',
  ];
  const url = pageUrl(deps.config.publicOrigin, PAGES.account);
  await enqueueMail(tx, CANCELLED_MAIL_KIND, billingMail(policy.emailAddress, subject, lines, { url, label: 'See your statement' }, policy.policyNumber), now);
}
