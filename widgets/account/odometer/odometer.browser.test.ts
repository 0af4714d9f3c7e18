/// <reference types="mocha" />
import type { OdometerPhotoAnswer, OdometerView } from '../../../contract/api/onboarding.ts';
import { MESSAGES } from '../../../contract/messages.ts';
import { BRAND } from '../../../contract/brand.ts';
import { assert, checkA11y, click, focused, getByLabel, getByRole, json, press, queryAllByRole, type, waitFor } from '../../testing/browser.ts';
import { mountIsland, unmountIslands } from '../../testing/island.ts';
import { ODOMETER_TOKEN_KEY, OdometerPage } from './OdometerPage.tsx';
import { ODOMETER_TEXTS as T } from './odometer.texts.ts';

const TOKEN = 'odoT0ken_abcdefghijklmnopqrstuvwxyz0123456';
const HOME = location.pathname;
/** GET /api/odometer's answer: one vehicle still wanting a photo, one already verified. */
const VIEW: OdometerView = {
  policyNumber: 'PPM-AZ-000123',
  vehicles: [
    { carNumber: 1, year: 2019, make: 'Porsche', model: '911 Carrera', vinEnd: 'S12345', latest: null },
    { carNumber: 2, year: 1987, make: 'Porsche', model: '944 Turbo', vinEnd: 'N45678', latest: { status: 'verified', reading: 88120, sentOn: '2025-03-20' } },
  ],
};
const VERIFIED: OdometerPhotoAnswer = { status: 'verified', message: 'Thank you: the reading is verified.' };
const REJECTED = 'The photo shows 12,845 and you typed 12,345. Please check the reading, or take the photo again closer to the odometer.';

interface Sent {
  url: string;
  method: string;
  form: FormData | null;
  /** What the page itself set; the browser adds multipart's with its boundary. */
  ownContentType: string | null;
  sentContentType: string | null;
}

let restore: (() => void) | undefined;

/** Replaces fetch for /api calls, keeping each request's FormData (the shared stubApi reads JSON bodies only). */
function stubFetch(respond: (sent: Sent) => Response | Promise<Response>): Sent[] {
  const original = window.fetch;
  const calls: Sent[] = [];
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input);
    if (!url.includes('/api/')) return original(input, init);
    const sent: Sent = {
      url,
      method: init?.method ?? 'GET',
      form: init?.body instanceof FormData ? init.body : null,
      ownContentType: new Headers(init?.headers).get('content-type'),
      sentContentType: new Request(new URL(url, location.href), init).headers.get('content-type'),
    };
    calls.push(sent);
    return respond(sent);
  };
  restore = () => (window.fetch = original);
  return calls;
}

/** The page as Astro renders it, opened at `path`. */
function mount(path = `/odometer?token=${TOKEN}`): HTMLElement {
  history.replaceState(null, '', path);
  return mountIsland('Odometer Photo', OdometerPage, {});
}

const loaded = (page: HTMLElement) => waitFor(() => queryAllByRole(page, 'button', T.send)[0] && page, 'the vehicles');

/** A small PNG drawn on a canvas: an odometer's digits, white on black. */
async function odometerPng(): Promise<File> {
  const canvas = document.createElement('canvas');
  canvas.width = 240;
  canvas.height = 80;
  const context = canvas.getContext('2d')!;
  context.fillStyle = '#000';
  context.fillRect(0, 0, 240, 80);
  context.fillStyle = '#fff';
  context.font = 'bold 48px monospace';
  context.fillText('012345', 20, 58);
  const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/png'));
  return new File([blob], 'odometer.png', { type: 'image/png' });
}

/** What the file picker does once the person has taken or chosen the photo. */
function choose(input: HTMLInputElement, file: File): void {
  const transfer = new DataTransfer();
  transfer.items.add(file);
  input.files = transfer.files;
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

function errorOf(input: HTMLElement): string | undefined {
  if (input.getAttribute('aria-invalid') !== 'true') return undefined;
  const ids = input.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)).find((e) => e?.classList.contains('ppm-error-message'))?.textContent ?? undefined;
}

const summary = (page: HTMLElement) => [...page.querySelectorAll<HTMLElement>('.ppm-error-summary li')].map((item) => item.textContent);
const preview = (page: HTMLElement) => page.querySelector<HTMLImageElement>(`img[alt="${T.previewAlt}"]`) ?? { hidden: true, complete: false, naturalWidth: 0, src: '' } as HTMLImageElement;
const frameOf = (page: HTMLElement) => getByRole(page, 'group', T.frameLabel);
const statusOf = (page: HTMLElement) => page.querySelector('.account-frame [role="status"]')!.textContent;

/** A PNG of `width` x `height` pixels: the guide frame's tests need a photo of a known shape. */
async function photoPng(width: number, height: number): Promise<File> {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d')!;
  context.fillStyle = '#223';
  context.fillRect(0, 0, width, height);
  context.fillStyle = '#fff';
  context.font = `bold ${Math.round(height / 6)}px monospace`;
  context.fillText('031560', width * 0.25, height * 0.55);
  const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/png'));
  return new File([blob], 'dashboard.png', { type: 'image/png' });
}

/** A finger (or the mouse) on `element` at (x, y) client pixels, moved to (x2, y2) and lifted, as Pointer Events. */
function dragBy(element: Element, from: [number, number], to: [number, number], pointerType: 'touch' | 'mouse'): void {
  const init = { bubbles: true, cancelable: true, composed: true, pointerId: pointerType === 'touch' ? 7 : 1, pointerType, isPrimary: true, button: 0, buttons: 1 };
  element.dispatchEvent(new PointerEvent('pointerdown', { ...init, clientX: from[0], clientY: from[1] }));
  const steps = 4;
  for (let i = 1; i <= steps; i++) {
    const x = from[0] + ((to[0] - from[0]) * i) / steps;
    const y = from[1] + ((to[1] - from[1]) * i) / steps;
    element.dispatchEvent(new PointerEvent('pointermove', { ...init, clientX: x, clientY: y }));
  }
  element.dispatchEvent(new PointerEvent('pointerup', { ...init, buttons: 0, clientX: to[0], clientY: to[1] }));
}

/** The box the form sent, as four numbers. */
const sentBox = (form: FormData) => String(form.get('box')).split(',').map(Number);
const near = (actual: number[], expected: number[], what: string) =>
  assert.ok(actual.length === 4 && actual.every((value, i) => Math.abs(value - expected[i]!) < 0.011), `${what}: ${actual.join(',')} is not ${expected.join(',')}`);

beforeEach(() => sessionStorage.clear());

afterEach(() => {
  restore?.();
  restore = undefined;
  unmountIslands();
  history.replaceState(null, '', HOME);
  sessionStorage.clear();
});

describe('the odometer photo page', () => {
  it('one card per vehicle: name, VIN ending, latest reading in words; a verified one is done; axe', async () => {
    const calls = stubFetch(() => json(200, VIEW));
    const page = await loaded(mount());
    assert.equal(location.search, '', 'the token is off the address bar');
    assert.equal(sessionStorage.getItem(ODOMETER_TOKEN_KEY), TOKEN);
    assert.equal(calls[0]!.url, `/api/odometer?token=${TOKEN}`);
    const [open, done] = queryAllByRole(page, 'heading').slice(1);
    assert.equal(open!.textContent, '2019 Porsche 911 Carrera');
    assert.equal(done!.textContent, '1987 Porsche 944 Turbo');
    const cards = [...page.querySelectorAll('section')];
    assert.ok(cards[0]!.textContent!.includes(`${T.vinEnding('S12345')}${T.noPhotoYet}`));
    assert.ok(cards[1]!.textContent!.includes('Last photo: 88,120 miles, sent 03/20/2025. Verified.'));
    assert.ok(cards[1]!.textContent!.includes(T.done));
    assert.equal(cards[1]!.querySelector('form'), null, 'nothing to send for a verified vehicle');
    const photo = getByLabel<HTMLInputElement>(document, T.photo);
    assert.equal(photo.type, 'file');
    assert.equal(photo.accept, 'image/*');
    assert.equal(photo.getAttribute('capture'), 'environment');
    assert.equal(getByLabel(document, T.reading).getAttribute('inputmode'), 'numeric');
    await checkA11y(page);
  });

  it('a photo and its reading: one multipart POST with token, carNumber, reading and photo; verified, the vehicle is done', async () => {
    const calls = stubFetch((sent) => (sent.method === 'GET' ? json(200, VIEW) : json(201, VERIFIED)));
    const page = await loaded(mount());
    const file = await odometerPng();
    choose(getByLabel<HTMLInputElement>(document, T.photo), file);
    await waitFor(() => !preview(page).hidden && preview(page).complete && preview(page).naturalWidth === 240, 'the preview of the photo');
    assert.ok(preview(page).src.startsWith('blob:'));
    await type(getByLabel(document, T.reading), '12345');
    await click(getByRole(page, 'button', T.send));
    await waitFor(() => page.textContent!.includes(VERIFIED.message), 'the verified message');

    assert.equal(calls.length, 2);
    const upload = calls[1]!;
    assert.equal(upload.url, '/api/odometer/photo');
    assert.equal(upload.method, 'POST');
    assert.equal(upload.ownContentType, null, 'no Content-Type of our own');
    assert.ok(upload.sentContentType?.startsWith('multipart/form-data; boundary='), String(upload.sentContentType));
    const form = upload.form!;
    // the frame never placed: no box, and the server reads the whole photo
    assert.deepEqual([...form.keys()].sort(), ['carNumber', 'photo', 'reading', 'token']);
    assert.equal(form.get('token'), TOKEN);
    assert.equal(form.get('carNumber'), '1');
    assert.equal(form.get('reading'), '12345');
    const photo = form.get('photo') as File;
    assert.equal(photo.name, 'odometer.png');
    assert.equal(photo.type, 'image/png');
    assert.equal(photo.size, file.size);

    const card = page.querySelector('section')!;
    assert.ok(card.querySelector('.ppm-notice--success'));
    assert.equal(card.querySelector('form'), null, 'the form is gone');
    assert.ok(card.textContent!.includes(T.done));
    assert.ok(card.textContent!.includes('Last photo: 12,345 miles'));
    await checkA11y(page);
  });

  it('a 422 rejection: its message in the summary, focused; the reading and the photo stay for another try', async () => {
    let answer = () => json(422, { error_messages: [REJECTED] });
    const calls = stubFetch((sent) => (sent.method === 'GET' ? json(200, VIEW) : answer()));
    const page = await loaded(mount());
    const input = getByLabel<HTMLInputElement>(document, T.photo);
    choose(input, await odometerPng());
    const reading = getByLabel<HTMLInputElement>(document, T.reading);
    await type(reading, '12345');
    await click(getByRole(page, 'button', T.send));
    await waitFor(() => summary(page).length === 1, 'the summary');
    assert.deepEqual(summary(page), [REJECTED]);
    await waitFor(() => focused() === page.querySelector('.ppm-error-summary'), 'the summary focused');
    assert.equal(focused(), page.querySelector('.ppm-error-summary'));
    assert.equal(reading.value, '12345');
    assert.equal(input.files?.[0]?.name, 'odometer.png');
    assert.ok(!preview(page).hidden, 'the preview stays');
    assert.ok(getByRole(page, 'button', T.send), 'the form stays');
    await checkA11y(page);

    // no answer at all: our text with the phone number; the next try sends the same photo
    answer = () => Promise.reject(new TypeError('Failed to fetch')) as unknown as Response;
    await click(getByRole(page, 'button', T.send));
    await waitFor(() => summary(page)[0] === T.failure, 'the fallback');
    assert.ok(T.failure.includes(BRAND.phone));
    assert.equal((calls[2]!.form!.get('photo') as File).name, 'odometer.png');
  });

  it('checked before sending: no photo and a reading that is not digits, then a photo over 10 MB', async () => {
    const calls = stubFetch(() => json(200, VIEW));
    const page = await loaded(mount());
    const photo = getByLabel<HTMLInputElement>(document, T.photo);
    const reading = getByLabel<HTMLInputElement>(document, T.reading);
    await type(reading, '12,345');
    await click(getByRole(page, 'button', T.send));
    await waitFor(() => summary(page).length === 2, 'the summary');
    assert.deepEqual(summary(page), [MESSAGES.odometerPhotoMissing, MESSAGES.odometerReading]);
    assert.equal(errorOf(photo), `Error: ${MESSAGES.odometerPhotoMissing}`);
    assert.equal(errorOf(reading), `Error: ${MESSAGES.odometerReading}`);
    assert.equal(focused(), photo, 'the first invalid field');
    await checkA11y(page);
    choose(photo, new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'huge.jpg', { type: 'image/jpeg' }));
    await waitFor(() => errorOf(photo) === `Error: ${T.photoTooLarge}`, 'the size error');
    assert.equal(errorOf(photo), `Error: ${T.photoTooLarge}`, 'said as soon as it is chosen');
    assert.equal(calls.length, 1, 'nothing sent');
  });

  it('the billing period a reading closes, in MM/DD/YYYY, above the form; none open: the next bill; Unlimited: nothing', async () => {
    const periods: OdometerView = {
      policyNumber: VIEW.policyNumber,
      vehicles: [
        { ...VIEW.vehicles[0]!, readingCloses: { start: '2026-03-02', end: '2026-04-02', dueOn: '2026-04-09' } },
        { carNumber: 2, year: 2021, make: 'Porsche', model: 'Taycan', vinEnd: 'T00042', latest: null, readingCloses: null },
        { carNumber: 3, year: 1973, make: 'Porsche', model: '911 Carrera RS', vinEnd: 'R00007', latest: null },
      ],
    };
    stubFetch(() => json(200, periods));
    const page = await loaded(mount());
    const [closing, next, unlimited] = [...page.querySelectorAll('section')];
    const said = (card: Element) => card.querySelector('.account-vehicle__period')?.textContent;
    assert.equal(said(closing!), 'This reading closes your billing period of 03/02/2026 to 04/02/2026. It is due by 04/09/2026.');
    assert.equal(said(next!), T.countedNextBill);
    assert.equal(said(unlimited!), undefined, 'no period said for a vehicle not billed by the mile');
    assert.equal(closing!.querySelector('.account-vehicle__period')!.nextElementSibling, closing!.querySelector('form'), 'said just above its form');
    await checkA11y(page);
  });

  it('held for review: its message, the form closes, the vehicle is not marked done', async () => {
    const review: OdometerPhotoAnswer = { status: 'needs_review', message: 'Thank you. A person will check this photo and e-mail you within one business day.' };
    stubFetch((sent) => (sent.method === 'GET' ? json(200, VIEW) : json(201, review)));
    const page = await loaded(mount());
    choose(getByLabel<HTMLInputElement>(document, T.photo), await odometerPng());
    await type(getByLabel(document, T.reading), '12345');
    await click(getByRole(page, 'button', T.send));
    await waitFor(() => page.textContent!.includes(review.message), 'the review message');
    const card = page.querySelector('section')!;
    assert.equal(card.querySelector('form'), null);
    assert.ok(!card.textContent!.includes(T.done));
    assert.ok(card.textContent!.includes(T.status.needs_review));
    // a mistyped reading is put right by sending again (issue 23)
    assert.ok(card.textContent!.includes(T.sendAgainHint));
    assert.ok(getByRole(card, 'button', T.sendAgain));
  });

  it("waiting for our team: 'Send it again' opens the form, focused on the photo; the corrected reading verified, the vehicle done (issue 23)", async () => {
    const waiting: OdometerView = {
      ...VIEW,
      vehicles: [{ ...VIEW.vehicles[0]!, latest: { status: 'needs_review', reading: 45000, sentOn: '2025-03-20' } }],
    };
    const calls = stubFetch((sent) => (sent.method === 'GET' ? json(200, waiting) : json(201, VERIFIED)));
    const page = mount();
    const again = await waitFor(() => queryAllByRole(page, 'button', T.sendAgain)[0], "'Send it again'");
    const card = page.querySelector('section')!;
    assert.ok(card.textContent!.includes(T.status.needs_review));
    assert.equal(card.querySelector('form'), null, 'no form until the person asks for it');
    await checkA11y(page);
    await click(again);
    const photo = await waitFor(() => queryAllByRole(card, 'button', T.send)[0] && getByLabel<HTMLInputElement>(document, T.photo), 'the form');
    await waitFor(() => focused() === photo, 'the focus on the photo field');
    assert.equal(queryAllByRole(card, 'button', T.sendAgain).length, 0);
    choose(photo, await odometerPng());
    await type(getByLabel(document, T.reading), '42718');
    await click(getByRole(card, 'button', T.send));
    await waitFor(() => card.textContent!.includes(VERIFIED.message), 'verified');
    assert.ok(card.textContent!.includes(T.done));
    assert.equal(queryAllByRole(card, 'button', T.sendAgain).length, 0, 'nothing to correct once verified');
    assert.equal(calls.filter((sent) => sent.method === 'POST').length, 1);
    await checkA11y(page);
  });

  /** The page with a photo of `width` x `height` chosen and shown under the frame; a send is verified. */
  async function withPhoto(width: number, height: number) {
    const calls = stubFetch((sent) => (sent.method === 'GET' ? json(200, VIEW) : json(201, VERIFIED)));
    const page = await loaded(mount());
    choose(getByLabel<HTMLInputElement>(document, T.photo), await photoPng(width, height));
    await waitFor(() => preview(page).complete && preview(page).naturalWidth === width, 'the photo');
    return { calls, page };
  }

  it('the guide frame by touch: the photo shows with the frame; a finger drags it and a corner resizes it; the box sent in fractions (issue 24); axe', async () => {
    const { calls, page } = await withPhoto(400, 300);
    const frame = frameOf(page);
    assert.equal(frame.getAttribute('tabindex'), '0');
    assert.ok(page.textContent!.includes(T.frameHelp), 'the keys are said beside the photo');
    assert.equal(statusOf(page), 'Frame: left 20%, top 40%, width 60%, height 20%.');
    assert.equal(getComputedStyle(frame).touchAction, 'none');
    const photo = preview(page).getBoundingClientRect();
    const start = frame.getBoundingClientRect();
    assert.ok(Math.abs(start.left - (photo.left + 0.2 * photo.width)) < 2, 'centred, 60% wide');
    // drag the frame 10% of the photo's width left and 20% of its height up
    const centre: [number, number] = [start.left + start.width / 2, start.top + start.height / 2];
    dragBy(frame, centre, [centre[0] - 0.1 * photo.width, centre[1] - 0.2 * photo.height], 'touch');
    await waitFor(() => statusOf(page) === 'Frame: left 10%, top 20%, width 60%, height 20%.', 'the frame moved');
    // the bottom-right corner: 10% wider, 10% taller
    const corner = frame.querySelector('[data-corner="bottom-right"]')!;
    assert.equal(getComputedStyle(corner).touchAction, 'none');
    const at = corner.getBoundingClientRect();
    const grip: [number, number] = [at.left + at.width / 2, at.top + at.height / 2];
    dragBy(corner, grip, [grip[0] + 0.1 * photo.width, grip[1] + 0.1 * photo.height], 'touch');
    await waitFor(() => statusOf(page) === 'Frame: left 10%, top 20%, width 70%, height 30%.', 'the frame resized');
    // past the photo's edge: it stops there
    dragBy(frame, centre, [centre[0] - photo.width, centre[1]], 'touch');
    await waitFor(() => statusOf(page)!.startsWith('Frame: left 0%,'), 'stopped at the edge');
    await checkA11y(page);

    await type(getByLabel(document, T.reading), '31560');
    await click(getByRole(page, 'button', T.send));
    await waitFor(() => page.textContent!.includes(VERIFIED.message), 'verified');
    const form = calls[1]!.form!;
    near(sentBox(form), [0, 0.2, 0.7, 0.3], 'the box sent');
    assert.equal((form.get('photo') as File).name, 'dashboard.png', 'the original file, unchanged');
  });

  it('the guide frame by keyboard: arrows move it, Shift and an arrow resize it; its place is said; the box sent (issue 24)', async () => {
    const { calls, page } = await withPhoto(300, 400);
    const frame = frameOf(page);
    frame.focus();
    assert.equal(focused(), frame);
    assert.ok(frame.getAttribute('aria-describedby')!.split(' ').every((id) => document.getElementById(id)), 'described by the help and its place');
    for (let i = 0; i < 5; i++) await press('ArrowRight');
    await press('ArrowDown');
    await waitFor(() => statusOf(page) === 'Frame: left 30%, top 42%, width 60%, height 20%.', 'moved by the arrows');
    await press('Shift+ArrowLeft');
    await press('Shift+ArrowLeft');
    await press('Shift+ArrowDown');
    await waitFor(() => statusOf(page) === 'Frame: left 30%, top 42%, width 56%, height 22%.', 'resized by Shift and the arrows');
    for (let i = 0; i < 30; i++) await press('ArrowRight');
    await waitFor(() => statusOf(page) === 'Frame: left 44%, top 42%, width 56%, height 22%.', 'stopped at the right edge');
    await checkA11y(page);
    await type(getByLabel(document, T.reading), '31560');
    await click(getByRole(page, 'button', T.send));
    await waitFor(() => calls.length === 2, 'the upload');
    near(sentBox(calls[1]!.form!), [0.44, 0.42, 0.56, 0.22], 'the box sent');
  });

  it('a suggestion: what the photo reads, under a focused heading; the reading and photo stay; the retyped reading names the attempt and is accepted (issue 24)', async () => {
    const suggestion: OdometerPhotoAnswer = {
      status: 'suggested',
      message: 'The photo reads 031,560 miles. Please look at the odometer again: if it shows 031,560, type that reading and send it; if it shows another reading, type the reading you see, or take the photo again.',
      suggestion: { attempt: 4711, reading: '031560' },
    };
    const confirmed: OdometerPhotoAnswer = { status: 'confirmed', message: 'Thank you: the reading of 31,560 miles is accepted.' };
    let answer = () => json(200, suggestion);
    const calls = stubFetch((sent) => (sent.method === 'GET' ? json(200, VIEW) : answer()));
    const page = await loaded(mount());
    const input = getByLabel<HTMLInputElement>(document, T.photo);
    choose(input, await photoPng(400, 300));
    const reading = getByLabel<HTMLInputElement>(document, T.reading);
    await type(reading, '35160');
    await click(getByRole(page, 'button', T.send));
    const heading = await waitFor(() => queryAllByRole(page, 'heading', T.suggestionTitle)[0], 'the suggestion');
    await waitFor(() => focused() === heading, 'the focus on its heading');
    const card = page.querySelector('section')!;
    assert.ok(card.textContent!.includes('The photo reads 031,560 miles.'));
    assert.equal(reading.value, '35160', 'the typed reading stays');
    assert.equal(input.files?.[0]?.name, 'dashboard.png', 'the photo stays');
    assert.ok(frameOf(page), 'the frame stays');
    assert.ok(!card.textContent!.includes(T.done), 'nothing accepted');
    assert.equal(calls[1]!.form!.get('afterSuggestion'), null, 'the first send follows no suggestion');
    await checkA11y(page);

    // no answer on the next try: the suggestion, the reading and the photo all stay
    answer = () => Promise.reject(new TypeError('Failed to fetch')) as unknown as Response;
    await click(reading);
    reading.select();
    await press('Backspace');
    await type(reading, '31560');
    await click(getByRole(page, 'button', T.send));
    await waitFor(() => summary(page)[0] === T.failure, 'the fallback');
    assert.equal(reading.value, '31560');
    assert.ok(card.textContent!.includes('The photo reads 031,560 miles.'));
    assert.equal(calls[2]!.form!.get('afterSuggestion'), '4711');

    answer = () => json(201, confirmed);
    await click(getByRole(page, 'button', T.send));
    await waitFor(() => card.textContent!.includes(confirmed.message), 'accepted');
    assert.equal(calls[3]!.form!.get('afterSuggestion'), '4711', 'the retyped reading names the suggested attempt');
    assert.equal(calls[3]!.form!.get('reading'), '31560');
    assert.ok(card.textContent!.includes(T.done));
    assert.ok(card.textContent!.includes(`Last photo: 31,560 miles`) && card.textContent!.includes(`${T.status.confirmed}.`));
    await checkA11y(page);
  });
});
