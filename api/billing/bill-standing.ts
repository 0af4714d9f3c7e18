/**
 * How a bill stands, in the words its PDF and statement print (./notice-pdf.ts): apart from the PDF's
 * builder, which runs in the PDF process (api/documents/pdf/apart.ts), so the server need not load pdf-lib
 * to word it.
 */
import { BRAND, formatCents, isoToUs } from '../../contract/index.ts';
import type { BillRecord } from './bills.ts';

const us = (iso: string) => isoToUs(iso) ?? iso;

/** How the bill stands, in words: paid, due and when, failed and when it is tried again, carried, refunded. */
export interface BillStanding {
  words: string;
}

/** How a bill stands as its records say (the statement's PDF link): its status, the day of it, a retry due. */
export function standingOf(bill: BillRecord, charge: { status: string; firstFailedOn: string | null; nextTryOn: string | null } | undefined): BillStanding {
  const settled = bill.settledAt ? us(bill.settledAt.toISOString().slice(0, 10)) : null;
  switch (bill.status) {
    case 'paid':
      return { words: `Paid${settled ? ` on ${settled}` : ''}: ${formatCents(bill.amountCents)} charged to the card on file.` };
    case 'due':
      return charge?.status === 'declined' && charge.firstFailedOn
        ? { words: `Not paid: the payment failed on ${us(charge.firstFailedOn)}.${charge.nextTryOn ? ` We try the card on file again on ${us(charge.nextTryOn)}.` : ''}` }
        : { words: `Due: ${formatCents(bill.amountCents)}, charged to the card on file.` };
    case 'carried':
      return { words: bill.totalCents < 0 ? 'A credit: it is taken off your next bill.' : 'Under the 50-cent minimum charge: it is added to your next bill.' };
    case 'settled':
      return { words: 'Nothing to pay.' };
    case 'refund-due':
      return { words: `A credit of ${formatCents(bill.amountCents)}, being refunded to your card.` };
    case 'refunded':
      return { words: `A credit of ${formatCents(bill.amountCents)}, refunded to your card${settled ? ` on ${settled}` : ''}.` };
    case 'unpaid':
      return { words: `Not paid: ${formatCents(bill.totalCents)} is owed. Please call ${BRAND.phone}.` };
  }
}
