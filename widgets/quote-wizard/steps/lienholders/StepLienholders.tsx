import { useRef, useState } from 'react';
import {
  LIENHOLDER_OPTIONS, LienholderForm, PURCHASE_TOKEN_HEADER, US_STATES, check, financingCompanyFor, skipsLienholder, type LienholderRequest, type QuotePolicy,
} from '../../../../contract/index.ts';
import { MaskedField } from '../../../core/fields/MaskedField.tsx';
import { SelectField } from '../../../core/fields/SelectField.tsx';
import { TextField } from '../../../core/fields/TextField.tsx';
import { useBoundForm, type Rules } from '../../../core/form.ts';
import { Modal } from '../../../core/modal.tsx';
import { useAdoptedStyles } from '../../../core/styles/adopt.ts';
import type { StepIntent } from '../../model/step-ids.ts';
import type { StepProps } from '../../step.ts';
import type { WizardState } from '../../model/wizard-model.ts';
import { quotePolicyOf } from '../../model/quote-policy.ts';
import { purchaseStyles } from '../purchase.styles.ts';
import { financedVehicles, purchaseOf, type LienholderAnswers } from '../../model/purchase-model.ts';
import { purchaseTokenFor } from '../../model/purchase-token.ts';
import { LIENHOLDER_TEXTS as T } from './lienholders.texts.ts';

import * as endpoints from '../../../../contract/api/endpoints.ts';

/**
 * The lienholder sub-step (doc 3 sections 2, 3, 4, 5, 8), after a successful payment when a vehicle is
 * LEASED or FINANCED: one block per such vehicle, one at a time, with Back and Continue between them and
 * Submit on the last. PFS and PLL fill in and lock the financing company's name, and its address only where
 * we hold one as a fact (contract/reference/lienholders.ts; none today, so the buyer types it); 'other'
 * asks for everything; "I don't know" asks nothing and is not sent. Submit sends POST /api/policy/lienholder
 * once per vehicle that is not skipped; if any fails, the 'Apologies' modal says a concierge will call, and
 * OK goes on to step 7 all the same (the policy is bound either way). An entry of the steps table of its
 * own (steps.ts), shown on step 6 once the payment is bound; it names no step but the next.
 */
type Values = Omit<LienholderAnswers, 'carNumber'>;
type FieldName = keyof Values & string;

const FIELD_RULES = LienholderForm.schema as unknown as Rules<Values>;
const ONLY_OPTION: Partial<Rules<Values>> = { option: FIELD_RULES.option };
const EMPTY: Values = { option: '', name: '', address: '', city: '', state: '', zip: '', phoneNumber: '' };

function answersFor(state: WizardState, carNumber: number): LienholderAnswers {
  return purchaseOf(state).lienholders.find((answers) => answers.carNumber === carNumber) ?? { carNumber, ...EMPTY };
}

/** The rules of one block: all of LienholderForm, or only the option when the person does not know. */
function rulesFor(option: string): Partial<Rules<Values>> {
  return skipsLienholder(option) ? ONLY_OPTION : FIELD_RULES;
}

/** One vehicle's request, as the API takes it; null when the block is skipped or not valid. */
function lienholderRequest(quoteNumber: string, answers: LienholderAnswers): LienholderRequest | null {
  if (skipsLienholder(answers.option)) return null;
  const form = check({ option: answers.option, name: answers.name, address: answers.address, city: answers.city, state: answers.state, zip: answers.zip, phoneNumber: answers.phoneNumber }, LienholderForm);
  if (!form.ok) return null;
  const { option: _option, ...fields } = form.value;
  return { quoteNumber, ...fields, carNumber: answers.carNumber };
}

function vehicleTitle(vehicle: QuotePolicy['vehicleInfo'][number]): string {
  return [vehicle.year, vehicle.make, vehicle.model].filter(Boolean).join(' ');
}

export function StepLienholders({ state, update, register, api, busy, act }: StepProps) {
  const rootRef = useRef<HTMLDivElement>(null);
  useAdoptedStyles(rootRef, purchaseStyles);
  const policy = quotePolicyOf(state.quoteResponse);
  const vehicles = financedVehicles(policy);
  const bound = purchaseOf(state).bound;
  const [index, setIndex] = useState(0);
  const [apologies, setApologies] = useState(false);
  const sending = useRef(false);
  const latest = useRef(state);
  latest.current = state;

  const vehicle = vehicles[Math.min(index, vehicles.length - 1)];
  const carNumber = vehicle?.carNumber ?? index + 1;
  const answers = answersFor(state, carNumber);
  const { carNumber: _car, ...values } = answers;

  function change(fields: Partial<Values>) {
    update((s) => {
      const purchase = purchaseOf(s);
      const others = purchase.lienholders.filter((entry) => entry.carNumber !== carNumber);
      return { ...s, purchase: { ...purchase, lienholders: [...others, { ...answersFor(s, carNumber), ...fields }] } };
    });
  }

  const form = useBoundForm<Values>(`ppm-lienholder-${carNumber}`, rulesFor(values.option), values, (name, value) => {
    if (name !== 'option') return change({ [name]: value });
    // PFS and PLL bring their company (its name, and its address where we hold it as a fact); leaving or
    // switching them clears it, so no locked text stays behind as typed
    const company = financingCompanyFor(value);
    const was = financingCompanyFor(values.option);
    if (company) {
      const { source: _source, ...address } = company.address ?? { address: '', city: '', state: '', zip: '', phoneNumber: '', source: '' };
      change({ option: value, name: company.name, ...address });
    } else if (was) change({ ...EMPTY, option: value });
    else change({ option: value });
  });

  const last = index >= vehicles.length - 1;
  const company = financingCompanyFor(values.option);
  const prefilled = company !== undefined;
  const addressPrefilled = company?.address != null;
  const skipped = skipsLienholder(values.option);

  /** Continue or Submit: the next vehicle's block, or, after the last, the requests sent ('next' once they are). */
  async function next(): Promise<StepIntent> {
    if (!form.validate()) return 'stay';
    if (!last) {
      setIndex(index + 1);
      return 'stay';
    }
    return submit();
  }

  async function submit(): Promise<StepIntent> {
    if (sending.current || !bound) return 'stay';
    const now = latest.current;
    // every block must be complete: a block left on an earlier page is shown again
    const firstInvalid = vehicles.findIndex((v, i) => {
      const entry = answersFor(now, v.carNumber ?? i + 1);
      return !skipsLienholder(entry.option) && lienholderRequest(bound.quoteNumber, entry) === null;
    });
    if (firstInvalid >= 0 && firstInvalid !== index) {
      setIndex(firstInvalid);
      return 'stay';
    }
    const requests = vehicles
      .map((v, i) => lienholderRequest(bound.quoteNumber, answersFor(now, v.carNumber ?? i + 1)))
      .filter((request): request is LienholderRequest => request !== null);
    sending.current = true;
    try {
      // the bind's purchase token, held in memory only (purchase-token.ts); without it the server says what to do
      const token = purchaseTokenFor(bound.quoteNumber);
      const headers: Record<string, string> = token ? { [PURCHASE_TOKEN_HEADER]: token } : {};
      const results = await busy(() => Promise.all(requests.map((request) => api.call(endpoints.lienholder, request, { headers }))));
      if (results.every((result) => result.ok)) return finish();
      setApologies(true);
      return 'stay';
    } finally {
      sending.current = false;
    }
  }

  /** The lienholders are done with (sent, or apologised for): on to the thank-you. */
  function finish(): StepIntent {
    setApologies(false);
    update((s) => ({ ...s, purchase: { ...purchaseOf(s), lienholdersDone: true } }));
    return 'next';
  }

  register({
    onContinue: next,
    // the payment is made: Back moves between the vehicles only
    onBack: () => {
      if (index > 0) setIndex(index - 1);
      return 'stay';
    },
  });

  if (!vehicle) return null;
  return (
    <div ref={rootRef} className="ppm-root ppm-purchase" part="lienholders">
      <h4 className="ppm-payment__heading">{T.heading}</h4>
      <p className="ppm-purchase__lead ppm-purchase__confirmed">{T.lead}</p>
      <fieldset className="ppm-purchase__vehicle" key={carNumber}>
        <legend className="ppm-purchase__legend">
          {T.vehicleLegend(vehicleTitle(vehicle))}
          {vehicles.length > 1 && <span className="ppm-purchase__count"> ({T.vehicleCount(index + 1, vehicles.length)})</span>}
        </legend>
        <SelectField label={T.option} field={form.field('option')} options={LIENHOLDER_OPTIONS.map(({ value, label }) => ({ value, label }))} />
        {prefilled && <p className="ppm-notice ppm-notice--info">{addressPrefilled ? T.prefilled : T.prefilledName}</p>}
        {skipped && <p className="ppm-notice ppm-notice--info">{T.unknown}</p>}
        {!skipped && (
          <div className="ppm-grid">
            <div className="ppm-grid__wide">
              <TextField label={T.name} field={form.field('name')} disabled={prefilled} autoComplete="off" />
            </div>
            <div className="ppm-grid__wide">
              <TextField label={T.address} field={form.field('address')} disabled={addressPrefilled} autoComplete="off" />
            </div>
            <TextField label={T.city} field={form.field('city')} disabled={addressPrefilled} autoComplete="off" />
            <SelectField label={T.state} field={form.field('state')} options={US_STATES} disabled={addressPrefilled} />
            <MaskedField label={T.zip} field={form.field('zip')} mask="zip" disabled={addressPrefilled} />
            <MaskedField label={T.phoneNumber} field={form.field('phoneNumber')} mask="phone" disabled={addressPrefilled} />
          </div>
        )}
      </fieldset>

      <div className="ppm-wizard__actions">
        {index > 0 && (
          <button type="button" className="ppm-button ppm-button--secondary" part="back" onClick={() => setIndex(index - 1)}>
            {T.back}
          </button>
        )}
        <button
          type="submit"
          className="ppm-button"
          part={last ? 'submit' : 'continue'}
          onClick={(event) => {
            event.preventDefault();
            void act(next);
          }}
        >
          {last ? T.submit : T.continue}
        </button>
      </div>

      <Modal open={apologies} title={T.apologiesTitle} onClose={() => void act(finish)} closeLabel={T.close}>
        <p>{T.apologiesBody}</p>
        <button type="button" className="ppm-button" onClick={() => void act(finish)}>
          {T.ok}
        </button>
      </Modal>
    </div>
  );
}
