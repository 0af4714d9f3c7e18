/**
 * /account/lookup-quotes (doc 1 "Lookup quotes (signed-in)"; the retrieve-quote form of a signed-in person
 * leads here), an island of our site on widgets/core. Once the page's session is known and signed in, it
 * lists the account's saved quotes not yet bought (policyStatus QUOTE, not another policy's fromQuoteNumber:
 * contract openQuotes), one button 'Policy #{number}' each with its vehicles. Choosing one opens it in the
 * quote wizard at step 5 (/receive-a-quote?email=&dob=&zipcode=&quote=, see policies-logic.ts
 * quoteWizardUrl). With none: the 'no policy' message, and with more than one policy on the account the
 * 'multiple policies' message too. Always: the ways to the policies page and the account page.
 */
import { openQuotes } from '../../../contract/api/policy.ts';
import { ownPolicies, type SessionState } from '../../core/session.ts';
import { useAdoptedStyles } from '../../core/styles/adopt.ts';
import { baseStyles } from '../../core/styles/base.styles.ts';
import { scoped, useWidget } from '../../core/widget.tsx';
import { accountStyles } from '../account.styles.ts';
import { SignedIn } from '../AccountParts.tsx';
import { ACCOUNT_PATHS, browserNavigate, type Navigate } from '../paths.ts';
import { ChoiceList } from './ChoiceList.tsx';
import type { PolicyPageProps } from './PoliciesPage.tsx';
import { quoteWizardUrl, vehiclesInWords } from './policies-logic.ts';
import { policiesStyles } from './policies.styles.ts';
import { POLICIES_TEXTS as T } from './policies.texts.ts';

const LOOKUP_QUOTES_WIDGET = 'ppm-account-lookup-quotes';

function Quotes({ state, navigate }: { state: SessionState; navigate: Navigate }) {
  const quotes = openQuotes(state.policies);
  const email = state.user?.emailAddress ?? '';
  // doc 1: "if the user has more than one policy overall": bound or issued ones, which the chooser offers
  // (a bought quote stays on the list as the policy's origin, and is no second policy)
  const several = ownPolicies(state.policies).length > 1;
  return (
    <>
      {quotes.length > 0 ? (
        <>
          <p className="account-intro">{T.lookupIntro}</p>
          <ChoiceList
            idPrefix="pol-lookup"
            choices={quotes.map((quote) => ({ policy: quote, summary: T.quoteVehicles(vehiclesInWords(quote)) }))}
            choose={(quote) => navigate(quoteWizardUrl(quote, email))}
          />
        </>
      ) : (
        <>
          <p className="ppm-notice ppm-notice--info">{T.noQuotePolicy}</p>
          {several && <p>{T.multiplePolicies}</p>}
        </>
      )}
      <div className="account-actions pol-ways">
        <a className="ppm-button ppm-button--secondary" href={ACCOUNT_PATHS.multiplePolicies}>
          {T.toPolicies}
        </a>
        <a className="ppm-button ppm-button--secondary" href={ACCOUNT_PATHS.dashboard}>
          {T.toAccount}
        </a>
      </div>
    </>
  );
}

function LookupQuotesView({ navigate = browserNavigate }: PolicyPageProps) {
  const { rootRef } = useWidget();
  useAdoptedStyles(rootRef, [baseStyles, accountStyles, policiesStyles]);
  return (
    <div ref={rootRef} className="ppm-root account-lookup-quotes">
      <SignedIn texts={T}>{(state) => <Quotes state={state} navigate={navigate} />}</SignedIn>
    </div>
  );
}

/** The page with its own widget context (widget.tsx): its API client for the session check. */
export const LookupQuotesPage = scoped<PolicyPageProps>(LOOKUP_QUOTES_WIDGET, LookupQuotesView);
