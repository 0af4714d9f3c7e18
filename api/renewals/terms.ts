/**
 * A renewal's first day (issue 9 "Renewal and rollover"; migration 013): a signed renewal takes effect, an
 * unsigned one lapses. Both are steps of the renewal run (./run.ts), before it offers the renewals due, so a
 * policy that moved to its new term is offered its next renewal 30 days before the new end.
 *
 * Takes effect (status 'signed', term_start on or before today): in ONE transaction the renewal becomes
 * 'in_force' and the policy's rows move to its term (dates, rate table, the term's billing and each vehicle's
 * rates as the renewal priced them: api/policies/records.ts moveToTerm), the new term's ID card and declarations are stored (built before the transaction, from the same
 * documents model the policy reads once moved: api/documents/model.ts with `term`; api/documents/generate.ts)
 * and the e-mail that the new term has begun, with the documents link, is queued.
 *
 * Lapses (status 'offered' once its rollover link has run out, which is when term_start's last day is over,
 * ./run.ts endOfDay): in ONE transaction the renewal becomes 'lapsed', its rollover links are revoked and the
 * e-mail that the policy ended (call Customer Care) is queued. The policy row keeps its ended term; the
 * renewal run offers nothing more for it (its expiration date has passed).
 *
 * Once each, however often the run goes and on however many replicas: each transaction starts with the
 * UPDATE of the renewal guarded by the status it leaves, so a second run waits for the first, finds nothing
 * to change, rolls back what it built and sends nothing.
 */
import { formatIsoDate, localToday, toCents } from '../../contract/index.ts';
import { prepareDocuments, storePrepared } from '../documents/generate.ts';
import { issueDocumentsLink } from '../documents/links.ts';
import { loadPolicyPapers } from '../documents/model.ts';
import { logError } from '../log.ts';
import { enqueueMail } from '../mail/queue.ts';
import { moveToTerm } from '../policies/records.ts';
import { revokeTokens } from '../tokens/tokens.ts';
import { renewalTerm } from './documents.ts';
import { rateVehiclesOf } from './mail.ts';
import { markInForce, markLapsed, offersBefore, signedRenewalsBegun, type Renewal } from './store.ts';
import { LAPSED_MAIL_KIND, lapsedMail, NEW_TERM_MAIL_KIND, newTermMail } from './term-mail.ts';
import type { RenewDeps } from './run.ts';

/** Renewals looked at per run and step; the rest wait for the next run. */
const TERMS_PER_RUN = 500;

export interface TermRunResult {
  /** Signed renewals that took effect in this run (policy moved, documents made, e-mail queued). */
  started: number;
  /** Unsigned offers that lapsed in this run (e-mail queued). */
  lapsed: number;
  /** Renewals another run settled first (they raced this one). */
  already: number;
  /** Renewals that could not be settled now (logged by id); the next run tries them again. */
  failed: number;
}

class AlreadySettled extends Error {}

/** The UTC day of `now`: an offer whose term_start is before it has an expired rollover link (endOfDay). */
const utcDay = (now: Date): string => now.toISOString().slice(0, 10);

/** The signed renewal's term begins: the policy moves to it (see the header). */
async function startTerm(deps: RenewDeps, renewal: Renewal, now: Date): Promise<'started' | 'already'> {
  const next = await loadPolicyPapers(deps.db, renewal.policyId, now, { term: renewalTerm(renewal) });
  if (!next) throw new Error(`renewal ${renewal.id}: no policy ${renewal.policyId}`);
  const prepared = await prepareDocuments(deps.db, next, next.status);
  try {
    await deps.db.transaction(async (tx) => {
      if (!(await markInForce(tx, renewal.id, now))) throw new AlreadySettled();
      // Only from the term this renewal continues: a policy elsewhere is a bug to log, not a move to make.
      const moved = await moveToTerm(tx, renewal.policyId, renewal);
      if (!moved) throw new Error(`renewal ${renewal.id}: policy ${renewal.policyId} does not end on the renewal's first day`);
      await storePrepared(tx, deps.blobs, prepared, now);
      await enqueueMail(
        tx,
        NEW_TERM_MAIL_KIND,
        newTermMail({
          to: next.document.emailAddress,
          firstName: next.document.namedInsured.firstName,
          policyNumber: next.document.policyNumber,
          termStart: renewal.termStart,
          termEnd: renewal.termEnd,
          vehicles: rateVehiclesOf(renewal.answer),
          estimatedMonthlyPaymentCents: toCents(renewal.answer.estimatedMonthlyPayment),
          documentsUrl: await issueDocumentsLink(tx, renewal.policyId, deps.config.publicOrigin, now),
        }),
        now,
      );
    });
  } catch (error) {
    if (error instanceof AlreadySettled) return 'already';
    throw error;
  }
  return 'started';
}

/** The unsigned offer lapses: the policy ended with its term (see the header). */
async function lapse(deps: RenewDeps, renewal: Renewal, now: Date): Promise<'lapsed' | 'already'> {
  const record = await loadPolicyPapers(deps.db, renewal.policyId, now);
  if (!record) throw new Error(`renewal ${renewal.id}: no policy ${renewal.policyId}`);
  try {
    await deps.db.transaction(async (tx) => {
      if (!(await markLapsed(tx, renewal.id, now))) throw new AlreadySettled();
      await revokeTokens(tx, 'rollover', renewal.id, now);
      await enqueueMail(
        tx,
        LAPSED_MAIL_KIND,
        lapsedMail({
          to: record.document.emailAddress,
          firstName: record.document.namedInsured.firstName,
          policyNumber: record.document.policyNumber,
          termStart: renewal.termStart,
          termEnd: renewal.termEnd,
        }),
        now,
      );
    });
  } catch (error) {
    if (error instanceof AlreadySettled) return 'already';
    throw error;
  }
  return 'lapsed';
}

/**
 * Settles the renewals whose first day has come on the clock's day: the signed take effect, the unsigned
 * whose link ran out lapse. The caller delivers the queued mail; a renewal that fails is logged by its id
 * and counted, and the others go on.
 */
export async function settleRenewals(deps: RenewDeps): Promise<TermRunResult> {
  const now = deps.clock();
  const today = formatIsoDate(localToday(now));
  const result: TermRunResult = { started: 0, lapsed: 0, already: 0, failed: 0 };
  for (const renewal of await signedRenewalsBegun(deps.db, today, TERMS_PER_RUN)) {
    try {
      if ((await startTerm(deps, renewal, now)) === 'started') result.started += 1;
      else result.already += 1;
    } catch (error) {
      result.failed += 1;
      logError(deps.log, `start of renewal id ${renewal.id}`, error);
    }
  }
  for (const renewal of await offersBefore(deps.db, utcDay(now), TERMS_PER_RUN)) {
    try {
      if ((await lapse(deps, renewal, now)) === 'lapsed') result.lapsed += 1;
      else result.already += 1;
    } catch (error) {
      result.failed += 1;
      logError(deps.log, `lapse of renewal id ${renewal.id}`, error);
    }
  }
  return result;
}
