/**
 * The card request's two e-mails (issue 9 "Request a card"), to the signed-in account's address: the ID card
 * itself as a PDF attachment (electronic), or the confirmation that a printed card is on its way (mail).
 * They name the policy by number and the vehicles by year, make and model; no address.
 *
 * The attachment rides in the queued message as base64 text (the queue stores messages as JSON) and reaches
 * nodemailer as its `attachments` option (MailMessage.attachments).
 */
import { BRAND } from '../../contract/index.ts';
import { brandedHtml, careLine, escapeHtml, paragraph } from '../mail/layout.ts';
import type { MailAttachment, MailMessage } from '../mail/mailer.ts';

export const CARD_MAIL_KIND = 'id card mail';
export const CARD_POST_MAIL_KIND = 'id card post confirmation mail';

export type MailWithAttachments = MailMessage & { attachments: MailAttachment[] };

const why = (policyNumber: string) =>
  `You received this e-mail because an ID card for policy ${policyNumber} was requested from your ${BRAND.productName} account.`;

function message(to: string, subject: string, lines: string[], policyNumber: string): MailMessage {
  const text = `${lines.join('\n\n')}\n\nQuestions? Call ${BRAND.phone} or write to ${BRAND.email}.\n`;
  const body = lines.map((line) => paragraph(escapeHtml(line))).join('\n') + careLine();
  return { to, subject, text, html: brandedHtml({ subject, body, why: why(policyNumber) }) };
}

export function cardMail(input: { to: string; policyNumber: string; vehicles: string[]; fileName: string; pdf: Uint8Array }): MailWithAttachments {
  return {
    ...message(
      input.to,
      `Your ${BRAND.productName} ID card, policy ${input.policyNumber}`,
      [
        `Here is the insurance ID card of policy ${input.policyNumber}, attached as a PDF. It lists every vehicle on the policy, including ${input.vehicles.join(', ')}.`,
        'Keep it in your vehicle, printed or on your phone. You can also open it any time from your account.',
      ],
      input.policyNumber,
    ),
    attachments: [{ filename: input.fileName, contentType: 'application/pdf', content: Buffer.from(input.pdf).toString('base64'), encoding: 'base64' }],
  };
}

export function cardPostMail(input: { to: string; policyNumber: string; vehicles: string[] }): MailMessage {
  return message(
    input.to,
    `Your ${BRAND.productName} ID card is on its way, policy ${input.policyNumber}`,
    [
      `We have your request for a printed insurance ID card of policy ${input.policyNumber}, for ${input.vehicles.join(', ')}.`,
      'We will post it to the mailing address on your policy within 5 business days. Until it arrives, the ID card in your account is valid proof of insurance.',
    ],
    input.policyNumber,
  );
}
