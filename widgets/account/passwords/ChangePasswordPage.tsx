/**
 * /account/change-password (doc 1 "Change password", sections 4, 5, 7 and 8; login-required), an island of
 * our site on widgets/core. Current, new and confirm-new password with the live checklist between them, and
 * 'Update'; POST /api/user/change_password. The API ends the user's other sessions and e-mails a notice.
 * Success is doc 1's 'Successfully updated the Password!' for 10 seconds, then the home page (ThenGo.tsx).
 * The server's refusals go to their field (a wrong current password, a new one holding the name or e-mail);
 * anything else without an answer is doc 1's red call-us notice. Nothing typed is lost.
 */
import { useRef, useState, type FormEvent } from 'react';
import { changePassword } from '../../../contract/api/endpoints/user.ts';
import { ChangePasswordForm } from '../../../contract/api/auth.ts';
import { MESSAGES } from '../../../contract/messages.ts';
import { NEW_PASSWORD_REFUSALS } from '../../../contract/rules/password.ts';
import { ErrorSummary } from '../../core/ErrorSummary.tsx';
import { TextField } from '../../core/fields/TextField.tsx';
import type { SessionState } from '../../core/session.ts';
import { useAdoptedStyles } from '../../core/styles/adopt.ts';
import { baseStyles } from '../../core/styles/base.styles.ts';
import { scoped, useWidget } from '../../core/widget.tsx';
import { accountStyles } from '../account.styles.ts';
import { ACCOUNT_SUMMARY_TEXTS, FormEnd, SignedIn, useWholeForm } from '../AccountParts.tsx';
import { CHANGE_PASSWORD_TEXTS, type ChangePasswordTexts } from './change-password.texts.ts';
import type { PasswordPageProps } from './ForgotPasswordPage.tsx';
import { PasswordChecklist } from './PasswordChecklist.tsx';
import { passwordsStyles } from './passwords.styles.ts';
import { NOTICE_MS, ThenGo } from './ThenGo.tsx';

const ID = 'account-change-password';
const CHANGE_PASSWORD_WIDGET = 'ppm-account-change-password';

/** The server's refusals that belong to one field (matched by the contract's message, the API's words). */
const CURRENT_PASSWORD_MESSAGES: readonly string[] = [MESSAGES.currentPasswordWrong];

type Props = PasswordPageProps & { texts?: Partial<ChangePasswordTexts> };

function PasswordChange({ state, navigate, noticeMs, T }: { state: SessionState; navigate: (url: string) => void; noticeMs: number; T: ChangePasswordTexts }) {
  const { api } = useWidget();
  const form = useWholeForm(ID, ChangePasswordForm, { oldPassword: '', newPassword: '', confirmPassword: '' });
  const [formElement, setFormElement] = useState<HTMLFormElement | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [refused, setRefused] = useState(0);
  const [done, setDone] = useState(false);
  const sending = useRef(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending.current || !form.validate()) return;
    sending.current = true;
    setBusy(true);
    setFailure(null);
    const { oldPassword, newPassword } = form.values;
    const result = await api.call(changePassword, { oldPassword, newPassword });
    sending.current = false;
    setBusy(false);
    if (result.ok) return setDone(true);
    if (result.status === 401) return; // the session ended page-wide: SignedIn offers the log-in page
    const message = result.status !== 0 && result.status < 500 ? result.messages[0] : undefined;
    const field = !message
      ? undefined
      : CURRENT_PASSWORD_MESSAGES.includes(message)
        ? 'oldPassword'
        : NEW_PASSWORD_REFUSALS.includes(message)
          ? 'newPassword'
          : undefined;
    if (field && message) {
      form.setError(field, message);
      form.focus(field);
      setRefused((n) => n + 1);
      return;
    }
    setFailure(message ?? T.failed);
  }

  if (done) return <ThenGo message={T.updated} kind="success" to="/" ms={noticeMs} navigate={navigate} texts={T} />;
  return (
    <form ref={setFormElement} noValidate aria-label={T.update} onSubmit={onSubmit}>
      <ErrorSummary scope={formElement} resetKey={0} armKey={refused || undefined} texts={{ ...ACCOUNT_SUMMARY_TEXTS, heading: T.summaryTitle }} />
      <p className="account-intro">{T.intro}</p>
      {/* the account's address for password managers, which file the new password under it */}
      <input type="email" name="username" autoComplete="username" value={state.user?.emailAddress ?? ''} hidden readOnly />
      <TextField label={T.currentPassword} field={form.field('oldPassword')} type="password" autoComplete="current-password" />
      <TextField label={T.newPassword} hint={T.newPasswordHint} field={form.field('newPassword')} type="password" autoComplete="new-password" />
      <PasswordChecklist password={form.values.newPassword} confirmation={form.values.confirmPassword} />
      <TextField label={T.confirmPassword} field={form.field('confirmPassword')} type="password" autoComplete="new-password" />
      <FormEnd notice={failure ? { kind: 'danger', text: failure } : null} busy={busy} label={T.update} busyLabel={T.updating} />
    </form>
  );
}

function ChangePasswordView({ navigate = (url) => location.assign(url), noticeMs = NOTICE_MS, texts }: Props) {
  const T = { ...CHANGE_PASSWORD_TEXTS, ...texts };
  const { rootRef } = useWidget();
  useAdoptedStyles(rootRef, [baseStyles, accountStyles, passwordsStyles]);
  return (
    <div ref={rootRef} className="ppm-root account-password-page">
      <SignedIn texts={T}>{(state) => <PasswordChange state={state} navigate={navigate} noticeMs={noticeMs} T={T} />}</SignedIn>
    </div>
  );
}

/** The page with its own widget context (widget.tsx): its API client. */
export const ChangePasswordPage = scoped<Props>(CHANGE_PASSWORD_WIDGET, ChangePasswordView);
