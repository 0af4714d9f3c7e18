/**
 * A filed claim's two e-mails. The claims team's lists every answer under the form's own questions
 * (contract CLAIM_QUESTIONS), in the form's order, yes/no and choices in words, the date as MM/DD/YYYY, with
 * the damage photos attached. The claimant's acknowledges the claim by its reference and says what happens
 * next: the claims concierge contacts them within one business day (doc 1 sections 1 and 9), and the
 * claims line is BRAND.phone extension 3.
 */
import {
  BRAND, CLAIM_QUESTIONS, CLAIM_STEPS, VEHICLE_DRIVERS, VEHICLE_LOCATION_QUESTIONS, VEHICLE_LOCATIONS, type ClaimRequest,
} from '../../contract/index.ts';
import { brandedHtml, escapeHtml, paragraph } from '../mail/layout.ts';
import type { MailAttachment, MailMessage } from '../mail/mailer.ts';

export const CLAIM_TEAM_KIND = 'claim mail to the claims team';
export const CLAIM_ACK_KIND = 'claim acknowledgement mail';

/** The claims line, as the site and the acknowledgement write it. */
const CLAIMS_PHONE = `${BRAND.phone} ext. ${BRAND.claimsExtension}`;

const STEP_TITLES = ['Contact and insurer', 'Incident and own vehicle', 'Other vehicle', 'People and injuries', 'Police'] as const;

type Field = keyof ClaimRequest;

function answerText(claim: ClaimRequest, field: Field): string | null {
  const value = claim[field];
  if (value === undefined || value === '') return null;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (field === 'incidentDate') {
    const [year, month, day] = String(value).split('-');
    return `${month}/${day}/${year}`;
  }
  if (field === 'ownerVehicleLocation') return VEHICLE_LOCATIONS.find((o) => o.value === value)?.label ?? String(value);
  if (field === 'ownerVehicleDriver') return VEHICLE_DRIVERS.find((o) => o.value === value)?.label ?? String(value);
  return String(value);
}

function questionOf(claim: ClaimRequest, field: Field): string {
  if (field === 'ownerVehicleLocationInput' && claim.ownerVehicleLocation) return VEHICLE_LOCATION_QUESTIONS[claim.ownerVehicleLocation];
  return CLAIM_QUESTIONS[field];
}

/** The answers by step: [step title, [question, answer][]][]; unanswered questions are left out. */
function readableAnswers(claim: ClaimRequest): [string, [string, string][]][] {
  return CLAIM_STEPS.map((fields, index) => [
    STEP_TITLES[index]!,
    fields.flatMap((field): [string, string][] => {
      const answer = answerText(claim, field);
      return answer === null ? [] : [[questionOf(claim, field), answer]];
    }),
  ]);
}

export function claimsTeamMail(input: { to: string; claim: ClaimRequest; reference: string; filedAt: Date; attachments: MailAttachment[] }): MailMessage {
  const { claim, reference, attachments } = input;
  const subject = `New claim ${reference}: ${claim.firstName.trim()} ${claim.lastName.trim()}, incident of ${answerText(claim, 'incidentDate')}`;
  const sections = readableAnswers(claim);
  const photos = attachments.length === 0 ? 'No photos were sent.' : `${attachments.length} photo${attachments.length === 1 ? '' : 's'} of the damage attached.`;
  const lead = `Claim ${reference} was filed on the claim form at ${input.filedAt.toISOString()}. The claimant was promised contact within one business day.`;
  const text = [
    lead,
    '',
    ...sections.flatMap(([title, rows]) => [`== ${title} ==`, ...(rows.length ? rows.map(([q, a]) => `${q}: ${a}`) : ['(no answers)']), '']),
    photos,
    '',
  ].join('\n');
  const cell = 'padding:4px 12px 4px 0;vertical-align:top;text-align:left';
  const body = [
    paragraph(escapeHtml(lead)),
    ...sections.map(
      ([title, rows]) =>
        `<h2 style="font-size:17px;margin:16px 0 8px">${escapeHtml(title)}</h2>` +
        (rows.length
          ? `<table style="border-collapse:collapse;margin:0 0 8px">${rows.map(([q, a]) => `<tr><th scope="row" style="${cell};font-weight:normal;color:${BRAND.colours.muted}">${escapeHtml(q)}</th><td style="${cell};white-space:pre-wrap">${escapeHtml(a)}</td></tr>`).join('')}</table>`
          : paragraph('(no answers)')),
    ),
    paragraph(escapeHtml(photos)),
  ].join('\n');
  const why = `Sent to the claims team because a claim was filed with ${BRAND.productName}.`;
  return { to: input.to, subject, text, html: brandedHtml({ subject, body, why }), attachments };
}

export function claimAcknowledgement(input: { claim: ClaimRequest; reference: string; photoCount: number }): MailMessage {
  const { claim, reference } = input;
  const subject = `We have your claim ${reference}`;
  const lines = [
    `Hello ${claim.firstName.trim()},`,
    `We have received your claim about the incident of ${answerText(claim, 'incidentDate')}${input.photoCount ? `, with ${input.photoCount} photo${input.photoCount === 1 ? '' : 's'}` : ''}. Your claim reference is ${reference}. Please keep it at hand: it is the quickest way for us to find your claim.`,
    `Someone from our claims concierge will contact you within one business day.`,
    `If you need us sooner, call our claims line at ${CLAIMS_PHONE}, ${BRAND.supportHours}, and give your claim reference.`,
    BRAND.productName,
  ];
  const text = `${lines.join('\n\n')}\n`;
  const body = lines.map((line) => paragraph(escapeHtml(line).replace(escapeHtml(reference), `<strong>${escapeHtml(reference)}</strong>`))).join('\n');
  const why = `You received this e-mail because a claim was filed with ${BRAND.productName} with this address.`;
  return { to: claim.email.trim(), subject, text, html: brandedHtml({ subject, body, why }) };
}
