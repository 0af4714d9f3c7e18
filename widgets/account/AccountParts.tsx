/**
 * What the account area's React pages share beyond widgets/core: the waiting line, a refusal's box, and the
 * error summary's wording. Each keeps the words and classes the plain pages had (account.styles.ts), so a
 * page ported to React reads and looks as before.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { Struct } from 'superstruct';
import { MESSAGES } from '../../contract/messages.ts';
import { check } from '../../contract/validate.ts';
import type { ErrorSummaryTexts } from '../core/ErrorSummary.tsx';
import { useFormCore, useLocalValues, type FieldBinding, type FormCore } from '../core/form-core.ts';
import { checkSession, session, type SessionState } from '../core/session.ts';
import { useWidget } from '../core/widget.tsx';
import { logInHref } from './paths.ts';

/**
 * core's summary names every item by its field; the account pages name only the spec's bare 'This field is
 * required.', so three of them read as three things, and keep every other message as the rule words it.
 */
export const ACCOUNT_SUMMARY_TEXTS: Partial<ErrorSummaryTexts> = {
  item: (label, message) => (message === MESSAGES.required && label ? `${label}: ${message}` : message),
};

/**
 * The end of an account form: the outcome's notice (a refusal as an alert, a success as a status; its box is
 * always there so the words are announced when they arrive) and the submit button, which says it is busy
 * while the call runs (aria-disabled, so it keeps focus).
 */
export function FormEnd({ notice, busy, label, busyLabel }: {
  notice: { kind: 'danger' | 'success'; text: string } | null;
  busy: boolean;
  label: string;
  busyLabel: string;
}) {
  return (
    <>
      <div>
        {notice && (
          <p className={`ppm-notice ppm-notice--${notice.kind}`} role={notice.kind === 'danger' ? 'alert' : 'status'}>
            {notice.text}
          </p>
        )}
      </div>
      <div className="account-actions">
        <button type="submit" className="ppm-button" aria-disabled={busy || undefined}>
          {busy ? busyLabel : label}
        </button>
      </div>
    </>
  );
}

/** Where a person whose link is spent asks for a fresh one: My Policy e-mails a new documents link. */
const MY_POLICY_PATH = '/account/my-policy';

/** A page that cannot go on (a link spent, expired or not found): what went wrong, and the way to My Policy. */
export function DeadEnd({ message, linkText }: { message: string; linkText: string }) {
  return (
    <>
      <p className="ppm-notice ppm-notice--info">{message}</p>
      <p>
        <a className="ppm-button" href={MY_POLICY_PATH}>
          {linkText}
        </a>
      </p>
    </>
  );
}

/** A link that opens a PDF in a new tab (doc 1 "Documents page"), saying so to everyone. */
export function NewTabLink({ href, text, newTabNote, className }: { href: string; text: string; newTabNote: string; className?: string }) {
  return (
    <a href={href} target="_blank" rel="noopener" className={className}>
      {text} <span className="account-note">{newTabNote}</span>
    </a>
  );
}

/** The loader text (doc 1 "Shell": 'Loading...'), announced politely. */
export function Loading({ text }: { text: string }) {
  return (
    <p className="account-loading" role="status">
      <span className="account-spinner" aria-hidden="true" />
      {text}
    </p>
  );
}

/**
 * A refusal that belongs to no one field (a wrong password, too many tries, no answer): in the error
 * summary's box, which takes the focus so it is read at once; the fields keep what was typed. `id` names its
 * heading; a new `shown` (a counter) focuses it again for the same words.
 */
export function Refusal({ id, title, message, shown }: { id: string; title: string; message: string; shown: number }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => box.current?.focus(), [shown]);
  return (
    <div ref={box} className="ppm-error-summary" tabIndex={-1} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="ppm-error-summary__title">
        {title}
      </h2>
      <ul className="ppm-error-summary__list">
        <li>{message}</li>
      </ul>
    </div>
  );
}

/**
 * Every field of an account form checked now, its problems shown and the first focused: false when any. The
 * account forms' rules are all synchronous; a check still running would count as not passed.
 */
export function validateNow<V extends Record<string, string>>(form: Pick<FormCore<V>, 'checker' | 'validateWith'>): boolean {
  const now = form.checker();
  return !(now instanceof Promise) && form.validateWith(now);
}

/**
 * A form checked by one struct of the contract over all its fields (the password forms: the confirmation
 * reads its sibling, so a field cannot always be checked alone), with core's blur and submit behaviour
 * (form-core.ts): each field's message is the first rule it breaks in one pass over the values as they are.
 */
export function useWholeForm<V extends Record<string, string>>(idPrefix: string, struct: Struct<any, any>, initial: V) {
  const local = useLocalValues(initial);
  const names = Object.keys(initial) as (keyof V & string)[];
  const core: FormCore<V> = useFormCore<V>(
    idPrefix,
    () => ({
      names,
      message: (name: keyof V & string, value: string): string | undefined => {
        const result = check({ ...core.latest(), [name]: value }, struct);
        return result.ok ? undefined : result.errors.find((error) => error.path === name)?.message;
      },
    }),
    local.values,
    local.set,
  );
  return {
    values: local.values,
    field: (name: keyof V & string): FieldBinding => core.field(name),
    /** Every field checked; false after showing the problems and focusing the first. */
    validate: () => validateNow(core),
    setError: core.setError,
    focus: core.focus,
  };
}

export interface SignedInTexts {
  /** The loader text while the session is asked for (doc 1 section 9: 'Loading...'). */
  loading: string;
  /** Signed out (MESSAGES.signInRequired). */
  signInRequired: string;
  /** The link to the log-in page. */
  logIn: string;
  /** The session could not be asked (no answer, or a 5xx): what to do (MESSAGES.callUs). */
  unavailable: string;
}

/**
 * A login-required page's content (doc 1 "Shell": "Login-required routes wait until the authentication
 * status is known"): the loader, then the page's one shared session check (widgets/core/session.ts), then
 * `children` once signed in. Signed out it offers the log-in page and the way back; the layout's guard sends
 * a signed-out visitor there anyway, this is what shows when it has not (yet). A 401 on any later call ends
 * the session page-wide (doc 1 section 8), and the page then shows the same sign-in link.
 */
export function SignedIn({ texts, children }: { texts: SignedInTexts; children: (state: SessionState) => ReactNode }) {
  useSignals();
  const { api } = useWidget();
  const [asked, setAsked] = useState(false);
  const signedIn = useRef<SessionState | null>(null);
  useEffect(() => {
    let alive = true;
    void checkSession(api, { sameOrigin: true }).then(() => alive && setAsked(true));
    return () => void (alive = false);
  }, []);
  const state = session.value;
  if (!asked) return <Loading text={texts.loading} />;
  if (state.status === 'success') signedIn.current = state;
  else if (state.status === 'empty') signedIn.current = null;
  if (signedIn.current) return <>{children(signedIn.current)}</>;
  if (state.status === 'empty') {
    return (
      <>
        <p className="ppm-notice ppm-notice--info">{texts.signInRequired}</p>
        <p>
          <a className="ppm-button" href={logInHref()}>
            {texts.logIn}
          </a>
        </p>
      </>
    );
  }
  if (state.status === 'error') {
    return (
      <p className="ppm-notice ppm-notice--danger" role="alert">
        {texts.unavailable}
      </p>
    );
  }
  return <Loading text={texts.loading} />;
}
