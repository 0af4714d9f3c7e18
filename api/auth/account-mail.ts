/**
 * The account's e-mails about signing in (issue 9): the magic link, the password reset link, and the notice
 * that the password changed. Like the sign-up's (./signup-mail.ts) they hold no name or address: the
 * mailbox's owner needs none, and a mail read by someone else gives nothing away.
 *
 * Links go to a page of our own site (the request's returnUrl, held to our origin by ./return-url.ts) with
 * the single-use token in the query, which the page reads and removes at once.
 */
import { PAGES, pageUrl } from '../../contract/pages.ts';
import { BRAND } from '../../contract/index.ts';
import { brandedHtml, buttonLink, careLine, escapeHtml, paragraph } from '../mail/layout.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { TOKEN_PURPOSES, type TokenPurpose } from '../tokens/tokens.ts';

export const MAGIC_LINK_MAIL_KIND = 'magic link mail';
export const PASSWORD_RESET_MAIL_KIND = 'password reset mail';
export const PASSWORD_CHANGED_MAIL_KIND = 'password changed mail';

/** "within 10 minutes", "within 7 days": a token's lifetime in words. */
export function lifetimeInWords(purpose: TokenPurpose): string {
  const minutes = Math.round(TOKEN_PURPOSES[purpose].ttlMs / 60_000);
  if (minutes < 120) return `${minutes} minutes`;
  const days = Math.round(minutes / (24 * 60));
  return days === 1 ? '1 day' : `${days} days`;
}

const contactText = `Questions? Call ${BRAND.phone} (${BRAND.supportHours}) or write to ${BRAND.email}.`;

function message(to: string, subject: string, parts: { lead: string; link?: { href: string; label: string }; after: string[]; why: string }): MailMessage {
  const text = [
    'Hello,',
    '',
    parts.lead,
    '',
    ...(parts.link ? [parts.link.href, ''] : []),
    ...parts.after.flatMap((line) => [line, '']),
    contactText,
    '',
    BRAND.productName,
    '',
    '--',
    parts.why,
    '',
  ].join('\n');
  const body = [
    paragraph('Hello,'),
    paragraph(escapeHtml(parts.lead)),
    parts.link ? buttonLink(parts.link.href, parts.link.label) : '',
    ...parts.after.map((line) => paragraph(escapeHtml(line), `font-size:14px;color:${BRAND.colours.muted}`)),
    careLine(),
  ]
    .filter(Boolean)
    .join('\n');
  return { to, subject, text, html: brandedHtml({ subject, body, why: parts.why }) };
}

/** The sign-in link: `link` opens the page the person asked for, signed in. */
export function magicLinkMail(to: string, link: string, publicOrigin: string): MailMessage {
  return message(to, `Your link to sign in to ${BRAND.productName}`, {
    lead: `Here is your link to sign in to your ${BRAND.productName} account:`,
    link: { href: link, label: 'Sign in' },
    after: [
      `The link works once, within ${lifetimeInWords('magic-link')}. If it has expired, you can ask for a new one at ${pageUrl(publicOrigin, PAGES.logIn)}.`,
    ],
    why: 'You receive this message because someone, probably you, asked on our site for a link to sign in with this address. If that was not you, you can ignore it: without the link nobody signs in.',
  });
}

/** The reset link: `link` opens the create-password page (the request's returnUrl). */
export function passwordResetMail(to: string, link: string, publicOrigin: string): MailMessage {
  return message(to, `Reset your ${BRAND.productName} password`, {
    lead: `Someone, probably you, asked to reset the password of your ${BRAND.productName} account. To choose a new password, open this link:`,
    link: { href: link, label: 'Choose a new password' },
    after: [
      `The link works once, within ${lifetimeInWords('password-reset')}. If it has expired, you can ask for a new one at ${pageUrl(publicOrigin, PAGES.forgotPassword)}.`,
    ],
    why: 'You receive this message because this address was entered on our Forgot Password page. If that was not you, you can ignore it: your password stays as it is.',
  });
}

/** "July 1, 2026 at 12:00 UTC": when the password changed (we do not know the reader's time zone). */
function whenInWords(at: Date): string {
  const date = at.toLocaleDateString('en-US', { timeZone: 'UTC', month: 'long', day: 'numeric', year: 'numeric' });
  const time = at.toLocaleTimeString('en-GB', { timeZone: 'UTC', hour: '2-digit', minute: '2-digit' });
  return `${date} at ${time} UTC`;
}

/**
 * "Your password was changed", after every change (OWASP ASVS: the user is told when a credential changes,
 * so a change they did not make does not go unnoticed). `othersSignedOut` names what happened to the
 * account's sessions.
 */
export function passwordChangedMail(to: string, at: Date, publicOrigin: string, othersSignedOut: 'others' | 'all'): MailMessage {
  return message(to, `Your ${BRAND.productName} password was changed`, {
    lead: `The password of your ${BRAND.productName} account was changed on ${whenInWords(at)}.`,
    after: [
      othersSignedOut === 'others'
        ? 'Every other device or browser that was signed in to your account has been signed out.'
        : 'Every device or browser that was signed in to your account has been signed out.',
      `If you did not change it, please reset your password at once at ${pageUrl(publicOrigin, PAGES.forgotPassword)} and call us at ${BRAND.phone}.`,
    ],
    why: 'You receive this message because the password of the account with this address was changed. We send it after every change.',
  });
}
