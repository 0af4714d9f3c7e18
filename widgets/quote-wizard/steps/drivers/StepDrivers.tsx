import { useEffect, useRef, useState } from 'react';
import type { Struct } from 'superstruct';
import {
  ACCIDENTS_CONVICTIONS, EDUCATION_LEVELS, HOME_RENTAL_STATUSES, LICENSE_STATUSES, LIMITS, MARITAL_STATUSES,
  OCCUPATION_STATES, PRIOR_INSURANCE, RECENT_COVERAGE_LIMITS, RELATIONS, TIME_WITH_ISSUER, addDays, addYears, birthDateBounds, currentExpiry,
  dateOfBirth, email, genderOptions, inStates, isStateCode, lapsedExpiry, lapsedExpiryBounds, licenceNumberFor,
  localToday, minAgeFor, normaliseLicenceNumber, oneOf, requiredMax, requiredName, stateCode, valuesOf,
  MESSAGES, localMidnight,
} from '../../../../contract/index.ts';
import { PRIOR_CARRIERS } from '../../../../contract/reference/carriers.ts';
import { OCCUPATION_INDUSTRIES, industryByValue } from '../../../../contract/reference/occupations.ts';
import { DateField } from '../../../core/date-picker.tsx';
import { RadioGroup } from '../../../core/fields/Choices.tsx';
import { SelectField } from '../../../core/fields/SelectField.tsx';
import { StateCombobox } from '../../../core/fields/StateCombobox.tsx';
import { TextField } from '../../../core/fields/TextField.tsx';
import { useBoundForm, type FieldBinding } from '../../../core/form.ts';
import { Modal } from '../../../core/modal.tsx';
import { useWidget } from '../../../core/widget.tsx';
import { useAdoptedStyles } from '../../../core/styles/adopt.ts';
import type { StepProps } from '../../step.ts';
import { emptyDriver, mailingStateOf, type DriverForm, type WizardState } from '../../model/wizard-model.ts';
import {
  NO, PRIOR_CURRENT, PRIOR_LAPSED_RECENTLY, YES, applyExclusion, applyPriorInsurance,
  asksAddAnother, asksPriorDetails, backFrom, canRemove, chooseIndustry, chooseOccupation, continueFrom,
  duplicateLicence, followInfo, isBlocked, isListStatus, isMarried, isSpouse, issuerLengthLabel, legendFor,
  normaliseRoles, removeDriver, setField, setMarital, showsMaxDrivers, spouseDefaults,
} from './drivers-logic.ts';
import { driversStyles } from './drivers.styles.ts';
import { DRIVERS_TEXTS } from './drivers.texts.ts';

/**
 * Step 3, Your Drivers (doc 2 sections 2 to 5): one page per driver. The page's values live in the
 * wizard state (persisted by the shell); every answer goes through props.update, and the transitions
 * (spouse pages, add-another, prior insurance, occupations) are the pure functions of drivers-logic.ts.
 * The shell's Continue and Back call the controller this step registers on every render.
 */
type FieldName = Exclude<keyof DriverForm, 'id' | 'role'>;
type Values = { [K in FieldName]: string };

const texts = DRIVERS_TEXTS;
const YES_NO = [
  { value: YES, label: texts.yes },
  { value: NO, label: texts.no },
];
const asStrings = (options: readonly { value: string | number; label: string }[]) =>
  options.map((o) => ({ value: String(o.value), label: o.label }));
const ACCIDENT_OPTIONS = asStrings(ACCIDENTS_CONVICTIONS);
const PRIOR_OPTIONS = asStrings(PRIOR_INSURANCE);
const ISSUER_OPTIONS = asStrings(TIME_WITH_ISSUER);
const CARRIER_OPTIONS = PRIOR_CARRIERS.map((c) => ({ value: c.value, label: c.label }));
const INDUSTRY_OPTIONS = OCCUPATION_INDUSTRIES.map((i) => ({ value: i.value, label: i.label }));
const TEXT_FIELDS = ['firstName', 'lastName', 'emailAddress', 'occupation'] as const;


/**
 * The first driver of a list that has none, one for the page's life: the step draws it before its effect writes
 * it into the state, and every render until then must draw the same driver (its id is its page's key).
 */
const FIRST_DRIVER = emptyDriver('primary');

/** The list as step 3 needs it: an insured first that follows step 1, roles by position, spouse defaults. */
function mended(state: WizardState): DriverForm[] | null {
  const list = state.drivers.length > 0 ? state.drivers : [FIRST_DRIVER];
  const fixed = normaliseRoles([followInfo(list[0]!, state.info), ...list.slice(1)]).map(spouseDefaults);
  const same = fixed.length === state.drivers.length && fixed.every((d, i) => d === state.drivers[i]);
  return same ? null : fixed;
}

export function StepDrivers(props: StepProps) {
  const rootRef = useRef<HTMLDivElement>(null);
  useAdoptedStyles(rootRef, driversStyles);
  const fix = mended(props.state);
  // A page that is not the first one the step opens on gets focus on its legend (the person pressed
  // Continue, Back or Remove Driver and a new page replaced the old one).
  const opened = useRef(false);

  useEffect(() => {
    if (!fix) return;
    props.update((state) => {
      const again = mended(state);
      if (!again) return state;
      return { ...state, drivers: again, driverIndex: Math.min(state.driverIndex, again.length - 1) };
    });
  }, [fix !== null]);

  const drivers = fix ?? props.state.drivers;
  const index = Math.min(Math.max(props.state.driverIndex, 0), drivers.length - 1);
  const driver = drivers[index]!;

  return (
    <div ref={rootRef} className="ppm-root ppm-drivers" part="drivers">
      <DriverPage key={driver.id} {...props} drivers={drivers} index={index} driver={driver} opened={opened} />
    </div>
  );
}

interface PageProps extends StepProps {
  drivers: DriverForm[];
  index: number;
  driver: DriverForm;
  opened: { current: boolean };
}

function DriverPage({ state, update, register, drivers, index, driver, opened }: PageProps) {
  const { showSnackbar } = useWidget();
  const today = localToday();
  const mailingState = mailingStateOf(state.info);
  const role = legendFor(drivers, index);
  const primary = role === 'primary';
  const spouse = isSpouse(driver);
  const listed = isListStatus(driver);
  const asksOccupation = inStates(OCCUPATION_STATES, mailingState);
  const industry = industryByValue(driver.occupationIndustry);
  const occupationList = industry?.occupations ?? [];
  const priorDetails = primary && asksPriorDetails(driver.hasAutoInsurance);
  const addAnother = asksAddAnother(drivers, index);
  const genders = asStrings(genderOptions(mailingState));

  const [revokedOpen, setRevokedOpen] = useState(false);
  const [excludeInfoOpen, setExcludeInfoOpen] = useState(false);
  const legendRef = useRef<HTMLLegendElement>(null);

  useEffect(() => {
    if (opened.current) legendRef.current?.focus();
    opened.current = true;
  }, []);

  // The rules of the questions this page asks now (doc 2 section 5); a question not asked has none.
  const rules: Partial<Record<FieldName, Struct<any, any>>> = {};
  if (!primary) {
    rules.firstName = requiredName;
    rules.lastName = requiredName;
    rules.dateOfBirth = dateOfBirth({ minAge: minAgeFor(driver.relation) });
  } else {
    rules.emailAddress = email;
  }
  if (spouse) rules.isExcluded = oneOf([YES, NO]);
  if (role === 'additional') rules.relation = oneOf(valuesOf(RELATIONS));
  rules.gender = oneOf(valuesOf(genders));
  if (!spouse) rules.maritalStatus = oneOf(valuesOf(MARITAL_STATUSES));
  rules.levelOfEducation = oneOf(valuesOf(EDUCATION_LEVELS));
  if (asksOccupation) {
    rules.occupationIndustry = oneOf(valuesOf(INDUSTRY_OPTIONS));
    if (industry && occupationList.length > 0) rules.occupationCode = oneOf(occupationList.map((o) => o.code));
    if (industry && occupationList.length === 0) rules.occupation = requiredMax(LIMITS.shortTextMax);
  }
  if (primary) rules.homeRentalStatus = oneOf(valuesOf(HOME_RENTAL_STATUSES));
  if (!listed) {
    rules.licenseState = stateCode;
    rules.licenseStatus = oneOf(valuesOf(LICENSE_STATUSES));
    rules.licenseNum = isStateCode(driver.licenseState) ? licenceNumberFor(driver.licenseState) : requiredLicence;
    rules.accidentsConvictions = oneOf(valuesOf(ACCIDENT_OPTIONS));
  }
  if (primary) {
    rules.hasAutoInsurance = oneOf(valuesOf(PRIOR_OPTIONS));
    if (priorDetails) {
      rules.recentIssuerLength = oneOf(valuesOf(ISSUER_OPTIONS));
      rules.previousCompany = oneOf(valuesOf(CARRIER_OPTIONS));
      rules.previousExpirationDate = driver.hasAutoInsurance === PRIOR_CURRENT ? currentExpiry() : lapsedExpiry();
      rules.recentCoverageLimits = oneOf(valuesOf(RECENT_COVERAGE_LIMITS));
    }
  }
  if (addAnother) rules.addAnotherDriver = oneOf([YES, NO]);

  /** One answer: the driver list after it, with the transitions the answer brings (doc 2 section 4). */
  function answer(list: readonly DriverForm[], name: FieldName, value: string): DriverForm[] {
    const current = list[index];
    if (!current) return [...list];
    const replace = (next: DriverForm) => list.map((d, i) => (i === index ? next : d));
    switch (name) {
      case 'maritalStatus':
        return setMarital(list, index, value);
      case 'hasAutoInsurance':
        return replace(applyPriorInsurance(current, value, localToday()));
      case 'isExcluded':
        return replace(applyExclusion(current, value));
      case 'occupationIndustry':
        return replace(chooseIndustry(current, value, industryByValue(value)));
      case 'occupationCode':
        return replace(chooseOccupation(current, value, industryByValue(current.occupationIndustry)));
      case 'licenseNum':
        // doc 2 section 5: anything but letters, digits and '*' is stripped as it is typed
        return setField(list, index, name, normaliseLicenceNumber(value));
      default:
        return setField(list, index, name, value);
    }
  }

  const form = useBoundForm<Values>(`ppm-driver-${index}`, rules, driver, (name, value) => {
    // to the list as drawn: an answer given before StepDrivers' effect has written it down is not lost
    update((s) => ({ ...s, drivers: answer(mended(s) ?? s.drivers, name, value) }));
  });

  register({
    onContinue() {
      if (!form.validate()) return 'stay';
      const trimmed = trimText(driver);
      const list = trimmed === driver ? drivers : drivers.map((d, i) => (i === index ? trimmed : d));
      if (isBlocked(trimmed)) {
        setRevokedOpen(true);
        return 'stay';
      }
      if (duplicateLicence(list, index)) {
        showSnackbar('danger', texts.duplicateLicence);
        form.focus('licenseNum');
        return 'stay';
      }
      const next = continueFrom(list, index);
      if (next.kind === 'finish') {
        if (list !== state.drivers) update((s) => ({ ...s, drivers: [...list] }));
        return 'next';
      }
      update((s) => ({
        ...s,
        drivers: next.drivers === state.drivers ? s.drivers : [...next.drivers],
        driverIndex: next.index,
      }));
      return 'stay';
    },
    onBack() {
      const back = backFrom(index);
      if (back.kind === 'leave') return 'previous';
      update((s) => ({ ...s, driverIndex: back.index }));
      return 'stay';
    },
  });

  function remove() {
    update((s) => {
      const after = removeDriver(s.drivers, index);
      return { ...s, drivers: after.drivers, driverIndex: after.index };
    });
  }

  const field = (name: FieldName) => form.field(name);
  const locked = (name: 'firstName' | 'lastName' | 'dateOfBirth'): FieldBinding => ({
    id: `ppm-driver-${index}-${name}`,
    name,
    value: driver[name],
    error: undefined,
    onChange: () => undefined,
    onBlur: () => undefined,
    inputRef: () => undefined,
  });

  const birth = birthDateBounds(minAgeFor(driver.relation), today);
  const expiryBounds =
    driver.hasAutoInsurance === PRIOR_LAPSED_RECENTLY
      ? lapsedExpiryBounds(today)
      : { earliest: addDays(today, 1), latest: addYears(today, 1) };

  return (
    <fieldset className="ppm-drivers__page" part="driver-page">
      <legend ref={legendRef} tabIndex={-1} className="ppm-drivers__legend">
        {texts.legends[role]}
        <span className="ppm-drivers__count">{texts.pageOf(index + 1, drivers.length)}</span>
      </legend>

      {primary && <p className="ppm-drivers__note">{texts.lockedHint}</p>}
      <div className="ppm-drivers__grid">
        {primary ? (
          <>
            <TextField label={texts.firstName} field={locked('firstName')} readOnly />
            <TextField label={texts.lastName} field={locked('lastName')} readOnly />
            <TextField label={texts.dateOfBirth} field={locked('dateOfBirth')} readOnly />
            <TextField label={texts.emailAddress} field={field('emailAddress')} type="email" autoComplete="email" />
          </>
        ) : (
          <>
            <TextField label={texts.firstName} field={field('firstName')} maxLength={LIMITS.nameMax} autoComplete="off" />
            <TextField label={texts.lastName} field={field('lastName')} maxLength={LIMITS.nameMax} autoComplete="off" />
            <DateField
              label={texts.dateOfBirth}
              field={field('dateOfBirth')}
              min={localMidnight(birth.earliest)}
              max={localMidnight(birth.latest)}
            />
          </>
        )}
        {role === 'additional' && <SelectField label={texts.relation} field={field('relation')} options={RELATIONS} placeholder={texts.select} />}
      </div>

      {spouse && (
        <div className="ppm-drivers__choices-inline">
          <RadioGroup legend={texts.isExcluded} field={field('isExcluded')} options={YES_NO} />
          <button type="button" className="ppm-drivers__more" aria-haspopup="dialog" onClick={() => setExcludeInfoOpen(true)}>
            {texts.moreInfo}
          </button>
          {listed && <p className="ppm-drivers__note">{texts.excludedNote}</p>}
        </div>
      )}

      <div className="ppm-drivers__grid ppm-drivers__choices-inline">
        <RadioGroup legend={texts.gender} field={field('gender')} options={genders} />
        {!spouse && <RadioGroup legend={texts.maritalStatus} field={field('maritalStatus')} options={MARITAL_STATUSES} />}
      </div>
      {isMarried(driver) && <p className="ppm-drivers__note">{texts.marriedNext}</p>}

      <div className="ppm-drivers__grid">
        <SelectField label={texts.levelOfEducation} field={field('levelOfEducation')} options={EDUCATION_LEVELS} placeholder={texts.select} />
        {primary && (
          <SelectField label={texts.homeRentalStatus} field={field('homeRentalStatus')} options={HOME_RENTAL_STATUSES} placeholder={texts.select} />
        )}
        {asksOccupation && (
          <>
            <div className="ppm-drivers__wide ppm-drivers__occupation">
              <SelectField label={texts.occupationIndustry} field={field('occupationIndustry')} options={INDUSTRY_OPTIONS} placeholder={texts.select} />
            </div>
            {industry && occupationList.length > 0 && (
              <div className="ppm-drivers__wide ppm-drivers__occupation">
                <SelectField
                  label={texts.occupation}
                  field={field('occupationCode')}
                  options={occupationList.map((o) => ({ value: o.code, label: o.label }))}
                  placeholder={texts.select}
                />
              </div>
            )}
            {industry && occupationList.length === 0 && (
              <TextField label={texts.occupation} field={field('occupation')} hint={texts.occupationFreeHint} maxLength={LIMITS.shortTextMax} />
            )}
          </>
        )}
      </div>

      {!listed && (
        <div className="ppm-drivers__section">
          <div className="ppm-drivers__grid">
            <StateCombobox label={texts.licenseState} field={field('licenseState')} noMatchText={texts.stateNoMatch} />
            <SelectField label={texts.licenseStatus} field={field('licenseStatus')} options={LICENSE_STATUSES} placeholder={texts.select} />
            <TextField
              label={texts.licenseNum}
              field={field('licenseNum')}
              hint={texts.licenseNumHint}
              autoComplete="off"
              maxLength={32}
            />
          </div>
          <div className="ppm-drivers__choices-inline">
            <RadioGroup legend={texts.accidentsConvictions} field={field('accidentsConvictions')} options={ACCIDENT_OPTIONS} />
          </div>
        </div>
      )}

      {primary && (
        <div className="ppm-drivers__section">
          <RadioGroup legend={texts.hasAutoInsurance} field={field('hasAutoInsurance')} options={PRIOR_OPTIONS} />
          {priorDetails && (
            <div className="ppm-drivers__grid">
              <SelectField
                label={issuerLengthLabel(driver.hasAutoInsurance)}
                field={field('recentIssuerLength')}
                options={ISSUER_OPTIONS}
                placeholder={texts.select}
              />
              <SelectField label={texts.previousCompany} field={field('previousCompany')} options={CARRIER_OPTIONS} placeholder={texts.select} />
              <DateField
                key={driver.hasAutoInsurance}
                label={driver.hasAutoInsurance === PRIOR_LAPSED_RECENTLY ? texts.previousExpirationLapsed : texts.previousExpirationCurrent}
                field={field('previousExpirationDate')}
                min={localMidnight(expiryBounds.earliest)}
                max={localMidnight(expiryBounds.latest)}
                hint="MM/DD/YYYY"
              />
              <SelectField
                label={texts.recentCoverageLimits}
                field={field('recentCoverageLimits')}
                options={RECENT_COVERAGE_LIMITS}
                placeholder={texts.select}
              />
            </div>
          )}
        </div>
      )}

      {addAnother && (
        <div className="ppm-drivers__choices-inline">
          <RadioGroup legend={texts.addAnotherDriver} field={field('addAnotherDriver')} options={YES_NO} />
        </div>
      )}
      {showsMaxDrivers(drivers, index) && <MaxDrivers />}

      {canRemove(drivers, index) && (
        <div className="ppm-drivers__actions">
          <button type="button" className="ppm-button ppm-button--secondary" part="remove-driver" onClick={remove}>
            {texts.removeDriver}
          </button>
        </div>
      )}

      <Modal open={revokedOpen} title={texts.revokedTitle} onClose={() => setRevokedOpen(false)} closeLabel={texts.close}>
        <p>{texts.revoked}</p>
        <button type="button" className="ppm-button" onClick={() => setRevokedOpen(false)}>
          {texts.ok}
        </button>
      </Modal>
      <Modal open={excludeInfoOpen} title={texts.excludeTitle} onClose={() => setExcludeInfoOpen(false)} closeLabel={texts.close}>
        {texts.excludeBody.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
        <button type="button" className="ppm-button" onClick={() => setExcludeInfoOpen(false)}>
          {texts.ok}
        </button>
      </Modal>
    </fieldset>
  );
}

/** doc 2 section 9: "maximum drivers 4 not counting spouses"; the phone number is a link to call. */
function MaxDrivers() {
  const [before, after] = texts.maxDrivers.split(texts.phone);
  return (
    <p className="ppm-notice ppm-notice--info" part="max-drivers">
      {before}
      <a href={texts.phoneHref}>{texts.phone}</a>
      {after}
    </p>
  );
}

/** A licence number before its state is chosen: required (the state's own rule follows once it is). */
const requiredLicence: Struct<string, null> = requiredMax(32, MESSAGES.required);

/** Names, e-mail and a typed occupation are stored as typed; Continue keeps them without outer spaces. */
function trimText(driver: DriverForm): DriverForm {
  let next = driver;
  for (const key of TEXT_FIELDS) {
    const trimmed = driver[key].trim();
    if (trimmed !== driver[key]) next = { ...next, [key]: trimmed };
  }
  return next;
}
