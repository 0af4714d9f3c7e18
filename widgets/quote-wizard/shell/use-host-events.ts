import { useEffect, useRef } from 'react';
import { useWidget } from '../../core/widget.tsx';
import { PAGE_VIEW_DELAY_MS } from '../quote-wizard.texts.ts';
import type { WizardStep } from '../steps.ts';
import type { StepNumber } from '../model/wizard-model.ts';

/**
 * What the host page hears of the shell (DESIGN.md "Embedding"; quote-wizard.ts lists the events): a page
 * view per step shown (ppm-step, doc 2 section 1: "about 25 ms delay") and every failure the person is
 * shown as a red snackbar (ppm-error). The events of an action leave where the action happens: a new price
 * from the quote call (quote/use-quote-call.ts, ppm-quote), a bound policy from the payment
 * (steps/payment, ppm-purchase). Events leave from the wizard's host element while the wizard is on the page.
 */
export function useHostEvents(shown: WizardStep | undefined): void {
  const widget = useWidget();
  const { rootRef } = widget;

  const viewed = useRef<StepNumber>(0);
  const shownNumber = shown?.number ?? 0;
  useEffect(() => {
    if (!shown || shownNumber === viewed.current) return;
    viewed.current = shownNumber;
    const view = { step: shownNumber, name: shown.title };
    // The delay also lets an element that rendered before it was put in the page (react-to-webcomponent
    // renders on the first attribute) be in the page, so the event reaches the host's listeners.
    // Not cancelled by the next step: a step shown briefly was still viewed. An unmounted wizard has no root.
    setTimeout(() => {
      if (rootRef.current) widget.emit('ppm-step', view);
    }, PAGE_VIEW_DELAY_MS);
  }, [shownNumber]);

  useEffect(() => {
    const reported = new Set(widget.snackbars.peek().map((snackbar) => snackbar.id));
    return widget.snackbars.subscribe((list) => {
      for (const snackbar of list) {
        if (snackbar.kind !== 'danger' || reported.has(snackbar.id)) continue;
        reported.add(snackbar.id);
        if (rootRef.current) widget.reportError(0, snackbar.text);
      }
    });
  }, []);
}
