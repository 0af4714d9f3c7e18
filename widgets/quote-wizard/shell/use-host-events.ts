import { useEffect, useRef } from 'react';
import { useWidget } from '../../core/widget.tsx';
import { PAGE_VIEW_DELAY_MS } from '../quote-wizard.texts.ts';
import { purchaseOf } from '../model/purchase-model.ts';
import { quotePolicyOf } from '../model/quote-policy.ts';
import type { WizardStep } from '../steps.ts';
import type { StepNumber, WizardState } from '../model/wizard-model.ts';

/**
 * What the host page hears (DESIGN.md "Embedding"; quote-wizard.ts lists the events): a page view per step
 * shown (ppm-step, doc 2 section 1: "about 25 ms delay"), a new price (ppm-quote), a bound policy
 * (ppm-purchase), and every failure the person is shown as a red snackbar (ppm-error). What the wizard
 * started with (a resumed or handed-over quote) is not news. Events leave from the wizard's host element
 * while the wizard is on the page.
 */
export function useHostEvents(state: WizardState, shown: WizardStep | undefined): void {
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

  const announced = useRef<{ quote: string | null; bound: string | null } | null>(null);
  useEffect(() => {
    if (state.step === 0) return;
    const policy = quotePolicyOf(state.quoteResponse);
    const purchase = purchaseOf(state);
    const bound = purchase.bound;
    const seen = { quote: policy?.policyNumber ?? null, bound: bound?.policyNumber ?? null };
    const before = announced.current;
    announced.current = seen;
    if (!before || !rootRef.current) return;
    if (policy && seen.quote !== before.quote) {
      widget.emit('ppm-quote', {
        action: 'priced',
        policyNumber: policy.policyNumber,
        ratedState: policy.ratedState,
        vehicles: policy.vehicleInfo.length,
        estimatedMonthlyPayment: policy.estimatedMonthlyPayment,
      });
    }
    if (bound && seen.bound !== before.bound) {
      const frequency = purchase.billingFrequency;
      widget.emit('ppm-purchase', {
        policyNumber: bound.policyNumber,
        binderNumber: bound.binderNumber,
        quoteNumber: bound.quoteNumber,
        billingFrequency: frequency,
        // what the card was charged, as the bind answered it from the payment record (in dollars, as before);
        // the event fires only when a bind in this page binds, so the answer's amount is always there
        amount: (bound.amountChargedCents ?? 0) / 100,
      });
    }
  }, [state]);

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
