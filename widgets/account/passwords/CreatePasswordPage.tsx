/**
 * /account/create-password?token=... (doc 1 "Create password", sections 4, 5, 7 and 8), where the reset
 * e-mail's and the account-setup e-mail's single-use links land; an island of our site on widgets/core. The
 * token comes off the address bar at once (link-token.ts; kept in this tab for a reload). New and repeat
 * password with the live checklist, the text that the password should not contain the name or e-mail, and
 * 'Save Password'; POST /api/user/change_password_with_token.
 *
 * - Without a token: doc 1's 'Please come through the link in email', and the way to a new link.
 * - Success: 'Successfully updated the Password!' for 10 seconds, then /account/log-in (ThenGo.tsx).
 * - A used or expired link (the API's MESSAGES.passwordLinkInvalid): that message and the way to a new link
 *   on /account/forgot-password, instead of doc 1's bounce home: the person can do something about it.
 * - A new password the API refuses (it holds the name or the e-mail): the message at the field.
 * - Anything else (no answer, a 5xx): doc 1 section 8's red call-us notice, then home ("create password also
 *   redirects to /"), after the same 10 seconds.
 */
import { useRef, useState, type FormEvent } from 'react';
import { is } from 'superstruct';
import { token as tokenRule } from '../../../contract/api/common.ts';
import { changePasswordWithToken } from '../../../contract/api/endpoints/user.ts';
import { CreatePasswordForm } from '../../../contract/api/auth.ts';
import { MESSAGES } from '../../../contract/messages.ts';
import { PAGES } from '../../../contract/pages.ts';
import { NEW_PASSWORD_REFUSALS } from '../../../contract/rules/password.ts';
import { ErrorSummary } from '../../core/ErrorSummary.tsx';
import { TextField } from '../../core/fields/TextField.tsx';
import { useAdoptedStyles } from '../../core/styles/adopt.ts';
import { baseStyles } from '../../core/styles/base.styles.ts';
import { scoped, useWidget } from '../../core/widget.tsx';
import { accountStyles } from '../account.styles.ts';
import { ACCOUNT_SUMMARY_TEXTS, FormEnd, useWholeForm } from '../AccountParts.tsx';
import { forgetLinkToken, takeLinkToken } from '../link-token.ts';
import { LOG_IN_PATH } from '../paths.ts';
import { CREATE_PASSWORD_TEXTS, type CreatePasswordTexts } from './create-password.texts.ts';
import type { PasswordPageProps } from './ForgotPasswordPage.tsx';
import { PasswordChecklist } from './PasswordChecklist.tsx';
import { passwordsStyles } from './passwords.styles.ts';
import { NOTICE_MS, ThenGo } from './ThenGo.tsx';

/** Where the link's token waits for a reload of this tab. */
export const CREATE_PASSWORD_TOKEN_KEY = 'ppm-password-token';
export const FORGOT_PASSWORD_PATH = PAGES.forgotPassword;
const ID = 'account-create-password';
const CREATE_PASSWORD_WIDGET = 'ppm-account-create-password';

/** The API's words for a link that is unknown, used or expired (ours), and the token rule's. */
const LINK_MESSAGES: readonly string[] = [MESSAGES.passwordLinkInvalid, MESSAGES.token];

type Props = PasswordPageProps & { texts?: Partial<CreatePasswordTexts> };
type Outcome =
  | { kind: 'form' }
  | { kind: 'dead-end'; message: string; tone: 'info' | 'danger' }
  | { kind: 'leave'; message: string; tone: 'success' | 'danger'; to: string; going: (seconds: number) => string; goNow: string };

function CreatePasswordView({ navigate = (url) => location.assign(url), noticeMs = NOTICE_MS, texts }: Props) {
  const T = { ...CREATE_PASSWORD_TEXTS, ...texts };
  const { api, rootRef } = useWidget();
  useAdoptedStyles(rootRef, [baseStyles, accountStyles, passwordsStyles]);
  // off the address bar before anything else happens (a state initialiser runs once, in the first render)
  const [token] = useState(() => takeLinkToken(CREATE_PASSWORD_TOKEN_KEY));
  const [outcome, setOutcome] = useState<Outcome>(() =>
    !token ? { kind: 'dead-end', message: T.noToken, tone: 'info' } : !is(token, tokenRule) ? { kind: 'dead-end', message: T.linkInvalid, tone: 'danger' } : { kind: 'form' },
  );
  const form = useWholeForm(ID, CreatePasswordForm, { newPassword: '', repeatPassword: '' });
  const [formElement, setFormElement] = useState<HTMLFormElement | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [refused, setRefused] = useState(0);
  const sending = useRef(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending.current || !token || !form.validate()) return;
    sending.current = true;
    setBusy(true);
    setFailure(null);
    const result = await api.call(changePasswordWithToken, { newPassword: form.values.newPassword, passwordChangeToken: token });
    sending.current = false;
    setBusy(false);
    if (result.ok) {
      forgetLinkToken(CREATE_PASSWORD_TOKEN_KEY);
      return setOutcome({ kind: 'leave', message: T.updated, tone: 'success', to: LOG_IN_PATH, going: T.goingLogIn, goNow: T.goLogIn });
    }
    const message = result.status !== 0 && result.status < 500 ? result.messages[0] : undefined;
    if (message && LINK_MESSAGES.includes(message)) {
      forgetLinkToken(CREATE_PASSWORD_TOKEN_KEY);
      setOutcome({ kind: 'dead-end', message: T.linkInvalid, tone: 'danger' });
    } else if (message && NEW_PASSWORD_REFUSALS.includes(message)) {
      form.setError('newPassword', message);
      form.focus('newPassword');
      setRefused((n) => n + 1);
    } else if (result.status === 429 && message) {
      // too many tries: the server says when to try again; the link still works
      setFailure(message);
    } else {
      setOutcome({ kind: 'leave', message: T.failed, tone: 'danger', to: '/', going: T.goingHome, goNow: T.goHome });
    }
  }

  let content;
  if (outcome.kind === 'dead-end') {
    // no way on with this link: what happened, and where a new one comes from
    content = (
      <>
        <p className={`ppm-notice ppm-notice--${outcome.tone}`} role={outcome.tone === 'danger' ? 'alert' : 'status'}>
          {outcome.message}
        </p>
        <p>
          <a className="ppm-button" href={FORGOT_PASSWORD_PATH}>
            {T.newLink}
          </a>
        </p>
      </>
    );
  } else if (outcome.kind === 'leave') {
    content = (
      <ThenGo message={outcome.message} kind={outcome.tone} to={outcome.to} ms={noticeMs} navigate={navigate} texts={{ going: outcome.going, goNow: outcome.goNow, stay: T.stay }} />
    );
  } else {
    content = (
      <form ref={setFormElement} noValidate aria-label={T.save} onSubmit={onSubmit}>
        <ErrorSummary scope={formElement} resetKey={0} armKey={refused || undefined} texts={{ ...ACCOUNT_SUMMARY_TEXTS, heading: T.summaryTitle }} />
        <p className="account-intro">{T.intro}</p>
        <TextField label={T.newPassword} hint={T.newPasswordHint} field={form.field('newPassword')} type="password" autoComplete="new-password" />
        <PasswordChecklist password={form.values.newPassword} confirmation={form.values.repeatPassword} />
        <TextField label={T.repeatPassword} field={form.field('repeatPassword')} type="password" autoComplete="new-password" />
        <FormEnd notice={failure ? { kind: 'danger', text: failure } : null} busy={busy} label={T.save} busyLabel={T.saving} />
      </form>
    );
  }
  return (
    <div ref={rootRef} className="ppm-root account-password-page">
      {content}
    </div>
  );
}

/** The page with its own widget context (widget.tsx): its API client. */
export const CreatePasswordPage = scoped<Props>(CREATE_PASSWORD_WIDGET, CreatePasswordView);
