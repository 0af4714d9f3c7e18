/**
 * <account-request-card>: the card request, /account/request-a-card and /account/request-card (doc 1 "Request
 * a card", section 5; issue 9: "for the user's real vehicles"; login-required). One checkbox per vehicle of
 * the selected policy (the only one is ticked already), the delivery Electronic or Mail, and 'Request Card';
 * POST /api/user/request_card. Electronic e-mails the ID card, Mail stores a request for the post; the
 * answer's text says which, as a success notice. Doc 1's two messages show the GOV.UK way (summary and
 * group). With no policy selected among several, the way to the chooser (/account/multiple-policies).
 * A page element of our own site (STYLE.md habit 10): no attributes or events.
 */
import { requestCard } from '../../../contract/api/endpoints/user.ts';
import { RequestCardForm, type Policy } from '../../../contract/api/policy.ts';
import { CARD_DELIVERY } from '../../../contract/reference/options.ts';
import { createApiClient } from '../../core/api-client.ts';
import { ownPolicies, selectedPolicy, type SessionState } from '../../core/session.ts';
import { adoptElementStyles, h, whenSignedIn } from '../dom.ts';
import { choiceGroup, errorSummary, formProblems, reportProblems, whileBusy } from '../form-fields.ts';
import { requestCardStyles } from './request-card.styles.ts';
import { REQUEST_CARD_TEXTS as T } from './request-card.texts.ts';

const REQUEST_CARD_TAG = 'account-request-card';
export const MULTIPLE_POLICIES_PATH = '/account/multiple-policies';
const ACCOUNT_PATH = '/account';
const ID = 'account-request-card';

class AccountRequestCard extends HTMLElement {
  private started = false;
  private sending = false;
  private stopSession: () => void = () => undefined;

  connectedCallback(): void {
    if (this.started) return;
    this.started = true;
    adoptElementStyles(requestCardStyles);
    this.classList.add('ppm-root');
    this.stopSession = whenSignedIn(this, T, (state) => this.show(state));
  }

  disconnectedCallback(): void {
    this.stopSession();
  }

  private show(state: SessionState): void {
    const policy = selectedPolicy(state);
    if (!policy) {
      const several = ownPolicies(state.policies).length > 1;
      this.replaceChildren(
        h('p', { class: 'ppm-notice ppm-notice--info' }, several ? T.choosePolicy : T.noPolicy),
        h('p', {}, h('a', { class: 'ppm-button', href: several ? MULTIPLE_POLICIES_PATH : ACCOUNT_PATH }, several ? T.choosePolicyLink : T.accountLink)),
      );
    } else if (policy.vehicleInfo.length === 0) {
      this.replaceChildren(h('p', { class: 'ppm-notice ppm-notice--info' }, T.noVehicles));
    } else {
      this.showForm(policy);
    }
  }

  private showForm(policy: Policy): void {
    const summary = errorSummary(`${ID}-errors`, T.summaryTitle);
    const vehicles = choiceGroup({
      id: `${ID}-vehicles`,
      legend: T.vehicles,
      type: 'checkbox',
      options: policy.vehicleInfo.map((v) => ({ value: v.vin, label: T.vehicle(v.year, v.make, v.model, v.vin) })),
    });
    if (vehicles.controls.length === 1) vehicles.controls[0]!.checked = true;
    const delivery = choiceGroup({ id: `${ID}-delivery`, legend: T.delivery, hint: T.deliveryHint, type: 'radio', options: CARD_DELIVERY });
    const button = h('button', { type: 'submit', class: 'ppm-button' }, T.submit);
    const outcome = h('div', {});
    const form = h(
      'form',
      { novalidate: true, 'aria-label': T.submit },
      summary.element,
      h('dl', { class: 'account-facts' }, h('dt', {}, T.policy), h('dd', {}, policy.policyNumber)),
      h('p', { class: 'account-intro' }, T.intro),
      vehicles.element,
      delivery.element,
      outcome,
      h('div', { class: 'account-actions' }, button),
    );
    const values = () => ({ vehicles: vehicles.values(), delivery: delivery.values()[0] ?? '' });
    // a shown problem goes as soon as it is put right (STYLE.md habit 6)
    form.addEventListener('change', () => {
      const problems = formProblems(values(), RequestCardForm);
      if (!problems.vehicles) vehicles.setError(undefined);
      if (!problems.delivery) delivery.setError(undefined);
      outcome.replaceChildren(); // another choice is another request
    });
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      if (this.sending) return;
      const problems = formProblems(values(), RequestCardForm);
      if (!reportProblems(summary, [{ field: vehicles, problem: problems.vehicles }, { field: delivery, problem: problems.delivery }])) return;
      this.sending = true;
      outcome.replaceChildren();
      const { vehicles: vins, delivery: chosen } = values();
      const result = await whileBusy(button, T.submitting, () =>
        createApiClient('').call(requestCard, {
          policyNumber: policy.policyNumber,
          vins,
          delivery: chosen as (typeof CARD_DELIVERY)[number]['value'],
        }),
      );
      this.sending = false;
      if (result.ok) {
        outcome.replaceChildren(h('p', { class: 'ppm-notice ppm-notice--success', role: 'status' }, result.data.msg));
        return;
      }
      if (result.status === 401) return; // the session ended page-wide: whenSignedIn offers the log-in page
      const message = result.status !== 0 && result.status < 500 ? (result.messages[0] ?? T.failed) : T.failed;
      outcome.replaceChildren(h('p', { class: 'ppm-notice ppm-notice--danger', role: 'alert' }, message));
    });
    this.replaceChildren(form);
  }
}

if (!customElements.get(REQUEST_CARD_TAG)) customElements.define(REQUEST_CARD_TAG, AccountRequestCard);

declare global {
  interface HTMLElementTagNameMap {
    'account-request-card': AccountRequestCard;
  }
}
