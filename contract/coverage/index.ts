// The coverage rules (doc 3 sections 3 to 5 and 9): the model's functions over per-state data.
export * from './coverage-model.ts';
export { coverageDefaults, coverageFields, applyCoverageChange, applyVehicleChange, levelOf } from './engine.ts';
export { RECOMMENDED_BODILY_INJURY, RECOMMENDED_DEDUCTIBLE, middleOption, recommendedCoverage } from './recommend.ts';
export { continueBlockers, coverageErrors, type CoverageFieldError } from './continue.ts';
export { coverageLimits, coverageProblems, formOfLimits, formOfSelection, limitsOfRequest, selectionOf, limitValue, sameLimits, tortCode } from './limits.ts';
export { COVERAGE_RULES, COVERAGE_STATES, coverageRulesFor, hasCoverageRules } from './states/index.ts';
export { COVERAGE_LABELS, COVERAGE_TOOLTIPS, COVERAGE_WARNINGS } from './texts.ts';
export { dollars, isTaken, liabilityAmounts, notAbove, optionLabel } from './values.ts';
export type { ContinueItem, FieldRule, StateCoverageRules } from './state-rules.ts';
