/**
 * The documents link (/account/documents/{token}) and the e-mails that carry it: at bind (inside the
 * purchase e-mail), on request from the My Policy page, at issue, in reminders, and after a person reviewed
 * an odometer photo. The same token opens the e-sign page and the odometer page, which the documents page
 * links to (doc 1 section 2: "e-sign link and odometer-photo link").
 */
import { PAGES, pageUrl } from '../../contract/pages.ts';
import { BRAND, DOCUMENT_DESCRIPTIONS } from '../../contract/index.ts';
import type { Queryable } from '../db/db.ts';
import { brandedHtml, buttonLink, careLine, escapeHtml, paragraph } from '../mail/layout.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { enqueueMail } from '../mail/queue.ts';
import { issueToken, readToken, TOKEN_PURPOSES, type TokenPurpose } from '../tokens/tokens.ts';

const DOCUMENTS_LINK_DAYS = TOKEN_PURPOSES.documents.ttlMs / 86_400_000;

/** A stored document's file: an API path, not a page of the site (so not contract/pages.ts's), given in answers, never in a mail. */
export const documentFileUrl = (origin: string, token: string, documentId: number) =>
  `${origin}/api/documents/files/${documentId}?id=${encodeURIComponent(token)}`;

/** A fresh documents link for policy `policyId`, issued in `tx`. */
export async function issueDocumentsLink(tx: Queryable, policyId: number, origin: string, now: Date): Promise<string> {
  return documentsLinkUrl(origin, await issueToken(tx, 'documents', now, { subjectId: policyId }));
}

/** The documents page's link for a 'documents' token already issued. */
export const documentsLinkUrl = (origin: string, token: string): string => pageUrl(origin, PAGES.documents, { token });

const DOCUMENTS_MAIL_KIND = 'documents link mail';

interface LinkMailInput {
  to: string;
  subject: string;
  lines: string[];
  link: { href: string; label: string };
  why: string;
}

/** One shape for every e-mail whose point is the documents link. Names no one but by first name. */
export function linkMail(input: LinkMailInput): MailMessage {
  const expiry = `The link works for ${DOCUMENTS_LINK_DAYS} days; you can ask for a new one on the My Policy page of our website.`;
  const text = `${input.lines.join('\n\n')}\n\n${input.link.label}: ${input.link.href}\n\n${expiry}\n\nQuestions? Call ${BRAND.phone} or write to ${BRAND.email}.\n`;
  const body =
    input.lines.map((line) => paragraph(escapeHtml(line))).join('\n') +
    buttonLink(input.link.href, input.link.label) +
    paragraph(escapeHtml(expiry)) +
    careLine();
  return { to: input.to, subject: input.subject, text, html: brandedHtml({ subject: input.subject, body, why: input.why }) };
}

/** The My Policy page's request (POST /api/documents/link): one e-mail with a link per policy of the address. */
function requestedDocumentsMail(to: string, policies: { policyNumber: string; link: string }[]): MailMessage {
  const [first, ...more] = policies;
  return linkMail({
    to,
    subject: `Your ${BRAND.productName} policy documents`,
    lines: [
      `Here is the link to the documents of policy ${first!.policyNumber}: your ${DOCUMENT_DESCRIPTIONS.card}, your ${DOCUMENT_DESCRIPTIONS.declaration} and, until they are done, the signature of your application and your odometer photo.`,
      ...more.map((policy) => `Policy ${policy.policyNumber}: ${policy.link}`),
    ],
    link: { href: first!.link, label: 'Open your documents' },
    why: 'You received this e-mail because someone asked for the policy documents of this address on our website. If it was not you, you can ignore it: the link opens only for the person who holds this mailbox.',
  });
}

/** Queues the My Policy page's e-mail in `tx`. */
export async function queueRequestedDocumentsMail(tx: Queryable, to: string, policies: { id: number; policyNumber: string }[], origin: string, now: Date): Promise<void> {
  const links = [];
  for (const policy of policies) links.push({ policyNumber: policy.policyNumber, link: await issueDocumentsLink(tx, policy.id, origin, now) });
  await enqueueMail(tx, DOCUMENTS_MAIL_KIND, requestedDocumentsMail(to, links), now);
}

/**
 * The policy a link's token opens, trying each purpose in turn (the odometer page opens with the texted
 * odometer link or with the documents link), or null for any miss: unknown, expired or another purpose.
 */
export async function policyOfToken(db: Queryable, token: string, purposes: readonly TokenPurpose[], now: Date): Promise<number | null> {
  for (const purpose of purposes) {
    const found = await readToken(db, purpose, token, now);
    if (found?.subjectId != null) return found.subjectId;
  }
  return null;
}
