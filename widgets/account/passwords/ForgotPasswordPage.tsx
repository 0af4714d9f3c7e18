/**
 * /account/forgot-password (doc 1 "Forgot password", sections 5, 7 and 8), an island of our site on
 * widgets/core. The account e-mail (required, valid) and 'Reset Password'; POST /api/user/reset_password
 * e-mails a single-use link to the create-password page. The API answers the same whether or not the address
 * has an account, so success is always doc 1's 'Sent a link to reset your password'; it shows for 10
 * seconds, then the home page (doc 1 "on success go to /"; ThenGo.tsx). A failure is doc 1's red call-us
 * notice, with what was typed kept; too many tries (429) shows the server's text, which says when to try again.
 */
import { useRef, useState, type FormEvent } from 'react';
import { resetPassword } from '../../../contract/api/endpoints/user.ts';
import { ForgotPasswordForm } from '../../../contract/api/auth.ts';
import { PAGES } from '../../../contract/pages.ts';
import { ErrorSummary } from '../../core/ErrorSummary.tsx';
import { TextField } from '../../core/fields/TextField.tsx';
import { useForm } from '../../core/form.ts';
import { useAdoptedStyles } from '../../core/styles/adopt.ts';
import { baseStyles } from '../../core/styles/base.styles.ts';
import { scoped, useWidget } from '../../core/widget.tsx';
import { accountStyles } from '../account.styles.ts';
import { ACCOUNT_SUMMARY_TEXTS, FormEnd } from '../AccountParts.tsx';
import { FORGOT_PASSWORD_TEXTS, type ForgotPasswordTexts } from './forgot-password.texts.ts';
import { passwordsStyles } from './passwords.styles.ts';
import { NOTICE_MS, ThenGo } from './ThenGo.tsx';

/** Where the e-mailed link lands (doc 1 section 3: "returnUrl (this site's create-password page)"). */
export const CREATE_PASSWORD_PATH = PAGES.createPassword;
const ID = 'account-forgot-password';
const FORGOT_PASSWORD_WIDGET = 'ppm-account-forgot-password';

export interface PasswordPageProps {
  /** How the page leaves (tests watch instead); default location.assign. */
  navigate?: (url: string) => void;
  /** How long the notice shows before the page changes (doc 1: 10 s). */
  noticeMs?: number;
}

function ForgotPasswordView({ navigate = (url) => location.assign(url), noticeMs = NOTICE_MS, texts }: PasswordPageProps & { texts?: Partial<ForgotPasswordTexts> }) {
  const T = { ...FORGOT_PASSWORD_TEXTS, ...texts };
  const { api, rootRef } = useWidget();
  useAdoptedStyles(rootRef, [baseStyles, accountStyles, passwordsStyles]);
  const form = useForm(ID, { emailAddress: ForgotPasswordForm.schema.emailAddress }, { emailAddress: '' });
  const [formElement, setFormElement] = useState<HTMLFormElement | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const sending = useRef(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending.current) return;
    const values = form.validate();
    if (!values) return;
    sending.current = true;
    setBusy(true);
    setFailure(null);
    const result = await api.call(resetPassword, { emailAddress: values.emailAddress, returnUrl: `${location.origin}${CREATE_PASSWORD_PATH}` });
    sending.current = false;
    setBusy(false);
    if (result.ok) return setSent(true);
    setFailure(result.status === 429 ? (result.messages[0] ?? T.failed) : T.failed);
  }

  return (
    <div ref={rootRef} className="ppm-root account-password-page">
      {sent ? (
        <ThenGo message={T.sent} kind="success" to="/" ms={noticeMs} navigate={navigate} texts={T} />
      ) : (
        <form ref={setFormElement} noValidate aria-label={T.submit} onSubmit={onSubmit}>
          <ErrorSummary scope={formElement} resetKey={0} texts={{ ...ACCOUNT_SUMMARY_TEXTS, heading: T.summaryTitle }} />
          <p className="account-intro">{T.intro}</p>
          <TextField label={T.email} field={form.field('emailAddress')} type="email" autoComplete="username" />
          <FormEnd notice={failure ? { kind: 'danger', text: failure } : null} busy={busy} label={T.submit} busyLabel={T.submitting} />
        </form>
      )}
    </div>
  );
}

/** The page with its own widget context (widget.tsx): its API client. */
export const ForgotPasswordPage = scoped(FORGOT_PASSWORD_WIDGET, ForgotPasswordView);
