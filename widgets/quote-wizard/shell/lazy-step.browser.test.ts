/// <reference types="mocha" />
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { assert, waitFor } from '../../testing/browser.ts';
import { QUOTE_WIZARD_TEXTS as TEXTS } from '../quote-wizard.texts.ts';
import { lazyStep } from './lazy-step.tsx';

/**
 * A step whose code is a chunk of its own (lazy-step.tsx): 'Loading...' until its code is in, then the step;
 * a step already fetched draws at once; a fetch that fails (offline) leaves 'Loading...' on screen and is
 * tried again when the browser is back online, where React's lazy() would have thrown the failure at the
 * wizard.
 */
function StepBody({ name }: { name: string }) {
  return createElement('p', { role: 'note' }, `step ${name}`);
}

function mount(element: ReturnType<typeof createElement>) {
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  root.render(element);
  return {
    host,
    unmount() {
      root.unmount();
      host.remove();
    },
  };
}

/** A load the test settles by hand, counting its calls. */
function manualLoad() {
  const calls: { resolve(component: typeof StepBody): void; reject(error: Error): void }[] = [];
  const load = () => new Promise<typeof StepBody>((resolve, reject) => calls.push({ resolve, reject }));
  return { load, calls };
}

/** A lazy step drawn on the page, whose fetch has started. */
async function shownWhileFetching(name: string) {
  const { load, calls } = manualLoad();
  const page = mount(createElement(lazyStep(load), { name }));
  await waitFor(() => calls.length === 1, 'the fetch');
  return { page, calls };
}

describe('a wizard step fetched as a chunk of its own', () => {
  it("shows 'Loading...' until its code is in, then the step with its props", async () => {
    const { page, calls } = await shownWhileFetching('two');
    try {
      assert.equal(page.host.querySelector('[role=status]')?.textContent, TEXTS.loading);
      calls[0]!.resolve(StepBody);
      await waitFor(() => page.host.querySelector('[role=note]')?.textContent === 'step two', 'the step');
      assert.equal(page.host.querySelector('[role=status]'), null, "'Loading...' is gone");
    } finally {
      page.unmount();
    }
  });

  it('draws at once when its code was fetched before (preload), without a Loading pass', async () => {
    const { load, calls } = manualLoad();
    const Step = lazyStep(load);
    const preloaded = Step.preload();
    calls[0]!.resolve(StepBody);
    await preloaded;
    const page = mount(createElement(Step, { name: 'three' }));
    try {
      // the first render (synchronous here) already holds the step: no 'Loading...' was drawn
      assert.equal(page.host.querySelector('[role=note]')?.textContent, 'step three');
      assert.equal(page.host.querySelector('[role=status]'), null);
      assert.equal(calls.length, 1, 'fetched once');
    } finally {
      page.unmount();
    }
  });

  it("keeps 'Loading...' when the fetch fails, and fetches again when the browser is back online", async () => {
    const { page, calls } = await shownWhileFetching('four');
    try {
      calls[0]!.reject(new TypeError('Failed to fetch dynamically imported module'));
      await new Promise((resolve) => setTimeout(resolve, 0));
      assert.equal(page.host.querySelector('[role=status]')?.textContent, TEXTS.loading, "'Loading...' stays");
      window.dispatchEvent(new Event('online'));
      await waitFor(() => calls.length === 2, 'a second fetch once online');
      calls[1]!.resolve(StepBody);
      await waitFor(() => page.host.querySelector('[role=note]')?.textContent === 'step four', 'the step');
    } finally {
      page.unmount();
    }
  });
});
