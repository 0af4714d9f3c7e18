/**
 * <account-log-in>: the log-in page, /account/log-in (issue 9; doc 1 section 6: "Sign-in is by password or
 * an e-mailed magic link"). E-mail and password with 'Log In' (POST /api/user/login_with_password); or the
 * e-mail alone with 'E-mail me a sign-in link' (POST /api/user/login_with_magic_link, the link coming back
 * to the page the person wanted); 'Forgot password?' leads to /account/forgot-password.
 *
 * Signed in, the page-wide session starts (widgets/core/session.ts) and the person goes to `returnUrl` (the
 * query parameter the layout's guard wrote; only a path on this site, else /account). Someone already signed
 * in goes there at once. Problems show the GOV.UK way: checked as a field is left and on submit, an error
 * summary above the form; the server's refusal (a wrong password, an unconfirmed account, too many tries)
 * goes in the same summary, and nothing typed is lost.
 * A page element of our own site (STYLE.md habit 10): no attributes or events; `navigate` (a property) is
 * how it leaves the page, replaced in tests.
 */
import { loginWithMagicLink, loginWithPassword } from '../../../contract/api/endpoints/user.ts';
import { LoginRequest } from '../../../contract/api/auth.ts';
import { PAGES } from '../../../contract/pages.ts';
import { createApiClient, type ApiResult } from '../../core/api-client.ts';
import { checkSession, maySignedIn, session, startSession } from '../../core/session.ts';
import { adoptElementStyles, h, loadingMessage } from '../dom.ts';
import { checkOnLeave, errorSummary, inputField, reportProblems, ruleProblem, type ErrorSummary, type PlainField } from '../form-fields.ts';
import { safeReturnPath } from './log-in-logic.ts';
import { logInStyles } from './log-in.styles.ts';
import { LOG_IN_TEXTS as T } from './log-in.texts.ts';

const LOG_IN_TAG = 'account-log-in';
export const FORGOT_PASSWORD_PATH = PAGES.forgotPassword;
const ID = 'account-log-in';

const RULES = LoginRequest.schema;

/** The server's words for a refusal (401, 403, 429, a 400 rule); ours when there was no answer or a 5xx. */
function failureMessage(result: ApiResult<unknown> & { ok: false }): string {
  return result.status !== 0 && result.status < 500 ? (result.messages[0] ?? T.failure) : T.failure;
}

type Busy = 'none' | 'password' | 'magic';

export class AccountLogIn extends HTMLElement {
  /** How the element leaves the page (tests replace it). */
  navigate: (url: string) => void = (url) => location.assign(url);

  private started = false;
  private busy: Busy = 'none';
  private summary: ErrorSummary = errorSummary(`${ID}-errors`, T.summaryTitle);
  private email: PlainField | undefined;
  private password: PlainField | undefined;
  private logInButton = h('button', { type: 'submit', class: 'ppm-button', name: 'action', value: 'password' }, T.logIn);
  private magicButton = h('button', { type: 'submit', class: 'ppm-button ppm-button--secondary', name: 'action', value: 'magic' }, T.magicLink);
  /** Stays in the page, so the magic link's answer put in it is read out. */
  private magicOutcome = h('div', { class: 'account-log-in__outcome', 'aria-live': 'polite' });

  connectedCallback(): void {
    if (this.started) return;
    this.started = true;
    adoptElementStyles(logInStyles);
    this.classList.add('ppm-root');
    // Someone who may be signed in already goes straight on (doc 1 section 4: a session check "sets logged in").
    if (session.value.status === 'success' || maySignedIn()) {
      this.replaceChildren(loadingMessage(T.loading));
      void checkSession(createApiClient(''), { sameOrigin: true }).then((state) => {
        if (state.status === 'success') this.navigate(this.returnPath());
        else this.showForm();
      });
    } else {
      this.showForm();
    }
  }

  /** Where to go once signed in: the guard's `returnUrl`, held to this site. */
  private returnPath(): string {
    return safeReturnPath(new URLSearchParams(location.search).get('returnUrl'), location.origin);
  }

  private showForm(): void {
    const email = inputField({
      id: `${ID}-email`,
      label: T.email,
      input: h('input', { type: 'email', name: 'accountIdentifier', autocomplete: 'username', spellcheck: 'false', autocapitalize: 'off' }),
    });
    const password = inputField({
      id: `${ID}-password`,
      label: T.password,
      input: h('input', { type: 'password', name: 'password', autocomplete: 'current-password' }),
    });
    this.email = email;
    this.password = password;
    const form = h(
      'form',
      { novalidate: true, 'aria-label': T.logIn },
      this.summary.element,
      h('p', { class: 'account-intro' }, T.intro),
      email.element,
      password.element,
      h('p', { class: 'account-log-in__forgot' }, h('a', { href: FORGOT_PASSWORD_PATH }, T.forgotPassword)),
      h('div', { class: 'account-actions' }, this.logInButton),
      h(
        'div',
        { class: 'account-log-in__magic' },
        h('h2', {}, T.magicTitle),
        h('p', { class: 'account-intro' }, T.magicIntro),
        h('div', { class: 'account-actions' }, this.magicButton),
        this.magicOutcome,
      ),
      h('p', { class: 'account-note account-log-in__note' }, T.noPasswordYet),
    );
    checkOnLeave(form, email, (value) => ruleProblem(value.trim(), RULES.accountIdentifier));
    checkOnLeave(form, password, (value) => ruleProblem(value, RULES.password));
    // another address is another request for a link
    email.control.addEventListener('input', () => this.magicOutcome.replaceChildren());
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      if (this.busy !== 'none') return;
      // Enter in a field submits with the first button, 'Log In'
      const magic = event.submitter === this.magicButton;
      if (magic) void this.sendMagicLink();
      else void this.logIn();
    });
    this.replaceChildren(form);
  }

  private async logIn(): Promise<void> {
    const { email, password } = this;
    if (!email || !password) return;
    const accountIdentifier = email.control.value.trim();
    const ok = reportProblems(this.summary, [
      { field: email, problem: ruleProblem(accountIdentifier, RULES.accountIdentifier) },
      { field: password, problem: ruleProblem(password.control.value, RULES.password) },
    ]);
    if (!ok) return;
    this.magicOutcome.replaceChildren();
    this.setBusy('password');
    const result = await createApiClient('').call(loginWithPassword, { accountIdentifier, password: password.control.value });
    if (result.ok) {
      startSession(result.data);
      this.navigate(this.returnPath());
      return; // the button stays busy while the next page loads
    }
    this.setBusy('none');
    this.refuse(failureMessage(result));
  }

  private async sendMagicLink(): Promise<void> {
    const { email, password } = this;
    if (!email || !password) return;
    const accountIdentifier = email.control.value.trim();
    password.setError(undefined); // the link needs no password
    if (!reportProblems(this.summary, [{ field: email, problem: ruleProblem(accountIdentifier, RULES.accountIdentifier) }])) return;
    this.magicOutcome.replaceChildren();
    this.setBusy('magic');
    const result = await createApiClient('').call(loginWithMagicLink, {
      accountIdentifier,
      // the link signs in and lands where the person wanted to go (absolute: it is opened from the e-mail)
      returnUrl: `${location.origin}${this.returnPath()}`,
    });
    this.setBusy('none');
    if (!result.ok) {
      this.refuse(failureMessage(result));
      return;
    }
    this.magicOutcome.replaceChildren(h('p', { class: 'ppm-notice ppm-notice--success' }, result.data.msg || T.magicSent));
  }

  /** A refusal belongs to no one field: the summary says it and takes the focus; the fields keep what was typed. */
  private refuse(message: string): void {
    this.summary.show([{ message }]);
    this.summary.element.focus();
  }

  private setBusy(busy: Busy): void {
    this.busy = busy;
    this.logInButton.textContent = busy === 'password' ? T.loggingIn : T.logIn;
    this.magicButton.textContent = busy === 'magic' ? T.magicSending : T.magicLink;
    for (const button of [this.logInButton, this.magicButton]) {
      if (busy === 'none') button.removeAttribute('aria-disabled');
      else button.setAttribute('aria-disabled', 'true');
    }
  }
}

if (!customElements.get(LOG_IN_TAG)) customElements.define(LOG_IN_TAG, AccountLogIn);

declare global {
  interface HTMLElementTagNameMap {
    'account-log-in': AccountLogIn;
  }
}
