/**
 * <account-change-password>: /account/change-password (doc 1 "Change password", sections 4, 5, 7 and 8;
 * login-required). Current, new and confirm-new password with the live checklist between them, and 'Update';
 * POST /api/user/change_password. The API ends the user's other sessions and e-mails a notice. Success is
 * doc 1's 'Successfully updated the Password!' for 10 seconds, then the home page (./then-go.ts). The
 * server's refusals go to their field (a wrong current password, a new one holding the name or e-mail);
 * anything else without an answer is doc 1's red call-us notice. Nothing typed is lost.
 * A page element of our own site (STYLE.md habit 10): no attributes or events; `navigate` and `noticeMs`
 * (properties) are replaced in tests.
 */
import { changePassword } from '../../../contract/api/endpoints/user.ts';
import { ChangePasswordForm } from '../../../contract/api/auth.ts';
import { MESSAGES } from '../../../contract/messages.ts';
import { createApiClient } from '../../core/api-client.ts';
import type { SessionState } from '../../core/session.ts';
import { adoptElementStyles, h, whenSignedIn } from '../dom.ts';
import { checkOnLeave, errorSummary, formProblems, inputField, reportProblems, whileBusy, type PlainField } from '../form-fields.ts';
import { CHANGE_PASSWORD_TEXTS as T } from './change-password.texts.ts';
import { checklistView } from './password-checklist.ts';
import { NEW_PASSWORD_REFUSALS } from '../../../contract/rules/password.ts';
import { passwordsStyles } from './passwords.styles.ts';
import { NOTICE_MS, noticeThenGo, type ThenGo } from './then-go.ts';

const CHANGE_PASSWORD_TAG = 'account-change-password';
const ID = 'account-change-password';

/** The server's refusals that belong to one field (matched by the contract's message, the API's words). */
const CURRENT_PASSWORD_MESSAGES: readonly string[] = [MESSAGES.currentPasswordWrong];

type Name = 'oldPassword' | 'newPassword' | 'confirmPassword';

export class AccountChangePassword extends HTMLElement {
  navigate: (url: string) => void = (url) => location.assign(url);
  noticeMs = NOTICE_MS;

  private started = false;
  private sending = false;
  private stopSession: () => void = () => undefined;
  private thenGo: ThenGo | undefined;

  connectedCallback(): void {
    if (this.started) return;
    this.started = true;
    adoptElementStyles(passwordsStyles);
    this.classList.add('ppm-root');
    this.stopSession = whenSignedIn(this, T, (state) => this.showForm(state));
  }

  disconnectedCallback(): void {
    this.stopSession();
    this.thenGo?.cancel();
  }

  private showForm(state: SessionState): void {
    const summary = errorSummary(`${ID}-errors`, T.summaryTitle);
    const password = (name: Name, label: string, autocomplete: string, hint?: string) =>
      inputField({ id: `${ID}-${name}`, label, hint, input: h('input', { type: 'password', name, autocomplete }) });
    const fields: Record<Name, PlainField> = {
      oldPassword: password('oldPassword', T.currentPassword, 'current-password'),
      newPassword: password('newPassword', T.newPassword, 'new-password', T.newPasswordHint),
      confirmPassword: password('confirmPassword', T.confirmPassword, 'new-password'),
    };
    const checklist = checklistView();
    const button = h('button', { type: 'submit', class: 'ppm-button' }, T.update);
    const outcome = h('div', {});
    const form = h(
      'form',
      { novalidate: true, 'aria-label': T.update },
      summary.element,
      h('p', { class: 'account-intro' }, T.intro),
      // the account's address for password managers, which file the new password under it
      h('input', { type: 'email', name: 'username', autocomplete: 'username', value: state.user?.emailAddress ?? '', hidden: true, readonly: true }),
      fields.oldPassword.element,
      fields.newPassword.element,
      checklist.element,
      fields.confirmPassword.element,
      outcome,
      h('div', { class: 'account-actions' }, button),
    );
    const values = () => ({
      oldPassword: fields.oldPassword.control.value,
      newPassword: fields.newPassword.control.value,
      confirmPassword: fields.confirmPassword.control.value,
    });
    // one pass of the contract's form: the confirmation is checked against the new password as it is now
    const problem = (name: Name) => () => formProblems(values(), ChangePasswordForm)[name];
    for (const name of Object.keys(fields) as Name[]) checkOnLeave(form, fields[name], problem(name));
    for (const name of ['newPassword', 'confirmPassword'] as const) {
      fields[name].control.addEventListener('input', () => checklist.update(fields.newPassword.control.value, fields.confirmPassword.control.value));
    }

    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      if (this.sending) return;
      const problems = formProblems(values(), ChangePasswordForm);
      const names = Object.keys(fields) as Name[];
      if (!reportProblems(summary, names.map((name) => ({ field: fields[name], problem: problems[name] })))) return;
      this.sending = true;
      outcome.replaceChildren();
      const { oldPassword, newPassword } = values();
      const result = await whileBusy(button, T.updating, () => createApiClient('').call(changePassword, { oldPassword, newPassword }));
      this.sending = false;
      if (result.ok) {
        this.thenGo = noticeThenGo({ message: T.updated, kind: 'success', to: '/', ms: this.noticeMs, navigate: this.navigate, texts: T });
        this.replaceChildren(this.thenGo.element);
        return;
      }
      if (result.status === 401) return; // the session ended page-wide: whenSignedIn offers the log-in page
      const message = result.status !== 0 && result.status < 500 ? result.messages[0] : undefined;
      const field = !message
        ? undefined
        : CURRENT_PASSWORD_MESSAGES.includes(message)
          ? fields.oldPassword
          : NEW_PASSWORD_REFUSALS.includes(message)
            ? fields.newPassword
            : undefined;
      if (field && message) {
        reportProblems(summary, [{ field, problem: message }]);
        return;
      }
      summary.hide();
      outcome.replaceChildren(h('p', { class: 'ppm-notice ppm-notice--danger', role: 'alert' }, message ?? T.failed));
    });
    this.replaceChildren(form);
  }
}

if (!customElements.get(CHANGE_PASSWORD_TAG)) customElements.define(CHANGE_PASSWORD_TAG, AccountChangePassword);

declare global {
  interface HTMLElementTagNameMap {
    'account-change-password': AccountChangePassword;
  }
}
