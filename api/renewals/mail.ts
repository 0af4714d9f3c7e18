/**
 * The renewal e-mail (issue 9): the next term's dates and rates, and the /rollover#<token> link, where the
 * insured views the next term's declarations and signs the renewal application. It names the person by
 * first name and the policy by number only; the rates are the policy's, not personal data.
 */
import { BRAND, formatCents, isoToUs, type QuotePolicy } from '../../contract/index.ts';
import { brandedHtml, buttonLink, careLine, escapeHtml, paragraph } from '../mail/layout.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { vehicleName } from '../policies/records.ts';
import { formatPerMileRate } from '../../contract/rules/money.ts';

export const RENEWAL_MAIL_KIND = 'renewal mail';

export interface RenewalMailInput {
  to: string;
  firstName: string;
  policyNumber: string;
  /** YYYY-MM-DD */
  termStart: string;
  /** YYYY-MM-DD */
  termEnd: string;
  vehicles: { year: number; make: string; model: string; capped: boolean; baseRate: number; perMileRate: number; unlimitedRate: number | null }[];
  estimatedMonthlyPaymentCents: number;
  rolloverUrl: string;
}

const money = (dollars: number) => formatCents(Math.round(dollars * 100));

/** The vehicles of a priced term, as the e-mails name them with their rates. */
export function rateVehiclesOf(answer: QuotePolicy): RenewalMailInput['vehicles'] {
  return answer.vehicleInfo.map((vehicle) => ({
    year: vehicle.year,
    make: vehicle.make,
    model: vehicle.model,
    capped: vehicle.billingType === 'capped',
    baseRate: vehicle.premiumInfo.baseRate,
    perMileRate: vehicle.premiumInfo.perMileRate,
    unlimitedRate: vehicle.unlimitedRate ?? null,
  }));
}
const us = (iso: string) => isoToUs(iso) ?? iso;

/** One line per vehicle: its plan and the next term's rates. */
export function vehicleRateLine(vehicle: RenewalMailInput['vehicles'][number]): string {
  const name = vehicleName(vehicle);
  if (vehicle.capped) {
    return `${name}: Unlimited${vehicle.unlimitedRate !== null ? `, ${money(vehicle.unlimitedRate)} for the term` : ''}.`;
  }
  return `${name}: Pay-Per-Mile, ${money(vehicle.baseRate)} a month plus ${formatPerMileRate(vehicle.perMileRate)} a mile.`;
}

export function renewalMail(input: RenewalMailInput): MailMessage {
  const subject = `Renew your ${BRAND.productName} policy ${input.policyNumber} before ${us(input.termStart)}`;
  const lines = [
    `Hello${input.firstName ? ` ${input.firstName}` : ''}, your policy ${input.policyNumber} ends on ${us(input.termStart)}. We are glad to renew it for the next term, from ${us(input.termStart)} to ${us(input.termEnd)}, with the same coverages at these rates:`,
    ...input.vehicles.map(vehicleRateLine),
    `Estimated monthly payment: ${formatCents(input.estimatedMonthlyPaymentCents)}.`,
    'To renew, open the link below, look over the next term\'s declarations and sign the renewal application. After signing nothing more is needed; odometer requests continue on the usual schedule.',
  ];
  const expiry = `The link works until ${us(input.termStart)}, when your current term ends.`;
  const text = `${lines.join('\n\n')}\n\nRenew your policy: ${input.rolloverUrl}\n\n${expiry}\n\nQuestions? Call ${BRAND.phone} or write to ${BRAND.email}.\n`;
  const body =
    lines.map((line) => paragraph(escapeHtml(line))).join('\n') +
    buttonLink(input.rolloverUrl, 'Renew your policy') +
    paragraph(escapeHtml(expiry)) +
    careLine();
  return {
    to: input.to,
    subject,
    text,
    html: brandedHtml({ subject, body, why: `You received this e-mail because your policy ${input.policyNumber} with ${BRAND.productName} is coming up for renewal.` }),
  };
}
