/**
 * /account/multiple-policies (doc 1 route table: "Chooser when a user has several policies"; the dashboard
 * sends a person here when no policy is selected), an island of our site on widgets/core. Two parts, once
 * the page's session is known and signed in:
 *   - the policy chooser: 'Which policy would you like to view?', one button 'Policy #{policyNumber}' per
 *     bound or issued policy of the account; choosing one selects it (widgets/core/session.ts selectPolicy,
 *     kept for this tab) and goes to /account;
 *   - the quote chooser (doc 1 "Quote chooser"): 'Which quote would you like to view?', one button per open
 *     saved quote (QUOTE status, not yet bought); choosing one opens it in the quote wizard at step 5. With
 *     none: 'You do not have any current quotes.' and 'View my policies' (several policies: the chooser
 *     above) or 'View my policy' (one: /account).
 */
import { openQuotes, type Policy } from '../../../contract/api/policy.ts';
import { ownPolicies, selectPolicy, type SessionState } from '../../core/session.ts';
import { useAdoptedStyles } from '../../core/styles/adopt.ts';
import { baseStyles } from '../../core/styles/base.styles.ts';
import { scoped, useWidget } from '../../core/widget.tsx';
import { accountStyles } from '../account.styles.ts';
import { SignedIn } from '../AccountParts.tsx';
import { ACCOUNT_PATHS, browserNavigate, type Navigate } from '../paths.ts';
import { ChoiceList } from './ChoiceList.tsx';
import { noQuotesWayOut, policySummary, quoteWizardUrl, vehiclesInWords } from './policies-logic.ts';
import { policiesStyles } from './policies.styles.ts';
import { POLICIES_TEXTS as T } from './policies.texts.ts';

/** The policy chooser's heading: 'View my policies' of the quote chooser points here. */
const POLICY_CHOOSER_ID = 'choose-policy';
const POLICIES_WIDGET = 'ppm-account-policies';

export interface PolicyPageProps {
  /** Where the page sends the person (tests watch instead); default the browser's. */
  navigate?: Navigate;
}

function PolicyChooser({ policies, selected, choose }: { policies: readonly Policy[]; selected: string | null; choose: (policy: Policy) => void }) {
  return (
    <section className="pol-part" aria-labelledby={POLICY_CHOOSER_ID}>
      <h2 id={POLICY_CHOOSER_ID} tabIndex={-1}>
        {T.policyChooserTitle}
      </h2>
      {policies.length > 0 ? (
        <ChoiceList
          idPrefix="pol-policy"
          choices={policies.map((policy) => ({ policy, summary: policySummary(policy, T.renews), note: policy.policyNumber === selected ? T.viewing : undefined }))}
          choose={choose}
        />
      ) : (
        <>
          <p>{T.noPolicies}</p>
          <p>
            <a className="ppm-button" href={ACCOUNT_PATHS.receiveQuote}>
              {T.receiveQuote}
            </a>
          </p>
        </>
      )}
    </section>
  );
}

/** Doc 1 "Quote chooser": one button per saved quote, or the way out when there is none. */
function QuoteChooser({ quotes, ownPolicyCount, choose }: { quotes: readonly Policy[]; ownPolicyCount: number; choose: (quote: Policy) => void }) {
  const wayOut = noQuotesWayOut(ownPolicyCount);
  return (
    <section className="pol-part" aria-labelledby="choose-quote">
      <h2 id="choose-quote">{T.quoteChooserTitle}</h2>
      {quotes.length > 0 ? (
        <ChoiceList idPrefix="pol-quote" choices={quotes.map((quote) => ({ policy: quote, summary: vehiclesInWords(quote) }))} choose={choose} />
      ) : (
        <>
          <p>{T.noCurrentQuotes}</p>
          {wayOut && (
            <p>
              {wayOut === 'policies' ? (
                <a className="ppm-button ppm-button--secondary" href={`${ACCOUNT_PATHS.multiplePolicies}#${POLICY_CHOOSER_ID}`}>
                  {T.viewMyPolicies}
                </a>
              ) : (
                <a className="ppm-button ppm-button--secondary" href={ACCOUNT_PATHS.dashboard}>
                  {T.viewMyPolicy}
                </a>
              )}
            </p>
          )}
        </>
      )}
    </section>
  );
}

function Choosers({ state, navigate }: { state: SessionState; navigate: Navigate }) {
  const own = ownPolicies(state.policies);
  const email = state.user?.emailAddress ?? '';
  return (
    <>
      <PolicyChooser
        policies={own}
        selected={state.selectedPolicyNumber}
        choose={(policy) => {
          selectPolicy(policy.policyNumber);
          navigate(ACCOUNT_PATHS.dashboard);
        }}
      />
      <QuoteChooser quotes={openQuotes(state.policies)} ownPolicyCount={own.length} choose={(quote) => navigate(quoteWizardUrl(quote, email))} />
    </>
  );
}

function PoliciesView({ navigate = browserNavigate }: PolicyPageProps) {
  const { rootRef } = useWidget();
  useAdoptedStyles(rootRef, [baseStyles, accountStyles, policiesStyles]);
  return (
    <div ref={rootRef} className="ppm-root account-policies">
      <SignedIn texts={T}>{(state) => <Choosers state={state} navigate={navigate} />}</SignedIn>
    </div>
  );
}

/** The page with its own widget context (widget.tsx): its API client for the session check. */
export const PoliciesPage = scoped<PolicyPageProps>(POLICIES_WIDGET, PoliciesView);
