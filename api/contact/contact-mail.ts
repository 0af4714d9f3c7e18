import { BRAND, type ContactRequest } from '../../contract/index.ts';
import { brandedHtml, careLine, escapeHtml, paragraph } from '../mail/layout.ts';
import type { MailMessage } from '../mail/mailer.ts';

export const CARE_MAIL_KIND = 'contact message to care';
export const ACKNOWLEDGEMENT_MAIL_KIND = 'contact acknowledgement mail';

/** One line for a header: a subject typed with line breaks must not break the mail's own headers. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/** "Ann B. Lee Jr." from the parts the form has. */
function senderName(request: ContactRequest): string {
  return oneLine([request.userFirstName, request.userMiddleName, request.userLastName, request.userSuffixName].filter(Boolean).join(' '));
}

/**
 * The message as customer care receives it: the sender's details, then the message as typed. Reply-To is
 * the sender, so answering it in the care desk's mail client answers the person.
 */
export function careMail(request: ContactRequest, careEmail: string, reference: string): MailMessage {
  const name = senderName(request);
  const subject = `Contact Us: ${oneLine(request.customSubject)} (${reference})`;
  const details: [string, string][] = [
    ['From', name],
    ['E-mail', request.userEmailAddress.trim()],
    ['Phone', request.userPhoneNumber ?? 'not given'],
    ['Subject', oneLine(request.customSubject)],
    ['Reference', reference],
  ];
  const why = `Sent from the Contact Us form of the ${BRAND.productName} website. Reply to this message to answer ${name}.`;
  const text = [...details.map(([label, value]) => `${label}: ${value}`), '', request.emailBody.trim(), '', '--', why, ''].join('\n');
  const body = [
    paragraph(details.map(([label, value]) => `<strong>${escapeHtml(label)}:</strong> ${escapeHtml(value)}`).join('<br>')),
    paragraph(escapeHtml(request.emailBody.trim()).replace(/\r?\n/g, '<br>'), 'white-space:normal'),
  ].join('\n');
  return { to: careEmail, replyTo: request.userEmailAddress.trim(), subject, text, html: brandedHtml({ subject, body, why }) };
}

/**
 * The sender's acknowledgement: we have the message, when care answers, and the phone with its extensions.
 * It repeats nothing the person typed but their first name: anyone can type any address into the form, so
 * the acknowledgement must be useless for sending someone else a text of one's choosing.
 */
export function acknowledgementMail(request: ContactRequest, reference: string): MailMessage {
  const first = oneLine(request.userFirstName);
  const subject = `We have your message: ${BRAND.productName}`;
  const received = `Thank you for contacting ${BRAND.productName}. A customer care concierge will be in touch as soon as possible. Your reference is ${reference}.`;
  const hours = `Customer care answers ${BRAND.supportHours}. To talk to us sooner, call ${BRAND.phone}: extension ${BRAND.generalExtension} for general questions, extension ${BRAND.claimsExtension} for claims.`;
  const why = 'You receive this message because this address was entered on our Contact Us form. If that was not you, you can ignore it.';
  const text = [`Hello ${first},`, '', received, '', hours, '', BRAND.productName, '', '--', why, ''].join('\n');
  const body = [
    paragraph(`Hello ${escapeHtml(first)},`),
    paragraph(escapeHtml(received)),
    paragraph(escapeHtml(hours)),
    careLine('Anything to add?'),
  ].join('\n');
  return { to: request.userEmailAddress.trim(), subject, text, html: brandedHtml({ subject, body, why }) };
}
