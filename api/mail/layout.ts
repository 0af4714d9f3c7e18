/**
 * The one look of our e-mail: the brand's name as a header, the message's paragraphs, the customer-care
 * line, and why the person got the message. Inline styles only, because mail clients drop style sheets.
 * Callers pass HTML they built with escapeHtml() around everything that came from a person or the data.
 */
import { BRAND } from '../../contract/index.ts';

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

const c = BRAND.colours;

/** A paragraph of already-escaped HTML. */
export function paragraph(html: string, style = ''): string {
  return `<p style="margin:0 0 16px${style ? `;${style}` : ''}">${html}</p>`;
}

/** The call to action, drawn as a button. */
export function buttonLink(href: string, label: string): string {
  return `<p style="margin:0 0 24px"><a href="${escapeHtml(href)}" style="background:${c.accent};color:${c.accentInk};padding:10px 18px;text-decoration:none;border-radius:4px;display:inline-block">${escapeHtml(label)}</a></p>`;
}

/** "Questions? Call ... or write to ...", with working links; `lead` replaces "Questions?". */
export function careLine(lead = 'Questions?'): string {
  return paragraph(
    `${escapeHtml(lead)} Call <a href="${BRAND.phoneHref}" style="color:${c.info}">${BRAND.phone}</a> (${escapeHtml(BRAND.supportHours)}) or write to <a href="mailto:${BRAND.email}" style="color:${c.info}">${BRAND.email}</a>.`,
  );
}

/** The whole HTML document around a message's body. */
export function brandedHtml(parts: { subject: string; body: string; why: string }): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(parts.subject)}</title></head>
<body style="margin:0;padding:24px;background:${c.surface};color:${c.ink};font:16px/1.5 Arial,Helvetica,sans-serif">
<div style="max-width:560px;margin:0 auto">
<p style="margin:0 0 24px;font-size:20px;font-weight:bold;color:${c.accent}">${escapeHtml(BRAND.productName)}</p>
${parts.body}
<hr style="border:0;border-top:1px solid ${c.line};margin:24px 0">
<p style="margin:0;font-size:13px;color:${c.muted}">${escapeHtml(parts.why)}</p>
</div></body></html>`;
}
