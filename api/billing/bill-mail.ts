/**
 * What the customer is told about a bill's charge (issue 21, items 6 and 7), queued in the transaction that
 * records it, so a message exists only if its record does. The e-mails are notices (api/notices/): each
 * carries the bill's PDF (./notice-pdf.ts), and goes by e-mail with the insured's consent to electronic
 * delivery, else the PDF is posted. A receipt when the card was charged; a failed
 * payment by e-mail and, with a mobile number, by text, each saying when the card is tried again (or that it
 * will not be) and linking to the page that pays the bill now (/account/pay, the bank's check there) and to
 * the account's card page, where the customer replaces the card; the next try charges the card in force. A
 * bank that asks for authentication is told the same way.
 *
 * No card number is ever written: the brand and last four digits the provider returned.
 */
import { BRAND, formatCents, formatIsoDate, isoToUs, localToday } from '../../contract/index.ts';
import { PAGES, pageUrl } from '../../contract/pages.ts';
import type { BlobStore } from '../blobs/store.ts';
import type { Config } from '../config.ts';
import type { Queryable } from '../db/db.ts';
import { brandedHtml, buttonLink, careLine, escapeHtml, paragraph } from '../mail/layout.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { sendNotice, type NoticeKind } from '../notices/notices.ts';
import { mobileNumberOf } from '../messages/odometer-text.ts';
import { enqueueText } from '../messages/texts.ts';
import { issueToken } from '../tokens/tokens.ts';
import { insuredOf, readPolicyRecord, type PolicyRecord } from '../policies/records.ts';
import type { BillRecord } from './bills.ts';
import { buildPdf } from '../documents/pdf/apart.ts';
import { standingOf } from './bill-standing.ts';
import { declineIsRetriable } from './schedule.ts';

const PAYMENT_FAILED_TEXT_KIND = 'bill payment failed text';

const us = (iso: string) => isoToUs(iso) ?? iso;

/** What the bill's notices need: the public origin for links, the blob store and clock a posted notice needs. */
export interface NoticeSenderDeps {
  config: Pick<Config, 'publicOrigin'>;
  blobs: BlobStore;
}

/** Sends a notice as the insured agreed: its e-mail with the PDF attached, or the PDF posted (api/notices/). */
export async function sendPdfNotice(
  tx: Queryable,
  deps: Pick<NoticeSenderDeps, 'blobs'>,
  notice: { policyId: number; kind: NoticeKind; message: MailMessage; pdf: { filename: string; bytes: Uint8Array } },
  now: Date,
): Promise<void> {
  const { filename, bytes } = notice.pdf;
  const attachment = { filename, contentType: 'application/pdf', content: Buffer.from(bytes).toString('base64'), encoding: 'base64' as const };
  await sendNotice(tx, { blobs: deps.blobs, clock: () => now }, { policyId: notice.policyId, kind: notice.kind, mail: { ...notice.message, attachments: [attachment] }, pdf: notice.pdf });
}

/** Sends the bill's notice with the bill's PDF. */
async function sendBillNotice(tx: Queryable, deps: NoticeSenderDeps, kind: NoticeKind, policy: PolicyRecord, bill: BillRecord, message: MailMessage, standing: string, now: Date) {
  const bytes = await buildPdf('bill', policy, bill, { words: standing }, now);
  await sendPdfNotice(tx, deps, { policyId: policy.id, kind, message, pdf: { filename: `bill-${policy.policyNumber}-${bill.billDate}.pdf`, bytes } }, now);
}

type Link = { url: string; label: string };

/** A billing e-mail: its lines, its button (`link`), and a second way as a plain link under it (`also`). */
export function billingMail(to: string, subject: string, lines: readonly string[], link: Link | null, policyNumber: string, also?: Link): MailMessage {
  const alsoText = also ? `\n\nOr ${also.label.charAt(0).toLowerCase()}${also.label.slice(1)}: ${also.url}` : '';
  const text = `${lines.join('\n\n')}${link ? `\n\n${link.label}: ${link.url}` : ''}${alsoText}\n\nQuestions? Call ${BRAND.phone} or write to ${BRAND.email}.\n`;
  const alsoHtml = also ? paragraph(`Or <a href="${escapeHtml(also.url)}">${escapeHtml(also.label.charAt(0).toLowerCase() + also.label.slice(1))}</a>.`) : '';
  const body = lines.map((line) => paragraph(escapeHtml(line))).join('\n') + (link ? buttonLink(link.url, link.label) : '') + alsoHtml + careLine();
  return {
    to,
    subject,
    text,
    html: brandedHtml({ subject, body, why: `You received this e-mail because it is about your ${BRAND.productName} policy ${policyNumber} and its bills.` }),
  };
}

/** What a bill is for, in a few words. */
export function billTitle(bill: Pick<BillRecord, 'kind' | 'billDate'>): string {
  if (bill.kind === 'first-payment') return 'the first payment of your renewed term';
  if (bill.kind === 'final') return 'your final bill';
  return `your bill of ${us(bill.billDate)}`;
}

/** The receipt of a bill paid, with the bill's PDF. */
export async function sendPaymentReceipt(tx: Queryable, deps: NoticeSenderDeps, bill: BillRecord, card: { brand: string; last4: string } | null, now: Date): Promise<void> {
  const policy = await readPolicyRecord(tx, bill.policyId);
  if (!policy) return;
  const paidWith = card ? ` to your ${card.brand} ending ${card.last4}` : '';
  const firstName = insuredOf(policy)?.firstName;
  const paid = `We charged ${formatCents(bill.amountCents)}${paidWith} on ${us(isoDay(now))}.`;
  const lines = [
    `Hello${firstName ? ` ${firstName}` : ''}, ${paid.charAt(0).toLowerCase()}${paid.slice(1, -1)} for ${billTitle(bill)}.`,
    'The bill is attached. Your statement in your account shows each line: the miles of each vehicle and its rate, the base rate, the fees and any credit.',
  ];
  const message = billingMail(policy.emailAddress, `Payment received for policy ${policy.policyNumber}: ${formatCents(bill.amountCents)}`, lines, { url: pageUrl(deps.config.publicOrigin, PAGES.account), label: 'See your statement' }, policy.policyNumber);
  await sendBillNotice(tx, deps, 'bill', policy, bill, message, `Paid. ${paid}`, now);
}

const isoDay = (moment: Date) => formatIsoDate(localToday(moment));

/**
 * A bill with nothing to charge (under the minimum, in credit, nothing due, or a credit to refund): the
 * customer gets it all the same, with its PDF, so every bill is told as it is made.
 */
export async function sendUnchargedBill(tx: Queryable, deps: NoticeSenderDeps, bill: BillRecord, now: Date): Promise<void> {
  const policy = await readPolicyRecord(tx, bill.policyId);
  if (!policy || bill.status === 'due') return;
  const firstName = insuredOf(policy)?.firstName;
  const standing = standingOf(bill, undefined).words;
  const nothing = bill.totalCents === 0 ? 'Nothing to pay' : bill.totalCents < 0 ? `A credit of ${formatCents(-bill.totalCents)}` : `${formatCents(bill.totalCents)} carried to your next bill`;
  const lines = [
    `Hello${firstName ? ` ${firstName}` : ''}, here is ${billTitle(bill)}: nothing is charged to your card this time.`,
    standing,
    'The bill is attached. Your statement in your account shows each line: the miles of each vehicle and its rate, any credit and what is carried.',
  ];
  const message = billingMail(policy.emailAddress, `Your bill for policy ${policy.policyNumber}: ${nothing.toLowerCase()}`, lines, { url: pageUrl(deps.config.publicOrigin, PAGES.account), label: 'See your statement' }, policy.policyNumber);
  await sendBillNotice(tx, deps, 'bill', policy, bill, message, standing, now);
}

/** Why the card was refused, in the customer's words, and what they can do. */
function refusalWords(refusal: { code: string | null; declineCode: string | null }): string {
  if (refusal.code === 'no_card') return 'We have no card on file to charge.';
  if (refusal.code === 'authentication_required') return 'Your bank asks you to confirm this payment before it can go through.';
  if (!declineIsRetriable(refusal.declineCode ?? undefined)) return 'Your bank declined the payment and asked us not to try this card again.';
  if (refusal.code === 'expired_card') return 'Your card has expired.';
  return 'Your bank declined the payment.';
}

export interface PaymentFailedInput {
  bill: BillRecord;
  policy: PolicyRecord;
  refusal: { code: string | null; declineCode: string | null };
  /** The next try's day, or null when none is left (a notice of cancellation follows). */
  nextTryOn: string | null;
  formattedAmount: string;
}

/**
 * A failed payment: an e-mail and, with a mobile number, a text, each with the link to pay the bill now on
 * our site (/account/pay, the bank's 3-D Secure check there) and the link to replace the card. The link's
 * token (purpose 'bill-payment', subject the bill) is issued in the transaction that queues the messages.
 */
export async function sendPaymentFailed(tx: Queryable, deps: NoticeSenderDeps, input: PaymentFailedInput, now: Date): Promise<void> {
  const { bill, policy, nextTryOn, formattedAmount } = input;
  const cardUrl = pageUrl(deps.config.publicOrigin, PAGES.card);
  const payUrl = pageUrl(deps.config.publicOrigin, PAGES.payBill, { token: await issueToken(tx, 'bill-payment', now, { subjectId: bill.id }) });
  const next = nextTryOn
    ? `We will try your card on file again on ${us(nextTryOn)}. To pay sooner, pay now with your card on file (your bank can confirm the payment there), or replace your card in your account: the next try charges the card you give us.`
    : 'We will not try this card again. Pay now with your card on file (your bank can confirm the payment there), or replace your card in your account; without payment a notice of cancellation follows.';
  const firstName = insuredOf(policy)?.firstName;
  const lines = [
    `Hello${firstName ? ` ${firstName}` : ''}, we could not charge ${formattedAmount} for ${billTitle(bill)} of policy ${policy.policyNumber}.`,
    refusalWords(input.refusal),
    next,
  ];
  const message = billingMail(
    policy.emailAddress, `Action needed: payment of ${formattedAmount} for policy ${policy.policyNumber} did not go through`, lines,
    { url: payUrl, label: 'Pay now' }, policy.policyNumber, { url: cardUrl, label: 'Replace your card' },
  );
  await sendBillNotice(tx, deps, 'payment-failed', policy, bill, message, `Not paid: ${refusalWords(input.refusal)} ${next}`, now);
  const mobile = mobileNumberOf({ phoneNumbers: policy.phoneNumbers });
  if (mobile !== null) {
    const when = nextTryOn ? ` We will try again on ${us(nextTryOn)}.` : '';
    const body = `${BRAND.productName}: payment of ${formattedAmount} for policy ${policy.policyNumber} did not go through.${when} Pay now: ${payUrl} or replace your card: ${cardUrl} Reply STOP to opt out, HELP for help.`;
    await enqueueText(tx, PAYMENT_FAILED_TEXT_KIND, { to: mobile, body }, now);
  }
}
