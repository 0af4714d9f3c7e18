/**
 * A test bench for the core pieces no shipped widget uses yet (overlay, snackbars, modal, masks, date
 * picker, radio, checkbox, select, the signals store). Browser tests mount it in a shadow root, the way
 * a widget lives on a host page. Not part of any bundle.
 */
import { useMemo, useRef, useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { refine, string } from 'superstruct';
import { requiredText } from '../../contract/index.ts';
import { DateField, datePickerStyles } from '../core/date-picker.tsx';
import { Checkbox, RadioGroup } from '../core/fields/Choices.tsx';
import { MaskedField } from '../core/fields/MaskedField.tsx';
import { TEST_NOTICE_MS } from './browser.ts';
import { SelectField } from '../core/fields/SelectField.tsx';
import { useForm, type Rules } from '../core/form.ts';
import { parseDate } from '../core/date-text.ts';
import { Modal, modalStyles } from '../core/modal.tsx';
import { Overlay, overlayStyles } from '../core/overlay.tsx';
import { Snackbars, snackbarStyles } from '../core/snackbar.tsx';
import { session } from '../core/session.ts';
import { baseStyles } from '../core/styles/base.styles.ts';
import { useAdoptedStyles } from '../core/styles/adopt.ts';
import { scoped, useWidget } from '../core/widget.tsx';

function startOfDay(date: Date): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate());
}

export const TODAY = startOfDay(new Date());
export const IN_30_DAYS = new Date(TODAY.getFullYear(), TODAY.getMonth(), TODAY.getDate() + 30);

// The real date rules arrive with the wizard's contract; this one only exercises the field's wiring.
const effectiveDate = refine(string(), 'effectiveDate', (value) => {
  const date = parseDate(value);
  return (date !== null && date >= TODAY && date <= IN_30_DAYS) || 'Please enter a date from today to 30 days ahead.';
});

type Values = { date: string; phone: string; zip: string; dollars: string; vin: string; plan: string; agree: string; colour: string };

const RULES: Rules<Values> = {
  date: effectiveDate,
  phone: requiredText(),
  zip: requiredText(),
  dollars: requiredText(),
  vin: requiredText(),
  plan: requiredText('Please choose a plan.'),
  agree: requiredText('Please tick the box.'),
  colour: requiredText(),
};

const EMPTY: Values = { date: '', phone: '', zip: '', dollars: '', vin: '', plan: '', agree: '', colour: '' };

function CoreHarnessView() {
  useSignals();
  const { showLoader, showSnackbar } = useWidget();
  const ref = useRef<HTMLDivElement>(null);
  useAdoptedStyles(ref, [baseStyles, overlayStyles, snackbarStyles, modalStyles, datePickerStyles]);
  const form = useForm<Values>('harness', RULES, useMemo(() => EMPTY, []));
  const [modalOpen, setModalOpen] = useState(false);
  const [submitted, setSubmitted] = useState<Values | null>(null);

  return (
    <div ref={ref} className="ppm-root">
      <h1>Core harness</h1>
      <p data-testid="user">{session.value.user ? `Signed in as ${session.value.user.firstName}` : 'Signed out'}</p>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setSubmitted(form.validate());
        }}
      >
        <DateField label="Policy Effective Date" field={form.field('date')} min={TODAY} max={IN_30_DAYS} />
        <MaskedField label="Mobile Phone" field={form.field('phone')} mask="phone" />
        <MaskedField label="ZIP" field={form.field('zip')} mask="zip" />
        <MaskedField label="Insured Value" field={form.field('dollars')} mask="dollars" />
        <MaskedField label="VIN" field={form.field('vin')} mask="vin" />
        <RadioGroup
          legend="Plan"
          field={form.field('plan')}
          options={[
            { value: 'per_mile', label: 'Per mile' },
            { value: 'capped', label: 'Unlimited' },
          ]}
        />
        <Checkbox label="I agree" field={form.field('agree')} />
        <SelectField
          label="Colour"
          field={form.field('colour')}
          options={[
            { value: 'red', label: 'Guards Red' },
            { value: 'blue', label: 'Miami Blue' },
          ]}
        />
        <button type="submit" className="ppm-button">
          Check
        </button>
      </form>
      {submitted && <p data-testid="submitted">{JSON.stringify(submitted)}</p>}
      <button type="button" className="ppm-button" onClick={() => showLoader()}>
        Show loader
      </button>
      <button type="button" className="ppm-button" onClick={() => showLoader('Calculating your quote...')}>
        Show quote loader
      </button>
      <button type="button" className="ppm-button" onClick={() => showSnackbar('danger', 'unable to load quote', TEST_NOTICE_MS)}>
        Timed danger
      </button>
      <button type="button" className="ppm-button" onClick={() => showSnackbar('info', 'Quote Saved Successfully', null)}>
        Persistent info
      </button>
      <button type="button" className="ppm-button" onClick={() => setModalOpen(true)}>
        Open modal
      </button>
      <Modal open={modalOpen} title="Sorry!" onClose={() => setModalOpen(false)}>
        <p>We were unable to locate your quote using that information.</p>
        <button type="button" className="ppm-button" onClick={() => setModalOpen(false)}>
          New Quote
        </button>
      </Modal>
      <Overlay />
      <Snackbars />
    </div>
  );
}

export const CoreHarness = scoped('ppm-core-harness', CoreHarnessView);
