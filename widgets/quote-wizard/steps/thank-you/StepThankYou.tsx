import { useMemo, useRef, useState, type FormEvent } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { define } from 'superstruct';
import {
  formatCents, MESSAGES, newPassword, passwordChecklist, PURCHASE_TOKEN_HEADER, type MailingAddress, type PasswordChecklist, type SignUpRequest,
} from '../../../../contract/index.ts';
import { TextField } from '../../../core/fields/TextField.tsx';
import { useForm, type Rules } from '../../../core/form.ts';
import { session } from '../../../core/session.ts';
import { useAdoptedStyles } from '../../../core/styles/adopt.ts';
import { useWidget } from '../../../core/widget.tsx';
import { clearWizard } from '../../persistence.ts';
import type { StepProps } from '../../step.ts';
import { purchaseStyles } from '../purchase.styles.ts';
import { purchaseOf, type BoundPolicy } from '../../model/purchase-model.ts';
import { purchaseTokenFor } from '../../model/purchase-token.ts';
import { quotePolicyOf } from '../../model/quote-policy.ts';
import { SIGN_UP_TOAST_MS, THANK_YOU_TEXTS as T } from './thank-you.texts.ts';
import * as endpoints from '../../../../contract/api/endpoints.ts';

/**
 * Step 7, thank-you (doc 3 sections 2, 4, 6, 8). After payment: the binder number, and that the e-mail with
 * the policy documents and the text with the link for the initial odometer photo are on their way (the
 * bind queued both), and that the policy is issued only once the signed documents and a valid initial
 * odometer photo arrive. A visitor (not signed in) can create an account here: password and verify
 * password with the live checklist (contract/rules/password.ts), POST /api/user/signup with the bind's
 * purchase token (so the buyer's password takes effect at once, issue 22), the success toast for 10 s and
 * then home; the call-us message on failure, or the rule's message when the API refused the request (400). A signed-in person (the page-wide session) gets
 * a link to their account instead of the form. Without a bound policy (an anonymous quote):
 * the quote number and 'Continue to Homepage'. Everything shown comes from the wizard state, so a reload
 * shows it again; the password is never stored.
 */
export interface StepThankYouProps extends StepProps {
  /** Origin of the brand site ('' on our own site): home and the account's return address. */
  siteUrl?: string;
  /** How the wizard leaves for another page; tests catch it. */
  navigate?: (url: string) => void;
  /** Tests shorten the 10 s the sign-up toast shows before the wizard goes home. */
  toastMs?: number;
}

export function StepThankYou({ state, register, api, siteUrl = '', navigate = (url) => globalThis.location.assign(url), toastMs = SIGN_UP_TOAST_MS }: StepThankYouProps) {
  useSignals();
  const rootRef = useRef<HTMLDivElement>(null);
  useAdoptedStyles(rootRef, purchaseStyles);
  const bound = purchaseOf(state).bound;
  const policy = quotePolicyOf(state.quoteResponse);
  register({ onContinue: () => 'stay', onBack: () => 'stay' });

  const home = () => {
    clearWizard();
    navigate(`${siteUrl}/`);
  };

  if (!bound) {
    return (
      <div ref={rootRef} className="ppm-root ppm-thanks" part="thank-you">
        <p className="ppm-thanks__lead">{T.quoteThanks}</p>
        <dl className="ppm-thanks__facts">
          <div>
            <dt>{T.quoteNumber}</dt>
            <dd>{policy?.policyNumber ?? ''}</dd>
          </div>
        </dl>
        <p>{T.quoteKeep}</p>
        <div className="ppm-wizard__actions">
          <button type="button" className="ppm-button" part="home" onClick={home}>
            {T.continueHome}
          </button>
        </div>
      </div>
    );
  }

  const mailing = policy?.addressInfo.find((address) => address.addressType === 'Mailing') ?? policy?.addressInfo[0];
  const policyAddress: MailingAddress | undefined = mailing
    ? { streetName: mailing.streetName, city: mailing.city, state: mailing.state as MailingAddress['state'], zip: mailing.zip }
    : undefined;

  return (
    <div ref={rootRef} className="ppm-root ppm-thanks" part="thank-you">
      <p className="ppm-thanks__lead ppm-purchase__confirmed">{T.purchased}</p>
      <dl className="ppm-thanks__facts">
        <div>
          <dt>{T.binderNumber}</dt>
          <dd>{bound.binderNumber}</dd>
        </div>
        <div>
          <dt>{T.policyNumber}</dt>
          <dd>{bound.policyNumber}</dd>
        </div>
        {bound.amountChargedCents !== undefined && (
          <div>
            <dt>{T.paidToday}</dt>
            <dd>{formatCents(bound.amountChargedCents)}</dd>
          </div>
        )}
      </dl>
      <h4 className="ppm-payment__heading">{T.nextHeading}</h4>
      <ul className="ppm-thanks__next">
        <li>{bound.emailAddress ? T.documentsEmail(bound.emailAddress) : T.documentsEmailNoAddress}</li>
        <li>{T.odometerText}</li>
      </ul>
      <p className="ppm-notice ppm-notice--info">{T.notIssued}</p>
      {session.value.status === 'success' ? (
        <section className="ppm-thanks__account" aria-labelledby="ppm-account-heading" part="account">
          <h4 id="ppm-account-heading" className="ppm-payment__heading">
            {T.signedInHeading}
          </h4>
          <p>{T.signedInLead}</p>
          <a className="ppm-button" href={`${siteUrl}/account`} part="account-link">
            {T.signedInLink}
          </a>
        </section>
      ) : (
        bound.emailAddress && (
          <CreateAccount bound={bound} policyAddress={policyAddress} api={api} siteUrl={siteUrl} navigate={navigate} toastMs={toastMs} />
        )
      )}
    </div>
  );
}

interface AccountValues extends Record<string, string> {
  password: string;
  verifyPassword: string;
}

const CHECKS: (keyof PasswordChecklist)[] = ['length', 'number', 'upper', 'lower', 'special', 'match'];

function CreateAccount({ bound, policyAddress, api, siteUrl, navigate, toastMs }: {
  bound: BoundPolicy; policyAddress: MailingAddress | undefined; api: StepProps['api']; siteUrl: string; navigate: (url: string) => void; toastMs: number;
}) {
  const { showSnackbar } = useWidget();
  const password = useRef('');
  // the verification is checked against the password field's current value (the contract's sibling rule
  // reads a whole form object; this form checks field by field)
  const rules = useMemo<Rules<AccountValues>>(
    () => ({
      password: newPassword,
      verifyPassword: define<string>('verifyPassword', (value) => {
        if (typeof value !== 'string' || value === '') return MESSAGES.required;
        return value === password.current || MESSAGES.passwordMatch;
      }),
    }),
    [],
  );
  const form = useForm<AccountValues>('ppm-account', rules, { password: '', verifyPassword: '' });
  password.current = form.values.password;
  const checklist = passwordChecklist(form.values.password, form.values.verifyPassword);
  // the call-us text (doc 3 section 8), or the rule's message when the API refused the request itself
  const [failed, setFailed] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const sending = useRef(false);

  async function onSubmit(event: FormEvent | { preventDefault(): void }) {
    event.preventDefault();
    if (sending.current || done) return;
    const values = form.validate();
    if (!values) return;
    sending.current = true;
    setFailed(null);
    try {
      const body: SignUpRequest = {
        emailAddress: bound.emailAddress,
        // a path on our own site ('' siteUrl), whatever name the page was reached by (issue 22 item 10)
        returnUrl: `${siteUrl}/account/`,
        password: form.values.password,
        ...(policyAddress ? { policyAddress } : {}),
      };
      // the bind's purchase token proves the buyer: the password takes effect at once (issue 22)
      const token = purchaseTokenFor(bound.quoteNumber);
      const result = await api.call(endpoints.signUp, body, token ? { headers: { [PURCHASE_TOKEN_HEADER]: token } } : {});
      if (!result.ok) {
        setFailed(result.status === 400 && result.messages.length > 0 ? result.messages.join(' ') : T.signUpFailure);
        return;
      }
      setDone(true);
      showSnackbar('info', result.data?.message || T.signUpSuccess, toastMs);
      clearWizard();
      setTimeout(() => navigate(`${siteUrl}/`), toastMs);
    } finally {
      sending.current = false;
    }
  }

  return (
    <section className="ppm-thanks__account" aria-labelledby="ppm-account-heading">
      <h4 id="ppm-account-heading" className="ppm-payment__heading">
        {T.accountHeading}
      </h4>
      <p>{T.accountLead(bound.emailAddress)}</p>
      <TextField label={T.password} field={form.field('password')} type="password" autoComplete="new-password" />
      <ul className="ppm-thanks__checklist" aria-label={T.checklistLabel}>
        {CHECKS.map((check) => (
          <li key={check} className={checklist[check] ? 'ppm-thanks__check ppm-thanks__check--met' : 'ppm-thanks__check'} data-check={check}>
            {T.checks[check]}
            <span className="ppm-visually-hidden">: {checklist[check] ? T.met : T.notMet}</span>
          </li>
        ))}
      </ul>
      <TextField label={T.verifyPassword} field={form.field('verifyPassword')} type="password" autoComplete="new-password" />
      {failed && (
        <p className="ppm-notice ppm-notice--danger" role="alert">
          {failed}
        </p>
      )}
      <button type="button" className="ppm-button" part="create-account" aria-disabled={done ? true : undefined} onClick={(event) => void onSubmit(event)}>
        {T.createAccount}
      </button>
    </section>
  );
}
