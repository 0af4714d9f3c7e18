/**
 * The renewal run (issue 9 "Renewal and rollover"): 30 days before an issued policy's term ends, the next
 * term is priced (./price.ts), its application and declarations are made (./documents.ts), and the insured
 * is e-mailed the /rollover#<token> link, where they view the declarations and sign the application.
 *
 * Once per policy and term, however often it runs and on however many replicas: the renewal row, its two
 * documents, its rollover token and its e-mail are written in one transaction whose INSERT of the renewal
 * stops at the unique (policy_id, term_start) key, so a second run that raced the first rolls back what it
 * made and sends nothing. The daily job (./job.ts) and `npm run renew` (./cli.ts) both call runRenewals.
 *
 * A policy the run cannot price (no rate table in force for its state on the next term's first day) is
 * logged by its internal id and left for the next run; it never stops the others. Logs carry no personal data.
 *
 * Before offering, the run settles the renewals whose first day has come (./terms.ts): a signed one takes
 * effect (the policy moves to its term, gets its new ID card and declarations, and the insured an e-mail),
 * an unsigned one lapses (the policy ends; the insured is told to call). A policy moved to its new term is
 * then offered the next renewal, like any other, 30 days before its new end.
 */
import { addDays, formatIsoDate, localToday, parseIsoDate, toCents } from '../../contract/index.ts';
import { PAGES, pageUrl } from '../../contract/pages.ts';
import type { Deps } from '../deps.ts';
import { loadPolicyPapers } from '../documents/model.ts';
import { saveDocuments, type StoredDocument } from '../documents/store.ts';
import { logError } from '../log.ts';
import { enqueueMail } from '../mail/queue.ts';
import { issuedPoliciesEnding, vehiclesOf } from '../policies/records.ts';
import { pricedQuoteById } from '../quotes/store.ts';
import { issueToken } from '../tokens/tokens.ts';
import { renewalPdfs, renewalTerm } from './documents.ts';
import { RENEWAL_MAIL_KIND, rateVehiclesOf, renewalMail } from './mail.ts';
import { priceRenewal } from './price.ts';
import { hasRenewal, insertRenewal, renewalTermsOf } from './store.ts';
import { settleRenewals } from './terms.ts';

/** doc: "30 days before a policy's term ends". A run that missed days catches up until the term's last day. */
const RENEWAL_NOTICE_DAYS = 30;
/** Policies looked at per run; the rest wait for the next one (a run is a few PDFs per policy). */
const RENEWALS_PER_RUN = 500;

export type RenewDeps = Pick<Deps, 'db' | 'blobs' | 'clock' | 'config' | 'log'>;

export interface RenewalRunResult {
  /** Renewals made and e-mailed by this run. */
  offered: number;
  /** Signed renewals whose term began: the policy moved to it (./terms.ts). */
  started: number;
  /** Unsigned offers whose term began: the policy was not renewed (./terms.ts). */
  lapsed: number;
  /** Policies (or renewals) another run renewed or settled first (they raced this one). */
  alreadyRenewed: number;
  /** Policies or renewals that could not be handled now (logged); the next run tries them again. */
  failed: number;
}

/** Whether the run queued e-mail to deliver. */
export const mailedAny = (result: RenewalRunResult): boolean => result.offered + result.started + result.lapsed > 0;

interface DuePolicy {
  id: number;
  policy_number: string;
  quote_id: number;
  effective_date: string;
  expiration_date: string;
}

/** The moment a term's last day is over: the rollover link works until then. */
function endOfDay(isoDate: string): Date {
  const day = parseIsoDate(isoDate);
  if (!day) throw new Error('not a date');
  return new Date(Date.UTC(day.year, day.month - 1, day.day + 1));
}

class AlreadyRenewed extends Error {}

/** Issued policies whose term ends within RENEWAL_NOTICE_DAYS of `today` and has no renewal yet. */
async function duePolicies(deps: RenewDeps, today: string): Promise<DuePolicy[]> {
  const until = formatIsoDate(addDays(parseIsoDate(today)!, RENEWAL_NOTICE_DAYS));
  const ending = await issuedPoliciesEnding(deps.db, today, until);
  const renewed = await renewalTermsOf(deps.db, ending.map((policy) => policy.id));
  return ending
    .filter((policy) => !renewed.has(`${policy.id} ${policy.expirationDate}`))
    .slice(0, RENEWALS_PER_RUN)
    .map((policy) => ({
      id: policy.id, policy_number: policy.policyNumber, quote_id: policy.quoteId,
      effective_date: policy.effectiveDate, expiration_date: policy.expirationDate,
    }));
}

/** Renews one policy: 'offered', or 'already' when another run got there first. */
async function renew(deps: RenewDeps, policy: DuePolicy, now: Date): Promise<'offered' | 'already'> {
  const term = { policyNumber: policy.policy_number, effectiveDate: policy.effective_date, expirationDate: policy.expiration_date };
  const quote = await pricedQuoteById(deps.db, policy.quote_id);
  if (!quote) throw new Error(`policy ${policy.id} has no priced quote`);
  const renewal = priceRenewal(term, quote.request, await vehiclesOf(deps.db, policy.id), now);
  if (await hasRenewal(deps.db, policy.id, renewal.termStart)) return 'already';
  // The policy as it will read in the next term: the renewal's papers are that term's documents.
  const record = await loadPolicyPapers(deps.db, policy.id, now, { term: renewalTerm(renewal) });
  if (!record) throw new Error(`policy ${policy.id} is gone`);
  const pdfs = await renewalPdfs(record, renewal);
  const rolloverTtlMs = endOfDay(renewal.termStart).getTime() - now.getTime();
  try {
    await deps.db.transaction(async (tx) => {
      const stage = record.status;
      const [application, declaration] = await saveDocuments(tx, deps.blobs, [
        { policyId: policy.id, kind: 'renewal-application', stage, bytes: pdfs.application },
        { policyId: policy.id, kind: 'renewal-declaration', stage, bytes: pdfs.declaration },
      ], now) as [StoredDocument, StoredDocument];
      const renewalId = await insertRenewal(tx, {
        policyId: policy.id,
        termStart: renewal.termStart,
        termEnd: renewal.termEnd,
        rateTableVersion: renewal.rateTableVersion,
        answer: renewal.answer,
        applicationDocumentId: application.id,
        declarationDocumentId: declaration.id,
      }, now);
      // Another run renewed this term between our check and here: its renewal and e-mail stand, ours roll back.
      if (renewalId === null) throw new AlreadyRenewed();
      const token = await issueToken(tx, 'rollover', now, { subjectId: renewalId, ttlMs: rolloverTtlMs });
      await enqueueMail(
        tx,
        RENEWAL_MAIL_KIND,
        renewalMail({
          to: quote.request.emailAddress,
          firstName: record.document.namedInsured.firstName,
          policyNumber: policy.policy_number,
          termStart: renewal.termStart,
          termEnd: renewal.termEnd,
          vehicles: rateVehiclesOf(renewal.answer),
          estimatedMonthlyPaymentCents: toCents(renewal.answer.estimatedMonthlyPayment),
          rolloverUrl: pageUrl(deps.config.publicOrigin, PAGES.rollover, { token }),
        }),
        now,
      );
    });
  } catch (error) {
    if (error instanceof AlreadyRenewed) return 'already';
    throw error;
  }
  return 'offered';
}

/**
 * Settles the renewals whose term has begun (./terms.ts), then renews every policy that is due on the
 * clock's day. The caller delivers the queued mail (`deps.mail.deliverDue()`); a policy or renewal that
 * fails is logged and counted, and the others go on.
 */
export async function runRenewals(deps: RenewDeps): Promise<RenewalRunResult> {
  const settled = await settleRenewals(deps);
  const now = deps.clock();
  const today = formatIsoDate(localToday(now));
  const result: RenewalRunResult = {
    offered: 0,
    started: settled.started,
    lapsed: settled.lapsed,
    alreadyRenewed: settled.already,
    failed: settled.failed,
  };
  for (const policy of await duePolicies(deps, today)) {
    try {
      const outcome = await renew(deps, policy, now);
      if (outcome === 'offered') result.offered += 1;
      else result.alreadyRenewed += 1;
    } catch (error) {
      result.failed += 1;
      logError(deps.log, `renewal of policy id ${policy.id}`, error);
    }
  }
  return result;
}
