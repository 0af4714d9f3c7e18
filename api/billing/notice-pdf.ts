/**
 * The billing cycle's papers (issue 21, items 6 and 7): a bill and a notice of cancellation for
 * non-payment, as PDFs on the documents' layout (api/documents/pdf/layout.ts). Each is sent by e-mail with
 * the insured's consent to electronic delivery, else posted (api/notices/): so each carries the insured's
 * name and mailing address at the top of its first page, where a window envelope shows it.
 */
import { BRAND, describeBillLine, formatCents, isoToUs } from '../../contract/index.ts';
import { newDocument, PageFlow, stampFooters } from '../documents/pdf/layout.ts';
import { mailingLines } from '../notices/notices.ts';
import type { PolicyRecord } from '../policies/records.ts';
import type { BillRecord } from './bills.ts';
import type { BillStanding } from './bill-standing.ts';

const us = (iso: string) => isoToUs(iso) ?? iso;

/** The PDF of `bill` (its lines worded as the statement words them, its total and how it stands). */
export async function billPdf(policy: PolicyRecord, bill: BillRecord, standing: BillStanding, now: Date): Promise<Uint8Array> {
  const title = bill.kind === 'final' ? 'Final bill' : bill.kind === 'first-payment' ? 'Bill: first payment of the term' : 'Bill';
  const { doc, fonts } = await newDocument({ title: `${title} ${policy.policyNumber} ${bill.billDate}`, subject: title, programName: BRAND.productName, createdAt: now }, [policy, bill]);
  const flow = new PageFlow(doc, fonts, { programName: BRAND.productName, insurerName: BRAND.insurer, title, reference: `Policy ${policy.policyNumber}` });
  for (const line of mailingLines(policy)) flow.paragraph(line);
  flow.space();
  flow.fields([
    { label: 'Policy number', value: policy.policyNumber },
    { label: 'Bill date', value: us(bill.billDate) },
    { label: 'Term', value: `${us(bill.termStart)} to ${us(policy.expirationDate)}` },
  ]);
  flow.heading('Lines');
  flow.table(
    [{ header: 'What', share: 0.78 }, { header: 'Amount', share: 0.22, align: 'right' }],
    [
      ...bill.lines.map((line) => [describeBillLine(line, policy.ratedState), formatCents(line.cents)]),
      ['Total', formatCents(bill.totalCents)],
    ],
  );
  flow.heading('Payment');
  flow.paragraph(standing.words);
  flow.paragraph(`Questions about this bill? Call ${BRAND.phone} or write to ${BRAND.email}.`);
  stampFooters(fonts, doc.getPages(), `${policy.policyNumber} · bill of ${us(bill.billDate)}`);
  return doc.save();
}

export interface CancellationNoticeFacts {
  noticedOn: string;
  cancelOn: string;
  amountCents: number;
  billDate: string;
}

/** The notice of cancellation for non-payment: the date and hour coverage ends, the amount, how to keep the policy. */
export async function cancellationNoticePdf(policy: PolicyRecord, facts: CancellationNoticeFacts, now: Date): Promise<Uint8Array> {
  const title = 'Notice of cancellation';
  const { doc, fonts } = await newDocument({ title: `${title} ${policy.policyNumber}`, subject: 'Notice of cancellation for non-payment of premium', programName: BRAND.productName, createdAt: now }, policy);
  const flow = new PageFlow(doc, fonts, { programName: BRAND.productName, insurerName: BRAND.insurer, title, reference: `Policy ${policy.policyNumber}` });
  for (const line of mailingLines(policy)) flow.paragraph(line);
  flow.space();
  flow.fields([
    { label: 'Policy number', value: policy.policyNumber },
    { label: 'Notice date', value: us(facts.noticedOn) },
    { label: 'Cancellation date', value: `${us(facts.cancelOn)}, 12:01 a.m.` },
  ]);
  flow.heading('Notice of cancellation for non-payment of premium');
  flow.paragraph(
    `Your policy ${policy.policyNumber} will be cancelled for non-payment of premium at 12:01 a.m. standard time at the garaging address on ${us(facts.cancelOn)}. ` +
      `We could not collect ${formatCents(facts.amountCents)} due on ${us(facts.billDate)}, after trying the card on file on the days we told you.`,
  );
  flow.paragraph(`If we receive payment before ${us(facts.cancelOn)}, your policy stays in force with no gap in coverage: replace your card in your account and we will charge it, or call us.`);
  flow.paragraph('If it is cancelled, we will send a final bill for the miles driven to that date and refund any premium paid in advance for the time after it.');
  flow.paragraph(`Questions? Call ${BRAND.phone} or write to ${BRAND.email}.`);
  stampFooters(fonts, doc.getPages(), `${policy.policyNumber} · notice of ${us(facts.noticedOn)}`);
  return doc.save();
}
