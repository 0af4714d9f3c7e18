import { useCallback, useRef } from 'react';
import { useWidget } from '../../core/widget.tsx';
import { QUOTE_WIZARD_TEXTS as TEXTS } from '../quote-wizard.texts.ts';
import type { StepProps } from '../step.ts';

/**
 * The overlay "Please wait, we're hitting our servers!" while any call a step runs through it is pending
 * (doc 2 section 1); it stays up when the wizard is leaving the page.
 */
export function useBusy(isLeaving: () => boolean): StepProps['busy'] {
  const { showLoader, hideLoader } = useWidget();
  const pending = useRef(0);
  return useCallback(async <T,>(work: () => Promise<T>): Promise<T> => {
    pending.current += 1;
    showLoader(TEXTS.busy);
    try {
      return await work();
    } finally {
      pending.current -= 1;
      if (pending.current === 0 && !isLeaving()) hideLoader();
    }
  }, []);
}
