/// <reference types="mocha" />
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { BRAND, MESSAGES, localToday } from '../../contract/index.ts';
import {
  assert, checkA11y, click, focused, getByLabel, getByRole, getByText, json, press, queryAllByRole, stubApi, type,
  waitFor, type StubbedCall, TEST_NOTICE_MS,
} from '../testing/browser.ts';
import './claim-form.ts';
import { ClaimForm } from './ClaimForm.tsx';
import { CLAIM_FORM_TEXTS as T } from './claim-form.texts.ts';

let host: HTMLElementTagNameMap['ppm-claim-form'];
let stub: ReturnType<typeof stubApi> | undefined;
const REFERENCE = 'CLM-7Q4K-9M3P';

async function mount(): Promise<ShadowRoot> {
  host = document.createElement('ppm-claim-form');
  host.setAttribute('api-base', 'http://api.test');
  document.body.append(host);
  const root = host.shadowRoot!;
  await waitFor(() => root.querySelector('form'), 'the form');
  return root;
}

const button = (root: ShadowRoot, name: string) => getByRole<HTMLButtonElement>(root, 'button', name);
const optional = (label: string) => `${label} ${T.optional}`;
const heading = (root: ShadowRoot) => root.querySelector('h3')!;
const radio = (root: ShadowRoot, legend: string, answer: string) => {
  const group = [...root.querySelectorAll('fieldset')].find((set) => set.querySelector('legend')?.textContent === legend);
  if (!group) throw new Error(`no question "${legend}"`);
  return [...group.querySelectorAll<HTMLInputElement>('input[type=radio]')].find((input) => input.parentElement?.textContent === answer)!;
};
const errorOf = (root: ShadowRoot, field: HTMLElement) =>
  (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => root.getElementById(id))
    .find((element) => element?.classList.contains('ppm-error-message'))?.textContent;

async function pick(select: HTMLSelectElement, value: string) {
  await click(select);
  select.value = value;
  select.dispatchEvent(new Event('change', { bubbles: true }));
  await press('Escape');
}

/** What the file picker does once the person has chosen files. */
function choose(input: HTMLInputElement, files: File[]) {
  const transfer = new DataTransfer();
  for (const file of files) transfer.items.add(file);
  input.files = transfer.files;
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

async function pngFile(name: string): Promise<File> {
  const canvas = document.createElement('canvas');
  canvas.width = 40;
  canvas.height = 30;
  canvas.getContext('2d')!.fillRect(0, 0, 20, 20);
  const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/png'));
  return new File([blob], name, { type: 'image/png' });
}

async function next(root: ShadowRoot, step: number) {
  await click(button(root, T.next));
  await waitFor(() => heading(root).textContent?.startsWith(`Step ${step} of 5`), `step ${step}`);
  await waitFor(() => focused() === heading(root), `focus on the heading of step ${step}`);
}

async function fillStep1(root: ShadowRoot) {
  await type(getByLabel(root, T.firstName), 'Ada');
  await type(getByLabel(root, T.lastName), "O'Neill");
  await type(getByLabel(root, optional(T.telephoneNumber)), '6025550134');
  await type(getByLabel(root, T.email), 'ada@example.com');
  await pick(getByLabel<HTMLSelectElement>(root, T.insuranceProvider), BRAND.insurer);
  await click(radio(root, T.insuredRelation, T.relationOther));
  await type(getByLabel(root, optional(T.insuredRelationInput)), 'Spouse');
}

async function fillStep2(root: ShadowRoot) {
  await type(getByLabel(root, T.incidentLocation), 'Camelback Rd, Phoenix');
  await type(getByLabel(root, T.incidentDate), '03012026');
  await type(getByLabel(root, T.incidentDescription), 'Rear-ended at a red light.');
  await click(radio(root, optional(T.ownerVehicleInvolved), T.yes));
  await pick(await waitFor(() => root.querySelector<HTMLSelectElement>('select[name=ownerVehicleLocation]'), 'location'), 'tow');
  await type(getByLabel(root, optional("The tow yard's phone number")), '4805550199');
  await click(radio(root, optional(T.ownerVehicleDriveable), T.no));
}

afterEach(() => {
  stub?.restore();
  stub = undefined;
  host?.remove();
});

describe('<ppm-claim-form>', () => {
  it('opens on step 1 of 5: Back and Submit disabled, Next enabled; styles adopted; passes axe', async () => {
    const root = await mount();
    assert.equal(heading(root).textContent, `Step 1 of 5: ${T.steps[0]}`);
    assert.equal(button(root, T.back).disabled, true);
    assert.equal(button(root, T.next).disabled, false);
    assert.equal(button(root, T.submit).disabled, true);
    assert.ok(root.adoptedStyleSheets.length >= 1);
    assert.equal(root.querySelector('style'), null);
    await checkA11y(host);
  });

  it('Next checks the step GOV.UK style: summary, first invalid field focused; errors on blur, not while typing', async () => {
    const root = await mount();
    await click(button(root, T.next));
    const first = getByLabel(root, T.firstName);
    await waitFor(() => focused() === first, 'first invalid field focused');
    const summary = await waitFor(() => root.querySelector('.ppm-error-summary'), 'error summary');
    assert.equal(summary.querySelector('h4')?.textContent, 'There is a problem');
    const items = [...summary.querySelectorAll('a')].map((a) => a.textContent);
    assert.deepEqual(items, [
      `${T.firstName}: ${MESSAGES.required}`, `${T.lastName}: ${MESSAGES.required}`, `${T.email}: ${MESSAGES.email}`,
      `${T.insuranceProvider}: ${MESSAGES.required}`, `${T.insuredRelation}: ${MESSAGES.required}`,
    ]);
    assert.equal(heading(root).textContent?.startsWith('Step 1 of 5'), true, 'stays on step 1');
    await checkA11y(host);

    const email = getByLabel(root, T.email);
    await type(email, 'x');
    await press('Backspace');
    await type(email, 'ada@');
    assert.equal(errorOf(root, email), `Error: ${MESSAGES.email}`, 'the shown error stays while typing a still wrong address');
    await type(email, 'example.com');
    await waitFor(() => email.getAttribute('aria-invalid') === null, 'the error goes once the address is right');
    const last = getByLabel(root, T.lastName);
    await type(last, 'x'.repeat(64));
    await press('Tab');
    await waitFor(() => errorOf(root, last) === `Error: ${MESSAGES.maxLength(63)}`, 'max 63 on blur');
  });

  it('telephone is optional, masked 000-000-0000, and must be a valid US number', async () => {
    const root = await mount();
    const phone = getByLabel<HTMLInputElement>(root, optional(T.telephoneNumber));
    await type(phone, '1234567890x');
    assert.equal(phone.value, '123-456-7890');
    await press('Tab');
    await waitFor(() => errorOf(root, phone) === `Error: ${MESSAGES.phone}`, 'NANP rule');
    phone.select();
    await press('Backspace');
    await press('Tab');
    await waitFor(() => phone.getAttribute('aria-invalid') === null, 'empty is fine');
  });

  it('shows Insurer Name unless our own insurer is chosen, and the relation text only for Other', async () => {
    const root = await mount();
    const provider = getByLabel<HTMLSelectElement>(root, T.insuranceProvider);
    assert.deepEqual([...provider.options].map((o) => o.value), ['', BRAND.insurer, 'Other']);
    assert.equal(queryAllByRole(root, 'textbox', optional(T.altInsurer)).length, 0);
    await pick(provider, 'Other');
    await waitFor(() => queryAllByRole(root, 'textbox', optional(T.altInsurer)).length === 1, 'insurer name shown');
    await pick(provider, BRAND.insurer);
    await waitFor(() => queryAllByRole(root, 'textbox', optional(T.altInsurer)).length === 0, 'insurer name hidden');
    assert.equal(queryAllByRole(root, 'textbox', optional(T.insuredRelationInput)).length, 0);
    await click(radio(root, T.insuredRelation, T.relationOther));
    await waitFor(() => queryAllByRole(root, 'textbox', optional(T.insuredRelationInput)).length === 1, 'relation text shown');
    await click(radio(root, T.insuredRelation, T.relationInsured));
    await waitFor(() => queryAllByRole(root, 'textbox', optional(T.insuredRelationInput)).length === 0, 'relation text hidden');
  });

  it('moves focus to the next step heading and back; the date mask corrects, the calendar picks, a future date is refused', async () => {
    const root = await mount();
    await fillStep1(root);
    await next(root, 2);
    assert.equal(button(root, T.back).disabled, false);
    await click(button(root, T.back));
    await waitFor(() => heading(root).textContent?.startsWith('Step 1 of 5'), 'back to step 1');
    await waitFor(() => focused() === heading(root), 'focus on the heading of step 1');
    assert.equal(getByLabel<HTMLInputElement>(root, T.firstName).value, 'Ada', 'answers kept');
    await next(root, 2);

    const date = getByLabel<HTMLInputElement>(root, T.incidentDate);
    await type(date, '13452026');
    assert.equal(date.value, '12/04/2026', 'month clamped to 12, a day of 4 padded');
    date.select();
    await press('Backspace');
    const tomorrow = new Date();
    tomorrow.setDate(tomorrow.getDate() + 1);
    const pad = (n: number) => String(n).padStart(2, '0');
    await type(date, `${pad(tomorrow.getMonth() + 1)}${pad(tomorrow.getDate())}${tomorrow.getFullYear()}`);
    await press('Tab');
    await waitFor(() => errorOf(root, date) === `Error: ${MESSAGES.incidentDate}`, 'not after today');

    await click(getByRole(root, 'button', T.calendar));
    const calendar = await waitFor(() => root.querySelector<HTMLElement>('.flatpickr-calendar.open'), 'calendar open');
    await click(calendar.querySelector<HTMLElement>('.flatpickr-day.today')!);
    const today = localToday();
    await waitFor(() => date.value === `${pad(today.month)}/${pad(today.day)}/${today.year}`, 'today picked');
    await waitFor(() => date.getAttribute('aria-invalid') === null, 'valid');
  });

  it("shows the own vehicle's questions on Yes, the location's question by place, and the other steps' Yes answers", async () => {
    const root = await mount();
    await fillStep1(root);
    await next(root, 2);
    assert.equal(root.querySelector('select[name=ownerVehicleLocation]'), null);
    await click(radio(root, optional(T.ownerVehicleInvolved), T.yes));
    const location = await waitFor(() => root.querySelector<HTMLSelectElement>('select[name=ownerVehicleLocation]'), 'location');
    for (const label of [T.ownerVehicleDetails, T.ownerVehicleDamage]) assert.ok(getByLabel(root, optional(label)));
    assert.ok(radio(root, optional(T.ownerVehicleDriveable), T.yes));
    await pick(location, 'home');
    await waitFor(() => queryAllByRole(root, 'textbox', optional('Address where the vehicle is')).length === 1, 'address');
    await pick(location, 'dealer');
    const dealer = await waitFor(() => (queryAllByRole(root, 'textbox', optional("The dealer's phone number"))[0] as HTMLInputElement | undefined), 'dealer phone');
    await type(dealer, '6025550');
    assert.equal(dealer.value, '602-555-0');
    await press('Tab');
    await waitFor(() => errorOf(root, dealer) === `Error: ${MESSAGES.phone}`, 'a phone number');
    await pick(location, 'other');
    await waitFor(() => queryAllByRole(root, 'textbox', optional(T.ownerVehicleLocationInput)).length === 1, 'location text');
    await click(radio(root, optional(T.ownerVehicleInvolved), T.no));
    await waitFor(() => !root.querySelector('select[name=ownerVehicleLocation]'), 'hidden on No');

    await type(getByLabel(root, T.incidentLocation), 'Phoenix');
    await type(getByLabel(root, T.incidentDate), '03012026');
    await type(getByLabel(root, T.incidentDescription), 'Hail');
    await next(root, 3);
    await click(radio(root, optional(T.otherVehicleInvolved), T.yes));
    await waitFor(() => root.querySelector('textarea[name=otherVehicleDamage]'), 'other damage');
    assert.ok(radio(root, optional(T.otherVehicleDriveable), T.yes));
    await next(root, 4);
    for (const [questionKey, inputKey] of [
      ['ownerVehicleInjury', 'ownerVehicleInjuryInput'], ['otherVehicleInjury', 'otherVehicleInjuryInput'],
      ['injuryEmergency', 'injuryEmergencyInput'], ['incidentWitness', 'incidentWitnessInput'],
    ] as const) {
      assert.equal(root.querySelector(`[name=${inputKey}]`), null, `${inputKey} hidden`);
      await click(radio(root, optional(T[questionKey]), T.yes));
      await waitFor(() => root.querySelector(`[name=${inputKey}]`), `${inputKey} shown on Yes`);
    }
    await next(root, 5);
    assert.equal(button(root, T.next).disabled, true, 'Next disabled on step 5');
    assert.equal(button(root, T.submit).disabled, false, 'Submit works on step 5');
    assert.equal(root.querySelector('[name=policeAgency]'), null);
    await click(radio(root, optional(T.policeResponse), T.yes));
    const agency = await waitFor(() => root.querySelector<HTMLInputElement>('[name=policeAgency]'), 'police fields');
    await type(agency, 'x'.repeat(129));
    await press('Tab');
    await waitFor(() => errorOf(root, agency) === `Error: ${MESSAGES.maxLength(128)}`, 'police agency max 128');
    await checkA11y(host);
  });

  it('checks photos by their bytes and size, lists them with Remove buttons, at most 5', async () => {
    const root = await mount();
    await fillStep1(root);
    await next(root, 2);
    const input = getByLabel<HTMLInputElement>(root, T.photos);
    const fake = new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'damage.jpg', { type: 'image/jpeg' });
    choose(input, [fake]);
    await waitFor(() => errorOf(root, input) === `Error: ${MESSAGES.claimPhotoNotAPhoto('"damage.jpg"')}`, 'not a photo');
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set([0xff, 0xd8, 0xff]);
    choose(input, [new File([big], 'big.jpg', { type: 'image/jpeg' })]);
    await waitFor(() => errorOf(root, input) === `Error: ${MESSAGES.claimPhotoTooLarge('"big.jpg"')}`, 'too large');
    const heic = new File([new Uint8Array([0, 0, 0, 0x18, ...new TextEncoder().encode('ftypheic'), 0, 0, 0, 0])], 'IMG_1.HEIC');
    choose(input, [await pngFile('a.png'), await pngFile('b.png'), heic]);
    const list = await waitFor(() => root.querySelector('ul[aria-label="Photos to send"]'), 'photo list');
    await waitFor(() => list.querySelectorAll('li').length === 3, 'three photos');
    assert.equal(input.getAttribute('aria-invalid'), null, 'the error goes with a good choice');
    choose(input, [await pngFile('c.png'), await pngFile('d.png'), await pngFile('e.png')]);
    await waitFor(() => errorOf(root, input) === `Error: ${MESSAGES.claimPhotosTooMany}`, 'at most 5');
    assert.equal(list.querySelectorAll('li').length, 5);
    await click(button(root, T.removePhoto('b.png')));
    await waitFor(() => list.querySelectorAll('li').length === 4, 'removed');
    assert.equal(focused(), input, 'focus back on the file input');
    assert.ok(getByText(root, T.photoRemoved('b.png')));
    assert.deepEqual([...list.querySelectorAll('li')].map((li) => li.firstChild?.textContent?.split(' ')[0]), ['a.png', 'IMG_1.HEIC', 'c.png', 'd.png']);
    await checkA11y(host);
  });

  it('sends the claim as doc 1 says, with the photos and an Idempotency-Key; a failure keeps everything; the retry reuses the key', async () => {
    const answers = [
      () => json(400, { error_messages: ['The incident date cannot be in the future.'] }),
      () => Promise.reject(new TypeError('offline')),
      () => json(201, { reference: REFERENCE, msg: `Claim ${REFERENCE} received.` }),
    ];
    stub = stubApi(() => answers.shift()!());
    const errors: CustomEvent[] = [];
    const root = await mount();
    host.addEventListener('ppm-error', (event) => errors.push(event));
    const claimed = new Promise<CustomEvent>((resolve) => host.addEventListener('ppm-claim', resolve as EventListener, { once: true }));
    await fillStep1(root);
    await next(root, 2);
    await fillStep2(root);
    choose(getByLabel<HTMLInputElement>(root, T.photos), [await pngFile('rear.png'), await pngFile('side.png')]);
    await waitFor(() => root.querySelectorAll('ul[aria-label="Photos to send"] li').length === 2, 'two photos');
    await next(root, 3);
    await next(root, 4);
    await click(radio(root, optional(T.incidentWitness), T.no));
    await next(root, 5);
    await click(radio(root, optional(T.policeResponse), T.yes));
    await type(getByLabel(root, optional(T.policeAgency)), 'Phoenix PD');
    await type(getByLabel(root, optional(T.policeReport)), 'PR-2026-1188');

    await click(button(root, T.submit));
    await waitFor(() => getByText(root, 'The incident date cannot be in the future.'), "the server's message");
    const sent = stub.calls[0]!;
    assert.equal(sent.url, 'http://api.test/api/contact/claims');
    assert.equal(sent.method, 'POST');
    assert.ok(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(sent.headers['idempotency-key'] ?? ''), 'an Idempotency-Key');
    assert.deepEqual(JSON.parse(String(sent.form!.get('claim'))), {
      firstName: 'Ada', lastName: "O'Neill", telephoneNumber: '602-555-0134', email: 'ada@example.com', insuranceProvider: BRAND.insurer,
      insuredRelation: 'OTHER (see insuredRelationInput)', insuredRelationInput: 'Spouse', incidentLocation: 'Camelback Rd, Phoenix',
      incidentDate: '2026-03-01', incidentDescription: 'Rear-ended at a red light.', ownerVehicleInvolved: true, ownerVehicleLocation: 'tow',
      ownerVehicleLocationInput: '480-555-0199', ownerVehicleDriveable: false, incidentWitness: false, policeResponse: true,
      policeAgency: 'Phoenix PD', policeReport: 'PR-2026-1188',
    });
    assert.deepEqual((sent.form!.getAll('photos') as File[]).map((file) => file.name), ['rear.png', 'side.png']);
    assert.deepEqual(errors.map((e) => e.detail), [{ widget: 'ppm-claim-form', status: 400, message: 'The incident date cannot be in the future.' }]);
    assert.equal(getByLabel<HTMLInputElement>(root, optional(T.policeReport)).value, 'PR-2026-1188', 'nothing typed is lost');

    // Enter in a field of step 5 submits (Next is no submit button there)
    getByLabel(root, optional(T.policeReport)).focus();
    await press('Enter');
    await waitFor(() => getByText(root, T.failure), "doc 1's fallback text");
    await click(button(root, T.back));
    await click(button(root, T.back));
    await click(button(root, T.back));
    await waitFor(() => root.querySelectorAll('ul[aria-label="Photos to send"] li').length === 2, 'photos kept');
    await next(root, 3);
    await next(root, 4);
    await next(root, 5);

    await click(button(root, T.submit));
    await waitFor(() => getByText(root, T.success), "doc 1's success text");
    assert.ok(getByText(root, T.reference(REFERENCE)));
    assert.equal(stub.calls.length, 3);
    assert.equal(stub.calls[2]!.headers['idempotency-key'], sent.headers['idempotency-key'], 'the same claim, the same key');
    assert.deepEqual((await claimed).detail, { reference: REFERENCE });
    assert.equal((await claimed).bubbles && (await claimed).composed, true);
    await checkA11y(host);
  });

  it("after a 422 (the key already filed other answers) the next Submit sends under a new key", async () => {
    const answers = [
      () => json(422, { error_messages: [MESSAGES.claimIdempotencyKeyReused] }),
      () => json(201, { reference: REFERENCE, msg: 'ok' }),
    ];
    stub = stubApi(() => answers.shift()!());
    const root = await mount();
    await fillStep1(root);
    await next(root, 2);
    await type(getByLabel(root, T.incidentLocation), 'Tempe');
    await type(getByLabel(root, T.incidentDate), '03012026');
    await type(getByLabel(root, T.incidentDescription), 'Hail');
    for (const step of [3, 4, 5]) await next(root, step);
    await click(button(root, T.submit));
    await waitFor(() => getByText(root, MESSAGES.claimIdempotencyKeyReused), "the API's message");
    await click(button(root, T.submit));
    await waitFor(() => getByText(root, T.success), 'filed');
    const [first, second] = stub.calls.map((call) => call.headers['idempotency-key']);
    assert.ok(first && second && first !== second, 'a new key for the new claim');
  });

  it('a double press sends once; the success text stays for its time, then the form is fresh with a new key', async () => {
    let release: (response: Response) => void = () => undefined;
    stub = stubApi(() => new Promise<Response>((resolve) => (release = resolve)));
    const mountPoint = document.createElement('div');
    document.body.append(mountPoint);
    const reactRoot = createRoot(mountPoint);
    reactRoot.render(createElement(ClaimForm, { apiBase: 'http://api.test', successMs: TEST_NOTICE_MS }));
    try {
      await waitFor(() => mountPoint.querySelector('form'), 'the form');
      const doc = document as unknown as ShadowRoot;
      await fillStep1(doc);
      await next(doc, 2);
      await type(getByLabel(doc, T.incidentLocation), 'Phoenix');
      await type(getByLabel(doc, T.incidentDate), '03012026');
      await type(getByLabel(doc, T.incidentDescription), 'Hail');
      await next(doc, 3);
      await next(doc, 4);
      await next(doc, 5);
      const submit = getByRole<HTMLButtonElement>(doc, 'button', T.submit);
      submit.click();
      submit.click();
      await waitFor(() => getByText(doc, T.sending), 'loader shown');
      assert.equal(stub.calls.length, 1, 'one request for two presses');
      const firstKey = stub.calls[0]!.headers['idempotency-key'];
      release(json(201, { reference: REFERENCE, msg: 'ok' }));
      const notice = await waitFor(() => [...mountPoint.querySelectorAll<HTMLElement>('.ppm-notice--success')][0], 'success');
      assert.ok(notice.textContent?.includes(T.success));
      assert.equal(focused(), notice, 'focus on the success text');
      await waitFor(() => !mountPoint.querySelector('.ppm-notice--success') && mountPoint.querySelector('form'), 'fresh form after the time');
      assert.equal(getByLabel<HTMLInputElement>(doc, T.firstName).value, '');
      assert.ok(mountPoint.querySelector('h3')?.textContent?.startsWith('Step 1 of 5'));
      assert.ok(firstKey);
    } finally {
      reactRoot.unmount();
      mountPoint.remove();
    }
  });
});
