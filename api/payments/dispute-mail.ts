/**
 * The team's e-mail about a dispute (a chargeback): which policy, how much, the card network's reason, the
 * deadline for evidence, and the evidence we hold, the consent the buyer gave when the card was kept, word for
 * word with its time. Nothing else about the person and nothing of the card: the team opens the policy for the
 * rest, and a mailbox is not where card data or a customer's details should pile up.
 */
import { BRAND, formatCents } from '../../contract/index.ts';
import { brandedHtml, escapeHtml, paragraph } from '../mail/layout.ts';
import type { MailMessage } from '../mail/mailer.ts';
import type { CardConsent } from './attempts.ts';

export const DISPUTE_MAIL_KIND = 'dispute mail to the team';

export interface DisputeMailInput {
  to: string;
  disputeId: string;
  chargeId: string;
  intentId: string | null;
  policyNumber: string | null;
  amountCents: number;
  currency: string;
  reason: string;
  status: string;
  evidenceDueBy: Date | null;
  consent: CardConsent | null;
  /** Stripe's test mode or our own: no real money moved, nothing to answer. */
  testMode: boolean;
}

export function disputeMail(input: DisputeMailInput): MailMessage {
  const amount = `${formatCents(input.amountCents)} ${input.currency.toUpperCase()}`;
  const subject = input.policyNumber
    ? `Dispute of ${amount} on policy ${input.policyNumber} (${input.reason})`
    : `Dispute of ${amount} on a charge no policy owns (${input.reason})`;
  const lead = input.policyNumber
    ? `A card holder disputed the charge for policy ${input.policyNumber}. The amount has been taken back from our balance until the dispute is decided; the policy is flagged.`
    : 'A card holder disputed a charge that no policy of ours owns (a payment that was never bound, or one made outside the site). The amount has been taken back from our balance until the dispute is decided.';
  const details: [string, string][] = [
    ['Policy', input.policyNumber ?? 'none found'],
    ['Amount disputed', amount],
    ['Reason', input.reason],
    ['Status', input.status],
    ['Evidence due by', input.evidenceDueBy ? input.evidenceDueBy.toISOString() : 'not given'],
    ['Dispute', input.disputeId],
    ['Charge', input.chargeId],
    ['PaymentIntent', input.intentId ?? 'not given'],
  ];
  const consent = input.consent
    ? [`The buyer's consent, kept with the card at ${input.consent.consentedAt.toISOString()}, word for word:`, input.consent.text]
    : ['No consent is on record for this charge: answer from the policy record and the payment attempt.'];
  const answer = input.testMode
    ? 'This is a test-mode dispute: no real charge was made and there is nothing to answer.'
    : "Answer it in Stripe's dashboard (Payments > Disputes) before the evidence is due, with the consent above as the evidence of authorisation.";
  const why = `Sent to the team because the card provider sent a dispute of a charge made by ${BRAND.productName}.`;
  const text = [lead, '', ...details.map(([label, value]) => `${label}: ${value}`), '', ...consent, '', answer, '', '--', why, ''].join('\n');
  const body = [
    paragraph(escapeHtml(lead)),
    paragraph(details.map(([label, value]) => `<strong>${escapeHtml(label)}:</strong> ${escapeHtml(value)}`).join('<br>')),
    ...consent.map((line, index) => paragraph(escapeHtml(line), index === 1 ? 'white-space:pre-wrap;font-style:italic' : '')),
    paragraph(escapeHtml(answer)),
  ].join('\n');
  return { to: input.to, subject, text, html: brandedHtml({ subject, body, why }) };
}
