/**
 * The e-mail when a charge could not become a policy and was given back (issue 19): the quote was bought by
 * another payment first, or it expired while the bank's answer was unknown. It says what was refunded, why,
 * and when the buyer sees it, by quote number only: nothing else about the person.
 */
import { BRAND, formatCents } from '../../contract/index.ts';
import { brandedHtml, careLine, escapeHtml, paragraph } from '../mail/layout.ts';
import type { MailMessage } from '../mail/mailer.ts';

export const REFUND_MAIL_KIND = 'refund mail';

export interface RefundMailInput {
  to: string;
  quoteNumber: string;
  amountCents: number;
  /** attempts.ts's refund reasons */
  reason: string;
}

const WHY: Readonly<Record<string, string>> = {
  'quote-bound': 'Your quote had already been bought by another payment, so this second payment was not needed.',
  'quote-expired': 'Your bank confirmed the payment only after the quote had expired, so we could not issue a policy from it.',
};

export function refundMail(input: RefundMailInput): MailMessage {
  const subject = `${BRAND.productName}: your payment of ${formatCents(input.amountCents)} was refunded`;
  const lines = [
    `We refunded ${formatCents(input.amountCents)} to the card you used for quote ${input.quoteNumber}.`,
    WHY[input.reason] ?? 'We could not issue a policy from this payment.',
    'Refunds reach your card within 5 to 10 business days, depending on your bank. You do not need to do anything.',
  ];
  const text = `${lines.join('\n\n')}\n\nQuestions? Call ${BRAND.phone} or write to ${BRAND.email}.\n`;
  const body = lines.map((line) => paragraph(escapeHtml(line))).join('\n') + careLine();
  return {
    to: input.to,
    subject,
    text,
    html: brandedHtml({ subject, body, why: `You received this e-mail because you paid for a quote from ${BRAND.productName}.` }),
  };
}
