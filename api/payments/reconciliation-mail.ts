/**
 * The team's e-mail about a day whose reconciliation (./reconciliation.ts) found differences, or could not
 * reach the provider: each difference by the provider's id and the amounts on each side. Ids and amounts
 * only, as the dispute mail (./dispute-mail.ts): the team opens the dashboard and the policy for the rest.
 */
import { BRAND, formatCents } from '../../contract/index.ts';
import { brandedHtml, escapeHtml, paragraph } from '../mail/layout.ts';
import type { MailMessage } from '../mail/mailer.ts';
import type { Reconciliation, ReconciliationDifference, SideTotals } from './reconciliation.ts';

export const RECONCILIATION_MAIL_KIND = 'reconciliation mail to the team';

const OBJECT_NAMES = { charge: 'Charge', refund: 'Refund' } as const;

/** One line per difference, in the mail and on the operations page. */
export function describeDifference(difference: ReconciliationDifference): string {
  const name = `${OBJECT_NAMES[difference.object]} ${difference.providerId}`;
  switch (difference.kind) {
    case 'missing-in-ledger':
      return `${name}: ${formatCents(difference.providerCents)} at the provider, not in the ledger`;
    case 'missing-at-provider':
      return `${name}: ${formatCents(difference.ledgerCents)} in the ledger, not at the provider`;
    case 'amount-differs':
      return `${name}: ${formatCents(difference.ledgerCents)} in the ledger, ${formatCents(difference.providerCents)} at the provider`;
  }
}

/** A side's day in one line: '3 charges ($360.00), 1 refund ($12.00)'. */
export function describeTotals(totals: SideTotals): string {
  const count = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;
  return `${count(totals.charges, 'charge')} (${formatCents(totals.chargeCents)}), ${count(totals.refunds, 'refund')} (${formatCents(totals.refundCents)})`;
}

export function reconciliationMail(input: { to: string; reconciliation: Reconciliation; testMode: boolean }): MailMessage {
  const { reconciliation: day } = input;
  const unreachable = day.status === 'provider-unreachable';
  const subject = unreachable
    ? `Reconciliation of ${day.day}: the card provider could not be reached`
    : `Reconciliation of ${day.day}: ${day.differences.length} difference${day.differences.length === 1 ? '' : 's'} between the ledger and the card provider`;
  const lead = unreachable
    ? `The daily reconciliation of ${day.day} could not read the card provider's charges and refunds (${day.providerError ?? 'no answer'}). The day is not reconciled: run it again once the provider answers.`
    : `The daily reconciliation of ${day.day} found the ledger and the card provider apart:`;
  const lines = unreachable ? [] : day.differences.map(describeDifference);
  const totals = [`Ledger: ${describeTotals(day.ledger)}`, ...(day.provider ? [`Card provider: ${describeTotals(day.provider)}`] : [])];
  const mode = input.testMode ? 'The payments run in test mode: no real money moved.' : "Look each id up in Stripe's dashboard and in the policy's account.";
  const why = `Sent to the team because the daily reconciliation of ${BRAND.productName}'s ledger with the card provider did not match.`;
  const text = [lead, '', ...lines, ...(lines.length ? [''] : []), ...totals, '', mode, '', '--', why, ''].join('\n');
  const body = [
    paragraph(escapeHtml(lead)),
    ...(lines.length ? [paragraph(lines.map(escapeHtml).join('<br>'))] : []),
    paragraph(totals.map(escapeHtml).join('<br>')),
    paragraph(escapeHtml(mode)),
  ].join('\n');
  return { to: input.to, subject, text, html: brandedHtml({ subject, body, why }) };
}
