/**
 * Helpers for the tests of sign-in, sessions and passwords: accounts made straight in the database (any
 * state: with or without a password, confirmed or not), the session cookie read from an answer and sent
 * back as a browser would, and the e-mails of an address read from the outbox once the work after the
 * answer and the mail queue have finished.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Queryable } from '../db/db.ts';
import { parseEml, type ParsedMail } from '../mail/eml.ts';
import { OUTBOX_FILE } from '../mail/mailer.ts';
import { postJson, type TestApp } from '../testing/harness.ts';
import { insertAccount } from './accounts.ts';
import { afterAnswerSettled } from './after-answer.ts';
import { hashPassword } from './passwords.ts';
import { SESSION_COOKIE_HEADER_NAME } from './session-guard.ts';

export const GOOD_PASSWORD = 'Carrera-911-GT3';

export interface AccountOptions {
  /** null: no password (an account a bought policy made). Default GOOD_PASSWORD. */
  password?: string | null;
  /** Default true. */
  confirmed?: boolean;
  firstName?: string | null;
  lastName?: string | null;
}

/** An account for `email` in the state asked for; returns its id. */
export async function makeAccount(db: Queryable, email: string, now: Date, options: AccountOptions = {}): Promise<number> {
  const password = options.password === undefined ? GOOD_PASSWORD : options.password;
  const id = await insertAccount(
    db,
    {
      emailLower: email.trim().toLowerCase(),
      passwordHash: password === null ? null : await hashPassword(password),
      policyAddress: null,
      firstName: options.firstName ?? null,
      lastName: options.lastName ?? null,
    },
    now,
  );
  if (id === null) throw new Error('makeAccount: the address has an account already');
  if (options.confirmed !== false) await db.query('UPDATE accounts SET confirmed_at = $2 WHERE id = $1', [id, now]);
  return id;
}

/** The session cookie an answer set: its value and its attributes as written, or null. */
export function sessionCookieSet(res: Response): { id: string; header: string } | null {
  const header = res.headers.getSetCookie().find((cookie) => cookie.startsWith(`${SESSION_COOKIE_HEADER_NAME}=`));
  if (!header) return null;
  return { id: header.slice(SESSION_COOKIE_HEADER_NAME.length + 1).split(';')[0]!, header };
}

/** The Cookie header a browser sends with the session `id`. */
export function withSession(id: string, headers: Record<string, string> = {}): Record<string, string> {
  return { ...headers, Cookie: `${SESSION_COOKIE_HEADER_NAME}=${id}` };
}

let clients = 0;
/** A client address of its own (the test apps trust one proxy), so one test's limits never touch another's. */
export function newClient(): Record<string, string> {
  clients += 1;
  return { 'X-Forwarded-For': `203.0.${Math.floor(clients / 250) % 250}.${(clients % 250) + 1}` };
}

/** Signs in with a password; the answer and the new session's id (null when none was set). */
export async function logIn(t: TestApp, email: string, password: string, headers: Record<string, string> = newClient()) {
  const res = await t.app.request(...postJson('/api/user/login_with_password', { accountIdentifier: email, password }, headers));
  return { res, sessionId: sessionCookieSet(res)?.id ?? null };
}

/** The e-mails in the outbox to `email`, oldest first, once every pending send has finished. */
export async function mailsTo(t: TestApp, email: string): Promise<ParsedMail[]> {
  await afterAnswerSettled(t.mail);
  await t.mail.settled();
  const names = existsSync(t.outboxDir) ? readdirSync(t.outboxDir).filter((name) => OUTBOX_FILE.test(name)).sort() : [];
  return names
    .map((name) => parseEml(readFileSync(join(t.outboxDir, name), 'utf8')))
    .filter((mail) => mail.headers.get('to')?.toLowerCase() === email.toLowerCase());
}

export const textOf = (mail: ParsedMail): string => mail.parts.find((part) => part.contentType === 'text/plain')!.body;
export const htmlOf = (mail: ParsedMail): string => mail.parts.find((part) => part.contentType === 'text/html')!.body;

/** The token of the first link in the mail's text that starts with `page` and carries `token=` in its query. */
export function tokenIn(mail: ParsedMail, page: string): string | null {
  const escaped = page.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`${escaped}[^\\s]*?[?&]token=([0-9a-f]{64})`).exec(textOf(mail))?.[1] ?? null;
}
