/// <reference types="mocha" />
/**
 * MaskedField (core/fields/MaskedField.tsx): imask is fetched at the first interaction with the page (or the
 * field's first change) and attaches when it is in. What lands in the input before that (keys typed while it
 * loads, a paste or an autofill in the field's first moments, a fast test driver) must still reach the form,
 * masked: before, the form never heard of it, so a VIN pasted into a just-added vehicle was checked on blur
 * but its answer dropped as "for another VIN".
 */
import { createElement, useState } from 'react';
import { MaskedField } from './MaskedField.tsx';
import type { FieldBinding } from '../form-core.ts';
import type { MaskKind } from '../masks.ts';
import { sendKeys } from '@web/test-runner-commands';
import { assert, click, waitFor } from '../../testing/browser.ts';
import { renderInShadow, type Rendered } from '../../testing/render.ts';

function Harness({ mask, label }: { mask: MaskKind; label: string }) {
  const [value, setValue] = useState('');
  const field: FieldBinding = {
    id: 'field', name: 'field', value, error: undefined,
    onChange: setValue, onBlur: () => undefined, inputRef: () => undefined,
  };
  return createElement('div', null,
    createElement(MaskedField, { label, field, mask }),
    createElement('output', { id: 'heard' }, value));
}
const VinHarness = () => createElement(Harness, { mask: 'vin', label: 'VIN' });

let rendered: Rendered | undefined;
afterEach(() => {
  rendered?.unmount();
  rendered = undefined;
});

describe('MaskedField', () => {
  it('text put in before the mask attached reaches the form, masked', async () => {
    rendered = await renderInShadow(createElement(VinHarness), (root) => {
      const input = root.querySelector('input');
      if (!input) return false;
      // right after the first draw, before the effects ran: no mask and no listener yet
      input.value = 'wp0aa2a9oks110001';
      input.dispatchEvent(new Event('input', { bubbles: true }));
      return true;
    });
    // heard at once as typed, then again masked once the mask has loaded and attached
    await waitFor(() => rendered!.root.getElementById('heard')?.textContent === 'WP0AA2A90KS110001', 'the form hears the masked value');
    assert.equal(rendered.root.querySelector('input')!.value, 'WP0AA2A90KS110001');
  });

  it('a date typed before the mask is in comes out as the mask would have made it', async () => {
    rendered = await renderInShadow(createElement(Harness, { mask: 'date', label: 'Date of Birth' }), (root) => root.querySelector('input'));
    const input = rendered.root.querySelector('input')!;
    await click(input);
    // at once, no wait for the mask (the page's first keys, or a person faster than the network)
    await sendKeys({ type: '1392020' });
    await waitFor(() => input.value === '12/09/2020', 'month 13 corrected to 12, day 9 padded to 09');
    await waitFor(() => rendered!.root.getElementById('heard')?.textContent === '12/09/2020', 'the form hears the masked date');
  });
});
