/**
 * The notice that the card kept for the monthly bill was replaced from the account (issue 19), sent after
 * every replacement so a change the policyholder did not make does not go unnoticed. It names the policy, the
 * new card's brand and last four digits and the time: no other card data, no name, no address.
 */
import { PAGES, pageUrl } from '../../contract/pages.ts';
import { BRAND } from '../../contract/index.ts';
import { brandedHtml, careLine, escapeHtml, paragraph } from '../mail/layout.ts';
import type { MailMessage } from '../mail/mailer.ts';

export const CARD_CHANGED_MAIL_KIND = 'card changed mail';

/** The account's card page, where the policyholder sees and replaces the card. */

/** "July 1, 2026 at 12:00 UTC" (we do not know the reader's time zone). */
function whenInWords(at: Date): string {
  const date = at.toLocaleDateString('en-US', { timeZone: 'UTC', month: 'long', day: 'numeric', year: 'numeric' });
  const time = at.toLocaleTimeString('en-GB', { timeZone: 'UTC', hour: '2-digit', minute: '2-digit' });
  return `${date} at ${time} UTC`;
}

export function cardChangedMail(input: { to: string; policyNumber: string; brand: string; last4: string; at: Date; publicOrigin: string }): MailMessage {
  const subject = `${BRAND.productName}: the card for your monthly bill was changed`;
  const lines = [
    `The card on file for policy ${input.policyNumber} was changed on ${whenInWords(input.at)}. From now on we charge your monthly bill to your ${input.brand} ending ${input.last4}.`,
    `You can see the card on file at ${pageUrl(input.publicOrigin, PAGES.card)}.`,
    `If you did not make this change, please call us at once at ${BRAND.phone} and change the password of your account.`,
  ];
  const text = `Hello,\n\n${lines.join('\n\n')}\n\nQuestions? Call ${BRAND.phone} (${BRAND.supportHours}) or write to ${BRAND.email}.\n\n${BRAND.productName}\n`;
  const body = [paragraph('Hello,'), ...lines.map((line) => paragraph(escapeHtml(line))), careLine()].join('\n');
  return {
    to: input.to,
    subject,
    text,
    html: brandedHtml({
      subject,
      body,
      why: 'You receive this message because the card kept for the monthly bill of your policy was changed. We send it after every change.',
    }),
  };
}
