/**
 * GET /dev/outbox: the mail and the text messages the service would have sent, newest first, for a
 * developer or a tester without an SMTP server or a text provider. Mounted only outside production.
 * Recipients are masked on the list; the raw message behind each link is the real thing.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Hono } from 'hono';
import { parseEml } from './eml.ts';
import { OUTBOX_FILE } from './mailer.ts';
import { parseTextFile, TEXT_OUTBOX_FILE } from '../messages/texter.ts';

function maskAddress(address: string): string {
  return address.replace(/([^\s<"@]?)[^\s<"@]*@([^\s>"]+)/g, (_all, first: string, domain: string) => `${first}***@${domain}`);
}

/** +16025550134 -> +1 ***-***-**34: enough to tell two phones apart, not enough to call one. */
function maskPhone(number: string): string {
  const digits = number.replace(/\D/g, '');
  return digits.length >= 4 ? `${number.startsWith('+1') ? '+1 ' : ''}***-***-**${digits.slice(-2)}` : '***';
}

const isOutboxFile = (name: string) => OUTBOX_FILE.test(name) || TEXT_OUTBOX_FILE.test(name);

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

function listOutbox(dir: string): string[] {
  try {
    return readdirSync(dir)
      .filter(isOutboxFile)
      .sort()
      .reverse();
  } catch {
    return [];
  }
}

const PAGE_HEADERS = {
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
  'Cache-Control': 'no-store',
};

export function outboxPage(outboxDir: string): Hono {
  const app = new Hono();
  app.get('/', (c) => {
    const rows = listOutbox(outboxDir).map((name) => {
      const raw = readFileSync(join(outboxDir, name), 'utf8').slice(0, 16_384);
      if (TEXT_OUTBOX_FILE.test(name)) {
        const text = parseTextFile(raw);
        return `<tr><td>${escapeHtml(text.date)}</td><td>${escapeHtml(maskPhone(text.to))}</td>` +
          `<td><a href="/dev/outbox/${name}">Text message</a></td></tr>`;
      }
      const { headers } = parseEml(raw);
      const date = headers.get('date') ?? '';
      return `<tr><td>${escapeHtml(date)}</td><td>${escapeHtml(maskAddress(headers.get('to') ?? ''))}</td>` +
        `<td><a href="/dev/outbox/${name}">${escapeHtml(headers.get('subject') ?? '(no subject)')}</a></td></tr>`;
    });
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Outbox</title>
<style>body{font:15px/1.4 system-ui,sans-serif;margin:2rem}table{border-collapse:collapse}td,th{border-bottom:1px solid #ccc;padding:.4rem .8rem;text-align:left}</style>
</head><body><h1>Outbox</h1><p>${rows.length} message(s) in <code>${escapeHtml(outboxDir)}</code>. Development only: mail is written here while SMTP_URL is not set, text messages while TWILIO_ACCOUNT_SID is not.</p>
<table><thead><tr><th>Date</th><th>To</th><th>Subject</th></tr></thead><tbody>${rows.join('\n')}</tbody></table></body></html>`;
    return c.html(html, 200, PAGE_HEADERS);
  });
  app.get('/:file', (c) => {
    const name = c.req.param('file');
    // Only names the mailer makes: no path separators, no dot-dot, nothing outside the outbox.
    if (!isOutboxFile(name) || !listOutbox(outboxDir).includes(name)) return c.text('No such message.', 404);
    return c.body(readFileSync(join(outboxDir, name)), 200, {
      ...PAGE_HEADERS,
      'Content-Type': 'text/plain; charset=utf-8',
      'X-Content-Type-Options': 'nosniff',
    });
  });
  return app;
}
