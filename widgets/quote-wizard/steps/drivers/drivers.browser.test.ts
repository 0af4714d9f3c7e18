/// <reference types="mocha" />
import { sendKeys } from '@web/test-runner-commands';
import {
  BRAND, ISSUER_LENGTH_LABELS, MESSAGES, addDays, defaultLapsedExpiry, formatUsDate, localToday,
} from '../../../../contract/index.ts';
import { OCCUPATION_INDUSTRIES } from '../../../../contract/reference/occupations.ts';
import {
  assert, checkA11y, click, focused, getByLabel, getByRole, getByText, press, queryAllByRole, type, waitFor,
} from '../../../testing/browser.ts';
import { mountStep, type MountedStep } from '../../../testing/step-harness.ts';
import type { StepController } from '../../step.ts';
import { emptyDriver, emptyInfo, initialWizardState, type DriverForm, type WizardState } from '../../model/wizard-model.ts';
import { StepDrivers } from './StepDrivers.tsx';
import { DRIVERS_TEXTS as T } from './drivers.texts.ts';

// The shell's stand-in (widgets/testing/step-harness.ts) keeps the state and the registered controller here.
let mounted: MountedStep;
let root: ShadowRoot;
let controller: StepController;
let current: WizardState;

const INFO = { ...emptyInfo(), firstName: 'Ada', lastName: 'Lovelace', dateOfBirth: '12/10/1985', state: 'GA' };

function primary(fields: Partial<DriverForm> = {}): DriverForm {
  return {
    ...emptyDriver('primary'), firstName: 'Ada', lastName: 'Lovelace', dateOfBirth: '12/10/1985', emailAddress: 'ada@example.com',
    gender: 'Female', maritalStatus: 'Single', levelOfEducation: 'CollegeGraduated', homeRentalStatus: 'Own', licenseState: 'GA',
    licenseStatus: 'ACTIVE', licenseNum: '123456789', accidentsConvictions: '0', hasAutoInsurance: '0', addAnotherDriver: 'No',
    ...fields,
  };
}

function additional(fields: Partial<DriverForm> = {}): DriverForm {
  return {
    ...emptyDriver('additional'), firstName: 'Byron', lastName: 'Lovelace', dateOfBirth: '06/01/2005', relation: 'Child',
    gender: 'Male', maritalStatus: 'Single', levelOfEducation: 'HighSchool', licenseState: 'GA', licenseStatus: 'ACTIVE',
    licenseNum: '987654321', accidentsConvictions: '0', addAnotherDriver: 'No', ...fields,
  };
}

function spouse(fields: Partial<DriverForm> = {}): DriverForm {
  return {
    ...emptyDriver('spouse'), firstName: 'William', lastName: 'King', dateOfBirth: '02/21/1980', maritalStatus: 'Married',
    gender: 'Male', levelOfEducation: 'GraduateSchool', isExcluded: 'No', licenseState: 'GA', licenseStatus: 'ACTIVE',
    licenseNum: '555666777', accidentsConvictions: '0', addAnotherDriver: 'No', ...fields,
  };
}

async function mount(fields: Partial<WizardState> = {}, info: Partial<typeof INFO> = {}): Promise<void> {
  const initial: WizardState = { ...initialWizardState(), step: 3, info: { ...INFO, ...info }, ...fields };
  mounted = await mountStep(StepDrivers, initial, {
    ready: (shadow) => shadow.querySelector('.ppm-drivers__legend'),
    onState: (state) => (current = state),
    onRegister: (registered) => (controller = registered),
  });
  root = mounted.root;
}

afterEach(() => {
  mounted.unmount();
});

// preact runs effects after the next paint (the new page's focus move among them): wait past it
const paint = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
const frame = async () => {
  await paint();
  await paint();
};

/** Preact's re-render after a change runs in a microtask: these let it run, and no paint or effect. */
const settledRender = async () => {
  for (let turn = 0; turn < 5; turn += 1) await Promise.resolve();
};

/** The shell's Continue and Back. */
async function next(): Promise<unknown> {
  const result = await controller.onContinue();
  await frame();
  return result;
}
async function back(): Promise<string> {
  const result = controller.onBack();
  await frame();
  return result;
}

function legend(): string {
  return root.querySelector('.ppm-drivers__legend')!.childNodes[0]!.textContent ?? '';
}

function group(name: string): HTMLFieldSetElement {
  const found = [...root.querySelectorAll('fieldset.ppm-choices')].find((f) => f.querySelector('legend')?.textContent?.trim() === name);
  if (!found) throw new Error(`no question "${name}"`);
  return found as HTMLFieldSetElement;
}
const asks = (name: string) => [...root.querySelectorAll('fieldset.ppm-choices legend')].some((l) => l.textContent?.trim() === name);
const hasLabel = (text: string) => [...root.querySelectorAll('label')].some((l) => l.textContent?.trim() === text);

async function choose(question: string, option: string): Promise<void> {
  const label = [...group(question).querySelectorAll('label')].find((l) => l.textContent?.trim() === option);
  if (!label) throw new Error(`no option "${option}" in "${question}"`);
  await click(label.querySelector('input')!);
  await frame();
}

async function pick(label: string, value: string): Promise<void> {
  const select = getByLabel<HTMLSelectElement>(root, label);
  select.value = value;
  select.dispatchEvent(new Event('change', { bubbles: true }));
  await frame();
}

function errorOf(control: Element): string {
  const ids = (control.getAttribute('aria-describedby') ?? '').split(' ').filter((id) => id.endsWith('-error'));
  return ids.map((id) => root.getElementById(id)?.textContent ?? '').join('');
}

describe('Step 3, Your Drivers: the first driver', () => {
  it("shows 'Your Drivers' with the name and birth date of step 1 locked, and passes axe", async () => {
    await mount({ drivers: [emptyDriver('primary')] });
    assert.equal(legend(), T.legends.primary);
    for (const [label, value] of [['First Name', 'Ada'], ['Last Name', 'Lovelace'], ['Date of Birth', '12/10/1985']] as const) {
      const input = getByLabel(root, label);
      assert.equal(input.value, value, label);
      assert.equal(input.readOnly, true, `${label} is read-only`);
    }
    await waitFor(() => current.drivers[0]!.firstName === 'Ada', 'the insured follows step 1 in the state too');
    assert.equal(current.drivers[0]!.relation, 'INSURED');
    assert.ok(getByLabel(root, T.emailAddress));
    assert.ok(asks(T.hasAutoInsurance) && hasLabel(T.homeRentalStatus), 'first driver only: home and insurance');
    assert.equal(hasLabel(T.relation), false, 'no relation for the insured');
    assert.equal(queryAllByRole(root, 'button', T.removeDriver).length, 0, 'the insured cannot be removed');
    await checkA11y(root.host as HTMLElement);
  });

  it('what is answered before the step has written down its list of drivers is kept, on the page and in the state', async () => {
    // A page opened on an empty list draws a first driver at once and writes it into the state in an effect,
    // which preact runs after the next paint: on a loaded machine a person can answer before it has. Answered
    // here in the task of the first render, before any paint, as the browser delivers a keystroke and a click.
    await mount({ drivers: [] });
    assert.equal(current.drivers.length, 0, 'the list is not written down yet: the moment this test is about');
    const email = getByLabel(root, T.emailAddress);
    email.value = 'ada@example.com';
    email.dispatchEvent(new Event('input', { bubbles: true }));
    await settledRender();
    const female = [...group(T.gender).querySelectorAll('input')].find((input) => input.value === 'Female')!;
    female.click();
    await settledRender();
    assert.equal(email.isConnected && female.isConnected, true, 'the page was not drawn anew under the person');
    assert.equal(getByLabel(root, T.emailAddress).value, 'ada@example.com');
    assert.equal(female.checked, true);
    await frame();
    assert.equal(current.drivers.length, 1);
    assert.equal(current.drivers[0]!.emailAddress, 'ada@example.com');
    assert.equal(current.drivers[0]!.gender, 'Female');
    assert.equal(current.drivers[0]!.firstName, 'Ada', 'the insured follows step 1');
  });

  it('Continue on an empty page shows every error and focuses the first invalid field', async () => {
    await mount({ drivers: [emptyDriver('primary')] });
    assert.equal(await next(), 'stay');
    const emailInput = getByLabel(root, T.emailAddress);
    await waitFor(() => emailInput.getAttribute('aria-invalid') === 'true', 'email invalid');
    assert.equal(focused(), emailInput, 'first invalid field focused');
    assert.equal(errorOf(emailInput), `Error: ${MESSAGES.email}`);
    assert.equal(errorOf(group(T.gender)), `Error: ${MESSAGES.required}`);
    assert.equal(errorOf(getByRole(root, 'combobox', T.licenseState)), `Error: ${MESSAGES.state}`);
    assert.equal(errorOf(group(T.hasAutoInsurance)), `Error: ${MESSAGES.required}`);
    // a fresh page's common answers (issue 11) are answers: on screen, and no error
    assert.equal(getByRole<HTMLInputElement>(group(T.addAnotherDriver), 'radio', 'No').checked, true);
    assert.equal(errorOf(group(T.accidentsConvictions)), `Error: ${MESSAGES.required}`, 'a declaration of the risk is asked, never preset');
    assert.equal(getByLabel<HTMLSelectElement>(root, T.levelOfEducation).selectedOptions[0]?.textContent, 'College graduate');
    assert.equal(errorOf(group(T.addAnotherDriver)), '');
    await checkA11y(root.host as HTMLElement);
  });

  it('a complete single driver with add-another No finishes the step', async () => {
    await mount({ drivers: [primary()] });
    assert.equal(await next(), 'next');
    assert.equal(await back(), 'previous', 'Back on the first driver leaves the step');
  });
});

describe('spouse pages', () => {
  it("Married creates 'Your Spouse' next and hides add-another; Single removes it again", async () => {
    await mount({ drivers: [primary({ addAnotherDriver: '' })] });
    await choose(T.maritalStatus, 'Married');
    assert.equal(current.drivers.length, 2);
    assert.equal(current.drivers[1]!.role, 'spouse');
    assert.equal(current.drivers[0]!.addAnotherDriver, 'No');
    assert.equal(asks(T.addAnotherDriver), false, 'the spouse page asks it');
    assert.ok(getByText(root, T.marriedNext));
    await choose(T.maritalStatus, 'Single');
    assert.equal(current.drivers.length, 1, 'spouse entry removed');
    assert.ok(asks(T.addAnotherDriver));
    await choose(T.maritalStatus, 'Married');
    assert.equal(await next(), 'stay');
    assert.equal(legend(), T.legends.spouse);
    assert.equal(current.driverIndex, 1);
    assert.equal(focused(), root.querySelector('.ppm-drivers__legend'), 'the new page is announced by focus on its legend');
    assert.equal(hasLabel(T.relation) || asks(T.maritalStatus), false, 'a spouse is not asked relation or marital status');
    assert.equal(await back(), 'stay');
    assert.equal(legend(), T.legends.primary);
  });

  it("the exclude question: 'More info.' explains it; an excluded spouse asks no licence questions and is LIST", async () => {
    await mount({ drivers: [primary({ maritalStatus: 'Married' }), spouse({ isExcluded: '' })], driverIndex: 1 });
    assert.equal(legend(), T.legends.spouse);
    assert.ok(getByRole(root, 'combobox', T.licenseState), 'asked before the exclusion');
    await click(getByRole(root, 'button', T.moreInfo));
    const dialog = await waitFor(() => getByRole(root, 'dialog', T.excludeTitle), 'more info modal');
    assert.ok(dialog.textContent!.includes('An excluded spouse is not covered'));
    await checkA11y(root.host as HTMLElement);
    await click(getByRole(dialog, 'button', T.ok));
    await waitFor(() => !(dialog as HTMLDialogElement).open, 'closed');
    await choose(T.isExcluded, 'Yes');
    assert.equal(queryAllByRole(root, 'combobox', T.licenseState).length, 0);
    assert.equal(hasLabel(T.licenseStatus) || hasLabel(T.licenseNum) || asks(T.accidentsConvictions), false);
    assert.equal(current.drivers[1]!.licenseNum, '', 'licence answers dropped');
    assert.ok(getByText(root, T.excludedNote));
    assert.equal(await next(), 'next');
  });

  it("a later driver's spouse is the 'Additional Driver Spouse'; Remove Driver takes the married driver and that spouse", async () => {
    await mount({ drivers: [primary({ addAnotherDriver: 'Yes' }), additional({ maritalStatus: '', addAnotherDriver: '' })], driverIndex: 1 });
    assert.equal(legend(), T.legends.additional);
    assert.ok(getByLabel(root, T.relation));
    await choose(T.maritalStatus, 'Married');
    assert.equal(await next(), 'stay');
    assert.equal(legend(), T.legends.additionalSpouse);
    assert.equal(queryAllByRole(root, 'button', T.removeDriver).length, 0, 'a spouse goes with the marital answer');
    await back();
    await click(getByRole(root, 'button', T.removeDriver));
    await frame();
    assert.equal(current.drivers.length, 1, 'driver and spouse removed');
    assert.equal(current.driverIndex, 0);
    assert.equal(legend(), T.legends.primary);
    assert.equal(current.drivers[0]!.addAnotherDriver, 'No');
  });
});

describe('add another driver and the maximum', () => {
  it('add-another Yes creates an Additional Driver page with its own age rule (16)', async () => {
    await mount({ drivers: [primary({ addAnotherDriver: '' })] });
    await choose(T.addAnotherDriver, 'Yes');
    assert.equal(await next(), 'stay');
    assert.equal(legend(), T.legends.additional);
    assert.equal(current.drivers.length, 2);
    const dob = getByLabel(root, T.dateOfBirth);
    assert.equal(dob.readOnly, false);
    const today = localToday();
    await type(dob, formatUsDate({ ...today, year: today.year - 15 }));
    await press('Tab');
    await waitFor(() => errorOf(dob) === `Error: ${MESSAGES.minAge(16)}`, 'under 16 refused');
    await pick(T.relation, 'Child');
    assert.equal(current.drivers[1]!.relation, 'Child');
  });

  it(`at 4 drivers besides spouses the last page asks no more and gives the phone number`, async () => {
    const drivers = [
      primary({ maritalStatus: 'Married', addAnotherDriver: 'No' }), spouse({ licenseNum: '111222333' }),
      additional({ licenseNum: '222333444' }), additional({ licenseNum: '333444555' }), additional({ licenseNum: '444555666', addAnotherDriver: '' }),
    ];
    await mount({ drivers, driverIndex: 4 });
    assert.equal(legend(), T.legends.additional);
    assert.equal(asks(T.addAnotherDriver), false);
    const notice = getByText(root, MESSAGES.maxDrivers);
    assert.equal(MESSAGES.maxDrivers, `To add more than 4 drivers, please call ${BRAND.phone}.`);
    assert.equal(notice.querySelector('a')?.getAttribute('href'), BRAND.phoneHref);
    assert.equal(await next(), 'next', 'no fifth driver: the step is done');
  });
});

describe('licence rules', () => {
  it("checks the number against the licence state's format and strips all but letters, digits and *", async () => {
    await mount({ drivers: [primary({ licenseState: '', licenseNum: '' })] });
    const state = getByRole(root, 'combobox', T.licenseState);
    await type(state, 'California');
    await press('Tab');
    const number = getByLabel(root, T.licenseNum);
    await type(number, 'D123-45 67');
    assert.equal(number.value, 'D1234567', 'dash and space stripped');
    assert.equal(current.drivers[0]!.licenseNum, 'D1234567');
    await type(number, '8');
    await press('Tab');
    await waitFor(() => errorOf(number) === `Error: ${MESSAGES.licence('California')}`, 'CA format message');
    assert.equal(await next(), 'stay');
    assert.equal(focused(), number);
  });

  it("a licence number already on another driver shows 'License number already added'", async () => {
    await mount({ drivers: [primary({ addAnotherDriver: 'Yes' }), additional({ licenseNum: '123-456-789' })], driverIndex: 1 });
    assert.equal(current.drivers[1]!.licenseNum, '123-456-789');
    assert.equal(await next(), 'stay');
    const snackbar = await waitFor(() => getByRole(root, 'alert'), 'snackbar');
    assert.equal(snackbar.querySelector('.ppm-snackbar__text')?.textContent, 'License number already added');
    assert.equal(focused(), getByLabel(root, T.licenseNum));
  });

  it("a revoked or suspended licence opens 'Sorry!' and blocks Continue", async () => {
    await mount({ drivers: [primary({ licenseStatus: 'SUSPENDED' })] });
    assert.equal(await next(), 'stay');
    const dialog = await waitFor(() => getByRole(root, 'dialog', 'Sorry!'), 'revoked modal');
    assert.ok(dialog.textContent!.includes('Unfortunately we cannot provide coverage for drivers with a revoked or suspended driver’s license.'));
    await checkA11y(root.host as HTMLElement);
    await click(getByRole(dialog, 'button', T.ok));
    await waitFor(() => !(dialog as HTMLDialogElement).open, 'closed');
    await pick(T.licenseStatus, 'ACTIVE');
    assert.equal(await next(), 'next');
  });
});

describe('prior insurance (first driver)', () => {
  it('3, 0, 1 and 2: the questions, the labels and the 15-days-ago default', async () => {
    await mount({ drivers: [primary({ hasAutoInsurance: '' })] });
    const details = [T.previousCompany, T.recentCoverageLimits];
    await choose(T.hasAutoInsurance, 'Yes, I am currently insured');
    assert.ok(hasLabel(ISSUER_LENGTH_LABELS.current));
    assert.ok(details.every(hasLabel));
    assert.equal(getByLabel(root, T.previousExpirationCurrent).value, '');
    await choose(T.hasAutoInsurance, 'No, I have never been insured');
    assert.equal(hasLabel(ISSUER_LENGTH_LABELS.current) || details.some(hasLabel), false);
    await choose(T.hasAutoInsurance, 'My policy lapsed less than a month ago');
    assert.ok(hasLabel(ISSUER_LENGTH_LABELS.lapsed));
    const expiry = getByLabel(root, T.previousExpirationLapsed);
    const fifteenDaysAgo = formatUsDate(defaultLapsedExpiry(localToday()));
    await waitFor(() => expiry.value === fifteenDaysAgo, '15 days ago');
    assert.equal(current.drivers[0]!.previousExpirationDate, fifteenDaysAgo);
    await pick(ISSUER_LENGTH_LABELS.lapsed, '1');
    await choose(T.hasAutoInsurance, 'My policy lapsed more than a month ago');
    assert.equal(hasLabel(ISSUER_LENGTH_LABELS.lapsed) || details.some(hasLabel), false);
    assert.equal(current.drivers[0]!.recentIssuerLength, '', 'dropped');
    assert.equal(current.drivers[0]!.previousExpirationDate, '', 'reset');
    await choose(T.hasAutoInsurance, 'Yes, I am currently insured');
    assert.equal(getByLabel(root, T.previousExpirationCurrent).value, '', 'reset, not the lapsed default');
  });

  it('the expiry must be in the future when insured, within the last 31 days when lapsed', async () => {
    await mount({ drivers: [primary({ hasAutoInsurance: '3' })] });
    const today = localToday();
    const expiry = getByLabel(root, T.previousExpirationCurrent);
    await type(expiry, formatUsDate(today));
    await press('Tab');
    await waitFor(() => errorOf(expiry) === `Error: ${MESSAGES.currentExpiry}`, 'not in the future');
    await choose(T.hasAutoInsurance, 'My policy lapsed less than a month ago');
    const lapsed = getByLabel(root, T.previousExpirationLapsed);
    await click(lapsed);
    await press('Control+A');
    await press('Backspace');
    await sendKeys({ type: formatUsDate(addDays(today, -40)) });
    await press('Tab');
    await waitFor(() => errorOf(lapsed).startsWith('Error: A lapsed policy must have expired between'), 'lapsed window');
  });

  it('a stored limit containing 250/500 maps to that option, any other to the last option', async () => {
    await mount({ drivers: [primary({ hasAutoInsurance: '', recentCoverageLimits: '$250,000/$500,000' })] });
    await choose(T.hasAutoInsurance, 'Yes, I am currently insured');
    assert.equal(getByLabel<HTMLSelectElement>(root, T.recentCoverageLimits).value, '250/500');
    mounted.unmount();
    await mount({ drivers: [primary({ hasAutoInsurance: '', recentCoverageLimits: '30/60' })] });
    await choose(T.hasAutoInsurance, 'My policy lapsed less than a month ago');
    const select = getByLabel<HTMLSelectElement>(root, T.recentCoverageLimits);
    assert.equal(select.value, select.options[select.options.length - 1]!.value);
  });
});

describe('occupation and state-specific questions', () => {
  it('asks industry and occupation in occupation states: one option is selected, no list means free text', async () => {
    const single = OCCUPATION_INDUSTRIES.find((i) => i.occupations.length === 1);
    const free = OCCUPATION_INDUSTRIES.find((i) => i.occupations.length === 0);
    const listed = OCCUPATION_INDUSTRIES.find((i) => i.occupations.length > 1);
    assert.ok(single && free && listed, 'the occupation data has a single-option, a free-text and a list industry');
    await mount({ drivers: [primary()] }, { state: 'AZ' });
    await pick(T.occupationIndustry, single.value);
    const occupation = getByLabel<HTMLSelectElement>(root, T.occupation);
    assert.equal(occupation.value, single.occupations[0]!.code, 'auto-selected');
    assert.equal(current.drivers[0]!.occupationCode, single.occupations[0]!.code);
    assert.equal(current.drivers[0]!.occupation, single.occupations[0]!.label);
    await pick(T.occupationIndustry, listed.value);
    assert.equal(getByLabel<HTMLSelectElement>(root, T.occupation).value, '', 'a list waits for the choice');
    await pick(T.occupation, listed.occupations[1]!.code);
    assert.equal(current.drivers[0]!.occupation, listed.occupations[1]!.label, 'the label follows the code');
    await pick(T.occupationIndustry, free.value);
    const text = getByLabel(root, T.occupation);
    assert.equal(text.localName, 'input');
    assert.equal(await next(), 'stay', 'free text required');
    assert.equal(focused(), text);
    await type(text, 'Luthier');
    assert.equal(current.drivers[0]!.occupation, 'Luthier');
    assert.equal(current.drivers[0]!.occupationCode, '');
    assert.equal(await next(), 'next');
  });

  it('outside occupation states there is no occupation question', async () => {
    await mount({ drivers: [primary()] }, { state: 'GA' });
    assert.equal(hasLabel(T.occupationIndustry), false);
  });

  it("offers 'Prefer not to say' in OR only", async () => {
    await mount({ drivers: [primary()] }, { state: 'OR' });
    assert.ok([...group(T.gender).querySelectorAll('label')].some((l) => l.textContent === 'Prefer not to say'));
    await choose(T.gender, 'Prefer not to say');
    assert.equal(current.drivers[0]!.gender, 'Unspecified');
    mounted.unmount();
    await mount({ drivers: [primary()] }, { state: 'TX' });
    assert.equal([...group(T.gender).querySelectorAll('label')].some((l) => l.textContent === 'Prefer not to say'), false);
  });
});

describe('a later change discards a quote; moving between pages does not', () => {
  it('keeps the quote while paging, drops it on a changed answer', async () => {
    await mount({ drivers: [primary({ addAnotherDriver: 'Yes' }), additional()], quoteResponse: { quoteNumber: 'Q1' } });
    assert.equal(await next(), 'stay');
    assert.equal(await back(), 'stay');
    assert.equal(await next(), 'stay');
    assert.equal(await next(), 'next');
    assert.deepEqual(current.quoteResponse, { quoteNumber: 'Q1' });
    await choose(T.accidentsConvictions, '1');
    assert.equal(current.quoteResponse, null);
  });
});
