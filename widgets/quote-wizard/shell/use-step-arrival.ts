import { useEffect, useRef, type RefObject } from 'react';
import type { StepNumber } from '../model/wizard-model.ts';

/**
 * A new step on screen puts focus on its heading and, after 100 ms, the wizard's top in view (doc 2 section
 * 2: "scrolls up (about 100 ms delay)"). Arriving on the page is not a new step: focus and scroll stay
 * where the page put them, except after a hand-over (Purchase Now on a dealer's page opens step 6 here),
 * which is the next step of the same journey: focus goes to its heading too, not left on the page's body.
 */
export interface StepArrivalOptions {
  /** The step on screen; 0 while loading. */
  shownNumber: StepNumber;
  headingRef: RefObject<HTMLHeadingElement | null>;
  rootRef: RefObject<HTMLElement | null>;
  scrollDelayMs: number;
  /** The first step shown continues a journey begun on another page (a hand-over). */
  continuesJourney(): boolean;
}

export function useStepArrival({ shownNumber, headingRef, rootRef, scrollDelayMs, continuesJourney }: StepArrivalOptions): void {
  const arrived = useRef<StepNumber>(0);
  useEffect(() => {
    if (shownNumber === 0 || shownNumber === arrived.current) return;
    const first = arrived.current === 0;
    arrived.current = shownNumber;
    if (first && !continuesJourney()) return;
    headingRef.current?.focus({ preventScroll: true });
    const scroll = setTimeout(() => rootRef.current?.scrollIntoView({ block: 'start' }), scrollDelayMs);
    return () => clearTimeout(scroll);
  }, [shownNumber]);
}
