import { useEffect, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { BRAND, INSURANCE_PROVIDER_OTHER, VEHICLE_DRIVERS, VEHICLE_LOCATIONS, localMidnight, localToday } from '../../contract/index.ts';
import { claims } from '../../contract/api/endpoints.ts';
import { DateField } from '../core/date-picker.tsx';
import { ErrorSummary } from '../core/ErrorSummary.tsx';
import { RadioGroup } from '../core/fields/Choices.tsx';
import { MaskedField } from '../core/fields/MaskedField.tsx';
import { SelectField } from '../core/fields/SelectField.tsx';
import { TextAreaField } from '../core/fields/TextAreaField.tsx';
import { TextField } from '../core/fields/TextField.tsx';
import { useBoundForm } from '../core/form.ts';
import { useLocalValues } from '../core/form-core.ts';
import { Overlay } from '../core/overlay.tsx';
import { useAdoptedStyles } from '../core/styles/adopt.ts';
import { scoped, useWidget } from '../core/widget.tsx';
import { claimFormStyles } from './claim-form.styles.ts';
import { CLAIM_FORM_TEXTS, SUCCESS_MS, type ClaimFormTexts } from './claim-form.texts.ts';
import { element } from './claim-form.element.ts';
import {
  EMPTY_CLAIM, NO, RELATION_INSURED, RELATION_OTHER, STEP_COUNT, YES, asksForPhone, claimPayload, isShown, stepRules,
  type ClaimField, type ClaimValues,
} from './claim-form.model.ts';
import { PhotoPicker } from './PhotoPicker.tsx';

/**
 * The claim form, First Notice of Loss (doc 1 "Claims page", sections 3, 5, 7, 8): five steps with Back, Next
 * and Submit as doc 1 has them (Back disabled on step 1, Next on step 5, Submit on steps 1 to 4), each step's
 * shown fields checked on Next, and up to five photos of the damage. POST /api/contact/claims.
 */
export interface ClaimFormProps {
  /** Origin of the API; default same-origin, or the loader's origin when embedded. */
  apiBase?: string;
  /** Replacement texts, merged over CLAIM_FORM_TEXTS. */
  texts?: Partial<ClaimFormTexts>;
  /** How long the success text stays (doc 1: 10 s); tests shorten it. */
  successMs?: number;
}

type Status = { kind: 'danger'; text: string } | { kind: 'success'; text: string; reference: string } | null;

const ID = 'ppm-claim';

function ClaimFormView({ texts: overrides, successMs = SUCCESS_MS }: ClaimFormProps) {
  const texts = { ...CLAIM_FORM_TEXTS, ...overrides };
  // the API client's code loads on the first focus in the form (widget.api starts it when first read), not on arrival
  const widget = useWidget();
  const { rootRef, emit, reportError, showLoader, hideLoader } = widget;
  useAdoptedStyles(rootRef, claimFormStyles);

  const local = useLocalValues<ClaimValues>(EMPTY_CLAIM);
  const values = local.values;
  const [step, setStep] = useState(0);
  const form = useBoundForm<ClaimValues>(ID, stepRules(step, values), values, (name, value) => {
    local.set(name, value);
    // another place asks another question (an address or a phone number): the old answer does not fit it
    if (name === 'ownerVehicleLocation') local.set('ownerVehicleLocationInput', '');
  });
  const [photos, setPhotos] = useState<File[]>([]);
  const [status, setStatus] = useState<Status>(null);
  const [formElement, setFormElement] = useState<HTMLFormElement | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const moveFocus = useRef<'heading' | 'notice' | null>(null);
  // drawn at the first Submit and kept for its retries; its code loads then, with the API client's call
  const key = useRef('');
  const submitting = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);
  // After Next, Back or the success text: focus goes to the new step's heading ("Step 2 of 5 ...") or the
  // notice, as soon as it is drawn (a layout effect: before the browser could move focus off a now disabled Back).
  useLayoutEffect(() => {
    if (moveFocus.current === 'heading') headingRef.current?.focus();
    if (moveFocus.current === 'notice') noticeRef.current?.focus();
    moveFocus.current = null;
  });

  function go(to: number) {
    // a failure's text belongs to the Submit it answered
    if (status?.kind === 'danger') setStatus(null);
    setStep(to);
    moveFocus.current = 'heading';
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (step < STEP_COUNT - 1) {
      if (form.validate()) go(step + 1);
      return;
    }
    void submit();
  }

  async function submit() {
    if (submitting.current || !form.validate()) return;
    submitting.current = true;
    const body = new FormData();
    body.set('claim', JSON.stringify(claimPayload(values)));
    for (const photo of photos) body.append('photos', photo, photo.name);
    setStatus(null);
    showLoader(texts.sending);
    const keys = await import('../core/idempotency-key.ts').catch(() => null);
    if (keys) key.current ||= keys.newIdempotencyKey();
    // offline, its code could not load: nothing is sent, and the answers and photos stay for another try
    const result = keys ? await widget.api.upload(claims, body, { headers: { 'Idempotency-Key': key.current } }) : { ok: false as const, status: 0, messages: [] };
    hideLoader();
    submitting.current = false;
    if (result.ok) {
      const { reference } = result.data;
      // The claim is filed: a fresh form under a new key after the success text.
      key.current = '';
      local.setValues(EMPTY_CLAIM);
      setPhotos([]);
      setStep(0);
      setStatus({ kind: 'success', text: texts.success, reference });
      moveFocus.current = 'notice';
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        setStatus(null);
        moveFocus.current = 'heading';
      }, successMs);
      emit('ppm-claim', { reference });
      return;
    }
    // Nothing typed is lost: the answers and the photos stay for another try. A 422 says this key filed a
    // claim with other answers (its answer was lost, then the form changed): the next Submit is a new claim.
    if (result.status === 422) key.current = '';
    const text = result.messages[0] ?? texts.failure;
    setStatus({ kind: 'danger', text });
    reportError(result.status, text);
  }

  const optional = (label: string) => `${label} ${texts.optional}`;
  const field = (name: ClaimField) => form.field(name);
  const shown = (name: ClaimField) => isShown(name, values);
  const yesNo = [
    { value: YES, label: texts.yes },
    { value: NO, label: texts.no },
  ];
  const question = (name: ClaimField) => <RadioGroup legend={optional(texts[name])} field={field(name)} options={yesNo} />;
  const names = (name: ClaimField) => <TextField label={optional(texts[name])} field={field(name)} />;

  const steps = [
    <>
      <TextField label={texts.firstName} field={field('firstName')} autoComplete="given-name" />
      <TextField label={texts.lastName} field={field('lastName')} autoComplete="family-name" />
      <MaskedField label={optional(texts.telephoneNumber)} field={field('telephoneNumber')} mask="phone" hint={texts.phoneHint} autoComplete="tel-national" />
      <TextField label={texts.email} field={field('email')} type="email" autoComplete="email" />
      <SelectField
        label={texts.insuranceProvider}
        field={field('insuranceProvider')}
        placeholder={texts.choose}
        options={[
          { value: BRAND.insurer, label: BRAND.insurer },
          { value: INSURANCE_PROVIDER_OTHER, label: INSURANCE_PROVIDER_OTHER },
        ]}
      />
      {shown('altInsurer') && <TextField label={optional(texts.altInsurer)} field={field('altInsurer')} />}
      <TextField label={optional(texts.policyNumber)} field={field('policyNumber')} />
      <RadioGroup
        legend={texts.insuredRelation}
        field={field('insuredRelation')}
        options={[
          { value: RELATION_INSURED, label: texts.relationInsured },
          { value: RELATION_OTHER, label: texts.relationOther },
        ]}
      />
      {shown('insuredRelationInput') && <TextField label={optional(texts.insuredRelationInput)} field={field('insuredRelationInput')} />}
    </>,
    <>
      <TextField label={texts.incidentLocation} field={field('incidentLocation')} />
      <DateField label={texts.incidentDate} field={field('incidentDate')} max={localMidnight(localToday())} hint={texts.dateHint} calendarLabel={texts.calendar} />
      <TextAreaField label={texts.incidentDescription} field={field('incidentDescription')} />
      {question('ownerVehicleInvolved')}
      {shown('ownerVehicleDetails') && <TextAreaField label={optional(texts.ownerVehicleDetails)} field={field('ownerVehicleDetails')} rows={2} />}
      {shown('ownerVehicleLocation') && (
        <SelectField label={optional(texts.ownerVehicleLocation)} field={field('ownerVehicleLocation')} placeholder={texts.choose} options={VEHICLE_LOCATIONS} />
      )}
      {shown('ownerVehicleLocationInput') &&
        (asksForPhone(values) ? (
          <MaskedField
            key={values.ownerVehicleLocation}
            label={optional(texts.locationQuestions[values.ownerVehicleLocation] ?? texts.ownerVehicleLocationInput)}
            field={field('ownerVehicleLocationInput')}
            mask="phone"
            hint={texts.phoneHint}
          />
        ) : (
          <TextField
            key={values.ownerVehicleLocation}
            label={optional(texts.locationQuestions[values.ownerVehicleLocation] ?? texts.ownerVehicleLocationInput)}
            field={field('ownerVehicleLocationInput')}
          />
        ))}
      {shown('ownerVehicleDriveable') && question('ownerVehicleDriveable')}
      {shown('ownerVehicleDamage') && <TextAreaField label={optional(texts.ownerVehicleDamage)} field={field('ownerVehicleDamage')} rows={2} />}
      <PhotoPicker id={`${ID}-photos`} photos={photos} onChange={setPhotos} texts={texts} />
    </>,
    <>
      {question('otherVehicleInvolved')}
      {shown('otherVehicleDriveable') && question('otherVehicleDriveable')}
      {shown('otherVehicleDamage') && <TextAreaField label={optional(texts.otherVehicleDamage)} field={field('otherVehicleDamage')} rows={2} />}
    </>,
    <>
      <RadioGroup legend={optional(texts.ownerVehicleDriver)} field={field('ownerVehicleDriver')} options={VEHICLE_DRIVERS} />
      {question('ownerVehicleInjury')}
      {shown('ownerVehicleInjuryInput') && names('ownerVehicleInjuryInput')}
      {question('otherVehicleInjury')}
      {shown('otherVehicleInjuryInput') && names('otherVehicleInjuryInput')}
      {question('injuryEmergency')}
      {shown('injuryEmergencyInput') && names('injuryEmergencyInput')}
      {question('incidentWitness')}
      {shown('incidentWitnessInput') && <TextAreaField label={optional(texts.incidentWitnessInput)} field={field('incidentWitnessInput')} rows={2} />}
    </>,
    <>
      {question('policeResponse')}
      {shown('policeAgency') && names('policeAgency')}
      {shown('policeReport') && names('policeReport')}
    </>,
  ];

  return (
    <div ref={rootRef} className="ppm-root ppm-claim" part="base">
      <h2 className="ppm-claim__title" part="title">
        {texts.heading}
      </h2>
      <div className="ppm-claim__status" aria-live="polite" aria-atomic="true" part="status">
        {status?.kind === 'success' && (
          <div ref={noticeRef} tabIndex={-1} className="ppm-notice ppm-notice--success" part="notice notice-success">
            <p>{status.text}</p>
            <p>{texts.reference(status.reference)}</p>
          </div>
        )}
      </div>
      {/*
        method="dialog": a form outside a dialog then never navigates, so a Next pressed on the server-rendered
        form before the island hydrates does nothing, rather than reload the page with the answers in its address.
      */}
      {status?.kind !== 'success' && (
        <form ref={setFormElement} method="dialog" className="ppm-claim__form" noValidate onSubmit={onSubmit} onFocusCapture={() => void widget.api} part="form">
          <p className="ppm-claim__intro">{texts.intro}</p>
          <h3 ref={headingRef} className="ppm-claim__heading" tabIndex={-1} part="step-heading">
            <span className="ppm-claim__step-of">{texts.stepOf(step + 1, STEP_COUNT)}</span>
            <span className="ppm-visually-hidden">: </span>
            {texts.steps[step]}
          </h3>
          <ErrorSummary scope={formElement} resetKey={step} headingLevel={4} />
          {steps[step]}
          <div role="alert" className="ppm-claim__failure">
            {status?.kind === 'danger' && (
              <p className="ppm-notice ppm-notice--danger" part="notice notice-danger">
                {status.text}
              </p>
            )}
          </div>
          <div className="ppm-claim__actions" part="actions">
            <button type="button" className="ppm-button ppm-button--secondary" part="back" disabled={step === 0} onClick={() => go(step - 1)}>
              {texts.back}
            </button>
            {/* On step 5 Next is no submit button, so Enter in a field submits the claim (the form's default button is its first submit button) */}
            <button
              type={step === STEP_COUNT - 1 ? 'button' : 'submit'}
              className="ppm-button ppm-button--secondary"
              part="next"
              disabled={step === STEP_COUNT - 1}
            >
              {texts.next}
            </button>
            <button type="submit" className="ppm-button" part="submit" disabled={step !== STEP_COUNT - 1}>
              {texts.submit}
            </button>
          </div>
        </form>
      )}
      <Overlay />
    </div>
  );
}

/** The widget with its own context (widget.tsx): its element's, or its own as an island on our site. */
export const ClaimForm = scoped<ClaimFormProps>(element.tag, ClaimFormView);
