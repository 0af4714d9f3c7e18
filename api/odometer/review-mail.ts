/**
 * The operations team's mail for an odometer photo held for review (issue 23: held readings always reach a
 * person). Queued with the reading, in the same transaction (api/odometer/submit.ts), to the care team's
 * address (CARE_EMAIL); it names the policy, the vehicle's number on it, what was typed and read, and why it
 * was held, and links the review page (/ops/odometer), where the photo is. Nothing else of the person.
 * Issue 24: a reading typed after the page showed what the photo reads says so (it is never 'verified'),
 * and a photo sent with the guide frame says its crop is on the review page beside it.
 */
import { BRAND } from '../../contract/index.ts';
import { brandedHtml, escapeHtml, paragraph } from '../mail/layout.ts';
import type { MailMessage } from '../mail/mailer.ts';

export const HELD_READING_MAIL_KIND = 'odometer photo held for review';

export interface HeldReading {
  to: string;
  policyNumber: string;
  carNumber: number;
  typedReading: number;
  ocr: { first: string | null; second: string | null };
  reasons: readonly string[];
  /** It replaces a photo of the same vehicle that was waiting (the sender corrected it). */
  replacing: boolean;
  /** The suggestion the reading was typed after (the attempt and what both passes read then), or null. */
  afterSuggestion: { id: number; reading: string } | null;
  /** Sent with the guide frame: the crop that was read is on the review page beside the photo. */
  framed: boolean;
  reviewUrl: string;
}

export function heldReadingMail(held: HeldReading): MailMessage {
  const after = held.afterSuggestion;
  const subject = `Odometer photo to review: policy ${held.policyNumber}, vehicle ${held.carNumber}${after ? ' (typed after a suggestion)' : ''}${held.replacing ? ' (sent again)' : ''}`;
  const details: [string, string][] = [
    ['Policy', held.policyNumber],
    ['Vehicle', String(held.carNumber)],
    ['Status', 'Needs review (not accepted until a person approves it)'],
    ['Typed reading', held.typedReading.toLocaleString('en-US')],
    ...(after ? [['Typed after a suggestion', `yes: the page showed that the photo of attempt ${after.id} reads ${after.reading}`] as [string, string]] : []),
    ['Reader A', held.ocr.first ?? 'nothing read'],
    ['Reader B', held.ocr.second ?? 'nothing read'],
    ['Read from', held.framed ? "the sender's guide frame (the crop is beside the photo on the review page)" : 'the whole photo'],
    ...held.reasons.map((reason): [string, string] => ['Held because', reason]),
  ];
  const intro = held.replacing
    ? 'The sender sent this photo again in place of one that was waiting; the earlier one has left the queue.'
    : after
      ? 'A reading typed after the page showed what the photo reads could not be accepted by itself and waits for a person.'
      : 'A photo could not be verified by itself and waits for a person.';
  const why = `Sent by the ${BRAND.productName} service to the care team. Review it at ${held.reviewUrl}; the policy is issued or billed only once a reading is accepted.`;
  const text = [intro, '', ...details.map(([label, value]) => `${label}: ${value}`), '', `Review: ${held.reviewUrl}`, '', '--', why, ''].join('\n');
  const body = [
    paragraph(escapeHtml(intro)),
    paragraph(details.map(([label, value]) => `<strong>${escapeHtml(label)}:</strong> ${escapeHtml(value)}`).join('<br>')),
    paragraph(`<a href="${escapeHtml(held.reviewUrl)}">Open the review page</a>`),
  ].join('\n');
  return { to: held.to, subject, text, html: brandedHtml({ subject, body, why }) };
}
