import { useEffect, useRef } from 'react';
import {
  GARAGE_SAME_AS_MAILING, HEAR_ABOUT, HEAR_ABOUT_DEALER, HOUSEHOLD_COUNT_STATES, LENGTH_OF_RESIDENCY, LIMITS,
  PHONE_TYPES, RESIDENCY_STATES, WRITING_STATES, birthDateBounds, dateOfBirth, formatUsPhone, householdCount, inStates,
  isStateCode, isUsPhone, isZip, localToday, oneOf, requiredMax, requiredName, stateCode, usPhone, valuesOf, zip,
  localMidnight,
} from '../../../../contract/index.ts';
import { DEALERS } from '../../../../contract/reference/dealers.ts';
import { DateField } from '../../../core/date-picker.tsx';
import { RadioGroup } from '../../../core/fields/Choices.tsx';
import { MaskedField } from '../../../core/fields/MaskedField.tsx';
import { SelectField } from '../../../core/fields/SelectField.tsx';
import { StateCombobox } from '../../../core/fields/StateCombobox.tsx';
import { TextField } from '../../../core/fields/TextField.tsx';
import { useBoundForm, type FieldBinding, type Rules } from '../../../core/form.ts';
import { Tooltip } from '../../../core/Tooltip.tsx';
import type { StepProps } from '../../step.ts';
import { QUOTE_WIZARD_TEXTS as TEXTS } from '../../quote-wizard.texts.ts';
import { garagingStateOf, licenceStateFromHome, type InfoForm } from '../../model/wizard-model.ts';
import * as endpoints from '../../../../contract/api/endpoints.ts';

/** Why the wizard must send the person to the unavailable page (doc 2 section 4). */
export type LocationProblem = { kind: 'weather' } | { kind: 'not-writing'; state: string };


const YES_NO_TEXT = [
  { value: 'Yes', label: 'Yes' },
  { value: 'No', label: 'No' },
] as const;
const GARAGE_OPTIONS = GARAGE_SAME_AS_MAILING.map((o) => ({ value: String(o.value), label: o.label }));
const DEALER_OPTIONS = [...DEALERS]
  .sort((a, b) => a.name.localeCompare(b.name))
  .map((d) => ({ value: d.code, label: `${d.name} (${d.city}, ${d.state})` }));

const address = requiredMax(LIMITS.shortTextMax);
// The date rules read today's date when they run, so one struct serves the whole session.
const policyholderBirth = dateOfBirth({ minAge: LIMITS.policyholderMinAge });

/**
 * doc 2: household count "is asked only in OH". Ohio rates on it, and the rated state is the garaging
 * state, so it is asked when either address is in Ohio: a policyholder living in Arizona with the car
 * garaged in Ohio would otherwise be refused at pricing for a question never asked.
 */
function asksHouseholdCount(info: InfoForm): boolean {
  return inStates(HOUSEHOLD_COUNT_STATES, info.state) || inStates(HOUSEHOLD_COUNT_STATES, garagingStateOf(info));
}

/** doc 2 section 5, step 1: the rules of the fields that are asked now. */
function rulesFor(info: InfoForm): Partial<Rules<InfoForm>> {
  return {
    firstName: requiredName,
    lastName: requiredName,
    streetAddressOne: address,
    zipCode: zip,
    city: address,
    state: stateCode,
    ...(inStates(RESIDENCY_STATES, info.state) ? { lengthOfResidency: oneOf(valuesOf(LENGTH_OF_RESIDENCY)) } : {}),
    ...(asksHouseholdCount(info) ? { householdCount } : {}),
    isGarageSameAsMailing: oneOf(['1', '2']),
    ...(info.isGarageSameAsMailing === '2'
      ? { garagingStreetAddressOne: address, garagingZipCode: zip, garagingCity: address, garagingState: stateCode }
      : {}),
    dateOfBirth: policyholderBirth,
    mobilePhoneNumber: usPhone,
    preferredContactNumber: usPhone,
    hearAbout: oneOf(valuesOf(HEAR_ABOUT)),
    ...(info.hearAbout === HEAR_ABOUT_DEALER ? { dealer: oneOf(DEALERS.map((d) => d.code)) } : {}),
    isPCAMember: oneOf(['Yes', 'No']),
  };
}

/** Step 1, Your Info (doc 2 sections 2 to 5). */
export function StepInfo({ state, update, register, api, onLocationProblem }: StepProps & { onLocationProblem: (problem: LocationProblem) => void }) {
  const info = state.info;
  const rules = rulesFor(info);
  const form = useBoundForm<InfoForm>('ppm-quote-info', rules, info, (name, value) =>
    update((s) => {
      const next = { ...s.info, [name]: value } as InfoForm;
      // a dealer belongs to the 'Dealer' answer; another answer drops it
      if (name === 'hearAbout' && value !== HEAR_ABOUT_DEALER) next.dealer = '';
      return { ...s, info: next };
    }),
  );
  const latest = useRef(info);
  latest.current = info;
  // The preferred number follows the mobile one until the person types a different preferred number.
  const copiedMobile = useRef<string | null>(info.preferredContactNumber && info.preferredContactNumber === info.mobilePhoneNumber ? info.mobilePhoneNumber : null);
  const lookedUp = useRef<Record<'mailing' | 'garaging', string>>({ mailing: info.zipCode, garaging: info.garagingZipCode });

  const bounds = birthDateBounds(LIMITS.policyholderMinAge, localToday());

  /**
   * doc 2 section 4: "On leaving the mobile field, a valid value is copied into the preferred number" (with the
   * phone type Mobile), while the preferred number is empty or still the copy.
   */
  function followMobile(typed: string) {
    const mobile = formatUsPhone(typed);
    const preferred = latest.current.preferredContactNumber;
    if (!isUsPhone(mobile) || (preferred !== '' && preferred !== copiedMobile.current)) return;
    copiedMobile.current = mobile;
    // through the form's bindings: Continue's check below reads them in this same event
    form.field('preferredContactNumber').onChange(mobile);
    if (!latest.current.phoneType) form.field('phoneType').onChange('Mobile');
    form.setError('preferredContactNumber', undefined);
  }

  register({
    onContinue: () => {
      // Enter in the mobile field sends the step without leaving the field: sending leaves it too (issue 11)
      followMobile(latest.current.mobilePhoneNumber);
      if (!form.validate()) return 'stay';
      // doc 2 section 5: only AZ, CO, FL, GA, OH, OR, TN, TX are accepted for the main address
      if (!inStates(WRITING_STATES, latest.current.state)) {
        onLocationProblem({ kind: 'not-writing', state: latest.current.state });
        return 'stay';
      }
      update((s) => {
        const drivers = licenceStateFromHome(s.drivers, s.info.state);
        return drivers === s.drivers ? s : { ...s, drivers };
      });
      return 'next';
    },
    // the first step: the shell never goes below it
    onBack: () => 'previous',
  });

  /** City and state from the ZIP (DESIGN.md "Addresses"), and the location checks of doc 2 section 4. */
  async function lookUpZip(which: 'mailing' | 'garaging', code: string) {
    if (!isZip(code) || lookedUp.current[which] === code) return;
    lookedUp.current[which] = code;
    const zipField = which === 'mailing' ? 'zipCode' : 'garagingZipCode';
    const result = await api.call(endpoints.zipLookup, null, { params: { zip: code } });
    const now = latest.current[zipField];
    if (now !== code) return; // the person typed on
    if (!result.ok) {
      if (result.status === 0) lookedUp.current[which] = ''; // offline: try again on the next change
      // an unknown ZIP is the ZIP's problem; a failed lookup leaves city and state for the person to type
      if (result.status === 404 || result.status === 400) form.setError(zipField, result.messages[0] ?? TEXTS.zipUnknown);
      return;
    }
    const { city, state: code2, restricted } = result.data;
    const [cityField, stateField] = which === 'mailing' ? (['city', 'state'] as const) : (['garagingCity', 'garagingState'] as const);
    update((s) => ({ ...s, info: { ...s.info, [cityField]: city, [stateField]: code2 } }));
    form.setError(cityField, undefined);
    form.setError(stateField, undefined);
    if (restricted) onLocationProblem({ kind: 'weather' });
    else if (which === 'mailing' && !inStates(WRITING_STATES, code2)) onLocationProblem({ kind: 'not-writing', state: code2 });
  }

  function zipBinding(which: 'mailing' | 'garaging'): FieldBinding {
    const binding = form.field(which === 'mailing' ? 'zipCode' : 'garagingZipCode');
    return {
      ...binding,
      onChange: (value) => {
        binding.onChange(value);
        void lookUpZip(which, value);
      },
    };
  }

  const stateBinding: FieldBinding = (() => {
    const binding = form.field('state');
    return {
      ...binding,
      // Checked when the person leaves the box, not while they type: 'ar' on the way to 'Arizona' is Arkansas.
      onBlur: (value) => {
        binding.onBlur(value);
        const code = value ?? latest.current.state;
        if (isStateCode(code) && !inStates(WRITING_STATES, code)) onLocationProblem({ kind: 'not-writing', state: code });
      },
    };
  })();

  const mobileBinding: FieldBinding = (() => {
    const binding = form.field('mobilePhoneNumber');
    return {
      ...binding,
      onBlur: (value) => {
        binding.onBlur(value);
        followMobile(value ?? latest.current.mobilePhoneNumber);
      },
    };
  })();

  // A restored page whose ZIP was never looked up (typed while offline) gets its city and state now.
  useEffect(() => {
    if (isZip(info.zipCode) && !info.city) {
      lookedUp.current.mailing = '';
      void lookUpZip('mailing', info.zipCode);
    }
  }, []);

  const hasResidency = inStates(RESIDENCY_STATES, info.state);
  const hasHousehold = asksHouseholdCount(info);

  return (
    <div className="ppm-step ppm-step--info">
      <div className="ppm-grid">
        <TextField label={TEXTS.firstName} field={form.field('firstName')} autoComplete="given-name" maxLength={LIMITS.nameMax} />
        <TextField label={TEXTS.lastName} field={form.field('lastName')} autoComplete="family-name" maxLength={LIMITS.nameMax} />
        <div className="ppm-grid__wide">
          <TextField label={TEXTS.streetAddressOne} field={form.field('streetAddressOne')} autoComplete="address-line1" />
        </div>
        <MaskedField label={TEXTS.zipCode} field={zipBinding('mailing')} mask="zip" autoComplete="postal-code" />
        <TextField label={TEXTS.city} field={form.field('city')} autoComplete="address-level2" />
        <div className="ppm-grid__wide">
          <StateCombobox label={TEXTS.state} field={stateBinding} noMatchText={TEXTS.stateNoMatch} />
        </div>
        {hasResidency && (
          <div className="ppm-grid__wide">
            <SelectField label={TEXTS.lengthOfResidency} field={form.field('lengthOfResidency')} options={LENGTH_OF_RESIDENCY} placeholder={TEXTS.select} />
          </div>
        )}
        {hasHousehold && (
          <div className="ppm-grid__wide">
            <TextField label={TEXTS.householdCount} field={form.field('householdCount')} inputMode="numeric" maxLength={2} />
          </div>
        )}
      </div>

      <RadioGroup legend={TEXTS.isGarageSameAsMailing} field={form.field('isGarageSameAsMailing')} options={GARAGE_OPTIONS} />
      {info.isGarageSameAsMailing === '2' && (
        <fieldset className="ppm-subsection">
          <legend className="ppm-subsection__legend">{TEXTS.garagingHeading}</legend>
          <div className="ppm-grid">
            <div className="ppm-grid__wide">
              <TextField label={TEXTS.garagingStreetAddressOne} field={form.field('garagingStreetAddressOne')} />
            </div>
            <MaskedField label={TEXTS.garagingZipCode} field={zipBinding('garaging')} mask="zip" />
            <TextField label={TEXTS.garagingCity} field={form.field('garagingCity')} />
            <div className="ppm-grid__wide">
              <StateCombobox label={TEXTS.garagingState} field={form.field('garagingState')} noMatchText={TEXTS.stateNoMatch} />
            </div>
          </div>
        </fieldset>
      )}

      <div className="ppm-grid">
        <div className="ppm-grid__wide">
          <DateField label={TEXTS.dateOfBirth} field={form.field('dateOfBirth')} min={localMidnight(bounds.earliest)} max={localMidnight(bounds.latest)} hint={TEXTS.dateHint} />
        </div>
        <MaskedField
          label={TEXTS.mobilePhoneNumber}
          field={mobileBinding}
          mask="phone"
          hint={TEXTS.phoneHint}
          autoComplete="tel-national"
          tooltip={<Tooltip label={TEXTS.mobileTooltipLabel} text={TEXTS.mobileTooltip} />}
        />
        <MaskedField label={TEXTS.preferredContactNumber} field={form.field('preferredContactNumber')} mask="phone" hint={TEXTS.phoneHint} />
        <SelectField label={TEXTS.phoneType} field={form.field('phoneType')} options={PHONE_TYPES} placeholder={TEXTS.select} />
        <SelectField label={TEXTS.hearAbout} field={form.field('hearAbout')} options={HEAR_ABOUT} placeholder={TEXTS.select} />
        {info.hearAbout === HEAR_ABOUT_DEALER && (
          <div className="ppm-grid__wide">
            <SelectField label={TEXTS.dealer} field={form.field('dealer')} options={DEALER_OPTIONS} placeholder={TEXTS.select} />
          </div>
        )}
      </div>
      <RadioGroup
        legend={TEXTS.isPCAMember}
        field={form.field('isPCAMember')}
        options={YES_NO_TEXT}
        tooltip={<Tooltip label={TEXTS.clubTooltipLabel} text={TEXTS.clubTooltip} />}
      />
    </div>
  );
}
