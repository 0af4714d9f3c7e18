/**
 * The e-mail after a purchase (doc 3 section 2, step 7 "After payment"): the binder number, that the policy
 * documents follow by e-mail to be signed, that a text brings the link for the initial odometer photo, and
 * that the policy is not issued until both the signed documents and a valid initial odometer photo arrive.
 * It names the person by first name and the policy by number only: no address, birth date or licence.
 *
 * It also points to the account (issue 9: accounts come from bound policies): the single-use link to create
 * the password of the account the purchase made, or, when the address has an account with a password, the
 * log-in page (api/auth/policy-account.ts decides which).
 */
import { BRAND, formatCents, isoToUs } from '../../contract/index.ts';
import { brandedHtml, buttonLink, careLine, escapeHtml, paragraph } from '../mail/layout.ts';
import type { MailMessage } from '../mail/mailer.ts';
import type { PolicyAccountLink } from '../auth/policy-account.ts';
import { lifetimeInWords } from '../auth/account-mail.ts';

export const PURCHASE_MAIL_KIND = 'purchase mail';

export interface PurchaseMailInput {
  to: string;
  firstName: string;
  policyNumber: string;
  binderNumber: string;
  /** YYYY-MM-DD */
  effectiveDate: string;
  amountCents: number;
  billingFrequency: 'monthly' | 'biannually';
  /** The documents page: the binder's ID card now, the application to sign, the odometer photo link. */
  documentsUrl: string;
  /** The account's link; absent, the e-mail says nothing about an account. */
  account?: PolicyAccountLink;
}

/** The account's paragraph, and its button's label and link. */
function accountPart(account: PolicyAccountLink): { line: string; label: string; url: string } {
  if (account.kind === 'create-password') {
    return {
      line: `Your online account: create your password to see your policy, your ID card and your statements online. The link works once, within ${lifetimeInWords('account-setup')}; after that, use Forgot Password on the sign-in page.`,
      label: 'Create your password',
      url: account.url,
    };
  }
  return { line: 'Your online account: this policy is in your account; sign in to see it.', label: 'Sign in', url: account.url };
}

export function purchaseMail(input: PurchaseMailInput): MailMessage {
  const subject = `Your ${BRAND.productName} policy ${input.policyNumber}: binder ${input.binderNumber}`;
  const effective = isoToUs(input.effectiveDate) ?? input.effectiveDate;
  const paid = `${formatCents(input.amountCents)} (${input.billingFrequency === 'monthly' ? 'first monthly payment' : 'single payment for 6 months'})`;
  const lines = [
    `Thank you${input.firstName ? `, ${input.firstName}` : ''}. Your payment of ${paid} was received and your coverage is bound from ${effective}.`,
    `Binder number: ${input.binderNumber}. Policy number: ${input.policyNumber}.`,
    'Your policy documents are on your documents page: your ID card (a binder until the policy is issued), your declarations page, and your application to read and sign. A text message brings you the link for the initial odometer photo; it is on the documents page too.',
    'Your policy is not issued until we receive the signed documents and a valid initial odometer photo.',
  ];
  const link = `Your documents: ${input.documentsUrl}`;
  const account = input.account ? accountPart(input.account) : null;
  const accountText = account ? `\n\n${account.line}\n${account.url}` : '';
  const text = `${lines.join('\n\n')}\n\n${link}${accountText}\n\nQuestions? Call ${BRAND.phone} or write to ${BRAND.email}.\n`;
  const accountHtml = account ? paragraph(escapeHtml(account.line)) + buttonLink(account.url, account.label) : '';
  const body = lines.map((line) => paragraph(escapeHtml(line))).join('\n') + buttonLink(input.documentsUrl, 'Open your documents') + accountHtml + careLine();
  return {
    to: input.to,
    subject,
    text,
    html: brandedHtml({ subject, body, why: `You received this e-mail because you bought a policy from ${BRAND.productName}.` }),
  };
}
