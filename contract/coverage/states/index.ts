import type { StateCoverageRules } from '../state-rules.ts';
import { AZ } from './az.ts';
import { CA } from './ca.ts';
import { CO } from './co.ts';
import { FL } from './fl.ts';
import { GA } from './ga.ts';
import { fallbackRules } from './generic.ts';
import { OH } from './oh.ts';
import { OR } from './or.ts';
import { PA } from './pa.ts';
import { TN } from './tn.ts';
import { TX } from './tx.ts';
import { WI } from './wi.ts';

/**
 * Every state with coverage rules (doc 3 section 2: AZ, CA, CO, FL, OH, PA, TN, TX, WI, GA, and OR on the
 * generic form). Which of them take quotes is WRITING_STATES (contract/reference/states.ts): opening a
 * state is adding it there.
 */
export const COVERAGE_RULES: Readonly<Record<string, StateCoverageRules>> = { AZ, CA, CO, FL, GA, OH, OR, PA, TN, TX, WI };

export const COVERAGE_STATES = Object.keys(COVERAGE_RULES).sort();

export function hasCoverageRules(state: string): boolean {
  return Object.hasOwn(COVERAGE_RULES, state);
}

/** The state's rules; a state without its own gets the generic form (it does not calculate). */
export function coverageRulesFor(state: string): StateCoverageRules {
  return COVERAGE_RULES[state] ?? fallbackRules(state);
}
