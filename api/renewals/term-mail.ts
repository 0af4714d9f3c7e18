/**
 * The two e-mails of a renewal's first day (issue 9; ./terms.ts): the new term has begun, with its dates,
 * its rates and the documents link to the new ID card and declarations; or the offer lapsed unsigned, the
 * policy ended and Customer Care's number to call to keep coverage. Like every e-mail of ours they name the
 * person by first name and the policy by number only.
 */
import { BRAND, formatCents, isoToUs } from '../../contract/index.ts';
import { linkMail } from '../documents/links.ts';
import { brandedHtml, careLine, escapeHtml, paragraph } from '../mail/layout.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { vehicleRateLine, type RenewalMailInput } from './mail.ts';

export const NEW_TERM_MAIL_KIND = 'renewal term begun mail';
export const LAPSED_MAIL_KIND = 'renewal lapsed mail';

const us = (iso: string) => isoToUs(iso) ?? iso;

export interface NewTermMailInput {
  to: string;
  firstName: string;
  policyNumber: string;
  /** YYYY-MM-DD */
  termStart: string;
  /** YYYY-MM-DD */
  termEnd: string;
  vehicles: RenewalMailInput['vehicles'];
  estimatedMonthlyPaymentCents: number;
  /** The documents page: the new term's ID card and declarations. */
  documentsUrl: string;
}

export function newTermMail(input: NewTermMailInput): MailMessage {
  return linkMail({
    to: input.to,
    subject: `Your ${BRAND.productName} policy ${input.policyNumber} is renewed: your new term has begun`,
    lines: [
      `Hello${input.firstName ? ` ${input.firstName}` : ''}, thank you for renewing. The new term of your policy ${input.policyNumber} began on ${us(input.termStart)} and runs to ${us(input.termEnd)}, with the same coverages at these rates:`,
      ...input.vehicles.map(vehicleRateLine),
      `Estimated monthly payment: ${formatCents(input.estimatedMonthlyPaymentCents)}.`,
      `Your ID card and declarations page for the new term are on your documents page. Keep the new ID card in your vehicle: the one before it is valid until ${us(input.termStart)}.`,
      'Odometer requests continue on the usual schedule.',
    ],
    link: { href: input.documentsUrl, label: 'Open your documents' },
    why: `You received this e-mail because you renewed your policy ${input.policyNumber} with ${BRAND.productName}.`,
  });
}

export interface LapsedMailInput {
  to: string;
  firstName: string;
  policyNumber: string;
  /** YYYY-MM-DD: the day the policy ended, the offered term's first day */
  termStart: string;
  /** YYYY-MM-DD */
  termEnd: string;
}

export function lapsedMail(input: LapsedMailInput): MailMessage {
  const subject = `Your ${BRAND.productName} policy ${input.policyNumber} ended on ${us(input.termStart)}`;
  const lines = [
    `Hello${input.firstName ? ` ${input.firstName}` : ''}, your policy ${input.policyNumber} ended on ${us(input.termStart)}. The renewal we offered for the term from ${us(input.termStart)} to ${us(input.termEnd)} was not signed, so the policy was not renewed and no longer covers your vehicles.`,
    `To keep your coverage with us, or if you think this is a mistake, please call Customer Care at ${BRAND.phone} (${BRAND.supportHours}).`,
  ];
  const text = `${lines.join('\n\n')}\n\nQuestions? Call ${BRAND.phone} or write to ${BRAND.email}.\n`;
  const body = lines.map((line) => paragraph(escapeHtml(line))).join('\n') + careLine();
  return {
    to: input.to,
    subject,
    text,
    html: brandedHtml({ subject, body, why: `You received this e-mail because your policy ${input.policyNumber} with ${BRAND.productName} was not renewed.` }),
  };
}
