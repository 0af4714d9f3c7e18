import type { CoverageVehicle } from '../../../../contract/coverage/coverage-model.ts';
import { continueBlockers } from '../../../../contract/coverage/index.ts';
import { quotedPolicy } from '../../quote/quote-lifecycle.ts';
import type { QuoteCall } from '../../quote/use-quote-call.ts';
import type { StepProps } from '../../step.ts';
import type { CoverageFormHandle } from './use-coverage-form.ts';
import type { VehiclePages } from './use-vehicle-pages.ts';

/**
 * What step 4's buttons do (doc 3 section 4). Calculate validates the page, then moves to the next vehicle
 * if any remain, else requests the quote. The shell's Continue without a quote calculates, and on the last
 * vehicle's page goes on to step 5 with the quote it made; with one it moves
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

export function useCoverageActions({ register, quote, online, coverageForm, pages, ratedState, coverageVehicleList }: CoverageActionsOptions): { calculate(): Promise<boolean> } {
  const { current, last, move } = pages;

  /** True when the quote was made (on the last vehicle's page); false when it moved to another page or failed. */
  async function calculate(): Promise<boolean> {
    if (quote.isCalling() || !online) return false;
    if (!coverageForm.bound.validate()) return false;
    const from = coverageForm.committed();
    if (current < last) {
      move(current + 1);
      return false;
    }
    const blocked = from.coverage ? continueBlockers(ratedState, from.coverage, coverageVehicleList) : [];
    if (blocked.length > 0) {
      // a choice another vehicle's page holds is missing (a vehicle added since): its page shows it
      move(0);
      return false;
    }
    return quote.calculate(from);
  }

  register({
    async onContinue() {
      if (!online || quote.isCalling()) return 'stay';
      if (!quotedPolicy(coverageForm.latestState())) {
        // doc 3: "Continue without a quote calculates it"; on the last page the made quote is the one
        // Continue goes on with (issue 11: one press, not a second one to move on)
        return (await calculate()) ? 'next' : 'stay';
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
