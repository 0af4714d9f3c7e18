/**
 * The renewal's papers (issue 9): the application for the next term, which the insured signs through the
 * e-signature of issue 8, and the next term's declarations (the rollover page's 'View Quote'). Both are the
 * policy's own documents model (api/documents/model.ts) in the next term (its dates, rates, billing and
 * rate-table version), laid out by the same PDF builders, so a renewal reads like the policy it continues,
 * and its declarations are those the policy prints once the term is in force (./terms.ts).
 */
import { isoToUs } from '../../contract/index.ts';
import type { PolicyPapers, RenewedTermOfPolicy } from '../documents/model.ts';
import { buildPdf } from '../documents/pdf/apart.ts';
import type { ApplicationModel, PolicyDocumentModel } from '../documents/pdf/index.ts';
import type { PricedRenewal } from './price.ts';

const us = (iso: string) => isoToUs(iso) ?? iso;

/** The statement the renewal application adds before the policy's own. */
function renewalStatement(policyNumber: string, termStart: string, termEnd: string): string {
  return (
    `This application renews policy ${policyNumber} for the term from ${us(termStart)} to ${us(termEnd)}, at the rates shown. ` +
    'I confirm that the answers below are still true, or I have called to correct them before signing.'
  );
}

/** The renewal's term as the policy's documents model reads a term (api/documents/model.ts). */
export function renewalTerm(renewal: Pick<PricedRenewal, 'termStart' | 'termEnd' | 'rateTableVersion' | 'answer'>): RenewedTermOfPolicy {
  return { effectiveDate: renewal.termStart, expirationDate: renewal.termEnd, rateTableVersion: renewal.rateTableVersion, answer: renewal.answer };
}

/**
 * The renewal's declarations and application from `next`, the policy's record in the renewal's term
 * (loadPolicyPapers with `term: renewalTerm(renewal)`): the same model the policy's own documents read once
 * the term is in force, so the declarations signed for are the declarations the new term prints.
 */
function renewalModels(next: PolicyPapers, renewal: Pick<PricedRenewal, 'termStart' | 'termEnd'>): { document: PolicyDocumentModel; application: ApplicationModel } {
  const document = next.document;
  const application: ApplicationModel = {
    ...document,
    answers: [
      { question: 'Renewal of policy', answer: `${document.policyNumber}, next term ${us(renewal.termStart)} to ${us(renewal.termEnd)}` },
      ...next.application.answers,
    ],
    declarations: [renewalStatement(document.policyNumber, renewal.termStart, renewal.termEnd), ...next.application.declarations],
  };
  return { document, application };
}

export interface RenewalPdfs {
  application: Uint8Array;
  declaration: Uint8Array;
}

/** Both PDFs of the renewal (built before the transaction that stores them: they touch no row). */
export async function renewalPdfs(next: PolicyPapers, renewal: Pick<PricedRenewal, 'termStart' | 'termEnd'>): Promise<RenewalPdfs> {
  const { document, application } = renewalModels(next, renewal);
  const [applicationBytes, declaration] = await Promise.all([buildPdf('application', application), buildPdf('declarations', document)]);
  return { application: applicationBytes, declaration };
}
