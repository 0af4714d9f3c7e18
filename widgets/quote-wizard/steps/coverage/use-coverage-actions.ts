import type { CoverageVehicle } from '../../../../contract/coverage/coverage-model.ts';
import { continueBlockers } from '../../../../contract/coverage/index.ts';
import { quotedPolicy } from '../../quote/quote-lifecycle.ts';
import type { QuoteCall } from '../../quote/use-quote-call.ts';
import type { StepProps } from '../../step.ts';
import type { CoverageFormHandle } from './use-coverage-form.ts';
import type { VehiclePages } from './use-vehicle-pages.ts';

/**
 * What step 4's buttons do (doc 3 section 4). Calculate validates the page, then moves to the next vehicle
 * if any remain, else requests the quote. The shell's Continue without a quote calculates; with one it moves
 * to the next vehicle, then re-requests with each vehicle's billing (skipped when nothing changed) and leaves
 * the step. Back moves to the previous vehicle, then leaves. Nothing runs while a quote call does, nor in a
 * state whose quotes are not calculated online.
 */
export interface CoverageActionsOptions {
  register: StepProps['register'];
  quote: QuoteCall;
  /** The rated state's quotes are calculated online (coverage-logic.ts ratesOnline). */
  online: boolean;
  coverageForm: CoverageFormHandle;
  pages: VehiclePages;
  ratedState: string;
  coverageVehicleList: CoverageVehicle[];
}

export function useCoverageActions({ register, quote, online, coverageForm, pages, ratedState, coverageVehicleList }: CoverageActionsOptions): { calculate(): Promise<void> } {
  const { current, last, move } = pages;

  async function calculate(): Promise<void> {
    if (quote.isCalling() || !online) return;
    if (!coverageForm.bound.validate()) return;
    const from = coverageForm.committed();
    if (current < last) {
      move(current + 1);
      return;
    }
    const blocked = from.coverage ? continueBlockers(ratedState, from.coverage, coverageVehicleList) : [];
    if (blocked.length > 0) {
      // a choice another vehicle's page holds is missing (a vehicle added since): its page shows it
      move(0);
      return;
    }
    await quote.calculate(from);
  }

  register({
    async onContinue() {
      if (!online || quote.isCalling()) return 'stay';
      if (!quotedPolicy(coverageForm.latestState())) {
        await calculate();
        return 'stay';
      }
      if (current < last) {
        move(current + 1);
        return 'stay';
      }
      // forward navigation: priced again with each vehicle's billing, unless the request is unchanged
      return (await quote.finalize(coverageForm.committed())) ? 'next' : 'stay';
    },
    onBack() {
      if (current > 0) {
        move(current - 1);
        return 'stay';
      }
      return 'previous';
    },
  });

  return { calculate };
}
