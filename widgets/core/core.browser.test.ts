/// <reference types="mocha" />
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { sendKeys } from '@web/test-runner-commands';
import { CoreHarness, IN_30_DAYS, TODAY } from '../testing/CoreHarness.tsx';
import {
  assert, checkA11y, click, focused, getByLabel, getByRole, getByText, press, queryAllByRole, type, waitFor, TEST_NOTICE_MS,
} from '../testing/browser.ts';
import { createApiClient, logout } from './api-client.ts';
import * as endpoints from '../../contract/api/endpoints.ts';
import { formatDate } from './date-text.ts';
import { endSession, startSession } from './session.ts';
import { renderWidget, type RenderedWidget } from '../testing/render.ts';
import { WidgetScope, createWidget, type Widget } from './widget.tsx';

let mounted: RenderedWidget;
let host: HTMLElement;
let root: ShadowRoot;
let widget: Widget;

beforeEach(async () => {
  mounted = await renderWidget(createElement(CoreHarness), (r) => r.querySelector('form'), { tag: 'ppm-core-harness', apiBase: 'http://api.test' });
  ({ host, root, widget } = mounted);
});

afterEach(() => {
  mounted.unmount();
  endSession();
});

describe('core masks', () => {
  it('date MM/DD/YYYY with auto-correction', async () => {
    const input = getByLabel(root, 'Policy Effective Date');
    await type(input, '1392020');
    assert.equal(input.value, '12/09/2020', 'month 13 corrected to 12, day 9 padded to 09');
    await sendKeys({ press: 'Control+A' });
    await sendKeys({ type: '00' });
    assert.equal(input.value.slice(0, 2), '01', 'month 00 corrected to 01');
  });

  it('date: the year typed is never corrected (issue 11: 13/45/2026 was 12/04/2102)', async () => {
    const input = getByLabel(root, 'Policy Effective Date');
    await type(input, '13452026');
    assert.equal(input.value, '12/04/2026', 'month clamped, day 4 padded, the stray 5 dropped, the year as typed');
    await sendKeys({ press: 'Control+A' });
    await sendKeys({ type: '12/31/2026' });
    assert.equal(input.value, '12/31/2026');
  });

  it('phone, ZIP, dollars and VIN', async () => {
    const phone = getByLabel(root, 'Mobile Phone');
    await type(phone, '555abc1234567');
    assert.equal(phone.value, '555-123-4567');
    const zip = getByLabel(root, 'ZIP');
    await type(zip, '9021x0-5');
    assert.equal(zip.value, '90210');
    const dollars = getByLabel(root, 'Insured Value');
    await type(dollars, '1234567');
    assert.equal(dollars.value, '$123,456', 'thousands separators, at most 6 digits');
    const vin = getByLabel(root, 'VIN');
    await type(vin, 'wp0zzz99zots0i234567');
    assert.equal(vin.value, 'WP0ZZZ99Z0TS01234', 'upper case, O -> 0, I -> 1, 17 characters');
  });
});

describe('core date picker (flatpickr inside the shadow root)', () => {
  it('opens inside the shadow root, a click picks a date, min and max hold', async () => {
    const button = getByRole(root, 'button', 'Choose a date from the calendar');
    await click(button);
    const calendar = await waitFor(() => root.querySelector<HTMLElement>('.flatpickr-calendar.open'), 'calendar open in shadow root');
    assert.equal(document.querySelector('.flatpickr-calendar'), null, 'nothing appended to the host page');
    assert.ok(calendar.getBoundingClientRect().height > 100, 'flatpickr CSS adopted (calendar laid out)');
    assert.equal(button.getAttribute('aria-expanded'), 'true');
    type Day = HTMLElement & { dateObj: Date };
    const days = [...calendar.querySelectorAll<Day>('.flatpickr-day')];
    for (const day of days) {
      const outside = day.dateObj < TODAY || day.dateObj > IN_30_DAYS;
      assert.equal(day.classList.contains('flatpickr-disabled'), outside, `${day.getAttribute('aria-label')} enabled only in [min, max]`);
    }
    const yesterday = days.find((d) => d.dateObj < TODAY);
    if (yesterday) {
      await click(yesterday);
      assert.equal(getByLabel(root, 'Policy Effective Date').value, '', 'a day before min cannot be picked');
    }
    await click(calendar.querySelector<HTMLElement>('.flatpickr-day.today')!);
    await waitFor(() => getByLabel(root, 'Policy Effective Date').value === formatDate(TODAY), 'picked today');
    await waitFor(() => !root.querySelector('.flatpickr-calendar.open'), 'calendar closed after the pick');
    assert.equal(getByLabel(root, 'Policy Effective Date').getAttribute('aria-invalid'), null);
  });

  it('a picked day gives focus back to the calendar button, in a shadow root and in the light DOM (issue 23)', async () => {
    // Our site's islands draw in the light DOM: there the picked day, redrawn by flatpickr, left focus on <body>.
    const light = document.createElement('div');
    document.body.append(light);
    const react = createRoot(light);
    const lightWidget = createWidget({ tag: 'ppm-core-harness', apiBase: 'http://api.test', host: light });
    react.render(createElement(WidgetScope, { tag: 'ppm-core-harness', widget: lightWidget }, createElement(CoreHarness)));
    try {
      await waitFor(() => light.querySelector('form'), 'the harness in the light DOM');
      for (const [where, scope] of [['shadow root', root], ['light DOM', document]] as const) {
        const inScope = where === 'light DOM' ? light : root;
        const button = getByRole(inScope, 'button', 'Choose a date from the calendar');
        await click(button);
        const calendar = await waitFor(() => inScope.querySelector<HTMLElement>('.flatpickr-calendar.open'), `calendar open (${where})`);
        await click(calendar.querySelector<HTMLElement>('.flatpickr-day.today')!);
        await waitFor(() => !inScope.querySelector('.flatpickr-calendar.open'), `calendar closed (${where})`);
        await waitFor(() => focused() === button, `focus on the calendar button (${where}), not ${focused()?.nodeName}`);
        assert.equal(getByLabel(scope === document ? document : root, 'Policy Effective Date').value, formatDate(TODAY));
      }
    } finally {
      react.unmount();
      light.remove();
    }
  });

  it('a typed date outside the window fails on blur', async () => {
    const input = getByLabel(root, 'Policy Effective Date');
    await type(input, formatDate(new Date(TODAY.getFullYear() - 1, 0, 15)).replace(/\//g, ''));
    await press('Tab');
    await waitFor(() => input.getAttribute('aria-invalid') === 'true', 'invalid');
    assert.ok(getByText(root, 'Error: Please enter a date from today to 30 days ahead.'));
  });
});

describe('core fields and validation', () => {
  it('on submit shows errors linked to fields and focuses the first invalid one; radio and checkbox work by keyboard', async () => {
    await click(getByRole(root, 'button', 'Check'));
    await waitFor(() => focused() === getByLabel(root, 'Policy Effective Date'), 'first invalid focused');
    const radios = queryAllByRole(root, 'radio');
    assert.equal(radios.length, 2);
    assert.equal(radios[0]!.getAttribute('aria-invalid'), 'true');
    const fieldset = radios[0]!.closest('fieldset')!;
    assert.equal(root.getElementById(fieldset.getAttribute('aria-describedby')!)?.textContent, 'Error: Please choose a plan.');
    await click(radios[0]!);
    await press('ArrowDown');
    assert.ok((radios[1] as HTMLInputElement).checked, 'arrow keys move the choice');
    const agree = getByRole<HTMLInputElement>(root, 'checkbox', 'I agree');
    assert.equal(root.getElementById(agree.getAttribute('aria-describedby')!)?.textContent, 'Error: Please tick the box.');
    agree.focus();
    await press('Space');
    assert.ok(agree.checked);
    await press('Tab');
    await waitFor(() => agree.getAttribute('aria-invalid') === null, 'checkbox error cleared on blur');
    await checkA11y(host);
  });
});

describe('core overlay, snackbars, modal, store', () => {
  it("the overlay shows 'Loading...' by default, or the given text", async () => {
    await click(getByRole(root, 'button', 'Show loader'));
    const status = await waitFor(() => root.querySelector<HTMLElement>('.ppm-overlay'), 'overlay');
    assert.equal(status.getAttribute('role'), 'status');
    assert.equal(status.textContent, 'Loading...');
    const box = status.getBoundingClientRect();
    assert.ok(box.width === innerWidth && box.height === innerHeight, 'covers the page');
    widget.hideLoader();
    await waitFor(() => !root.querySelector('.ppm-overlay'), 'hidden');
    await click(getByRole(root, 'button', 'Show quote loader'));
    await waitFor(() => root.querySelector('.ppm-overlay')?.textContent === 'Calculating your quote...', 'custom text');
  });

  it('snackbars: danger is an alert that times out; info persists until closed', async () => {
    await click(getByRole(root, 'button', 'Timed danger'));
    const alert = await waitFor(() => queryAllByRole(root, 'alert')[0], 'alert');
    assert.equal(alert.textContent?.startsWith('unable to load quote'), true);
    await waitFor(() => queryAllByRole(root, 'alert').length === 0, 'danger gone after its time');
    // (the snackbar sits over the bottom of the page, so the next button is clicked once it has gone)
    await click(getByRole(root, 'button', 'Persistent info'));
    await waitFor(() => queryAllByRole(root, 'status', /Quote Saved Successfully/)[0], 'info');
    // outlasting the timed one's time shows that it has none
    await new Promise((resolve) => setTimeout(resolve, TEST_NOTICE_MS + 200));
    const info = getByRole(root, 'status', /Quote Saved Successfully/);
    await checkA11y(host);
    await click(info.querySelector('button')!);
    await waitFor(() => queryAllByRole(root, 'status', /Quote Saved/).length === 0, 'closed');
  });

  it('the modal keeps focus inside, closes on Escape and gives focus back', async () => {
    const opener = getByRole(root, 'button', 'Open modal');
    await click(opener);
    const dialog = await waitFor(() => getByRole(root, 'dialog', 'Sorry!'), 'dialog');
    assert.ok((dialog as HTMLDialogElement).open);
    const close = getByRole(dialog, 'button', 'Close');
    const newQuote = getByRole(dialog, 'button', 'New Quote');
    assert.equal(focused(), close, 'focus moved into the dialog');
    await press('Tab');
    assert.equal(focused(), newQuote);
    await press('Tab');
    assert.equal(focused(), close, 'Tab wraps to the first');
    await press('Shift+Tab');
    assert.equal(focused(), newQuote, 'Shift+Tab wraps to the last');
    await checkA11y(host);
    await press('Escape');
    await waitFor(() => !(dialog as HTMLDialogElement).open, 'closed by Escape');
    assert.equal(focused(), opener, 'focus returned to the opener');
  });

  it('the session is a signal: components follow it, and a logout clears it', async () => {
    startSession({ user: { firstName: 'Ada', lastName: 'Lovelace', emailAddress: 'ada@example.com' }, policies: [] });
    await waitFor(() => getByText(root, 'Signed in as Ada'), 'signed in');
    let events = 0;
    const count = () => events++;
    window.addEventListener('ppm-logout', count);
    logout();
    window.removeEventListener('ppm-logout', count);
    await waitFor(() => getByText(root, 'Signed out'), 'signed out');
    assert.equal(events, 1);
  });
});

describe('core api client', () => {
  it('reads error_messages, returns the data, and never throws on a network failure', async () => {
    const original = window.fetch;
    const answers: (() => Promise<Response>)[] = [
      async () => new Response(JSON.stringify({ msg: 'ok' }), { status: 200 }),
      async () => new Response(JSON.stringify({ error_messages: ['Please enter a valid email address.'] }), { status: 400 }),
      async () => Promise.reject(new TypeError('Failed to fetch')),
    ];
    window.fetch = () => answers.shift()!();
    try {
      const api = createApiClient('http://api.test');
      assert.deepEqual(await api.call(endpoints.subscribe, SUBSCRIBER), { ok: true, status: 200, data: { msg: 'ok' } });
      // the failed answer's body stays readable for the few callers that need more than its messages (the bind's 409)
      assert.deepEqual(await api.call(endpoints.subscribe, SUBSCRIBER), {
        ok: false, status: 400, messages: ['Please enter a valid email address.'], body: { error_messages: ['Please enter a valid email address.'] },
      });
      assert.deepEqual(await api.call(endpoints.paymentsConfig), { ok: false, status: 0, messages: [] });
    } finally {
      window.fetch = original;
    }
  });

  it("calls an endpoint by name: its method and path from the table, and an answer of another shape is a failure", async () => {
    const original = window.fetch;
    const sent: { method: string; url: string }[] = [];
    const answers = [{ zip: '85004', city: 'Phoenix', state: 'AZ', restricted: false }, { zip: '85004', city: 'Phoenix' }];
    window.fetch = async (input, init) => {
      sent.push({ method: init?.method ?? 'GET', url: String(input instanceof Request ? input.url : input) });
      return new Response(JSON.stringify(answers.shift()), { status: 200 });
    };
    try {
      const api = createApiClient('http://api.test');
      const found = await api.call(endpoints.zipLookup, null, { params: { zip: '85004' } });
      assert.equal(found.ok && found.data.city, 'Phoenix');
      // a 2xx without `state` and `restricted` is not a ZIP answer: the widget shows its fallback, never half data
      // (its body is kept as `body`, as a 202 of another shape, the bind's authentication, is read)
      assert.deepEqual(await api.call(endpoints.zipLookup, null, { params: { zip: '85004' } }), {
        ok: false, status: 200, messages: [], body: { zip: '85004', city: 'Phoenix' },
      });
      assert.deepEqual(sent[0], { method: 'GET', url: 'http://api.test/api/zip/85004' });
    } finally {
      window.fetch = original;
    }
  });
});

const SUBSCRIBER = { userFirstName: 'Ann', userLastName: 'Lee', userEmailAddress: 'ann@example.com', userState: 'CA' } as const;
