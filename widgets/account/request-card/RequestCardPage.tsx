/**
 * The card request, /account/request-a-card and /account/request-card (doc 1 "Request a card", section 5;
 * issue 9: "for the user's real vehicles"; login-required), an island of our site on widgets/core. One
 * checkbox per vehicle of the selected policy (the only one is ticked already), the delivery Electronic or
 * Mail, and 'Request Card'; POST /api/user/request_card. Electronic e-mails the ID card, Mail stores a
 * request for the post; the answer's text says which, as a success notice. Doc 1's two messages show the
 * GOV.UK way (core's summary, and at each group). With no policy selected among several, the way to the
 * chooser (/account/multiple-policies).
 */
import { useRef, useState, type FormEvent } from 'react';
import { requestCard } from '../../../contract/api/endpoints/user.ts';
import { RequestCardForm, type Policy } from '../../../contract/api/policy.ts';
import { CARD_DELIVERY } from '../../../contract/reference/options.ts';
import { check } from '../../../contract/validate.ts';
import { ErrorSummary } from '../../core/ErrorSummary.tsx';
import { ErrorMessage, describedBy, hintId } from '../../core/fields/ErrorMessage.tsx';
import { useFormCore, useLocalValues, type FieldBinding } from '../../core/form-core.ts';
import { ownPolicies, selectedPolicy, type SessionState } from '../../core/session.ts';
import { useAdoptedStyles } from '../../core/styles/adopt.ts';
import { baseStyles } from '../../core/styles/base.styles.ts';
import { scoped, useWidget } from '../../core/widget.tsx';
import { accountStyles } from '../account.styles.ts';
import { ACCOUNT_SUMMARY_TEXTS, FormEnd, SignedIn, validateNow } from '../AccountParts.tsx';
import { ACCOUNT_PATHS } from '../paths.ts';
import { requestCardStyles } from './request-card.styles.ts';
import { REQUEST_CARD_TEXTS, type RequestCardTexts } from './request-card.texts.ts';

export const MULTIPLE_POLICIES_PATH = ACCOUNT_PATHS.multiplePolicies;
const ID = 'account-request-card';
const REQUEST_CARD_WIDGET = 'ppm-account-request-card';

type Values = { vehicles: string; delivery: string };
/** The ticked VINs travel in the form's one string value, a space between each (a VIN has none). */
const vinsOf = (value: string) => value.split(' ').filter(Boolean);

/**
 * GOV.UK's checkboxes or radios on core's field binding: a fieldset whose legend asks the question, a hint,
 * the error message under them (named by the fieldset's aria-describedby), one labelled control per option.
 * The first control carries the field's id, so the error summary's link and the focus go to it. Checkboxes
 * hold their ticked values as vinsOf reads them.
 */
function ChoiceGroup({ legend, hint, type, field, options }: { legend: string; hint?: string; type: 'checkbox' | 'radio'; field: FieldBinding; options: readonly { value: string; label: string }[] }) {
  const chosen = type === 'checkbox' ? vinsOf(field.value) : [field.value];
  const toggle = (value: string, on: boolean) =>
    type === 'radio' ? value : options.map((o) => o.value).filter((v) => (v === value ? on : chosen.includes(v))).join(' ');
  return (
    <fieldset className={field.error ? 'ppm-choices ppm-field--error' : 'ppm-choices'} aria-describedby={describedBy(field.id, field.error, hint)}>
      <legend>{legend}</legend>
      {hint && (
        <p id={hintId(field.id)} className="ppm-hint">
          {hint}
        </p>
      )}
      <ErrorMessage fieldId={field.id} message={field.error} />
      <div className="ppm-choice-list">
        {options.map((option, index) => {
          const id = index === 0 ? field.id : `${field.id}-${index}`;
          return (
            <div className="ppm-choice" key={option.value}>
              <input
                ref={index === 0 ? field.inputRef : undefined}
                id={id}
                type={type}
                name={field.name}
                value={option.value}
                checked={chosen.includes(option.value)}
                onChange={(event) => field.onChange(toggle(option.value, event.currentTarget.checked))}
              />
              <label htmlFor={id}>{option.label}</label>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}

function CardRequest({ policy, T }: { policy: Policy; T: RequestCardTexts }) {
  const { api } = useWidget();
  const local = useLocalValues<Values>({ vehicles: policy.vehicleInfo.length === 1 ? policy.vehicleInfo[0]!.vin : '', delivery: '' });
  const [outcome, setOutcome] = useState<{ kind: 'success' | 'danger'; text: string } | null>(null);
  const form = useFormCore<Values>(
    ID,
    () => ({
      names: ['vehicles', 'delivery'],
      message: (name, value) => {
        const result = name === 'vehicles' ? check(vinsOf(value), RequestCardForm.schema.vehicles) : check(value, RequestCardForm.schema.delivery);
        return result.ok ? undefined : result.errors[0]?.message;
      },
    }),
    local.values,
    (name, value) => {
      local.set(name, value);
      setOutcome(null); // another choice is another request
    },
  );
  const [formElement, setFormElement] = useState<HTMLFormElement | null>(null);
  const [busy, setBusy] = useState(false);
  const sending = useRef(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending.current) return;
    if (!validateNow(form)) return;
    sending.current = true;
    setBusy(true);
    setOutcome(null);
    const { vehicles, delivery } = form.latest();
    const result = await api.call(requestCard, {
      policyNumber: policy.policyNumber,
      vins: vinsOf(vehicles),
      delivery: delivery as (typeof CARD_DELIVERY)[number]['value'],
    });
    sending.current = false;
    setBusy(false);
    if (result.ok) return setOutcome({ kind: 'success', text: result.data.msg });
    if (result.status === 401) return; // the session ended page-wide: SignedIn offers the log-in page
    setOutcome({ kind: 'danger', text: result.status !== 0 && result.status < 500 ? (result.messages[0] ?? T.failed) : T.failed });
  }

  return (
    <form ref={setFormElement} noValidate aria-label={T.submit} onSubmit={onSubmit}>
      <ErrorSummary scope={formElement} resetKey={0} texts={{ ...ACCOUNT_SUMMARY_TEXTS, heading: T.summaryTitle }} />
      <dl className="account-facts">
        <dt>{T.policy}</dt>
        <dd>{policy.policyNumber}</dd>
      </dl>
      <p className="account-intro">{T.intro}</p>
      <ChoiceGroup
        legend={T.vehicles}
        type="checkbox"
        field={form.field('vehicles')}
        options={policy.vehicleInfo.map((v) => ({ value: v.vin, label: T.vehicle(v.year, v.make, v.model, v.vin) }))}
      />
      <ChoiceGroup legend={T.delivery} hint={T.deliveryHint} type="radio" field={form.field('delivery')} options={CARD_DELIVERY} />
      <FormEnd notice={outcome} busy={busy} label={T.submit} busyLabel={T.submitting} />
    </form>
  );
}

function RequestCardContent({ state, T }: { state: SessionState; T: RequestCardTexts }) {
  const policy = selectedPolicy(state);
  if (!policy) {
    const several = ownPolicies(state.policies).length > 1;
    return (
      <>
        <p className="ppm-notice ppm-notice--info">{several ? T.choosePolicy : T.noPolicy}</p>
        <p>
          <a className="ppm-button" href={several ? MULTIPLE_POLICIES_PATH : ACCOUNT_PATHS.dashboard}>
            {several ? T.choosePolicyLink : T.accountLink}
          </a>
        </p>
      </>
    );
  }
  if (policy.vehicleInfo.length === 0) return <p className="ppm-notice ppm-notice--info">{T.noVehicles}</p>;
  return <CardRequest key={policy.policyNumber} policy={policy} T={T} />;
}

function RequestCardView({ texts }: { texts?: Partial<RequestCardTexts> }) {
  const T = { ...REQUEST_CARD_TEXTS, ...texts };
  const { rootRef } = useWidget();
  useAdoptedStyles(rootRef, [baseStyles, accountStyles, requestCardStyles]);
  return (
    <div ref={rootRef} className="ppm-root account-request-card">
      <SignedIn texts={T}>{(state) => <RequestCardContent state={state} T={T} />}</SignedIn>
    </div>
  );
}

/** The page with its own widget context (widget.tsx): its API client. */
export const RequestCardPage = scoped<{ texts?: Partial<RequestCardTexts> }>(REQUEST_CARD_WIDGET, RequestCardView);
