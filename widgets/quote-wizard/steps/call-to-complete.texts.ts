import { BRAND } from '../../../contract/index.ts';

/** The 'Call to complete your quote' dialog's texts (doc 3 section 8), keyed (STYLE.md habit 7); the lead and hours are ours. */
export const CALL_TO_COMPLETE_TEXTS = {
  title: 'Call to complete your quote',
  lead: 'Our customer care concierges can complete your purchase by phone. Call us at',
  quote: 'and give your quote number,',
  hours: `We answer ${BRAND.supportHours}.`,
  ok: 'OK',
  close: 'Close',
} as const;
