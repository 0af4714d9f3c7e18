import { BRAND } from '../../../contract/brand.ts';
import { MESSAGES } from '../../../contract/messages.ts';

/**
 * Every text of the bill payment page (/account/pay, issue 21), keyed (STYLE.md habit 7). The test mode's
 * authentication window is the payment step's (widgets/core/test-authentication.tsx); a decline is doc 3's text,
 * from the server.
 */
export const PAY_PAGE_TEXTS = {
  loading: 'Loading your bill...',
  heading: (title: string) => `${title.charAt(0).toUpperCase()}${title.slice(1)}`,
  policy: 'Policy',
  billDate: 'Bill date',
  linesCaption: 'What the bill is for',
  line: 'Line',
  amount: 'Amount',
  total: 'Total',
  amountDue: 'Amount due',
  pay: (amount: string, brand: string, last4: string) => `Pay ${amount} with ${brand} ending ${last4}`,
  paying: 'Please wait while we process your payment. Do not reload this page or press the back button.',
  paidHeading: 'Paid',
  paid: (amount: string, date: string) => `We received your payment of ${amount} on ${date}. A receipt is on its way by e-mail.`,
  noticeWithdrawn: 'The notice of cancellation for this bill is withdrawn: your policy stays in force.',
  cancelOn: (date: string) => `Without payment, your policy will be cancelled on ${date}. Paying this bill withdraws the notice of cancellation.`,
  alreadyPaid: (date: string) => `This bill was paid on ${date}. Nothing more is due.`,
  notPayable: MESSAGES.billNotPayable,
  noCard: MESSAGES.noCardOnFile,
  failedHeading: 'Your payment did not go through',
  replaceCard: 'Replace your card',
  replaceCardLead: 'You can pay with another card: replace your card in your account, and we charge the new card on the next try.',
  linkExpired: MESSAGES.billPaymentLinkExpired,
  callUs: MESSAGES.callUs,
  phone: BRAND.phone,
  authNotFinished: MESSAGES.billAuthenticationNotFinished,
  testModeTitle: 'Test mode: no real charge is made.',
  testModeBody: 'Payments here are not real. A card that asks for a security check opens a test window in place of your bank.',
  close: 'Close',
  account: 'Go to My Account',
} as const;

export type PayPageTexts = typeof PAY_PAGE_TEXTS;
