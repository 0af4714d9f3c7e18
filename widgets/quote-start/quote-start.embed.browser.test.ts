/// <reference types="mocha" />
/**
 * <ppm-quote-start> from the BUILT bundle (dist/embed/, `npx rollup -c rollup.config.mjs` first), the way a
 * dealer's page gets it: the loader alone, the tag, a dealer code. What ships is what is tested.
 */
import { sendKeys } from '@web/test-runner-commands';
import { assert, checkA11y, click, getByLabel, getByRole, waitFor, BUILT_EMBED, loadedEmbedChunks } from '../testing/browser.ts';


describe('<ppm-quote-start> in dist/embed/embed.js (built)', () => {
  it("loads only its own chunks, and sends a dealer's visitor to the brand site with the dealer", async () => {
    await import(/* @vite-ignore */ BUILT_EMBED as string);
    const host = document.createElement('ppm-quote-start');
    host.setAttribute('dealer', 'AZ01');
    host.setAttribute('variant', 'full');
    document.body.append(host);
    await customElements.whenDefined('ppm-quote-start');
    const root = await waitFor(() => host.shadowRoot?.querySelector('form') && host.shadowRoot, 'rendered');
    const chunks = loadedEmbedChunks();
    assert.ok(chunks.some((name) => name.includes('quote-start')), 'the quote-start chunk was fetched');
    assert.ok(!chunks.some((name) => /notify-me|quote-wizard/.test(name)), `no other widget's chunk: ${chunks.join(', ')}`);
    assert.equal(root.querySelector('style'), null, 'no injected <style>');
    assert.equal(document.querySelectorAll('style').length, 0, 'nothing injected into the host page');
    await checkA11y(host);

    const events: CustomEvent[] = [];
    document.addEventListener('ppm-quote-start', (event) => {
      events.push(event as CustomEvent);
      event.preventDefault(); // the test page stays where it is
    });
    const select = getByLabel<HTMLSelectElement>(root, 'Where is your car garaged?');
    assert.equal([...select.options].filter((o) => o.value).length, 51);
    select.focus();
    await sendKeys({ type: 'Tennessee' });
    await waitFor(() => select.value === 'TN', 'Tennessee chosen');
    await click(getByRole(root, 'button', 'Start a tailored quote'));
    await waitFor(() => events.length === 1, 'ppm-quote-start');
    // No quote-url: the wizard on the origin embed.js came from.
    assert.deepEqual(events[0]!.detail, { state: 'TN', dealer: 'AZ01', url: `${location.origin}/receive-a-quote?state=TN&dealer=AZ01` });

    select.focus();
    await sendKeys({ type: 'Pennsylvania' });
    await waitFor(() => select.value === 'PA', 'Pennsylvania chosen');
    await click(getByRole(root, 'button', 'Start a tailored quote'));
    await waitFor(() => events.length === 2, 'second ppm-quote-start');
    assert.equal(events[1]!.detail.url, `${location.origin}/unavailable?not-writing&state=PA`);
    host.remove();
  });

  it("loads the retrieve-quote form only when 'Retrieve my quote' is pressed, and opens it in a modal", async () => {
    await import(/* @vite-ignore */ BUILT_EMBED as string);
    const host = document.createElement('ppm-quote-start');
    document.body.append(host);
    const root = await waitFor(() => host.shadowRoot?.querySelector('form') && host.shadowRoot, 'rendered');
    const before = loadedEmbedChunks();
    assert.ok(!before.some((name) => /retrieve/i.test(name)), `no retrieve chunk before the press: ${before.join(', ')}`);
    await click(getByRole(root, 'button', 'Retrieve my quote'));
    const dialog = await waitFor(() => root.querySelector<HTMLDialogElement>('dialog[open]'), 'the retrieve modal');
    assert.ok(dialog.matches(':modal'));
    assert.ok(getByLabel(root, 'Email Address'));
    assert.ok(loadedEmbedChunks().some((name) => /retrieve/i.test(name)), `the retrieve chunk was fetched: ${loadedEmbedChunks().join(', ')}`);
    await checkA11y(host);
    dialog.close();
    host.remove();
  });
});
