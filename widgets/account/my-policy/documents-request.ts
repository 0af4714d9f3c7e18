/**
 * <account-documents-request>: My Policy's 'Request Documents & Insurance Card' form (doc 1 "My Policy
 * page", sections 7 and 8). One e-mail field and Submit; POST /api/documents/link e-mails a fresh documents
 * link to the address when a policy uses it. The button shows the request running, then done. The API
 * answers the same whether or not the address has a policy, so the success text claims nothing more. A
 * failure shows the first of the server's messages, else doc 1's 'Cannot locate policy' text.
 * A page element of our own site (STYLE.md habit 10): no attributes or events.
 */
import { documentsLink } from '../../../contract/api/endpoints/documents.ts';
import { email } from '../../../contract/rules/email.ts';
import { createApiClient } from '../../core/api-client.ts';
import { adoptAccountStyles, h } from '../dom.ts';
import { checkOnLeave, ruleProblem, inputField, type PlainField } from '../form-fields.ts';
import { MY_POLICY_TEXTS as T } from './my-policy.texts.ts';

const DOCUMENTS_REQUEST_TAG = 'account-documents-request';
const ID = 'account-documents-request';

type Phase = 'ready' | 'sending' | 'sent';

function emailProblem(value: string): string | undefined {
  return ruleProblem(value.trim(), email);
}

class AccountDocumentsRequest extends HTMLElement {
  private field: PlainField | undefined;
  private button = h('button', { type: 'submit', class: 'ppm-button' }, T.submit);
  /** A live region that stays in the page, so what is put in it is read out. */
  private outcome = h('div', { 'aria-live': 'polite' });
  private phase: Phase = 'ready';

  connectedCallback(): void {
    if (this.field) return;
    adoptAccountStyles();
    this.classList.add('ppm-root', 'account-request');
    const input = h('input', { type: 'email', name: 'emailAddress', autocomplete: 'email', spellcheck: 'false' });
    const field = inputField({ id: `${ID}-email`, label: T.email, input });
    this.field = field;
    // another address is another request
    input.addEventListener('input', () => {
      if (this.phase === 'sent') this.setPhase('ready');
    });
    const form = h(
      'form',
      { novalidate: true, 'aria-labelledby': `${ID}-title` },
      h('h2', { id: `${ID}-title` }, T.requestTitle),
      h('p', { class: 'account-intro' }, T.requestIntro),
      field.element,
      h('div', { class: 'account-actions' }, this.button),
      this.outcome,
    );
    checkOnLeave(form, field, emailProblem);
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      void this.submit(input.value);
    });
    this.replaceChildren(form);
  }

  private async submit(value: string): Promise<void> {
    if (this.phase === 'sending' || !this.field) return;
    const problem = emailProblem(value);
    this.field.setError(problem);
    if (problem) {
      this.field.control.focus();
      return;
    }
    this.outcome.replaceChildren();
    this.setPhase('sending');
    const result = await createApiClient('').call(documentsLink, { emailAddress: value.trim() });
    this.setPhase(result.ok ? 'sent' : 'ready');
    this.outcome.replaceChildren(
      result.ok
        ? h('p', { class: 'ppm-notice ppm-notice--success' }, T.sent)
        : h('p', { class: 'ppm-notice ppm-notice--danger' }, result.messages[0] ?? T.failed),
    );
  }

  private setPhase(phase: Phase): void {
    this.phase = phase;
    this.button.textContent = { ready: T.submit, sending: T.submitting, sent: T.submitted }[phase];
    if (phase === 'sending') this.button.setAttribute('aria-disabled', 'true');
    else this.button.removeAttribute('aria-disabled');
  }
}

if (!customElements.get(DOCUMENTS_REQUEST_TAG)) customElements.define(DOCUMENTS_REQUEST_TAG, AccountDocumentsRequest);

declare global {
  interface HTMLElementTagNameMap {
    'account-documents-request': AccountDocumentsRequest;
  }
}
