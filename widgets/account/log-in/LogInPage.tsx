/**
 * The log-in page, /account/log-in (issue 9; doc 1 section 6: "Sign-in is by password or an e-mailed magic
 * link"), an island of our site on widgets/core. E-mail and password with 'Log In' (POST
 * /api/user/login_with_password); or the e-mail alone with 'E-mail me a sign-in link' (POST
 * /api/user/login_with_magic_link, the link coming back to the page the person wanted); 'Forgot password?'
 * leads to /account/forgot-password.
 *
 * Signed in, the page-wide session starts (widgets/core/session.ts) and the person goes to `returnUrl` (the
 * query parameter the layout's guard wrote; only a path on this site, else /account). Someone already signed
 * in goes there at once. Problems show the GOV.UK way (core's fields and ErrorSummary): checked as a field is
 * left and on submit; the server's refusal (a wrong password, an unconfirmed account, too many tries) shows
 * in the summary's box, focused, and nothing typed is lost.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { loginWithMagicLink, loginWithPassword } from '../../../contract/api/endpoints/user.ts';
import { LoginRequest } from '../../../contract/api/auth.ts';
import { PAGES } from '../../../contract/pages.ts';
import { check } from '../../../contract/validate.ts';
import type { ApiResult } from '../../core/api-client.ts';
import { ErrorSummary } from '../../core/ErrorSummary.tsx';
import { TextField } from '../../core/fields/TextField.tsx';
import { useBoundForm } from '../../core/form.ts';
import { checkSession, maySignedIn, session, startSession } from '../../core/session.ts';
import { useAdoptedStyles } from '../../core/styles/adopt.ts';
import { baseStyles } from '../../core/styles/base.styles.ts';
import { scoped, useWidget } from '../../core/widget.tsx';
import { accountStyles } from '../account.styles.ts';
import { ACCOUNT_SUMMARY_TEXTS, Loading, Refusal } from '../AccountParts.tsx';
import { safeReturnPath } from './log-in-logic.ts';
import { logInStyles } from './log-in.styles.ts';
import { LOG_IN_TEXTS, type LogInTexts } from './log-in.texts.ts';

export const FORGOT_PASSWORD_PATH = PAGES.forgotPassword;
const ID = 'account-log-in';
const LOG_IN_WIDGET = 'ppm-account-log-in';
const RULES = LoginRequest.schema;

type Values = { accountIdentifier: string; password: string };
type Busy = 'none' | 'password' | 'magic';

export interface LogInPageProps {
  /** How the page leaves (tests watch instead); default location.assign. */
  navigate?: (url: string) => void;
  texts?: Partial<LogInTexts>;
}

/** The server's words for a refusal (401, 403, 429, a 400 rule); ours when there was no answer or a 5xx. */
function failureMessage(result: ApiResult<unknown> & { ok: false }, fallback: string): string {
  return result.status !== 0 && result.status < 500 ? (result.messages[0] ?? fallback) : fallback;
}

/** Where to go once signed in: the guard's `returnUrl`, held to this site. */
const returnPath = () => safeReturnPath(new URLSearchParams(location.search).get('returnUrl'), location.origin);

function LogInView({ navigate = (url) => location.assign(url), texts }: LogInPageProps) {
  const T = { ...LOG_IN_TEXTS, ...texts };
  const { api, rootRef } = useWidget();
  useAdoptedStyles(rootRef, [baseStyles, accountStyles, logInStyles]);
  // Someone who may be signed in already goes straight on (doc 1 section 4: a session check "sets logged in").
  const [phase, setPhase] = useState<'checking' | 'form'>(() => (session.value.status === 'success' || maySignedIn() ? 'checking' : 'form'));
  const [values, setValues] = useState<Values>({ accountIdentifier: '', password: '' });
  const [busy, setBusy] = useState<Busy>('none');
  const [refusal, setRefusal] = useState<{ message: string; shown: number } | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [formElement, setFormElement] = useState<HTMLFormElement | null>(null);
  const working = useRef(false);
  const form = useBoundForm<Values>(ID, RULES, values, (name, value) => {
    setValues((old) => ({ ...old, [name]: value }));
    // another address is another request for a link
    if (name === 'accountIdentifier') setSent(null);
  });

  useEffect(() => {
    if (phase !== 'checking') return;
    void checkSession(api, { sameOrigin: true }).then((state) => {
      if (state.status === 'success') navigate(returnPath());
      else setPhase('form');
    });
  }, []);

  const refuse = (message: string) => setRefusal((old) => ({ message, shown: (old?.shown ?? 0) + 1 }));

  async function logIn(): Promise<void> {
    if (!form.validate()) return setRefusal(null);
    const accountIdentifier = values.accountIdentifier.trim();
    working.current = true;
    setRefusal(null);
    setSent(null);
    setBusy('password');
    const result = await api.call(loginWithPassword, { accountIdentifier, password: values.password });
    if (result.ok) {
      startSession(result.data);
      navigate(returnPath());
      return; // the button stays busy while the next page loads
    }
    working.current = false;
    setBusy('none');
    refuse(failureMessage(result, T.failure));
  }

  async function sendMagicLink(): Promise<void> {
    const accountIdentifier = values.accountIdentifier.trim();
    const checked = check(accountIdentifier, RULES.accountIdentifier);
    const problem = checked.ok ? undefined : checked.errors[0]?.message;
    form.setError('password', undefined); // the link needs no password
    form.setError('accountIdentifier', problem);
    if (problem) {
      setRefusal(null);
      return form.focus('accountIdentifier');
    }
    working.current = true;
    setRefusal(null);
    setSent(null);
    setBusy('magic');
    const result = await api.call(loginWithMagicLink, {
      accountIdentifier,
      // the link signs in and lands where the person wanted to go (absolute: it is opened from the e-mail)
      returnUrl: `${location.origin}${returnPath()}`,
    });
    working.current = false;
    setBusy('none');
    if (!result.ok) return refuse(failureMessage(result, T.failure));
    setSent(result.data.msg || T.magicSent);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (working.current) return;
    // Enter in a field submits with the first button, 'Log In'
    const magic = (event.nativeEvent as SubmitEvent).submitter?.getAttribute('value') === 'magic';
    void (magic ? sendMagicLink() : logIn());
  }

  if (phase === 'checking') {
    return (
      <div ref={rootRef} className="ppm-root account-log-in">
        <Loading text={T.loading} />
      </div>
    );
  }
  const isBusy = busy !== 'none' || undefined;
  return (
    <div ref={rootRef} className="ppm-root account-log-in">
      <form ref={setFormElement} noValidate aria-label={T.logIn} onSubmit={onSubmit}>
        {/* a refusal comes only once every field is right, so the two never show together */}
        <ErrorSummary scope={formElement} resetKey={0} texts={{ ...ACCOUNT_SUMMARY_TEXTS, heading: T.summaryTitle }} />
        {refusal && <Refusal id={`${ID}-errors`} title={T.summaryTitle} message={refusal.message} shown={refusal.shown} />}
        <p className="account-intro">{T.intro}</p>
        <TextField label={T.email} field={form.field('accountIdentifier')} type="email" autoComplete="username" />
        <TextField label={T.password} field={form.field('password')} type="password" autoComplete="current-password" />
        <p className="account-log-in__forgot">
          <a href={FORGOT_PASSWORD_PATH}>{T.forgotPassword}</a>
        </p>
        <div className="account-actions">
          <button type="submit" className="ppm-button" name="action" value="password" aria-disabled={isBusy}>
            {busy === 'password' ? T.loggingIn : T.logIn}
          </button>
        </div>
        <div className="account-log-in__magic">
          <h2>{T.magicTitle}</h2>
          <p className="account-intro">{T.magicIntro}</p>
          <div className="account-actions">
            <button type="submit" className="ppm-button ppm-button--secondary" name="action" value="magic" aria-disabled={isBusy}>
              {busy === 'magic' ? T.magicSending : T.magicLink}
            </button>
          </div>
          {/* stays in the page, so the answer put in it is read out */}
          <div className="account-log-in__outcome" aria-live="polite">
            {sent && <p className="ppm-notice ppm-notice--success">{sent}</p>}
          </div>
        </div>
        <p className="account-note account-log-in__note">{T.noPasswordYet}</p>
      </form>
    </div>
  );
}

/** The page with its own widget context (widget.tsx): its API client. */
export const LogInPage = scoped<LogInPageProps>(LOG_IN_WIDGET, LogInView);
