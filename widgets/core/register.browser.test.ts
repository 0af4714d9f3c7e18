/// <reference types="mocha" />
/**
 * defineElement (register.ts), the element API every widget documents: attributes as string props, rich
 * properties set as objects or as a JSON attribute, a property reflected to its attribute, styles adopted in
 * an open shadow root, events from the element, unmounting when removed; and what a loader that fetches the
 * element's chunk late needs: an element (and a property a host page set on it) from before the definition.
 */
import { createElement as h, useEffect } from 'react';
import { assert, getByRole, waitFor } from '../testing/browser.ts';
import { defineElement } from './register.ts';
import { useWidget } from './widget.tsx';

interface ProbeProps {
  greeting?: string;
  apiBase?: string;
  texts?: { label: string };
}

let mounted = 0;

function Probe({ greeting, texts }: ProbeProps) {
  const { emit, apiBase } = useWidget();
  useEffect(() => {
    mounted += 1;
    return () => {
      mounted -= 1;
    };
  }, []);
  return h(
    'div',
    { className: 'ppm-root' },
    h('p', { 'data-greeting': '' }, greeting ?? '(none)'),
    h('p', { 'data-api': '' }, apiBase),
    h('button', { type: 'button', onClick: () => emit('ppm-error', { widget: 'probe', status: 0, message: 'pressed' }) }, texts?.label ?? 'Press'),
  );
}

const PROBE = { tag: 'ppm-test-probe', attributes: ['greeting', 'api-base'], properties: ['texts'] } as const;
const STYLE = '.ppm-root { color: rgb(1, 2, 3); }';

type ProbeElement = HTMLElement & { greeting?: string; apiBase?: string; texts?: { label: string } };

const text = (element: HTMLElement, selector: string) => element.shadowRoot?.querySelector(selector)?.textContent;

describe('defineElement: a component as a custom element', () => {
  const added: HTMLElement[] = [];
  afterEach(() => {
    for (const element of added.splice(0)) element.remove();
  });

  let early: ProbeElement;
  before(() => {
    // as on a host page whose script sets a property before the loader has fetched the element's chunk
    early = document.createElement(PROBE.tag) as ProbeElement;
    early.setAttribute('greeting', 'hello');
    early.texts = { label: 'Set before the chunk loaded' }; // an own property until the element is upgraded
    document.body.append(early);
    added.push(early);
    assert.equal(early.shadowRoot, null, 'not defined yet');
    defineElement(PROBE, Probe, { styles: [STYLE] });
  });

  it('upgrades an element made before the definition, keeping the attributes and a property set on it then', async () => {
    const root = await waitFor(() => early.shadowRoot?.querySelector('button') && early.shadowRoot, 'drawn');
    assert.equal(text(early, '[data-greeting]'), 'hello');
    assert.ok(getByRole(root, 'button', 'Set before the chunk loaded'), 'the early property reached the component');
    assert.equal(early.getAttribute('texts'), JSON.stringify({ label: 'Set before the chunk loaded' }), 'and reflects to its attribute');
    assert.equal(root.adoptedStyleSheets.length, 1, 'its sheet is adopted, no <style>');
    assert.equal(getComputedStyle(root.querySelector('.ppm-root')!).color, 'rgb(1, 2, 3)');
    assert.equal(root.querySelector('style'), null);
  });

  it('draws again on each attribute and property, parses a JSON attribute, and clears a removed attribute', async () => {
    const element = document.createElement(PROBE.tag) as ProbeElement;
    element.setAttribute('api-base', 'https://api.example.test/api');
    document.body.append(element);
    added.push(element);
    await waitFor(() => text(element, '[data-api]') === 'https://api.example.test', 'api-base read by the widget context');
    assert.equal(element.apiBase, 'https://api.example.test/api', 'an attribute is a property of its camelCase name');

    element.greeting = 'set as a property';
    assert.equal(element.getAttribute('greeting'), 'set as a property', 'a property reflects to its attribute');
    await waitFor(() => text(element, '[data-greeting]') === 'set as a property', 'redrawn from the property');

    element.setAttribute('texts', '{"label":"From JSON"}');
    await waitFor(() => text(element, 'button') === 'From JSON', 'JSON attribute parsed');
    assert.deepEqual(element.texts, { label: 'From JSON' });

    element.removeAttribute('greeting');
    await waitFor(() => text(element, '[data-greeting]') === '(none)', 'a removed attribute clears its prop');
    assert.equal(element.greeting, undefined);
  });

  it('sends its events from the element, and unmounts when removed and draws again when put back', async () => {
    // (preact runs effects, and their cleanups on unmount, after the next paint)
    await waitFor(() => mounted === 0, 'the earlier elements unmounted');
    const element = document.createElement(PROBE.tag) as ProbeElement;
    document.body.append(element);
    const root = await waitFor(() => element.shadowRoot?.querySelector('button') && element.shadowRoot, 'drawn');
    await waitFor(() => mounted === 1, 'mounted');
    const heard: Event[] = [];
    document.addEventListener('ppm-error', (event) => heard.push(event), { once: true });
    getByRole(root, 'button', 'Press').click();
    assert.equal(heard[0]?.target, element, 'the event leaves the shadow root from the element');

    element.remove();
    await waitFor(() => mounted === 0, 'the component unmounted');
    assert.equal(root.childNodes.length, 0, 'nothing left drawn');
    document.body.append(element);
    added.push(element);
    await waitFor(() => mounted === 1, 'drawn again when put back');
    assert.ok(getByRole(element.shadowRoot!, 'button', 'Press'));
  });
});
