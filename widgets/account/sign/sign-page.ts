/**
 * <account-sign>: the e-signature page, /account/sign?token=... (issue 8; ESIGN Act and UETA: consent,
 * intent, the signature tied to the record). It takes the link's token off the address bar (kept in this
 * tab's sessionStorage, so a reload still works), loads the application with GET /api/esign, and shows the
 * policy number, a link to the application PDF, the consent beside a required checkbox, a 'Full name' field
 * and an explicit 'Sign' button. POST /api/esign signs; the server checks the name against the named
 * insured. Problems show in an error summary linked to their field, with what was typed kept; a signed
 * application shows its confirmation and the documents link.
 * A page element of our own site (STYLE.md habit 10): no attributes or events.
 */
import { esign, esignView } from '../../../contract/api/endpoints/documents.ts';
import { EsignRequest, type EsignView } from '../../../contract/api/onboarding.ts';
import { MESSAGES } from '../../../contract/messages.ts';
import { formatUsDate } from '../../../contract/rules/dates.ts';
import { createApiClient, type ApiResult } from '../../core/api-client.ts';
import { adoptAccountStyles, deadEnd, h, loadingMessage, newTabLink, safeHref, takeLinkToken } from '../dom.ts';
import { checkboxField, checkOnLeave, errorSummary, inputField, ruleProblem, whileBusy, type ErrorSummary, type PlainField } from '../form-fields.ts';
import { SIGN_TEXTS as T } from './sign.texts.ts';

const SIGN_TAG = 'account-sign';
/** Where the link's token waits for a reload of this tab. */
export const SIGN_TOKEN_KEY = 'ppm-esign-token';
const ID = 'account-sign';

const RULES = EsignRequest.schema;

/** What a failed call shows: the server's words for a 4xx, ours when there was no answer or a 5xx. */
function failureMessage(result: ApiResult<unknown> & { ok: false }): string {
  return result.status !== 0 && result.status < 500 ? (result.messages[0] ?? T.failure) : T.failure;
}

/** signedAt is an ISO time: the day it was, here. */
function localDay(iso: string | undefined): string | null {
  const time = iso ? new Date(iso) : null;
  if (!time || Number.isNaN(time.getTime())) return null;
  return formatUsDate({ year: time.getFullYear(), month: time.getMonth() + 1, day: time.getDate() });
}

interface SignForm {
  token: string;
  view: EsignView;
  summary: ErrorSummary;
  consent: PlainField;
  name: PlainField;
  button: HTMLButtonElement;
}

/** While the application is not made yet (409), the page asks again this often, this many times in all. */
const NOT_READY_WAIT_MS = 2000;
const NOT_READY_TRIES = 8;

class AccountSign extends HTMLElement {
  private started = false;
  private sending = false;

  connectedCallback(): void {
    if (this.started) return;
    this.started = true;
    adoptAccountStyles();
    this.classList.add('ppm-root', 'account-sign');
    const token = takeLinkToken(SIGN_TOKEN_KEY);
    if (token) void this.load(token);
    else this.replaceChildren(...deadEnd(T.noToken, T.myPolicyLink));
  }

  private async load(token: string): Promise<void> {
    this.replaceChildren(loadingMessage(T.loading));
    const api = createApiClient('');
    let result = await api.call(esignView, null, { query: { token } });
    // A link opened right after the purchase: the application is being made (the documents job, in a
    // process of its own); the loader stays while it is, and the page says 'not ready' only after that.
    for (let tries = 1; !result.ok && result.status === 409 && tries < NOT_READY_TRIES && this.isConnected; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, NOT_READY_WAIT_MS));
      result = await api.call(esignView, null, { query: { token } });
    }
    if (!result.ok) {
      this.replaceChildren(...deadEnd(failureMessage(result), T.myPolicyLink));
    } else if (result.data.status === 'signed') {
      const day = localDay(result.data.signedAt);
      this.showSigned(result.data.documentsUrl, T.signedHeading, day ? `${T.alreadySigned} ${T.signedOn(day)}` : T.alreadySigned, false);
    } else {
      this.showForm(token, result.data);
    }
  }

  private showForm(token: string, view: EsignView): void {
    const parts: SignForm = {
      token,
      view,
      summary: errorSummary(`${ID}-errors`, T.summaryTitle),
      consent: checkboxField({ id: `${ID}-consent`, label: view.consentText }),
      name: inputField({
        id: `${ID}-name`,
        label: T.fullName,
        hint: T.fullNameHint,
        input: h('input', { type: 'text', name: 'fullName', autocomplete: 'name', spellcheck: 'false' }),
      }),
      button: h('button', { type: 'submit', class: 'ppm-button' }, T.sign),
    };
    const { summary, consent, name, button } = parts;
    const form = h('form', { novalidate: true }, summary.element, consent.element, name.element, h('div', { class: 'account-actions' }, button));

    // A shown consent error goes once the box is ticked; the name is checked as it is left (STYLE.md habit 6).
    consent.control.addEventListener('change', () => {
      if (consent.control.checked) consent.setError(undefined);
    });
    checkOnLeave(form, name, (value) => ruleProblem(value, RULES.fullName));
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      if (!this.sending && this.validate(parts)) void this.sign(parts);
    });

    const applicationHref = safeHref(view.applicationUrl);
    this.replaceChildren(
      h('dl', { class: 'account-facts' }, h('dt', {}, T.policyNumber), h('dd', {}, view.policyNumber)),
      h('p', {}, T.intro),
      applicationHref ? h('p', {}, newTabLink(applicationHref, T.readApplication, T.newTab)) : '',
      form,
    );
  }

  /** The contract's rules for the consent and the name; on a problem, the summary and the first invalid field focused. */
  private validate({ summary, consent, name }: SignForm): boolean {
    const problems = [
      { field: consent, message: ruleProblem(consent.control.checked, RULES.consent) },
      { field: name, message: ruleProblem(name.control.value, RULES.fullName) },
    ];
    for (const { field, message } of problems) field.setError(message);
    const found = problems.filter((p): p is { field: PlainField; message: string } => p.message !== undefined);
    if (found.length === 0) {
      summary.hide();
      return true;
    }
    summary.show(found.map(({ field, message }) => ({ message, field: field.control })));
    found[0]!.field.control.focus(); // doc 1 section 8: the first invalid field is focused
    return false;
  }

  private async sign(parts: SignForm): Promise<void> {
    const { token, view, summary, consent, name, button } = parts;
    this.sending = true;
    const result = await whileBusy(button, T.signing, () =>
      createApiClient('').call(esign, { token, consent: true, fullName: name.control.value.trim() }),
    );
    this.sending = false;
    if (result.ok) {
      this.showSigned(result.data.documentsUrl, T.signedTitle, T.signedText, true);
      return;
    }
    const message = failureMessage(result);
    if (message === MESSAGES.esignAlreadySigned) {
      this.showSigned(view.documentsUrl, T.signedHeading, message, true);
      return;
    }
    // The server's rule names its field by its message; anything else (a used-up link) belongs to no field.
    const field = message === MESSAGES.esignConsentRequired ? consent : message === MESSAGES.esignNameMismatch ? name : undefined;
    field?.setError(message);
    summary.show([field ? { message, field: field.control } : { message }]);
    (field?.control ?? summary.element).focus();
  }

  /** The signed state; focus goes to its heading only after the person's own action. */
  private showSigned(documentsUrl: string, title: string, text: string, focus: boolean): void {
    const heading = h('h2', { tabindex: '-1' }, title);
    const href = safeHref(documentsUrl);
    this.replaceChildren(heading, h('p', {}, text), href ? h('p', {}, h('a', { class: 'ppm-button', href }, T.documentsLink)) : '');
    if (focus) heading.focus();
  }
}

if (!customElements.get(SIGN_TAG)) customElements.define(SIGN_TAG, AccountSign);

declare global {
  interface HTMLElementTagNameMap {
    'account-sign': AccountSign;
  }
}
