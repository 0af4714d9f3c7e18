/// <reference types="mocha" />
import { createElement, useRef, useState } from 'react';
import { MESSAGES, oneOf, requiredName, requiredText } from '../../contract/index.ts';
import { assert, checkA11y, click, focused, getByLabel, getByRole, getByText, press, type, waitFor } from '../testing/browser.ts';
import { renderWidget, type RenderedWidget } from '../testing/render.ts';
import { ErrorSummary } from './ErrorSummary.tsx';
import { errorSummaryStyles } from './styles/error-summary.styles.ts';
import { Checkbox, RadioGroup } from './fields/Choices.tsx';
import { SelectField } from './fields/SelectField.tsx';
import { TextField } from './fields/TextField.tsx';
import { useForm, type Rules } from './form.ts';
import { baseStyles } from './styles/base.styles.ts';
import { useAdoptedStyles } from './styles/adopt.ts';
import { Tooltip, tooltipStyles } from './Tooltip.tsx';

type Values = { name: string; colour: string; plan: string; agree: string };

const AGREE = 'Please tick the box to agree.';
const RULES: Rules<Values> = {
  name: requiredName,
  colour: oneOf(['guards-red', 'racing-yellow']),
  plan: oneOf(['per-mile', 'unlimited']),
  agree: requiredText(AGREE),
};

/**
 * A form as a wizard step has one: fields with and without tooltips, a radio group, a checkbox, the form's
 * own submit, a submit button that stops the submit in its own handler (as the payment step's does), and a
 * button that moves on to another page of the form (a new reset key).
 */
function Bench() {
  const rootRef = useRef<HTMLDivElement>(null);
  useAdoptedStyles(rootRef, [baseStyles, tooltipStyles, errorSummaryStyles]);
  const [scope, setScope] = useState<HTMLFormElement | null>(null);
  const [page, setPage] = useState(1);
  const form = useForm<Values>('bench', RULES, { name: '', colour: '', plan: '', agree: '' });
  return createElement(
    'div',
    { ref: rootRef, className: 'ppm-root' },
    createElement(
      'form',
      { ref: setScope, noValidate: true, onSubmit: (event: { preventDefault(): void }) => (event.preventDefault(), form.validate()) },
      createElement('h1', null, `Page ${page}`),
      createElement(ErrorSummary, { scope, resetKey: page }),
      createElement(TextField, { label: 'Name', field: form.field('name') }),
      createElement(SelectField, {
        label: 'Colour',
        field: form.field('colour'),
        options: [{ value: 'guards-red', label: 'Guards Red' }, { value: 'racing-yellow', label: 'Racing Yellow' }],
        tooltip: createElement(Tooltip, { label: 'About the colour', text: 'The colour on the registration.' }),
      }),
      createElement(RadioGroup, {
        legend: 'Plan',
        field: form.field('plan'),
        options: [{ value: 'per-mile', label: 'Pay-Per-Mile' }, { value: 'unlimited', label: 'Unlimited' }],
        tooltip: createElement(Tooltip, { label: 'About the plans', text: 'Per mile, or a fixed premium.' }),
      }),
      createElement(Checkbox, { label: 'I agree', field: form.field('agree') }),
      createElement('button', { type: 'submit', className: 'ppm-button' }, 'Submit'),
      createElement(
        'button',
        { type: 'submit', className: 'ppm-button', onClick: (event: { preventDefault(): void }) => (event.preventDefault(), form.validate()) },
        'Pay',
      ),
      createElement('button', { type: 'button', className: 'ppm-button', onClick: () => setPage((n) => n + 1) }, 'Next page'),
    ),
  );
}

let mounted: RenderedWidget;
let root: ShadowRoot;

beforeEach(async () => {
  mounted = await renderWidget(createElement(Bench), (shadow) => shadow.querySelector('form'), { tag: 'ppm-error-summary-bench' });
  root = mounted.root;
});

afterEach(() => mounted.unmount());

const summary = () => root.querySelector<HTMLElement>('.ppm-error-summary');
const entries = () => [...(summary()?.querySelectorAll('a') ?? [])].map((a) => a.textContent);
const ALL = [`Name: ${MESSAGES.required}`, `Colour: ${MESSAGES.required}`, `Plan: ${MESSAGES.required}`, `I agree: ${AGREE}`];

describe('core error summary', () => {
  it('shows nothing for an error a blur shows; a failed submit lists every field by its label or legend, focus stays on the first; axe', async () => {
    await type(getByLabel(root, 'Name'), ' ');
    await press('Tab');
    await waitFor(() => getByLabel(root, 'Name').getAttribute('aria-invalid') === 'true', 'the blur error');
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.equal(summary(), null, 'not summarised without a submit');

    await click(getByRole(root, 'button', 'Submit'));
    await waitFor(() => entries().length === 4, 'the summary');
    assert.deepEqual(entries(), ALL, 'page order; the tooltip buttons are not in the names');
    assert.equal(getByRole(summary()!, 'heading', 'There is a problem').localName, 'h2');
    assert.equal(focused(), getByLabel(root, 'Name'), 'the form focused the first invalid field; the summary took nothing');
    await checkA11y(mounted.host);
  });

  it('each link moves focus to its field: the text box, the select, the first radio, the checkbox', async () => {
    await click(getByRole(root, 'button', 'Submit'));
    await waitFor(() => entries().length === 4, 'the summary');
    await click(getByRole(summary()!, 'link', `Colour: ${MESSAGES.required}`));
    assert.equal(focused(), getByLabel(root, 'Colour'));
    await click(getByRole(summary()!, 'link', `Plan: ${MESSAGES.required}`));
    assert.equal(focused(), getByRole(root, 'radio', 'Pay-Per-Mile'));
    await click(getByRole(summary()!, 'link', `I agree: ${AGREE}`));
    assert.equal(focused(), getByRole(root, 'checkbox', 'I agree'));
    await click(getByRole(summary()!, 'link', `Name: ${MESSAGES.required}`));
    assert.equal(focused(), getByLabel(root, 'Name'));
    assert.equal(location.hash, '', 'the page address is left alone');
  });

  it('a submit button that stops the submit itself shows it too; mended fields leave it; none left, it goes', async () => {
    await click(getByRole(root, 'button', 'Pay'));
    await waitFor(() => entries().length === 4, 'the summary');
    await type(getByLabel(root, 'Name'), 'Ada');
    await waitFor(() => entries().length === 3, 'the name left the list');
    assert.deepEqual(entries(), ALL.slice(1));
    const colour = getByLabel<HTMLSelectElement>(root, 'Colour');
    colour.value = 'guards-red';
    colour.dispatchEvent(new Event('change', { bubbles: true }));
    await click(getByRole(root, 'radio', 'Unlimited'));
    await waitFor(() => entries().length === 1, 'one left');
    await click(getByRole(root, 'checkbox', 'I agree'));
    await waitFor(() => summary() === null, 'gone once nothing is invalid');
    await click(getByRole(root, 'button', 'Pay'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.equal(summary(), null, 'a submit that passes shows none');
  });

  it('a new reset key (the next page of a step) clears it, and a later blur error does not bring it back', async () => {
    await click(getByRole(root, 'button', 'Submit'));
    await waitFor(() => summary(), 'the summary');
    await click(getByRole(root, 'button', 'Next page'));
    await waitFor(() => summary() === null, 'cleared');
    await type(getByLabel(root, 'Name'), ' ');
    await press('Tab');
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.equal(summary(), null);
  });
});

describe('core SelectField tooltip', () => {
  it('puts the "i" button beside the label, as the other fields do, and shows its text when pressed', async () => {
    const button = getByRole(root, 'button', 'About the colour');
    const row = button.closest('.ppm-label-row');
    assert.ok(row?.querySelector('label')?.textContent === 'Colour', 'in the label row, beside the label');
    assert.equal(button.textContent, 'i');
    assert.equal(button.getAttribute('aria-expanded'), 'false');
    await click(button);
    assert.equal(button.getAttribute('aria-expanded'), 'true');
    assert.ok(getByText(root, 'The colour on the registration.'));
    assert.equal(getByLabel(root, 'Colour').localName, 'select', 'the label still names the select');
  });
});
