/**
 * <account-forgot-password>: /account/forgot-password (doc 1 "Forgot password", sections 5, 7 and 8). The
 * account e-mail (required, valid) and 'Reset Password'; POST /api/user/reset_password e-mails a single-use
 * link to the create-password page. The API answers the same whether or not the address has an account, so
 * success is always doc 1's 'Sent a link to reset your password'; it shows for 10 seconds, then the home page
 * (doc 1 "on success go to /"; ./then-go.ts). A failure is doc 1's red call-us notice, with what was typed
 * kept; too many tries (429) shows the server's text, which says when to try again.
 * A page element of our own site (STYLE.md habit 10): no attributes or events; `navigate` and `noticeMs`
 * (properties) are replaced in tests.
 */
import { resetPassword } from '../../../contract/api/endpoints/user.ts';
import { ForgotPasswordForm } from '../../../contract/api/auth.ts';
import { PAGES } from '../../../contract/pages.ts';
import { createApiClient } from '../../core/api-client.ts';
import { adoptElementStyles, h } from '../dom.ts';
import { checkOnLeave, errorSummary, inputField, reportProblems, ruleProblem, whileBusy } from '../form-fields.ts';
import { FORGOT_PASSWORD_TEXTS as T } from './forgot-password.texts.ts';
import { passwordsStyles } from './passwords.styles.ts';
import { NOTICE_MS, noticeThenGo, type ThenGo } from './then-go.ts';

const FORGOT_PASSWORD_TAG = 'account-forgot-password';
/** Where the e-mailed link lands (doc 1 section 3: "returnUrl (this site's create-password page)"). */
export const CREATE_PASSWORD_PATH = PAGES.createPassword;
const ID = 'account-forgot-password';

const emailProblem = (value: string) => ruleProblem(value.trim(), ForgotPasswordForm.schema.emailAddress);

export class AccountForgotPassword extends HTMLElement {
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
    const summary = errorSummary(`${ID}-errors`, T.summaryTitle);
    const email = inputField({
      id: `${ID}-email`,
      label: T.email,
      input: h('input', { type: 'email', name: 'emailAddress', autocomplete: 'username', spellcheck: 'false', autocapitalize: 'off' }),
    });
    const button = h('button', { type: 'submit', class: 'ppm-button' }, T.submit);
    const outcome = h('div', {});
    const form = h(
      'form',
      { novalidate: true, 'aria-label': T.submit },
      summary.element,
      h('p', { class: 'account-intro' }, T.intro),
      email.element,
      outcome,
      h('div', { class: 'account-actions' }, button),
    );
    checkOnLeave(form, email, emailProblem);
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      if (this.sending || !reportProblems(summary, [{ field: email, problem: emailProblem(email.control.value) }])) return;
      this.sending = true;
      outcome.replaceChildren();
      const result = await whileBusy(button, T.submitting, () =>
        createApiClient('').call(resetPassword, {
          emailAddress: email.control.value.trim(),
          returnUrl: `${location.origin}${CREATE_PASSWORD_PATH}`,
        }),
      );
      this.sending = false;
      if (result.ok) {
        this.thenGo = noticeThenGo({ message: T.sent, kind: 'success', to: '/', ms: this.noticeMs, navigate: this.navigate, texts: T });
        this.replaceChildren(this.thenGo.element);
        return;
      }
      const message = result.status === 429 ? (result.messages[0] ?? T.failed) : T.failed;
      outcome.replaceChildren(h('p', { class: 'ppm-notice ppm-notice--danger', role: 'alert' }, message));
    });
    this.replaceChildren(form);
  }

  disconnectedCallback(): void {
    this.thenGo?.cancel();
  }
}

if (!customElements.get(FORGOT_PASSWORD_TAG)) customElements.define(FORGOT_PASSWORD_TAG, AccountForgotPassword);

declare global {
  interface HTMLElementTagNameMap {
    'account-forgot-password': AccountForgotPassword;
  }
}
