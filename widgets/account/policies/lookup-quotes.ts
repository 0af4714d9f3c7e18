/**
 * <account-lookup-quotes>: /account/lookup-quotes (doc 1 "Lookup quotes (signed-in)"; the retrieve-quote form
 * of a signed-in person leads here). Once the page's session is known and signed in, it lists the account's
 * saved quotes not yet bought (policyStatus QUOTE, not another policy's fromQuoteNumber: contract openQuotes),
 * one button 'Policy #{number}' each with its vehicles. Choosing one opens it in the quote wizard at step 5
 * (/receive-a-quote?email=&dob=&zipcode=&quote=, see policies-logic.ts quoteWizardUrl). With none: the 'no
 * policy' message, and with more than one policy on the account the 'multiple policies' message too. Always:
 * the ways to the policies page and the account page.
 * A page element of our own site (STYLE.md habit 10): no attributes or events. Property `navigate` (a
 * Navigate, default the browser's) is where it sends the person, so a test can watch instead of leaving.
 */
import { ownPolicies, type SessionState } from '../../core/session.ts';
import { ACCOUNT_PATHS, adoptElementStyles, browserNavigate, h, whenSignedIn, type Child, type Navigate } from '../dom.ts';
import { choiceList } from './choice-list.ts';
import { openQuotes } from '../../../contract/api/policy.ts';
import { quoteWizardUrl, vehiclesInWords } from './policies-logic.ts';
import { policiesStyles } from './policies.styles.ts';
import { POLICIES_TEXTS as T } from './policies.texts.ts';

const LOOKUP_QUOTES_TAG = 'account-lookup-quotes';

class AccountLookupQuotes extends HTMLElement {
  navigate: Navigate = browserNavigate;
  private stop: () => void = () => undefined;

  connectedCallback(): void {
    adoptElementStyles(policiesStyles);
    this.classList.add('ppm-root', 'account-lookup-quotes');
    this.stop = whenSignedIn(this, T, (state) => this.render(state));
  }

  disconnectedCallback(): void {
    this.stop();
  }

  private render(state: SessionState): void {
    const quotes = openQuotes(state.policies);
    const email = state.user?.emailAddress ?? '';
    // doc 1: "if the user has more than one policy overall": bound or issued ones, which the chooser offers
    // (a bought quote stays on the list as the policy's origin, and is no second policy)
    const several = ownPolicies(state.policies).length > 1;
    const content: Child[] =
      quotes.length > 0
        ? [
            h('p', { class: 'account-intro' }, T.lookupIntro),
            choiceList(
              'pol-lookup',
              quotes.map((quote) => ({ policy: quote, summary: T.quoteVehicles(vehiclesInWords(quote)) })),
              (quote) => this.navigate(quoteWizardUrl(quote, email)),
            ),
          ]
        : [h('p', { class: 'ppm-notice ppm-notice--info' }, T.noQuotePolicy), several && h('p', {}, T.multiplePolicies)];
    this.replaceChildren(
      ...content.filter((node): node is Node => node instanceof Node),
      h(
        'div',
        { class: 'account-actions pol-ways' },
        h('a', { class: 'ppm-button ppm-button--secondary', href: ACCOUNT_PATHS.multiplePolicies }, T.toPolicies),
        h('a', { class: 'ppm-button ppm-button--secondary', href: ACCOUNT_PATHS.dashboard }, T.toAccount),
      ),
    );
  }
}

if (!customElements.get(LOOKUP_QUOTES_TAG)) customElements.define(LOOKUP_QUOTES_TAG, AccountLookupQuotes);

declare global {
  interface HTMLElementTagNameMap {
    'account-lookup-quotes': AccountLookupQuotes;
  }
}
