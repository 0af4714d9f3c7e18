/// <reference types="mocha" />
/**
 * <ppm-claim-form> from the BUILT bundle (dist/embed/, `npx rollup -c rollup.config.mjs` first), the way a
 * partner's claims page gets it: the loader alone and the tag. What ships is what is tested.
 */
import { BRAND } from '../../contract/index.ts';
import { assert, checkA11y, click, getByLabel, getByRole, json, stubApi, type, waitFor, BUILT_EMBED, loadedEmbedChunks } from '../testing/browser.ts';
import { CLAIM_FORM_TEXTS as T } from './claim-form.texts.ts';

describe('<ppm-claim-form> in dist/embed/embed.js (built)', () => {
  it('loads only its own chunks and files a claim with the default API origin, the calendar in its shadow root', async () => {
    await import(/* @vite-ignore */ BUILT_EMBED as string);
    const stub = stubApi(() => json(201, { reference: 'CLM-7Q4K-9M3P', msg: 'Claim CLM-7Q4K-9M3P received.' }));
    const host = document.createElement('ppm-claim-form');
    document.body.append(host);
    try {
      await customElements.whenDefined('ppm-claim-form');
      const root = await waitFor(() => host.shadowRoot?.querySelector('form') && host.shadowRoot, 'rendered');
      const chunks = loadedEmbedChunks();
      assert.ok(chunks.some((name) => name.includes('claim-form')), 'the claim-form chunk was fetched');
      assert.ok(!chunks.some((name) => /notify-me|quote-wizard|quote-start/.test(name)), `no other widget's chunk: ${chunks.join(', ')}`);
      assert.equal(root.querySelector('style'), null, 'no injected <style>');
      assert.equal(document.querySelectorAll('style').length, 0, 'nothing injected into the host page');
      await checkA11y(host);

      await type(getByLabel(root, T.firstName), 'Grace');
      await type(getByLabel(root, T.lastName), 'Hopper');
      await type(getByLabel(root, T.email), 'grace@example.com');
      const provider = getByLabel<HTMLSelectElement>(root, T.insuranceProvider);
      provider.value = BRAND.insurer;
      provider.dispatchEvent(new Event('change', { bubbles: true }));
      await click(root.querySelector<HTMLInputElement>('input[type=radio][value=INSURED]')!);
      await click(getByRole(root, 'button', T.next));
      await waitFor(() => root.querySelector('h3')?.textContent?.startsWith('Step 2 of 5'), 'step 2');
      await type(getByLabel(root, T.incidentLocation), 'Scottsdale');
      await click(getByRole(root, 'button', T.calendar));
      const calendar = await waitFor(() => root.querySelector<HTMLElement>('.flatpickr-calendar.open'), 'calendar open in the shadow root');
      assert.equal(document.querySelector('.flatpickr-calendar'), null, 'nothing appended to the host page');
      await click(calendar.querySelector<HTMLElement>('.flatpickr-day.today')!);
      await waitFor(() => getByLabel<HTMLInputElement>(root, T.incidentDate).value.length === 10, 'date picked');
      await type(getByLabel(root, T.incidentDescription), 'Hail on the roof.');
      for (const step of [3, 4, 5]) {
        await click(getByRole(root, 'button', T.next));
        await waitFor(() => root.querySelector('h3')?.textContent?.startsWith(`Step ${step} of 5`), `step ${step}`);
      }
      await click(getByRole(root, 'button', T.submit));
      await waitFor(() => root.textContent?.includes(T.success), 'success');
      assert.equal(stub.calls[0]?.url, `${location.origin}/api/contact/claims`, 'default API origin is where embed.js came from');
      assert.ok(stub.calls[0]?.headers['idempotency-key'], 'an Idempotency-Key');
      assert.equal(JSON.parse(String(stub.calls[0]?.form?.get('claim'))).incidentLocation, 'Scottsdale');
    } finally {
      stub.restore();
      host.remove();
    }
  });
});
