import { COVERAGE_TEXTS, DECLINE } from '../reference/limit-names.ts';
import { formatUsDate, localToday, type CalendarDate } from '../rules/dates.ts';
import type {
  ChangeResult, CoverageChange, CoverageFieldName, CoverageForm, CoverageOption, CoverageVehicle, FieldView,
  SharedCoverageField, VehicleCoverageField,
} from './coverage-model.ts';
import type { FieldRule, RuleField, StateCoverageRules } from './state-rules.ts';
import { coverageRulesFor } from './states/index.ts';
import { COVERAGE_LABELS } from './texts.ts';
import { dollars, isTaken, liabilityAmounts, notAbove, optionLabel } from './values.ts';

/**
 * The rules engine: reads a state's data (states/*.ts) and applies doc 3 section 4's rules to a form.
 * Everything is pure: a change returns a new form. The one idea: `resolveField` says how a field shows
 * for one vehicle given the whole form (hidden, read-only with a forced value, or a select with its
 * cascaded options); `normalize` then makes the form agree with what is shown, so the form, the screen
 * and the request never disagree.
 */

export const SHARED_FIELDS = [
  'bodilyInjury', 'propertyDamage', 'uninsuredCoverageType', 'uninsuredBodilyInjury', 'underinsuredMotorist',
  'uninsuredPropertyDamage', 'personalInjuryProtection', 'pipDeductible', 'pipDeductibleType', 'medicalPayments',
  'combinedFirstParty', 'accidentalDeath', 'funeralBenefits', 'incomeLoss', 'extraBenefits', 'tortOption',
] as const satisfies readonly SharedCoverageField[];

export const VEHICLE_FIELDS = [
  'comprehensiveDeductible', 'collisionDeductible', 'propertyDamageDeductible', 'rentalReimbursement',
] as const satisfies readonly VehicleCoverageField[];

/** Deductibles chosen on the first vehicle are copied to the others (doc 3 "Quote lifecycle"). */
const COPIED_FROM_FIRST: readonly VehicleCoverageField[] = [
  'comprehensiveDeductible', 'collisionDeductible', 'propertyDamageDeductible',
];

/** PA's individual first-party benefits, replaced by the combined one (doc 3 section 4). */
const INDIVIDUAL_BENEFITS: readonly SharedCoverageField[] = ['accidentalDeath', 'funeralBenefits', 'incomeLoss'];

export function isVehicleField(name: CoverageFieldName): name is VehicleCoverageField {
  return (VEHICLE_FIELDS as readonly string[]).includes(name);
}

/** How one field shows on one vehicle's step, before it becomes a FieldView. */
export interface ResolvedField {
  rule: FieldRule;
  view: FieldView;
  /** The value the form must hold (a derived package value, a forced decline), when not the person's. */
  forced?: string;
  /** Whether the value goes into the request (a display text in place of a control does not). */
  send: boolean;
}

type Values = Record<string, string>;

function valuesOf(form: CoverageForm, vehicleIndex: number): Values {
  return { ...form.shared, ...(form.vehicles[vehicleIndex] ?? {}) };
}

function ruleOf(rules: StateCoverageRules, name: RuleField): FieldRule | undefined {
  return rules.fields.find((field) => field.name === name);
}

/** The bodily-injury level index: its position in the options, -1 when declined, null when not chosen. */
export function levelOf(rules: StateCoverageRules, bodilyInjury: string): number | null {
  if (bodilyInjury === DECLINE) return -1;
  const index = ruleOf(rules, 'bodilyInjury')?.options.indexOf(bodilyInjury) ?? -1;
  return index >= 0 ? index : null;
}

function option(rule: FieldRule, value: string): CoverageOption {
  return { value, label: rule.labels?.[value] ?? optionLabel(value) };
}

/** Options above the chosen bodily injury are dropped: by amount for limits, else by level position. */
function withinBodilyInjury(rule: FieldRule, rules: StateCoverageRules, values: Values): readonly string[] {
  const bodilyInjury = values.bodilyInjury ?? '';
  const level = levelOf(rules, bodilyInjury);
  if (level === null) return rule.options;
  if (level === -1) return [];
  return rule.options.filter((value, index) =>
    liabilityAmounts(value) && liabilityAmounts(bodilyInjury) ? notAbove(value, bodilyInjury) : index <= level,
  );
}

function effectivePhysical(rules: StateCoverageRules, values: Values): { comp: string; coll: string } {
  const replaced = rules.uninsuredPropertyDamageReplacesPhysicalDamage && isTaken(values.uninsuredPropertyDamage);
  const comp = replaced ? DECLINE : (values.comprehensiveDeductible ?? '');
  const collisionBlocked = replaced || (rules.pair === 'collisionNeedsComprehensive' && comp === DECLINE);
  return { comp, coll: collisionBlocked ? DECLINE : (values.collisionDeductible ?? '') };
}

/**
 * How `rule` shows on vehicle `vehicleIndex`: null when hidden. Encodes doc 3 section 4 field by field;
 * the state's data says which rules apply.
 */
function resolveField(
  rules: StateCoverageRules,
  form: CoverageForm,
  vehicles: readonly CoverageVehicle[],
  vehicleIndex: number,
  rule: FieldRule,
): ResolvedField | null {
  const values = valuesOf(form, vehicleIndex);
  const name = rule.name;
  const perVehicle = isVehicleField(name);
  const value = values[name] ?? '';
  const level = levelOf(rules, values.bodilyInjury ?? '');
  const uninsured = values.uninsuredBodilyInjury ?? '';
  const hasUninsured = ruleOf(rules, 'uninsuredBodilyInjury') !== undefined;
  const later = vehicleIndex > 0 && (!perVehicle || rule.firstVehicleOnly === true);
  const base = { name, label: rule.label, required: rule.required !== false, tooltip: rule.tooltip };

  const shown = (options: readonly string[], declinable: boolean): ResolvedField => {
    const list = options.map((v) => option(rule, v));
    if (declinable && !options.includes(DECLINE)) list.push(option(rule, DECLINE));
    const firstVehicleValue = rule.firstVehicleOnly && vehicleIndex > 0 ? form.vehicles[0]?.[name as VehicleCoverageField] : undefined;
    const view: FieldView = { ...base, readOnly: later, options: list, value: firstVehicleValue ?? value };
    return { rule, view, send: true, ...(firstVehicleValue !== undefined ? { forced: firstVehicleValue } : {}) };
  };
  const fixed = (forced: string, displayValue?: string, send = true): ResolvedField => ({
    rule,
    view: {
      ...base,
      readOnly: true,
      options: forced === '' ? [] : [option(rule, forced)],
      value: forced,
      ...(displayValue !== undefined ? { displayValue } : {}),
    },
    forced,
    send,
  });

  // Uninsured coverage type (stacking): nothing to stack or add when uninsured BI is declined.
  if (name === 'uninsuredCoverageType' && uninsured === DECLINE) {
    return rules.coverageTypeWhenUninsuredDeclined === 'declinedText'
      ? { ...fixed(value, COVERAGE_TEXTS.uninsuredDeclined, false), forced: value }
      : null;
  }
  // Uninsured property damage deductibles exist only beside a taken uninsured BI (FL "declining uninsured
  // BI hides the deductibles", GA "unless declined", WI "when uninsuredBodilyInjury is set").
  if (name === 'propertyDamageDeductible') {
    if (hasUninsured && !isTaken(uninsured)) return null;
    if (rules.propertyDamageDeductibleNeedsCollisionDeclined && effectivePhysical(rules, values).coll !== DECLINE) {
      return null;
    }
  }
  // TX: uninsured property damage only once uninsured BI is chosen and not declined.
  if (name === 'uninsuredPropertyDamage' && rules.uninsuredPropertyDamageNeedsUninsured && !isTaken(uninsured)) {
    return null;
  }
  // PA: combined first party benefits replace the individual ones.
  if (rules.firstPartyBenefits && INDIVIDUAL_BENEFITS.includes(name as SharedCoverageField) && isTaken(values.combinedFirstParty)) {
    return fixed('', COVERAGE_TEXTS.combinedSelected, false);
  }
  // Derived package values follow bodily injury (doc 3 section 2).
  if (rule.derived) {
    if (name === 'rentalReimbursement' && effectivePhysical(rules, values).comp === DECLINE) return null;
    if (name === 'uninsuredPropertyDamage' && hasUninsured && uninsured === DECLINE) {
      return fixed(DECLINE, COVERAGE_TEXTS.uninsuredDeclined);
    }
    const derived =
      level === null
          ? value
          : level === -1
            ? DECLINE
            : (rule.byLevel?.[level] ?? value);
    return fixed(derived);
  }
  // A declined bodily injury leaves nothing to cap against: uninsured coverage shows as declined (FL).
  if (rule.capped && level === -1) {
    return fixed(DECLINE, name === 'uninsuredBodilyInjury' ? COVERAGE_TEXTS.uninsuredDeclined : COVERAGE_TEXTS.declined);
  }
  if (name === 'uninsuredPropertyDamage' && hasUninsured && uninsured === DECLINE) {
    // "Declining uninsured BI clears uninsured PD"
    return fixed(DECLINE, COVERAGE_TEXTS.uninsuredDeclined);
  }
  if (name === 'comprehensiveDeductible' || name === 'collisionDeductible') {
    const physical = effectivePhysical(rules, values);
    const effective = name === 'comprehensiveDeductible' ? physical.comp : physical.coll;
    if (effective === DECLINE && isForcedPhysical(rules, values, name)) {
      return fixed(DECLINE, COVERAGE_TEXTS.declined);
    }
    const vehicle = vehicles[vehicleIndex];
    const stated = vehicle?.statedValue ?? 0;
    // "filter deductible options to those not above the vehicle's stated value, then always append decline"
    const options = rule.options.filter((v) => stated <= 0 || (dollars(v) ?? 0) <= stated);
    return shown(options, vehicle?.financing === 'own');
  }
  if (name === 'rentalReimbursement') {
    const physical = effectivePhysical(rules, values);
    if (rules.rental === 'needsComprehensive' && physical.comp === DECLINE) return null;
    if (rules.rental === 'needsEither' && !isTaken(physical.comp) && !isTaken(physical.coll)) return null;
    if (rules.rental === 'needsBoth' && (physical.comp === DECLINE || physical.coll === DECLINE)) {
      return fixed(DECLINE, COVERAGE_TEXTS.declined);
    }
  }
  if (name === 'propertyDamage' && rules.propertyDamageByBodilyInjury) {
    const positions = rules.propertyDamageByBodilyInjury[values.bodilyInjury ?? ''] ?? [];
    return shown(
      rule.options.filter((_v, index) => positions.includes(index + 1)),
      rule.declinable === true,
    );
  }
  if (rule.capped) return shown(withinBodilyInjury(rule, rules, values), rule.declinable === true);
  return shown(rule.options, rule.declinable === true);
}

/** CA's replaced and FL's blocked collision show as declined even when the form already says so. */
function isForcedPhysical(rules: StateCoverageRules, values: Values, name: RuleField): boolean {
  if (rules.uninsuredPropertyDamageReplacesPhysicalDamage && isTaken(values.uninsuredPropertyDamage)) return true;
  return name === 'collisionDeductible' && rules.pair === 'collisionNeedsComprehensive' &&
    values.comprehensiveDeductible === DECLINE;
}

/** Every field shown on one vehicle's step, in screen order (the effective date first). */
export function resolveFields(
  rules: StateCoverageRules,
  form: CoverageForm,
  vehicles: readonly CoverageVehicle[],
  vehicleIndex: number,
): ResolvedField[] {
  const resolved: ResolvedField[] = [];
  for (const rule of rules.fields) {
    const field = resolveField(rules, form, vehicles, vehicleIndex, rule);
    if (field) resolved.push(field);
  }
  return resolved;
}

function effectiveDateView(form: CoverageForm, vehicleIndex: number): FieldView {
  return {
    name: 'policyEffectiveDate',
    label: COVERAGE_LABELS.policyEffectiveDate,
    readOnly: vehicleIndex > 0,
    options: [],
    value: form.policyEffectiveDate,
    required: true,
  };
}

export function emptyShared(): Record<SharedCoverageField, string> {
  return Object.fromEntries(SHARED_FIELDS.map((name) => [name, ''])) as Record<SharedCoverageField, string>;
}

export function emptyVehicle(): Record<VehicleCoverageField, string> {
  return Object.fromEntries(VEHICLE_FIELDS.map((name) => [name, ''])) as Record<VehicleCoverageField, string>;
}

function clone(form: CoverageForm): CoverageForm {
  return {
    shared: { ...emptyShared(), ...form.shared },
    vehicles: form.vehicles.map((vehicle) => ({ ...emptyVehicle(), ...vehicle })),
    policyEffectiveDate: form.policyEffectiveDate,
  };
}

function setValue(form: CoverageForm, name: RuleField, vehicleIndex: number, value: string): void {
  if (isVehicleField(name)) {
    const vehicle = form.vehicles[vehicleIndex];
    if (vehicle) vehicle[name] = value;
  } else {
    form.shared[name] = value;
  }
}

/** The vehicle list and the form's entries agree: a new vehicle starts from the first one's deductibles. */
function fitVehicles(rules: StateCoverageRules, form: CoverageForm, count: number): void {
  while (form.vehicles.length > count) form.vehicles.pop();
  while (form.vehicles.length < count) {
    const entry = emptyVehicle();
    for (const rule of rules.fields) {
      if (isVehicleField(rule.name) && rule.default !== undefined) entry[rule.name] = rule.default;
    }
    const first = form.vehicles[0];
    if (first) for (const name of [...COPIED_FROM_FIRST, 'rentalReimbursement'] as const) entry[name] = first[name];
    form.vehicles.push(entry);
  }
}

/**
 * Makes the form agree with what is shown: forced values written in, a value no longer offered (above
 * the new bodily injury, above the stated value, a decline on a financed car) cleared for a new choice.
 */
function normalize(rules: StateCoverageRules, form: CoverageForm, vehicles: readonly CoverageVehicle[]): CoverageForm {
  fitVehicles(rules, form, vehicles.length);
  for (let pass = 0; pass < 4; pass += 1) {
    let changed = false;
    for (let vehicleIndex = 0; vehicleIndex < form.vehicles.length; vehicleIndex += 1) {
      for (const rule of rules.fields) {
        if (!isVehicleField(rule.name) && vehicleIndex > 0) continue;
        const resolved = resolveField(rules, form, vehicles, vehicleIndex, rule);
        const current = valuesOf(form, vehicleIndex)[rule.name] ?? '';
        let next = current;
        if (!resolved) {
          // rental that is not offered is declined (CA "declining both clears rental to decline")
          if (rule.name === 'rentalReimbursement') next = DECLINE;
        } else if (resolved.forced !== undefined) {
          next = resolved.forced;
        } else if (current !== '' && !resolved.view.options.some((o) => o.value === current)) {
          next = '';
        }
        if (next !== current) {
          setValue(form, rule.name, vehicleIndex, next);
          changed = true;
        }
      }
    }
    if (!changed) break;
  }
  return form;
}

/**
 * A new form: the state's defaults (FL Unstacked, PIP $10,000, deductible $500 and its type; PA Stacked;
 * GA PIP $2,000; CO 'ACV w/ 100 DED'), everything the person must choose left '', the effective date
 * today (doc 3 section 3). A change of the garaging or rated state starts over from here (section 4).
 */
export function coverageDefaults(
  state: string,
  vehicles: readonly CoverageVehicle[],
  today: CalendarDate = localToday(),
): CoverageForm {
  const rules = coverageRulesFor(state);
  const form: CoverageForm = { shared: emptyShared(), vehicles: [], policyEffectiveDate: formatUsDate(today) };
  for (const rule of rules.fields) {
    if (rule.default !== undefined && !isVehicleField(rule.name)) form.shared[rule.name] = rule.default;
  }
  return normalize(rules, form, vehicles);
}

/** What step 4 draws for one vehicle, in order, cascades applied (doc 3 sections 2 and 4). */
export function coverageFields(
  state: string,
  form: CoverageForm,
  vehicles: readonly CoverageVehicle[],
  vehicleIndex: number,
): FieldView[] {
  const rules = coverageRulesFor(state);
  const fitted = normalize(rules, clone(form), vehicles);
  return [effectiveDateView(fitted, vehicleIndex), ...resolveFields(rules, fitted, vehicles, vehicleIndex).map((f) => f.view)];
}

type Warning = ChangeResult['warning'];

/** doc 3 decline rules for one vehicle after `field` changed: the pair, and clearing a forced decline. */
function pairRule(
  rules: StateCoverageRules,
  form: CoverageForm,
  vehicleIndex: number,
  field: 'comprehensiveDeductible' | 'collisionDeductible',
): Warning {
  const vehicle = form.vehicles[vehicleIndex];
  if (!vehicle) return undefined;
  const other = field === 'comprehensiveDeductible' ? 'collisionDeductible' : 'comprehensiveDeductible';
  const value = vehicle[field];
  const floridaCollision = rules.pair === 'collisionNeedsComprehensive';
  if (value === DECLINE) {
    if (floridaCollision && field === 'collisionDeductible') return undefined; // FL: collision alone may go
    if (vehicle[other] === DECLINE) return undefined;
    vehicle[other] = DECLINE;
    return floridaCollision ? 'collisionNeedsComprehensive' : 'comprehensiveCollisionPair';
  }
  if (isTaken(value) && vehicle[other] === DECLINE && !(floridaCollision && field === 'collisionDeductible')) {
    vehicle[other] = ''; // "Choosing a real value on one clears a forced decline on the other."
  }
  return undefined;
}

/** One choice and all its cascades (doc 3 section 4). */
export function applyCoverageChange(
  state: string,
  form: CoverageForm,
  vehicles: readonly CoverageVehicle[],
  change: CoverageChange,
): ChangeResult {
  const rules = coverageRulesFor(state);
  const next = normalize(rules, clone(form), vehicles);
  const { field, value } = change;
  const vehicleIndex = isVehicleField(field) ? change.vehicleIndex : 0;
  if (field === 'policyEffectiveDate') {
    next.policyEffectiveDate = value;
    return { form: next };
  }
  const before = valuesOf(next, vehicleIndex);
  const rentalBefore = rentalWithheld(rules, next, vehicles);
  setValue(next, field, vehicleIndex, value);
  let warning: Warning;

  if (field === 'bodilyInjury') {
    // "property damage, uninsured BI (cleared if above the new level or declined), underinsured,
    // uninsured PD, PIP and rental follow the same level index"
    const level = levelOf(rules, value);
    for (const rule of rules.fields) {
      if (!rule.byLevel || rule.derived || level === null) continue;
      const followed = level >= 0 ? (rule.byLevel[level] ?? '') : '';
      const indexes = isVehicleField(rule.name) ? next.vehicles.map((_v, i) => i) : [0];
      for (const i of indexes) setValue(next, rule.name, i, followed);
    }
    if (level === -1) next.shared.uninsuredBodilyInjury = ruleOf(rules, 'uninsuredBodilyInjury')?.declinable ? DECLINE : '';
    // "uninsured BI (cleared if above the new level or declined)": a declined uninsured BI is the person's
    // to choose again under the new level (one above it is cleared by normalize, as no longer offered)
    const uninsuredRule = ruleOf(rules, 'uninsuredBodilyInjury');
    if (level !== null && level >= 0 && value !== before.bodilyInjury && uninsuredRule && !uninsuredRule.byLevel &&
      !uninsuredRule.derived && next.shared.uninsuredBodilyInjury === DECLINE) {
      next.shared.uninsuredBodilyInjury = '';
    }
    // a decline forced by a declined bodily injury is the person's to choose again once it is taken
    if (level !== null && level >= 0 && before.bodilyInjury === DECLINE) {
      for (const rule of rules.fields) {
        if (rule.capped && !rule.byLevel && !isVehicleField(rule.name) && next.shared[rule.name] === DECLINE) {
          next.shared[rule.name] = '';
        }
      }
    }
  }
  if (field === 'uninsuredBodilyInjury' && value === DECLINE && ruleOf(rules, 'uninsuredPropertyDamage')) {
    next.shared.uninsuredPropertyDamage = DECLINE;
  }
  if (rules.uninsuredPropertyDamageReplacesPhysicalDamage) {
    if (field === 'uninsuredPropertyDamage' && isTaken(value)) {
      for (const vehicle of next.vehicles) {
        vehicle.comprehensiveDeductible = DECLINE;
        vehicle.collisionDeductible = DECLINE;
        vehicle.rentalReimbursement = DECLINE;
      }
    } else if (field === 'uninsuredPropertyDamage' && isTaken(before.uninsuredPropertyDamage)) {
      // the deductibles it disabled are the person's to choose again
      for (const vehicle of next.vehicles) {
        vehicle.comprehensiveDeductible = '';
        vehicle.collisionDeductible = '';
      }
    }
    if (field === 'collisionDeductible' && isTaken(value)) next.shared.uninsuredPropertyDamage = DECLINE;
  }
  if (rules.firstPartyBenefits) {
    if (INDIVIDUAL_BENEFITS.includes(field as SharedCoverageField) && isTaken(value)) {
      next.shared.combinedFirstParty = DECLINE;
    }
  }
  if (field === 'comprehensiveDeductible' || field === 'collisionDeductible' || field === 'propertyDamageDeductible') {
    const touched = [vehicleIndex];
    if (vehicleIndex === 0) {
      for (let i = 1; i < next.vehicles.length; i += 1) {
        const offered = resolveFields(rules, next, vehicles, i).find((f) => f.rule.name === field);
        if (offered && !offered.view.readOnly && offered.view.options.some((o) => o.value === value)) {
          setValue(next, field, i, value);
          touched.push(i);
        }
      }
    }
    if (field !== 'propertyDamageDeductible') {
      for (const i of touched) warning = pairRule(rules, next, i, field) ?? warning;
    }
  }
  normalize(rules, next, vehicles);
  restoreRental(rules, next, vehicles, rentalBefore);
  return warning ? { form: next, warning } : { form: next };
}

/**
 * Per vehicle: rental is not the person's to choose (hidden, or shown declined because comprehensive or
 * collision is declined), so the decline it holds was forced, not chosen.
 */
function rentalWithheld(rules: StateCoverageRules, form: CoverageForm, vehicles: readonly CoverageVehicle[]): boolean[] {
  const rule = ruleOf(rules, 'rentalReimbursement');
  return form.vehicles.map((_entry, i) => {
    if (!rule || rule.derived) return false;
    const resolved = resolveField(rules, form, vehicles, i, rule);
    return resolved === null || resolved.forced === DECLINE;
  });
}

/**
 * doc 3: rental "follow[s] the same level index" as bodily injury. A decline forced on rental (comprehensive
 * declined, FL: either deductible declined) ends when rental is the person's to choose again (the decline
 * undone, or the car no longer owned): rental returns to the bodily-injury level, not to the forced decline.
 */
function restoreRental(rules: StateCoverageRules, form: CoverageForm, vehicles: readonly CoverageVehicle[], withheldBefore: readonly boolean[]): void {
  const rule = ruleOf(rules, 'rentalReimbursement');
  if (!rule || rule.derived) return;
  const level = levelOf(rules, form.shared.bodilyInjury);
  const withheldNow = rentalWithheld(rules, form, vehicles);
  form.vehicles.forEach((entry, i) => {
    if (!withheldBefore[i] || withheldNow[i] || entry.rentalReimbursement !== DECLINE) return;
    const atLevel = level !== null && level >= 0 ? (rule.byLevel?.[level] ?? '') : '';
    const resolved = resolveField(rules, form, vehicles, i, rule);
    entry.rentalReimbursement = resolved?.view.options.some((o) => o.value === atLevel) ? atLevel : '';
  });
}

/**
 * A vehicle changed (financing, stated value) or the list did: "switching a vehicle away from owned
 * removes a prior decline", a deductible above a new stated value is cleared, entries are added or dropped.
 */
export function applyVehicleChange(
  state: string,
  form: CoverageForm,
  vehicles: readonly CoverageVehicle[],
): CoverageForm {
  const rules = coverageRulesFor(state);
  const next = clone(form);
  fitVehicles(rules, next, vehicles.length);
  // what the form held under the vehicles it was chosen for: a decline on a car now financed was allowed then
  const rentalBefore = rentalWithheld(rules, next, vehicles);
  normalize(rules, next, vehicles);
  restoreRental(rules, next, vehicles, rentalBefore);
  return next;
}
