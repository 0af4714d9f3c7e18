/// <reference types="mocha" />
/**
 * MaskedField (core/fields/MaskedField.tsx): imask attaches to the input in an effect, after the field is
 * drawn. What lands in the input before that (a paste or an autofill in the field's first moments, a fast
 * test driver) must still reach the form, masked: before, the form never heard of it, so a VIN pasted
 * into a just-added vehicle was checked on blur but its answer dropped as "for another VIN".
 */
import { createElement, useState } from 'react';
import { MaskedField } from './MaskedField.tsx';
import type { FieldBinding } from '../form-core.ts';
import { assert, waitFor } from '../../testing/browser.ts';
import { renderInShadow, type Rendered } from '../../testing/render.ts';

function VinHarness() {
  const [value, setValue] = useState('');
  const field: FieldBinding = {
    id: 'vin', name: 'vin', value, error: undefined,
    onChange: setValue, onBlur: () => undefined, inputRef: () => undefined,
  };
  return createElement('div', null,
    createElement(MaskedField, { label: 'VIN', field, mask: 'vin' }),
    createElement('output', { id: 'heard' }, value));
}

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
    const heard = await waitFor(() => rendered!.root.getElementById('heard')?.textContent || null, 'the form hears the value');
    assert.equal(heard, 'WP0AA2A90KS110001');
    assert.equal(rendered.root.querySelector('input')!.value, 'WP0AA2A90KS110001');
  });
});
