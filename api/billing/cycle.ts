/**
 * The billing cycle's daily run (issue 21, items 1, 2 and 10), as of the clock's day:
 *
 * 1. records the periods of every term in force not recorded yet (a bound policy is billed whether or not it
 *    is issued; a renewed term gets periods of its own), with each vehicle's reading request;
 * 2. opens the periods whose first day has come;
 * 3. links each accepted odometer reading received in a period's window (./calendar.ts periodClosedByReading)
 *    to that period's request, so its reminders stop; an Unlimited vehicle's request takes the first reading
 *    of its term. A reading that answers no request stays in api/odometer/ for the next true-up;
 * 4. closes the periods that have ended with every Pay-Per-Mile reading in, or whose due date has come;
 * 5. sends the requests due (a Pay-Per-Mile vehicle on its period's end, an Unlimited one on its term's first
 *    day) and the reminders due (3 and 6 days after the end while no reading is in: ./schedule.ts), one
 *    e-mail and one text per policy and day, each with a fresh odometer link.
 *
 * Safe to run twice the same day and on two processes at once: every step is a guarded UPDATE or an INSERT
 * stopped by a unique key (./records.ts), and a message is queued in the transaction that marks its requests
 * sent or reminded, so a message exists only if its mark does. The daily job (./job.ts) runs it under a
 * lease, `npm run billing` (./cli.ts) from the command line. A policy that fails is logged by its id and
 * left to the next run; it never stops the others. Logs carry no personal data.
 *
 * 6. makes the bill of each closed period (./make-bills.ts) and a renewed term's first payment, each with its
 *    ledger entry;
 * 7. cancels the policies whose notice of cancellation for non-payment has come to its date unpaid, with
 *    their final bill (./cancel.ts);
 * 8. charges the bills due and retries the failed ones on their day, settling any unknown outcome with the
 *    provider first (./charge.ts), and gives credits back.
 */
import { addDays, formatIsoDate, localToday, parseIsoDate } from '../../contract/index.ts';
import { PAGES, pageUrl } from '../../contract/pages.ts';
import type { Deps } from '../deps.ts';
import { logError } from '../log.ts';
import { enqueueMail } from '../mail/queue.ts';
import { mobileNumberOf } from '../messages/odometer-text.ts';
import { enqueueText } from '../messages/texts.ts';
import { acceptedReadings } from '../odometer/readings.ts';
import { insuredOf, readPolicyRecord, termsInForceOn, vehicleName } from '../policies/records.ts';
import { renewalTermsOf } from '../renewals/store.ts';
import { sendUnchargedBill } from './bill-mail.ts';
import { billById, closedPeriodsWithoutBill } from './bills.ts';
import { cancelDuePolicies } from './cancel.ts';
import { chargeDueBills } from './charge.ts';
import { makeFirstPaymentBill, makePeriodBill, termFiguresOf } from './make-bills.ts';
import { issueToken } from '../tokens/tokens.ts';
import { periodClosedByReading, periodsOfTerm, readingSchedule } from './calendar.ts';
import {
  answerRequest, closeDuePeriods, markReminded, markRequestsSent, openStartedPeriods, readingsAnswering, recordedTerms, recordTerm,
  unansweredRequests, type ReadingRequest,
} from './records.ts';
import { READING_REQUEST_MAIL_KIND, READING_REQUEST_TEXT_KIND, readingRequestMail, readingRequestText, type AskedVehicle } from './request-mail.ts';
import { READING_DAYS } from './schedule.ts';

export type BillingDeps = Pick<Deps, 'db' | 'config' | 'log' | 'payments' | 'blobs'>;

export interface BillingCycleResult {
  /** Periods this run opened (recorded open, or moved from scheduled on their first day). */
  periodsOpened: number;
  /** Periods this run closed: every reading in, or their due date come. */
  periodsClosed: number;
  /** Accepted readings this run linked to the request they answer. */
  readingsLinked: number;
  /** Vehicle reading requests this run sent (each by e-mail, and by text when there is a mobile number). */
  requestsSent: number;
  /** Vehicle reminders this run sent. */
  remindersSent: number;
  /** Bills this run made: closed periods', and renewed terms' first payments. */
  billsMade: number;
  /** Bills paid by a charge this run made or settled. */
  chargesMade: number;
  /** Charge tries the provider refused this run. */
  chargesFailed: number;
  /** Charges whose outcome is still unknown: settled with the provider on the next run. */
  chargesUnknown: number;
  /** Credits refunded to the card. */
  refunds: number;
  /** Notices of cancellation for non-payment sent. */
  noticesSent: number;
  /** Policies cancelled for non-payment on their notice's date. */
  cancellations: number;
  /** Policies whose step failed (logged by id); the next run tries them again. */
  failed: number;
}

/** Whether the run queued mail or texts to deliver. */
export const sentAny = (result: BillingCycleResult): boolean =>
  result.requestsSent + result.remindersSent + result.billsMade + result.chargesMade + result.chargesFailed + result.refunds + result.noticesSent +
    result.cancellations > 0;

const dayOf = (moment: Date): string => formatIsoDate(localToday(moment));
const shiftDays = (day: string, days: number): string => formatIsoDate(addDays(parseIsoDate(day)!, days));

/** Runs the cycle as of `now`'s day; the caller delivers the queued messages (`deps.mail.deliverDue()`). */
export async function runBillingCycle(deps: BillingDeps, now: Date): Promise<BillingCycleResult> {
  const today = dayOf(now);
  const result: BillingCycleResult = {
    periodsOpened: 0, periodsClosed: 0, readingsLinked: 0, requestsSent: 0, remindersSent: 0, billsMade: 0, chargesMade: 0, chargesFailed: 0,
    chargesUnknown: 0, refunds: 0, noticesSent: 0, cancellations: 0, failed: 0,
  };
  const failed = (what: string, error: unknown) => {
    result.failed += 1;
    logError(deps.log, `billing: ${what}`, error);
  };

  const terms = await termsInForceOn(deps.db, today);
  const recorded = await recordedTerms(deps.db, terms.map((term) => term.policyId));
  const renewed = await renewalTermsOf(deps.db, terms.map((term) => term.policyId));
  for (const term of terms.filter((term) => !recorded.has(`${term.policyId} ${term.effectiveDate}`))) {
    try {
      result.billsMade += await deps.db.transaction(async (tx) => {
        const policy = await readPolicyRecord(tx, term.policyId);
        if (!policy) return 0;
        const figures = termFiguresOf(policy);
        const vehicles = figures.vehicles.map((vehicle) => ({ carNumber: vehicle.carNumber, plan: vehicle.billingType }));
        const periods = periodsOfTerm(term.effectiveDate, term.expirationDate);
        result.periodsOpened += await recordTerm(tx, { policyId: term.policyId, termStart: term.effectiveDate, termEnd: term.expirationDate, periods, vehicles, figures }, today, now);
        // a renewed term is paid as the first was: its first payment charged on its first day (the bind charged the first term's)
        const isRenewal = renewed.has(`${term.policyId} ${term.effectiveDate}`);
        return isRenewal && (await makeFirstPaymentBill(tx, policy, term.effectiveDate, today, now)) !== null ? 1 : 0;
      });
    } catch (error) {
      failed(`periods of policy id ${term.policyId}`, error);
    }
  }
  result.periodsOpened += await openStartedPeriods(deps.db, today, now);

  const byPolicy = groupByPolicy(await unansweredRequests(deps.db, today, READING_DAYS.windowBeforeEnd));
  const unanswered: ReadingRequest[] = [];
  for (const [policyId, requests] of byPolicy) {
    try {
      const linked = await linkReadings(deps, policyId, requests, now);
      result.readingsLinked += linked.size;
      unanswered.push(...requests.filter((request) => !linked.has(request.id)));
    } catch (error) {
      failed(`readings of policy id ${policyId}`, error);
    }
  }
  result.periodsClosed += await closeDuePeriods(deps.db, today, now);
  for (const { periodId, policyId } of await closedPeriodsWithoutBill(deps.db)) {
    try {
      const made = await deps.db.transaction(async (tx) => {
        const billId = await makePeriodBill(tx, periodId, today, now);
        const bill = billId === null ? null : await billById(tx, billId);
        // a bill to charge is told with its charge's outcome (./charge.ts); any other is told now
        if (bill && bill.status !== 'due') await sendUnchargedBill(tx, deps, bill, now);
        return billId;
      });
      if (made !== null) result.billsMade += 1;
    } catch (error) {
      failed(`bill of policy id ${policyId}`, error);
    }
  }
  // cancellations first: a final bill's credit is refunded by the charging step of the same run
  result.cancellations += await cancelDuePolicies(deps, today, now);
  const charged = await chargeDueBills(deps, today, now);
  result.chargesMade += charged.charged;
  result.chargesFailed += charged.declined;
  result.chargesUnknown += charged.unknown;
  result.refunds += charged.refunded;
  result.noticesSent += charged.noticesSent;
  result.failed += charged.errors;

  for (const [policyId, requests] of groupByPolicy(unanswered)) {
    try {
      const sent = await sendDue(deps, policyId, requests, today, now);
      result.requestsSent += sent.requests;
      result.remindersSent += sent.reminders;
    } catch (error) {
      failed(`requests of policy id ${policyId}`, error);
    }
  }
  return result;
}

function groupByPolicy(requests: readonly ReadingRequest[]): Map<number, ReadingRequest[]> {
  const groups = new Map<number, ReadingRequest[]>();
  for (const request of requests) groups.set(request.policyId, [...(groups.get(request.policyId) ?? []), request]);
  return groups;
}

/**
 * Links the policy's accepted readings to the requests they answer: a Pay-Per-Mile request takes the first
 * reading received in its period's window, an Unlimited one the first received from the window's 7 days
 * before its term's first day to the term's end. Returns the ids of the requests answered.
 */
async function linkReadings(deps: BillingDeps, policyId: number, requests: readonly ReadingRequest[], now: Date): Promise<Set<number>> {
  const readings = await acceptedReadings(deps.db, policyId);
  const taken = await readingsAnswering(deps.db, readings.map((reading) => reading.id));
  const answered = new Set<number>();
  for (const request of requests) {
    const { period } = request;
    const periods = periodsOfTerm(period.termStart, period.termEnd);
    const answers = (receivedOn: string) =>
      request.plan === 'per_mile'
        ? periodClosedByReading(periods, receivedOn)?.index === period.index
        : shiftDays(period.termStart, -READING_DAYS.windowBeforeEnd) <= receivedOn && receivedOn < period.termEnd;
    const reading = readings.find(
      (candidate) => candidate.carNumber === request.carNumber && !taken.has(candidate.id) && answers(dayOf(candidate.createdAt)),
    );
    if (!reading) continue;
    if (await answerRequest(deps.db, request.id, reading.id, now)) answered.add(request.id);
    taken.add(reading.id);
  }
  return answered;
}

/** How many of a request's reminders are due by `today` (none once its reading is due). */
function remindersDueBy(request: ReadingRequest, today: string): number {
  if (request.plan !== 'per_mile' || !request.sent || today >= request.period.dueOn) return 0;
  return readingSchedule(request.period).remindOn.filter((day) => day <= today).length;
}

/**
 * Sends the policy's requests and reminders due on `today` in one e-mail and one text, queued in the
 * transaction that marks them: a request is due from its asking day until its reading is due (an Unlimited
 * one while its term runs); a run that missed days sends the latest reminder due, once.
 */
async function sendDue(
  deps: BillingDeps,
  policyId: number,
  requests: readonly ReadingRequest[],
  today: string,
  now: Date,
): Promise<{ requests: number; reminders: number }> {
  const toAsk = requests.filter(
    (request) => !request.sent && request.askOn <= today && (request.plan === 'per_mile' ? today < request.period.dueOn : today < request.period.termEnd),
  );
  const toRemind = requests
    .map((request) => ({ request, number: remindersDueBy(request, today) }))
    .filter(({ request, number }) => number > request.remindersSent);
  if (toAsk.length + toRemind.length === 0) return { requests: 0, reminders: 0 };

  return deps.db.transaction(async (tx) => {
    const policy = await readPolicyRecord(tx, policyId);
    if (!policy) throw new Error('no such policy');
    const mobile = mobileNumberOf({ phoneNumbers: policy.phoneNumbers });
    const asked = await markRequestsSent(tx, toAsk.map((request) => request.id), mobile !== null, now);
    const reminded = await markReminded(tx, toRemind.map(({ request, number }) => ({ requestId: request.id, number })), now);
    const going = [...toAsk.filter((request) => asked.includes(request.id)), ...toRemind.filter(({ request }) => reminded.includes(request.id)).map(({ request }) => request)];
    // Another process sent them between our read and our mark: its message stands, ours is not made.
    if (going.length === 0) return { requests: 0, reminders: 0 };

    const vehicles: AskedVehicle[] = going.map((request) => {
      const vehicle = policy.vehicles.find((candidate) => candidate.car_number === request.carNumber);
      const name = vehicle ? vehicleName(vehicle) : `vehicle ${request.carNumber}`;
      return request.plan === 'per_mile'
        ? { plan: 'per_mile', name, periodStart: request.period.start, periodEnd: request.period.end, dueOn: request.period.dueOn }
        : { plan: 'capped', name, termStart: request.period.termStart, termEnd: request.period.termEnd };
    });
    // A reminder when every vehicle in it was asked before; a fresh request otherwise.
    const reminder = asked.length > 0 ? 0 : Math.max(...toRemind.filter(({ request }) => reminded.includes(request.id)).map(({ number }) => number));
    const odometerLink = async () => pageUrl(deps.config.publicOrigin, PAGES.odometer, { token: await issueToken(tx, 'odometer-photo', now, { subjectId: policyId }) });
    const words = { policyNumber: policy.policyNumber, reminder, vehicles };
    await enqueueMail(
      tx,
      READING_REQUEST_MAIL_KIND,
      readingRequestMail({ ...words, to: policy.emailAddress, firstName: insuredOf(policy)?.firstName ?? '', odometerUrl: await odometerLink() }),
      now,
    );
    if (mobile !== null) {
      await enqueueText(tx, READING_REQUEST_TEXT_KIND, { to: mobile, body: readingRequestText({ ...words, odometerUrl: await odometerLink() }) }, now);
    }
    return { requests: asked.length, reminders: reminded.length };
  });
}
