import { useEffect } from 'react';
import { localToday, type CalendarDate } from '../../../../contract/index.ts';
import { applyVehicleChange, recommendedCoverage } from '../../../../contract/coverage/index.ts';
import type { CoverageForm, CoverageVehicle } from '../../../../contract/coverage/coverage-model.ts';
import { coverageVehicles } from '../../quote/quote-request.ts';
import type { StepProps } from '../../step.ts';
import { garagingStateOf, type WizardState } from '../../model/wizard-model.ts';

/**
 * The coverage form step 4 works on (doc 3 section 4): the wizard's, or the rated state's recommended package
 * (contract recommendedCoverage: the spec's defaults, and our choice where it gives none) when there is none yet (a first visit, or the rated state changed and quote-lifecycle.ts reset it), with one entry per
 * vehicle. A repair is drawn at once and written back into the wizard's state after the render.
 */
export interface CoverageInPlay {
  /** Null: the rated state has no coverage rules (the step shows the call-us message). */
  coverage: CoverageForm | null;
  /** The garaging state, whose coverage rules apply (wizard-model.ts garagingStateOf). */
  ratedState: string;
  coverageVehicleList: CoverageVehicle[];
  today: CalendarDate;
}

export function useCoverageRepair(state: WizardState, update: StepProps['update']): CoverageInPlay {
  const today = localToday();
  const ratedState = garagingStateOf(state.info);
  const coverageVehicleList = coverageVehicles(state.vehicles);
  const repaired = repairedCoverage(state.coverage, ratedState, coverageVehicleList, today);

  useEffect(() => {
    if (!repaired) return;
    update((s) => {
      const again = repairedCoverage(s.coverage, garagingStateOf(s.info), coverageVehicles(s.vehicles), localToday());
      return again ? { ...s, coverage: again } : s;
    });
  }, [repaired !== null, ratedState, state.vehicles.length]);

  return { coverage: repaired ?? state.coverage ?? null, ratedState, coverageVehicleList, today };
}

/**
 * The form with its defaults or its missing vehicles filled in, and fitted to the vehicles as they are now
 * (a car financed since step 4 loses its declines, and its rental returns to the bodily-injury level:
 * contract applyVehicleChange); null when `coverage` needs no repair (or cannot have one).
 */
function repairedCoverage(coverage: CoverageForm | null | undefined, ratedState: string, vehicles: CoverageVehicle[], today: CalendarDate): CoverageForm | null {
  const filled = filledCoverage(coverage, ratedState, vehicles, today);
  const base = filled ?? coverage;
  if (!base || vehicles.length === 0) return filled;
  try {
    const fitted = applyVehicleChange(ratedState, base, vehicles);
    return sameChoices(fitted, base) ? filled : fitted;
  } catch {
    return filled; // a state without coverage rules
  }
}

function filledCoverage(coverage: CoverageForm | null | undefined, ratedState: string, vehicles: CoverageVehicle[], today: CalendarDate): CoverageForm | null {
  if (vehicles.length === 0) return null;
  if (!coverage) {
    try {
      return recommendedCoverage(ratedState, vehicles, today);
    } catch {
      return null; // a state without coverage rules: the step shows the call-us message
    }
  }
  if (coverage.vehicles.length === vehicles.length) return null;
  // doc 3 section 4: "Deductibles chosen on the first vehicle are copied to the others"
  const first = coverage.vehicles[0];
  const entries = vehicles.map((_v, i) => coverage.vehicles[i] ?? (first ? { ...first } : undefined));
  if (entries.some((e) => e === undefined)) {
    try {
      return { ...recommendedCoverage(ratedState, vehicles, today), shared: coverage.shared, policyEffectiveDate: coverage.policyEffectiveDate };
    } catch {
      return null;
    }
  }
  return { ...coverage, vehicles: entries as CoverageForm['vehicles'] };
}

/** The same choices, whatever the order of the keys (a stored quote's form is kept as long as nothing differs). */
function sameChoices(a: CoverageForm, b: CoverageForm): boolean {
  const same = (x: Record<string, string>, y: Record<string, string>) =>
    [...new Set([...Object.keys(x), ...Object.keys(y)])].every((key) => (x[key] ?? '') === (y[key] ?? ''));
  return (
    a.policyEffectiveDate === b.policyEffectiveDate &&
    a.vehicles.length === b.vehicles.length &&
    same(a.shared, b.shared) &&
    a.vehicles.every((vehicle, i) => same(vehicle, b.vehicles[i]!))
  );
}
