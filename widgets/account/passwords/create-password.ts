/**
 * <account-create-password>: /account/create-password?token=... (doc 1 "Create password", sections 4, 5, 7
 * and 8), where the reset e-mail's and the account-setup e-mail's single-use links land. The token comes off
 * the address bar at once (dom.ts takeLinkToken; kept in this tab for a reload). New and repeat password
 * with the live checklist, the text that the password should not contain the name or e-mail, and 'Save
 * Password'; POST /api/user/change_password_with_token.
 *
 * - Without a token: doc 1's 'Please come through the link in email', and the way to a new link.
 * - Success: 'Successfully updated the Password!' for 10 seconds, then /account/log-in (./then-go.ts).
 * - A used or expired link (the API's MESSAGES.passwordLinkInvalid): that message and the way to a new link
 *   on /account/forgot-password, instead of doc 1's bounce home: the person can do something about it.
 * - A new password the API refuses (it holds the name or the e-mail): the message at the field.
 * - Anything else (no answer, a 5xx): doc 1 section 8's red call-us notice, then home ("create password also
 *   redirects to /"), after the same 10 seconds.
 * A page element of our own site (STYLE.md habit 10): no attributes or events; `navigate` and `noticeMs`
 * (properties) are replaced in tests.
 */
import { is } from 'superstruct';
import { token as tokenRule } from '../../../contract/api/common.ts';
import { changePasswordWithToken } from '../../../contract/api/endpoints/user.ts';
import { CreatePasswordForm } from '../../../contract/api/auth.ts';
import { MESSAGES } from '../../../contract/messages.ts';
import { PAGES } from '../../../contract/pages.ts';
import { createApiClient } from '../../core/api-client.ts';
import { adoptElementStyles, forgetLinkToken, h, LOG_IN_PATH, takeLinkToken } from '../dom.ts';
import { checkOnLeave, errorSummary, formProblems, inputField, reportProblems, whileBusy, type PlainField } from '../form-fields.ts';
import { NEW_PASSWORD_REFUSALS } from '../../../contract/rules/password.ts';
import { CREATE_PASSWORD_TEXTS as T } from './create-password.texts.ts';
import { checklistView } from './password-checklist.ts';
import { passwordsStyles } from './passwords.styles.ts';
import { NOTICE_MS, noticeThenGo, type ThenGo } from './then-go.ts';

const CREATE_PASSWORD_TAG = 'account-create-password';
/** Where the link's token waits for a reload of this tab. */
export const CREATE_PASSWORD_TOKEN_KEY = 'ppm-password-token';
export const FORGOT_PASSWORD_PATH = PAGES.forgotPassword;
const ID = 'account-create-password';

/** The API's words for a link that is unknown, used or expired (ours), and the token rule's. */
const LINK_MESSAGES: readonly string[] = [MESSAGES.passwordLinkInvalid, MESSAGES.token];

type Name = 'newPassword' | 'repeatPassword';

export class AccountCreatePassword extends HTMLElement {
  navigate: (url: string) => void = (url) => location.assign(url);
  noticeMs = NOTICE_MS;

  private started = false;
  private sending = false;
  private thenGo: ThenGo | undefined;

  connectedCallback(): void {
    if (this.started) return;
    this.started = true;
    adoptElementStyles(passwordsStyles);
    this.classList.add('ppm-root');
    const token = takeLinkToken(CREATE_PASSWORD_TOKEN_KEY);
    if (!token) this.deadEnd(T.noToken, 'info');
    else if (!is(token, tokenRule)) this.deadEnd(T.linkInvalid, 'danger');
    else this.showForm(token);
  }

  disconnectedCallback(): void {
    this.thenGo?.cancel();
  }

  /** No way on with this link: what happened, and where a new one comes from. */
  private deadEnd(message: string, kind: 'info' | 'danger'): void {
    this.replaceChildren(
      h('p', { class: `ppm-notice ppm-notice--${kind}`, role: kind === 'danger' ? 'alert' : 'status' }, message),
      h('p', {}, h('a', { class: 'ppm-button', href: FORGOT_PASSWORD_PATH }, T.newLink)),
    );
  }

  private showForm(token: string): void {
    const summary = errorSummary(`${ID}-errors`, T.summaryTitle);
    const password = (name: Name, label: string, hint?: string) =>
      inputField({ id: `${ID}-${name}`, label, hint, input: h('input', { type: 'password', name, autocomplete: 'new-password' }) });
    const fields: Record<Name, PlainField> = {
      newPassword: password('newPassword', T.newPassword, T.newPasswordHint),
      repeatPassword: password('repeatPassword', T.repeatPassword),
    };
    const checklist = checklistView();
    const button = h('button', { type: 'submit', class: 'ppm-button' }, T.save);
    const outcome = h('div', {});
    const form = h(
      'form',
      { novalidate: true, 'aria-label': T.save },
      summary.element,
      h('p', { class: 'account-intro' }, T.intro),
      fields.newPassword.element,
      checklist.element,
      fields.repeatPassword.element,
      outcome,
      h('div', { class: 'account-actions' }, button),
    );
    const values = () => ({ newPassword: fields.newPassword.control.value, repeatPassword: fields.repeatPassword.control.value });
    for (const name of Object.keys(fields) as Name[]) {
      checkOnLeave(form, fields[name], () => formProblems(values(), CreatePasswordForm)[name]);
      fields[name].control.addEventListener('input', () => checklist.update(values().newPassword, values().repeatPassword));
    }

    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      if (this.sending) return;
      const problems = formProblems(values(), CreatePasswordForm);
      const names = Object.keys(fields) as Name[];
      if (!reportProblems(summary, names.map((name) => ({ field: fields[name], problem: problems[name] })))) return;
      this.sending = true;
      outcome.replaceChildren();
      const result = await whileBusy(button, T.saving, () =>
        createApiClient('').call(changePasswordWithToken, { newPassword: values().newPassword, passwordChangeToken: token }),
      );
      this.sending = false;
      if (result.ok) {
        forgetLinkToken(CREATE_PASSWORD_TOKEN_KEY);
        this.leave(T.updated, 'success', LOG_IN_PATH, T.goingLogIn, T.goLogIn);
        return;
      }
      const message = result.status !== 0 && result.status < 500 ? result.messages[0] : undefined;
      if (message && LINK_MESSAGES.includes(message)) {
        forgetLinkToken(CREATE_PASSWORD_TOKEN_KEY);
        this.deadEnd(T.linkInvalid, 'danger');
      } else if (message && NEW_PASSWORD_REFUSALS.includes(message)) {
        reportProblems(summary, [{ field: fields.newPassword, problem: message }]);
      } else if (result.status === 429 && message) {
        // too many tries: the server says when to try again; the link still works
        summary.hide();
        outcome.replaceChildren(h('p', { class: 'ppm-notice ppm-notice--danger', role: 'alert' }, message));
      } else {
        this.leave(T.failed, 'danger', '/', T.goingHome, T.goHome);
      }
    });
    this.replaceChildren(form);
  }

  private leave(message: string, kind: 'success' | 'danger', to: string, going: (seconds: number) => string, goNow: string): void {
    this.thenGo = noticeThenGo({ message, kind, to, ms: this.noticeMs, navigate: this.navigate, texts: { going, goNow, stay: T.stay } });
    this.replaceChildren(this.thenGo.element);
  }
}

if (!customElements.get(CREATE_PASSWORD_TAG)) customElements.define(CREATE_PASSWORD_TAG, AccountCreatePassword);

declare global {
  interface HTMLElementTagNameMap {
    'account-create-password': AccountCreatePassword;
  }
}
