/// <reference types="mocha" />
import { createElement, Fragment } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { assert } from '../../testing/browser.ts';
import { adoptStyles } from '../../core/styles/adopt.ts';
import { quoteWizardStyles } from '../quote-wizard.styles.ts';
import { QUOTE_WIZARD_TEXTS as TEXTS } from '../quote-wizard.texts.ts';
import { stepById, type WizardStep } from '../steps.ts';
import { StepIndicator } from './StepIndicator.tsx';
import { WizardHero } from './WizardHero.tsx';

/**
 * /receive-a-quote paints the wizard's shell from the server's HTML (site/pages/receive-a-quote), and a
 * browser may paint a page it has only partly parsed. Whatever it has painted must not move when the rest
 * arrives (issue 11, CLS 0): a car centred beside a title not yet parsed, or a first step alone in a row
 * meant for five, did (a red e2e run of layout-shift.e2e.test.ts at 390 px).
 *
 * The shell's markup is cut before each of its tags, as a parser stopped there would leave it, and every
 * element in each cut must stand where it stands in the whole (its top-left corner, as a layout shift counts).
 */
function shellMarkup(step: WizardStep): string {
  const scratch = document.createElement('div');
  const root = createRoot(scratch);
  flushSync(() =>
    root.render(
      createElement(
        'div',
        { className: 'ppm-root ppm-wizard' },
        createElement(Fragment, null, createElement(WizardHero, { title: TEXTS.title }), createElement(StepIndicator, { current: step })),
        createElement('h3', { className: 'ppm-wizard__heading' }, step.title),
        createElement('p', { className: 'ppm-wizard__intro' }, step.intro),
      ),
    ),
  );
  const html = scratch.innerHTML;
  root.unmount();
  return html;
}

function corners(container: HTMLElement): string[] {
  return [...container.querySelectorAll('*')].map((element) => {
    const { x, y } = element.getBoundingClientRect();
    return `${element.localName}.${element.getAttribute('class') ?? ''} at ${Math.round(x)},${Math.round(y)}`;
  });
}

describe('the wizard shell, painted half parsed', () => {
  let container: HTMLElement;
  before(() => adoptStyles(document, quoteWizardStyles));
  beforeEach(() => {
    container = document.createElement('div');
    document.body.append(container);
  });
  afterEach(() => container.remove());

  for (const width of [358, 1248]) {
    for (const id of ['info', 'payment'] as const) {
      it(`at ${width} px, step ${id}: nothing painted moves when the rest of the markup arrives`, () => {
        container.style.width = `${width}px`;
        const whole = shellMarkup(stepById(id));
        container.innerHTML = whole;
        const final = corners(container);
        assert.ok(final.length > 10, 'the shell has its hero, steps, heading and intro');
        for (let cut = whole.indexOf('<', 1); cut > 0; cut = whole.indexOf('<', cut + 1)) {
          container.innerHTML = whole.slice(0, cut);
          const painted = corners(container);
          assert.deepEqual(painted, final.slice(0, painted.length), `cut before ${JSON.stringify(whole.slice(cut, cut + 40))}`);
        }
      });
    }
  }
});
