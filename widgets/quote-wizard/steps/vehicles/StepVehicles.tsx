import { useEffect, useRef, useState } from 'react';
import {
  BUSINESS_PURPOSE, LIMITS, MESSAGES, OWNERSHIP, OWNERSHIP_LENGTH, OWNERSHIP_LENGTH_STATES, annualMiles, inStates,
  insuredValue, isStateCode, isVin, mileageNoticeDue, oneOf, purposeOptions, showsMiles, valuesOf, vin as vinRule, vinCheckFailureMessage,
} from '../../../../contract/index.ts';
import { RadioGroup } from '../../../core/fields/Choices.tsx';
import { MaskedField } from '../../../core/fields/MaskedField.tsx';
import { SelectField } from '../../../core/fields/SelectField.tsx';
import { TextField } from '../../../core/fields/TextField.tsx';
import { useBoundForm, type FieldBinding, type Rules } from '../../../core/form.ts';
import { Modal } from '../../../core/modal.tsx';
import { useWidget } from '../../../core/widget.tsx';
import { Tooltip } from '../../../core/Tooltip.tsx';
import type { StepProps } from '../../step.ts';
import { QUOTE_WIZARD_TEXTS as TEXTS } from '../../quote-wizard.texts.ts';
import { emptyVehicle, garagingStateOf, type VehicleForm, type WizardState } from '../../model/wizard-model.ts';
import * as endpoints from '../../../../contract/api/endpoints.ts';

/** The text fields of one vehicle page (isVINValid and isUnlimited are not typed). */
type VehicleValues = Omit<VehicleForm, 'id' | 'isVINValid' | 'isUnlimited'>;

const YES_NO_TEXT = [
  { value: 'Yes', label: 'Yes' },
  { value: 'No', label: 'No' },
] as const;

/** doc 2 section 5, step 2: the rules of the fields asked for this vehicle. */
function rulesFor(vehicle: VehicleForm, state: string): Partial<Rules<VehicleValues>> {
  return {
    vin: vinRule,
    priorDamage: oneOf(['Yes', 'No']),
    leaseOwnFinance: oneOf(valuesOf(OWNERSHIP)),
    ...(inStates(OWNERSHIP_LENGTH_STATES, state) ? { lengthOfOwnership: oneOf(valuesOf(OWNERSHIP_LENGTH)) } : {}),
    purpose: oneOf(valuesOf(purposeOptions(state))),
    ...(showsMiles(vehicle.purpose) ? { miles: annualMiles } : {}),
    statedValue: insuredValue,
  };
}

function milesOf(text: string): number {
  const digits = text.replace(/[,\s]/g, '');
  return /^\d+$/.test(digits) ? Number(digits) : 0;
}

/**
 * Step 2, Your Vehicle (doc 2 sections 2 to 5): one page per vehicle, moved through by an index. Continue
 * on a vehicle moves to the next one, and past the last one finishes the step once every VIN checked out.
 */
export function StepVehicles(props: StepProps) {
  const { state } = props;
  const index = Math.min(state.vehicleIndex, state.vehicles.length - 1);
  const vehicle = state.vehicles[index]!;
  // Moving between vehicle pages focuses the new page's legend, as a step change focuses its heading.
  const moved = useRef(false);
  return <VehiclePage key={vehicle.id} {...props} index={index} vehicle={vehicle} moved={moved} />;
}

function VehiclePage({
  state,
  update,
  register,
  api,
  busy,
  index,
  vehicle,
  moved,
}: StepProps & { index: number; vehicle: VehicleForm; moved: { current: boolean } }) {
  const { showSnackbar } = useWidget();
  const count = state.vehicles.length;
  const isLast = index === count - 1;
  const rating = garagingStateOf(state.info);
  const legendRef = useRef<HTMLLegendElement>(null);
  const latest = useRef(vehicle);
  latest.current = vehicle;
  const checkedVin = useRef<string>(vehicle.isVINValid === null ? '' : vehicle.vin);
  const [modal, setModal] = useState<'business' | 'mileage' | null>(null);

  function setVehicle(change: (v: VehicleForm) => VehicleForm) {
    update((s) => ({ ...s, vehicles: s.vehicles.map((v) => (v.id === vehicle.id ? change(v) : v)) }));
  }

  const form = useBoundForm<VehicleValues>(`ppm-quote-vehicle-${index + 1}`, rulesFor(vehicle, rating), vehicle, (name, value) =>
    setVehicle((v) => ({ ...v, [name]: value })),
  );

  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    // A frame later: the button that was pressed (Add, Remove) has just left the page, and Chromium's
    // focus fix-up for it would otherwise take the focus back to the page's body.
    const frame = requestAnimationFrame(() => {
      legendRef.current?.focus({ preventScroll: true });
      legendRef.current?.scrollIntoView({ block: 'start' });
    });
    return () => cancelAnimationFrame(frame);
  }, []);

  /** POST /api/vin/check (doc 2 section 7), after the duplicate rule (section 5). */
  async function checkVin(value: string) {
    if (!isVin(value) || checkedVin.current === value) return;
    checkedVin.current = value;
    const duplicate = state.vehicles.some((v) => v.id !== vehicle.id && v.vin.toUpperCase() === value.toUpperCase());
    if (duplicate) {
      setVehicle((v) => ({ ...v, isVINValid: false }));
      showSnackbar('danger', MESSAGES.vinDuplicate);
      form.setError('vin', MESSAGES.vinDuplicate);
      return;
    }
    const result = await busy(() =>
      api.call(endpoints.vinCheck, { vin: value, state: isStateCode(rating) ? rating : '' }),
    );
    if (latest.current.vin !== value) return; // the person changed the VIN meanwhile
    if (result.ok) {
      const found = result.data;
      setVehicle((v) => ({ ...v, isVINValid: true, year: String(found.year), make: found.make, model: found.model, style: found.bodyStyle }));
      form.setError('vin', undefined);
      return;
    }
    // Offline: not the VIN's fault, so leave it unchecked and try again on the next blur.
    if (result.status === 0) checkedVin.current = '';
    const message = vinCheckFailureMessage(result.status, result.messages[0]);
    setVehicle((v) => ({ ...v, isVINValid: result.status === 0 ? null : false }));
    // doc 2 section 8: 'Invalid VIN / Cannot locate vehicle' is the persistent snackbar
    showSnackbar('danger', message, message === MESSAGES.vinNotFound ? null : 3500);
    form.setError('vin', message);
  }

  // A VIN restored unchecked (typed before a reload, or while offline) is checked when its page shows.
  useEffect(() => {
    if (vehicle.isVINValid === null && isVin(vehicle.vin)) void checkVin(vehicle.vin);
  }, []);

  const vinBinding: FieldBinding = (() => {
    const binding = form.field('vin');
    return {
      ...binding,
      onChange: (value) => {
        if (value !== latest.current.vin) {
          // a new VIN is unchecked, and what the old one found no longer applies
          checkedVin.current = '';
          setVehicle((v) => ({ ...v, vin: value, isVINValid: null, year: '', make: '', model: '', style: '' }));
          form.setError('vin', undefined);
        }
        if (value.length === LIMITS.vinLength) void checkVin(value);
      },
      onBlur: (value) => {
        binding.onBlur(value);
        void checkVin(value ?? latest.current.vin);
      },
    };
  })();

  const purposeBinding: FieldBinding = (() => {
    const binding = form.field('purpose');
    return {
      ...binding,
      onChange: (value) => {
        binding.onChange(value);
        if (value === BUSINESS_PURPOSE) setModal('business');
      },
    };
  })();

  const milesBinding: FieldBinding = (() => {
    const binding = form.field('miles');
    return {
      ...binding,
      onBlur: (value) => {
        binding.onBlur(value);
        // doc 2 section 4's one-time notice, shown when the quote is based on fewer miles than entered
        if (mileageNoticeDue(milesOf(value ?? latest.current.miles)) && !state.mileageNoticeShown) {
          update((s) => ({ ...s, mileageNoticeShown: true }));
          setModal('mileage');
        }
      },
    };
  })();

  /** The page's rules, the Business refusal, and a VIN that checked out. */
  function validatePage(): boolean {
    const fieldsOk = form.validate();
    const current = latest.current;
    if (fieldsOk && current.isVINValid !== true) {
      form.setError('vin', current.isVINValid === false ? form.errors.vin ?? TEXTS.vinCheckRequired : TEXTS.vinCheckRequired);
      form.focus('vin');
      return false;
    }
    if (fieldsOk && current.purpose === BUSINESS_PURPOSE) {
      setModal('business');
      return false;
    }
    return fieldsOk;
  }

  function goTo(target: number, change: (s: WizardState) => WizardState = (s) => s) {
    moved.current = true;
    update((s) => ({ ...change(s), vehicleIndex: target }));
  }

  register({
    onContinue: () => {
      if (!validatePage()) return 'stay';
      if (!isLast) {
        goTo(index + 1);
        return 'stay';
      }
      // doc 2 section 4: "The vehicle must be valid (VIN successfully looked up) before continuing"
      const unchecked = state.vehicles.findIndex((v) => v.isVINValid !== true);
      if (unchecked >= 0 && unchecked !== index) {
        goTo(unchecked);
        return 'stay';
      }
      return 'next';
    },
    onBack: () => {
      if (index === 0) return 'previous';
      goTo(index - 1);
      return 'stay';
    },
  });

  function addVehicle() {
    if (!validatePage()) return;
    const added = emptyVehicle();
    goTo(count, (s) => ({ ...s, vehicles: [...s.vehicles, added] }));
  }

  function removeVehicle() {
    // doc 2 section 4: "Removing a vehicle decreases the index"
    goTo(Math.max(0, index - 1), (s) => ({ ...s, vehicles: s.vehicles.filter((v) => v.id !== vehicle.id) }));
  }

  const found = vehicle.isVINValid === true;
  const withMiles = showsMiles(vehicle.purpose);

  return (
    <div className="ppm-step ppm-step--vehicle">
      <fieldset className="ppm-vehicle" part="vehicle">
        <legend ref={legendRef} tabIndex={-1} className={index === 0 ? 'ppm-visually-hidden' : 'ppm-vehicle__legend'}>
          {index === 0 ? TEXTS.vehicleLegend : TEXTS.additionalVehicle}
          {count > 1 && <span className="ppm-vehicle__count"> ({TEXTS.vehicleOf(index + 1, count)})</span>}
        </legend>
        <MaskedField
          label={TEXTS.vin}
          field={vinBinding}
          mask="vin"
          hint={TEXTS.vinHint}
          tooltip={<Tooltip label={TEXTS.vinTooltipLabel} text={TEXTS.vinTooltip} />}
        />
        {found && (
          <div className="ppm-vehicle__found" role="group" aria-labelledby={`ppm-quote-vehicle-${index + 1}-found`}>
            <p id={`ppm-quote-vehicle-${index + 1}-found`} className="ppm-vehicle__found-title" role="status">
              {TEXTS.vinChecked}
            </p>
            <TextField label={TEXTS.year} field={form.field('year')} readOnly />
            <TextField label={TEXTS.make} field={form.field('make')} readOnly />
            <TextField label={TEXTS.model} field={form.field('model')} readOnly />
            <TextField label={TEXTS.style} field={form.field('style')} readOnly />
          </div>
        )}
        <RadioGroup legend={TEXTS.priorDamage} field={form.field('priorDamage')} options={YES_NO_TEXT} />
        <RadioGroup legend={TEXTS.leaseOwnFinance} field={form.field('leaseOwnFinance')} options={OWNERSHIP} />
        <RadioGroup legend={TEXTS.purpose} field={purposeBinding} options={purposeOptions(rating)} />
        <div className="ppm-grid">
          {inStates(OWNERSHIP_LENGTH_STATES, rating) && (
            <SelectField label={TEXTS.lengthOfOwnership} field={form.field('lengthOfOwnership')} options={OWNERSHIP_LENGTH} placeholder={TEXTS.select} />
          )}
          {withMiles && (
            <TextField label={TEXTS.miles} field={milesBinding} hint={TEXTS.milesHint} inputMode="numeric" maxLength={9} />
          )}
          <MaskedField
            label={TEXTS.statedValue}
            field={form.field('statedValue')}
            mask="dollars"
            hint={TEXTS.statedValueHint}
            tooltip={<Tooltip label={TEXTS.valueTooltipLabel} text={TEXTS.valueTooltip} />}
          />
        </div>
      </fieldset>

      <div className="ppm-vehicle__actions">
        {count > 1 && (
          <button type="button" className="ppm-button ppm-button--secondary" onClick={removeVehicle}>
            {TEXTS.removeVehicle}
          </button>
        )}
        {isLast && count < LIMITS.maxVehicles && (
          <button type="button" className="ppm-button ppm-button--secondary" onClick={addVehicle}>
            {TEXTS.addVehicle}
          </button>
        )}
      </div>
      {isLast && count >= LIMITS.maxVehicles && <p className="ppm-notice ppm-notice--info">{MESSAGES.maxVehicles}</p>}

      <Modal open={modal === 'business'} title={TEXTS.sorry} onClose={() => setModal(null)} closeLabel={TEXTS.close}>
        <p>{MESSAGES.businessPurpose}</p>
        <button type="button" className="ppm-button" onClick={() => setModal(null)}>
          {TEXTS.ok}
        </button>
      </Modal>
      <Modal open={modal === 'mileage'} title={TEXTS.notice} onClose={() => setModal(null)} closeLabel={TEXTS.close}>
        <p>{MESSAGES.mileageNotice}</p>
        <button type="button" className="ppm-button" onClick={() => setModal(null)}>
          {TEXTS.ok}
        </button>
      </Modal>
    </div>
  );
}
