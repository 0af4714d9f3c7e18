import { test } from 'node:test';
import assert from 'node:assert/strict';
import { UNAVAILABLE_SCRIPT, UNAVAILABLE_SCRIPT_HASH } from './unavailable-variant.ts';
import { createHash } from 'node:crypto';

/** Just enough of a page for the inline script: the data attributes it reads and writes. */
function run(url: string, server: { variant?: string; state?: string } = {}) {
  const address = new URL(url, 'https://brand.test');
  const texts = ['coming-soon', 'not-writing', 'weather', 'writing'].map((text) => ({ dataset: { text }, hidden: false }));
  const names = [{ textContent: 'your state' }, { textContent: 'your state' }];
  const link = { search: '' };
  const page = {
    dataset: { variant: server.variant ?? 'coming-soon', state: server.state ?? '' } as Record<string, string>,
    querySelectorAll: (selector: string) =>
      ({ '[data-state-name]': names, '[data-quote-link]': [link], '[data-text]': texts })[selector] ?? [],
  };
  let replaced: string | undefined;
  const document = { getElementById: (id: string) => (id === 'unavailable' ? page : null) };
  const location = { pathname: address.pathname, search: address.search };
  const history = { state: null, replaceState: (_s: unknown, _t: string, to: string) => (replaced = to) };
  new Function('document', 'location', 'history', UNAVAILABLE_SCRIPT)(document, location, history);
  return {
    variant: page.dataset['variant'],
    shown: texts.filter((t) => !t.hidden).map((t) => t.dataset.text),
    // Unavailable.astro's CSS: no sign-up panel on these variants
    notify: !['weather', 'writing'].includes(page.dataset['variant']!),
    name: names[0]!.textContent,
    link: link.search,
    replaced,
  };
}

test('the query picks one text: weather wins, then not-writing, else the page as built', () => {
  assert.deepEqual(run('/unavailable'), { variant: 'coming-soon', shown: ['coming-soon'], notify: true, name: 'your state', link: '', replaced: undefined });
  const weather = run('/not-available?weather-exception');
  assert.deepEqual([weather.shown, weather.notify], [['weather'], false], 'no sign-up form on the weather variant');
  assert.deepEqual(run('/unavailable?weather-exception').shown, ['weather']);
  assert.deepEqual(run('/unavailable/California?weather-exception', { state: 'CA' }).shown, ['weather']);
  const notWriting = run('/unavailable?not-writing&state=CA');
  assert.deepEqual([notWriting.shown, notWriting.notify, notWriting.name, notWriting.replaced], [['not-writing'], true, 'California', undefined]);
});

test('a state in the query, by code or label, names the state and is kept as ?state=XX for the sign-up form', () => {
  const named = run('/unavailable?state=New%20York');
  assert.deepEqual([named.shown, named.name, named.replaced], [['coming-soon'], 'New York', '?state=NY']);
  assert.equal(run('/unavailable?not-writing&state=il').replaced, '?not-writing&state=IL', 'the bare not-writing key stays bare');
  const writing = run('/unavailable?Oregon');
  assert.deepEqual([writing.shown, writing.notify, writing.link], [['writing'], false, '?state=OR'], 'a state we write in is told so');
  assert.equal(run('/unavailable?state=ZZ').name, 'your state', 'not a state: nothing named');
});

test('a state from the path (known when the page was built) is not overridden by the query', () => {
  const fromPath = run('/unavailable/New%20York?state=TX', { state: 'NY' });
  assert.deepEqual([fromPath.shown, fromPath.name, fromPath.replaced], [['coming-soon'], 'your state', undefined]);
});

test('the CSP hash is the hash of the exact script text', () => {
  assert.equal(UNAVAILABLE_SCRIPT_HASH, `sha256-${createHash('sha256').update(UNAVAILABLE_SCRIPT).digest('base64')}`);
});
