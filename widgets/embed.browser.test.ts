/// <reference types="mocha" />
/**
 * Runs against the BUILT bundle (dist/embed/, `npx rollup -c rollup.config.mjs` first): what ships is what
 * is tested. The network is stubbed (window.fetch) with the API's answers; the end-to-end tests use the API.
 */
import { assert, checkA11y, click, getByLabel, getByRole, json, press, stubApi, type, waitFor, BUILT_EMBED, loadedEmbedChunks } from './testing/browser.ts';


describe('dist/embed/embed.js (built)', () => {
  it('loads a widget chunk only when its tag appears, then the widget works with the default API origin', async () => {
    await import(/* @vite-ignore */ BUILT_EMBED as string);
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.equal(customElements.get('ppm-notify-me'), undefined, 'not defined before the tag is in the page');
    assert.deepEqual(loadedEmbedChunks().filter((name) => name.includes('notify-me')), [], 'no widget chunk fetched yet');

    const stub = stubApi(() => json(200, { msg: 'ok' }));
    const host = document.createElement('ppm-notify-me');
    document.body.append(host);
    await customElements.whenDefined('ppm-notify-me');
    assert.ok(loadedEmbedChunks().some((name) => name.includes('notify-me')), 'the notify-me chunk was fetched');
    const root = await waitFor(() => host.shadowRoot?.querySelector('form') && host.shadowRoot, 'rendered');
    assert.equal(root.querySelector('style'), null, 'no injected <style>');
    assert.equal(document.querySelectorAll('style').length, 0, 'nothing injected into the host page');
    await checkA11y(host);

    await type(getByLabel(root, 'First Name'), 'Grace');
    await type(getByLabel(root, 'Last Name'), 'Hopper');
    await type(getByLabel(root, 'Email'), 'grace@example.com');
    await type(getByRole(root, 'combobox', 'State'), 'wisc');
    await press('ArrowDown');
    await press('Enter');
    await click(getByRole(root, 'button', 'Notify Me'));
    await waitFor(() => root.textContent?.includes('Thank you for connecting with Apex Pay-Per-Mile!'), 'success');
    assert.equal(stub.calls[0]?.url, `${location.origin}/api/contact/subscribe`, 'default API origin is where embed.js came from');
    assert.deepEqual(stub.calls[0]?.body, {
      userFirstName: 'Grace', userLastName: 'Hopper', userEmailAddress: 'grace@example.com', userState: 'WI',
    });
    stub.restore();
    host.remove();
  });

  it('contains no eval or new Function (a strict CSP on the host page must hold)', async () => {
    const files = [BUILT_EMBED, ...new Set(loadedEmbedChunks().map((name) => new URL(name).pathname))];
    assert.ok(files.length >= 2);
    for (const file of files) {
      const code = await (await fetch(file)).text();
      assert.ok(!/\beval\s*\(|new Function\s*\(/.test(code), `${file} has eval-like code`);
    }
  });
});
