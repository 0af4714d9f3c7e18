/**
 * The quote e-mail (doc 3 section 1: "The quote is emailed to the shopper, who can retrieve it later").
 * It carries a single-use link to /receive-a-quote?retrieve=<token>: never the e-mail address or the date
 * of birth in a URL (DESIGN.md "Beyond the spec"). After the link is spent, or past its two weeks, the
 * homepage's 'Retrieve my quote' with e-mail, date of birth and ZIP still finds the quote.
 */
import { PAGES, pageUrl } from '../../contract/pages.ts';
import { BRAND, billingSummary, formatCents, isoToUs, type QuotePolicy, type VehicleInfo } from '../../contract/index.ts';
import { brandedHtml, buttonLink, careLine, escapeHtml, paragraph } from '../mail/layout.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { LINK_TTL_MS } from './store.ts';
import { formatPerMileRate } from '../../contract/rules/money.ts';


const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
/** doc 3 section 9: money to 2 decimals, per-mile rates to 3, with the $ prefix. */

function vehicleName(vehicle: VehicleInfo): string {
  return `${vehicle.year} ${vehicle.make} ${vehicle.model} ${vehicle.bodyStyle}`;
}

function vehiclePlan(vehicle: VehicleInfo & { billingType?: string }): string {
  if (vehicle.billingType === 'capped' && typeof vehicle.unlimitedRate === 'number') {
    return `Unlimited: ${money.format(vehicle.unlimitedRate)} for the 6-month term`;
  }
  const p = vehicle.premiumInfo;
  return `Pay-Per-Mile: ${money.format(p.baseRate)} a month plus ${formatPerMileRate(p.perMileRate)} a mile`;
}

export function quoteMail(policy: QuotePolicy, token: string, publicOrigin: string): MailMessage {
  const link = pageUrl(publicOrigin, PAGES.wizard, { token });
  const days = Math.round(LINK_TTL_MS / 86_400_000);
  const owner = policy.policyOwners[0];
  const first = owner?.firstName ?? '';
  const effective = isoToUs(policy.effectiveDate) ?? policy.effectiveDate;
  const subject = `Your ${BRAND.productName} quote ${policy.policyNumber}`;
  const vehicles = policy.vehicleInfo.map((vehicle) => ({
    name: vehicleName(vehicle),
    plan: vehiclePlan(vehicle),
    coverages: vehicle.coverageInfo.map((entry) => `${entry.coverageDescription}: ${entry.displayLimit}`),
  }));
  // the figures of steps 4 to 6 and of the bind's charge (contract billingSummary)
  const monthlyBilling = billingSummary(policy, 'monthly');
  const monthly = formatCents(monthlyBilling.perPaymentCents);
  const down = formatCents(monthlyBilling.dueTodayCents);
  const single = formatCents(billingSummary(policy, 'biannually').dueTodayCents);
  const linkNote = `The link opens your quote once and works for ${days} days. After that, choose 'Retrieve my quote' on our homepage (${pageUrl(publicOrigin, PAGES.home)}) and enter your e-mail address, date of birth and ZIP code.`;
  const contact = `Questions, or a change beyond the offered package? Call ${BRAND.phone} (${BRAND.supportHours}) or write to ${BRAND.email}.`;
  const why = 'You receive this message because this address was entered for a quote on our site. If that was not you, you can ignore it; nothing is bought without a payment.';

  const text = [
    `Hello ${first},`,
    '',
    `Thank you for your quote for ${BRAND.productName}, pay-per-mile insurance for ${BRAND.marque} owners.`,
    '',
    `Quote number: ${policy.policyNumber}`,
    `Policy effective date: ${effective}`,
    '',
    ...vehicles.flatMap((vehicle) => [`${vehicle.name}`, `  ${vehicle.plan}`, ...vehicle.coverages.map((line) => `  - ${line}`)]),
    '',
    `Estimated monthly payment, fees included: ${monthly}`,
    `Down payment (due today): ${down}`,
    `Or pay the 6-month term at once, fees included: ${single}`,
    '',
    `Retrieve your quote: ${link}`,
    linkNote,
    '',
    contact,
    '',
    BRAND.productName,
    '',
    '--',
    why,
    '',
  ].join('\n');

  const c = BRAND.colours;
  const rows = vehicles
    .map(
      (vehicle) =>
        `<tr><td style="padding:8px 0;border-top:1px solid ${c.line}"><strong>${escapeHtml(vehicle.name)}</strong><br>${escapeHtml(vehicle.plan)}` +
        `<ul style="margin:8px 0 0;padding-left:20px;font-size:14px">${vehicle.coverages.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul></td></tr>`,
    )
    .join('\n');
  const body = [
    paragraph(`Hello ${escapeHtml(first)},`),
    paragraph(`Thank you for your quote for ${escapeHtml(BRAND.productName)}, pay-per-mile insurance for ${escapeHtml(BRAND.marque)} owners.`),
    paragraph(`Quote number: <strong>${escapeHtml(policy.policyNumber)}</strong><br>Policy effective date: ${escapeHtml(effective)}`),
    `<table role="presentation" style="width:100%;border-collapse:collapse;margin:0 0 16px">\n${rows}\n</table>`,
    paragraph(
      `Estimated monthly payment, fees included: <strong>${escapeHtml(monthly)}</strong><br>Down payment (due today): <strong>${escapeHtml(down)}</strong><br>Or pay the 6-month term at once, fees included: ${escapeHtml(single)}`,
    ),
    buttonLink(link, 'Retrieve your quote'),
    paragraph(escapeHtml(linkNote), `font-size:14px;color:${c.muted}`),
    careLine('Questions, or a change beyond the offered package?'),
  ].join('\n');
  const html = brandedHtml({ subject, body, why });
  return { to: String(policy.emailAddress ?? ''), subject, text, html };
}
