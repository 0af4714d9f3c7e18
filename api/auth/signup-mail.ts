/**
 * The two e-mails a sign-up can send. Which one goes depends on whether the address already has an
 * account; the API's answer does not (no enumeration), and only the mailbox's owner reads the difference.
 * Neither holds a name or an address: the sign-up payload carries neither, and the mailbox owner needs none.
 * Neither carries the sign-up's password or lets it take effect (issue 22): the mailbox's owner chooses it.
 */
import { BRAND } from '../../contract/index.ts';
import { TOKEN_PURPOSES } from '../tokens/tokens.ts';
import { brandedHtml, buttonLink, careLine, escapeHtml, paragraph } from '../mail/layout.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { PAGES, pageUrl } from '../../contract/pages.ts';

const TOKEN_TTL_DAYS = Math.round(TOKEN_PURPOSES['account-confirmation'].ttlMs / 86_400_000);

const contactText = `Questions? Call ${BRAND.phone} (${BRAND.supportHours}) or write to ${BRAND.email}.`;

/** "Please confirm": the new account's single-use link. */
export function accountConfirmationMail(to: string, token: string, publicOrigin: string): MailMessage {
  // single use: the page reads the token and removes it from the address bar at once
  const link = pageUrl(publicOrigin, PAGES.confirmAccount, { token });
  const subject = `Confirm your ${BRAND.productName} account`;
  const linkNote = `The link works once and for ${TOKEN_TTL_DAYS} days.`;
  const why = 'You receive this message because this address was used to create an account on our site. If that was not you, you can ignore it: without this link the account is never confirmed.';
  const text = [
    'Hello,',
    '',
    `Thank you for creating your ${BRAND.productName} account. Please confirm your registration by opening this link:`,
    '',
    link,
    '',
    linkNote,
    '',
    contactText,
    '',
    BRAND.productName,
    '',
    '--',
    why,
    '',
  ].join('\n');
  const body = [
    paragraph('Hello,'),
    paragraph(`Thank you for creating your ${escapeHtml(BRAND.productName)} account. Please confirm your registration:`),
    buttonLink(link, 'Confirm my account'),
    paragraph(escapeHtml(linkNote), `font-size:14px;color:${BRAND.colours.muted}`),
    careLine(),
  ].join('\n');
  return { to, subject, text, html: brandedHtml({ subject, body, why }) };
}

/** How long the "already have an account" e-mail's link works, by its token's purpose. */
const LINK_LIFE: Record<'account-setup' | 'password-reset', string> = {
  'account-setup': `${Math.round(TOKEN_PURPOSES['account-setup'].ttlMs / 86_400_000)} days`,
  'password-reset': `${Math.round(TOKEN_PURPOSES['password-reset'].ttlMs / 60_000)} minutes`,
};

/**
 * "You already have an account": sent instead of a confirmation when the address is taken (issue 22: with a
 * password or not). Nothing about the account changes, whatever password the sign-up carried. It points to
 * the sign-in page and holds `setPasswordLink`, a single-use link to the create-password page: only the
 * mailbox's owner can choose a password, after opening it.
 */
export function accountExistsMail(to: string, publicOrigin: string, setPasswordLink: string, purpose: 'account-setup' | 'password-reset'): MailMessage {
  const signIn = pageUrl(publicOrigin, PAGES.logIn);
  const subject = `You already have an account with ${BRAND.productName}`;
  const lead = `Someone, probably you, just asked to create an account with ${BRAND.productName} for this e-mail address. You already have an account with us, so no new account was made and nothing about your account has changed.`;
  const how = `You can sign in at ${signIn} with your password or with a link we e-mail you. To choose a password for your account, or a new one, open this link:`;
  const linkNote = `The link works once and for ${LINK_LIFE[purpose]}.`;
  const why = 'You receive this message because this address was entered to create an account on our site. If that was not you, you can ignore it; your account and password stay as they are.';
  const text = ['Hello,', '', lead, '', how, '', setPasswordLink, '', linkNote, '', contactText, '', BRAND.productName, '', '--', why, ''].join('\n');
  const body = [
    paragraph('Hello,'),
    paragraph(escapeHtml(lead)),
    buttonLink(signIn, 'Sign in'),
    paragraph('To choose a password for your account, or a new one:'),
    buttonLink(setPasswordLink, 'Choose my password'),
    paragraph(escapeHtml(linkNote), `font-size:14px;color:${BRAND.colours.muted}`),
    careLine(),
  ].join('\n');
  return { to, subject, text, html: brandedHtml({ subject, body, why }) };
}
