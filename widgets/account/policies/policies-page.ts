/**
 * <account-policies>: /account/multiple-policies (doc 1 route table: "Chooser when a user has several
 * policies"; the dashboard sends a person here when no policy is selected). Two parts, once the page's
 * session is known and signed in:
 *   - the policy chooser: 'Which policy would you like to view?', one button 'Policy #{policyNumber}' per
 *     bound or issued policy of the account; choosing one selects it (widgets/core/session.ts selectPolicy,
 *     kept for this tab) and goes to /account;
 *   - the quote chooser (doc 1 "Quote chooser"): 'Which quote would you like to view?', one button per open
 *     saved quote (QUOTE status, not yet bought); choosing one opens it in the quote wizard at step 5. With
 *     none: 'You do not have any current quotes.' and 'View my policies' (several policies: the chooser
 *     above) or 'View my policy' (one: /account).
 * A page element of our own site (STYLE.md habit 10): no attributes or events. Property `navigate` (a
 * Navigate, default the browser's) is where it sends the person, so a test can watch instead of leaving.
 */
import type { Policy } from '../../../contract/api/policy.ts';
import { ownPolicies, selectPolicy, type SessionState } from '../../core/session.ts';
import { ACCOUNT_PATHS, adoptElementStyles, browserNavigate, h, whenSignedIn, type Navigate } from '../dom.ts';
import { choiceList } from './choice-list.ts';
import { openQuotes } from '../../../contract/api/policy.ts';
import { noQuotesWayOut, policySummary, quoteWizardUrl, vehiclesInWords } from './policies-logic.ts';
import { policiesStyles } from './policies.styles.ts';
import { POLICIES_TEXTS as T } from './policies.texts.ts';

const POLICIES_TAG = 'account-policies';

/** The policy chooser's heading: 'View my policies' of the quote chooser points here. */
const POLICY_CHOOSER_ID = 'choose-policy';

class AccountPolicies extends HTMLElement {
  navigate: Navigate = browserNavigate;
  private stop: () => void = () => undefined;

  connectedCallback(): void {
    adoptElementStyles(policiesStyles);
    this.classList.add('ppm-root', 'account-policies');
    this.stop = whenSignedIn(this, T, (state) => this.render(state));
  }

  disconnectedCallback(): void {
    this.stop();
  }

  private render(state: SessionState): void {
    const own = ownPolicies(state.policies);
    const email = state.user?.emailAddress ?? '';
    this.replaceChildren(
      policyChooser(own, state.selectedPolicyNumber, (policy) => {
        selectPolicy(policy.policyNumber);
        this.navigate(ACCOUNT_PATHS.dashboard);
      }),
      quoteChooser(openQuotes(state.policies), own.length, (quote) => this.navigate(quoteWizardUrl(quote, email))),
    );
  }
}

function policyChooser(policies: readonly Policy[], selected: string | null, choose: (policy: Policy) => void): HTMLElement {
  const titleId = POLICY_CHOOSER_ID;
  return h(
    'section',
    { class: 'pol-part', 'aria-labelledby': titleId },
    h('h2', { id: titleId, tabindex: '-1' }, T.policyChooserTitle),
    ...(policies.length > 0
      ? [
          choiceList(
            'pol-policy',
            policies.map((policy) => ({
              policy,
              summary: policySummary(policy, T.renews),
              note: policy.policyNumber === selected ? T.viewing : undefined,
            })),
            choose,
          ),
        ]
      : [h('p', {}, T.noPolicies), h('p', {}, h('a', { class: 'ppm-button', href: ACCOUNT_PATHS.receiveQuote }, T.receiveQuote))]),
  );
}

/** Doc 1 "Quote chooser": one button per saved quote, or the way out when there is none. */
function quoteChooser(quotes: readonly Policy[], ownPolicyCount: number, choose: (quote: Policy) => void): HTMLElement {
  const titleId = 'choose-quote';
  const wayOut = noQuotesWayOut(ownPolicyCount);
  return h(
    'section',
    { class: 'pol-part', 'aria-labelledby': titleId },
    h('h2', { id: titleId }, T.quoteChooserTitle),
    ...(quotes.length > 0
      ? [choiceList('pol-quote', quotes.map((quote) => ({ policy: quote, summary: vehiclesInWords(quote) })), choose)]
      : [
          h('p', {}, T.noCurrentQuotes),
          wayOut &&
            h(
              'p',
              {},
              wayOut === 'policies'
                ? h('a', { class: 'ppm-button ppm-button--secondary', href: `${ACCOUNT_PATHS.multiplePolicies}#${POLICY_CHOOSER_ID}` }, T.viewMyPolicies)
                : h('a', { class: 'ppm-button ppm-button--secondary', href: ACCOUNT_PATHS.dashboard }, T.viewMyPolicy),
            ),
        ]),
  );
}

if (!customElements.get(POLICIES_TAG)) customElements.define(POLICIES_TAG, AccountPolicies);

declare global {
  interface HTMLElementTagNameMap {
    'account-policies': AccountPolicies;
  }
}
