import { MESSAGES } from '../messages.ts';
import { DECLINE, formatLimit } from '../reference/limit-names.ts';
import { GLASS_STATES } from '../reference/quoting-states.ts';
import { inStates } from '../reference/states.ts';
import type {
  CoverageFieldName, CoverageForm, CoverageLimitEntry, CoverageLimits, CoverageVehicle, SharedCoverageField,
  VehicleCoverageField,
} from './coverage-model.ts';
import { emptyShared, emptyVehicle, isVehicleField, resolveFields, type ResolvedField } from './engine.ts';
import type { FieldRule, StateCoverageRules } from './state-rules.ts';
import { coverageRulesFor, hasCoverageRules } from './states/index.ts';

/**
 * The request's limit entries (doc 3 section 3) built from a form, and the API's check of a request's
 * entries against the state's rules. Both read the same resolved fields as the screen, so what is shown,
 * what is sent and what the API accepts are one thing.
 */

/** The limit string of a value: formatLimit (doc 3 section 9) unless the state maps it (S/NS). */
export function limitValue(rule: FieldRule, value: string): string {
  return rule.limitValues?.[value] ?? formatLimit(value);
}

function entry(rule: FieldRule, value: string): CoverageLimitEntry | null {
  if (!rule.limit || value === '') return null;
  const type = isVehicleField(rule.name) ? 'VEHICLE' : 'POLICY';
  return { name: rule.limit, type, indexNumber: 0, limit: limitValue(rule, value) };
}

function entriesOf(fields: readonly ResolvedField[], vehicleFields: boolean): CoverageLimitEntry[] {
  const entries: CoverageLimitEntry[] = [];
  for (const field of fields) {
    if (!field.send || isVehicleField(field.rule.name) !== vehicleFields) continue;
    const made = entry(field.rule, field.view.value);
    if (made) entries.push(made);
  }
  return entries;
}

/** doc 3 section 9: "Glass coverage YES is added for OR, IL and CO". */
const GLASS: CoverageLimitEntry = { name: 'GLASS', type: 'VEHICLE', indexNumber: 0, limit: 'YES' };

/** doc 3 section 9: "Tort option: full maps to F, otherwise L". */
export function tortCode(value: string): 'F' | 'L' {
  return value.toLowerCase() === 'full' ? 'F' : 'L';
}

export function coverageLimits(
  state: string,
  form: CoverageForm,
  vehicles: readonly CoverageVehicle[],
): CoverageLimits {
  const rules = coverageRulesFor(state);
  const first = resolveFields(rules, form, vehicles, 0);
  const glass = inStates(GLASS_STATES, state);
  const limits: CoverageLimits = {
    policy: entriesOf(first, false),
    vehicles: vehicles.map((_vehicle, index) => [
      ...entriesOf(resolveFields(rules, form, vehicles, index), true),
      ...(glass ? [{ ...GLASS }] : []),
    ]),
  };
  const tort = first.find((field) => field.rule.name === 'tortOption');
  if (tort && tort.view.value !== '') limits.tortOption = tortCode(tort.view.value);
  return limits;
}

/** The form value a request's limit string stands for, among every value the field could hold. */
function valueFor(rule: FieldRule, limit: string): string | undefined {
  const candidates = [...rule.options, ...(rule.byLevel ?? []), DECLINE];
  return candidates.find((value) => limitValue(rule, value) === limit);
}

function labelOf(rules: StateCoverageRules, name: CoverageFieldName): string {
  return rules.fields.find((field) => field.name === name)?.label ?? name;
}

/** A request's limits read back into a form, with what names or values the state does not have. */
interface ReadLimits {
  /** Each entry's field set to the value its limit stands for; every field not sent is unchosen (''). */
  form: CoverageForm;
  /** `${vehicleIndex}:${field}` of each field an entry was read into. */
  sent: Set<string>;
  problems: string[];
}

/**
 * The form a request's limits say: the one reading of limits into step 4's choices, used by the API's check
 * (coverageProblems) and for a quote that carries no selection of its own (formOfLimits).
 */
function readLimits(state: string, limits: CoverageLimits, vehicleCount: number): ReadLimits {
  const rules = coverageRulesFor(state);
  const problems: string[] = [];
  const form: CoverageForm = {
    shared: emptyShared(),
    vehicles: Array.from({ length: vehicleCount }, () => emptyVehicle()),
    policyEffectiveDate: '',
  };
  const sent = new Set<string>();
  const read = (entries: readonly CoverageLimitEntry[], vehicleIndex: number | null): void => {
    const seen = new Set<string>();
    for (const item of entries) {
      if (item.name === 'GLASS' && vehicleIndex !== null && inStates(GLASS_STATES, state)) {
        if (item.limit !== 'YES') problems.push(MESSAGES.coverageValue(item.name, item.limit));
        continue;
      }
      const rule = rules.fields.find(
        (field) => field.limit === item.name && isVehicleField(field.name) === (vehicleIndex !== null),
      );
      if (!rule) {
        problems.push(MESSAGES.coverageUnknown(item.name));
        continue;
      }
      if (seen.has(item.name)) {
        problems.push(MESSAGES.coverageDuplicate(rule.label));
        continue;
      }
      seen.add(item.name);
      const value = valueFor(rule, item.limit);
      if (value === undefined) {
        problems.push(MESSAGES.coverageValue(rule.label, item.limit));
        continue;
      }
      sent.add(`${vehicleIndex ?? 0}:${rule.name}`);
      if (isVehicleField(rule.name)) {
        const vehicle = form.vehicles[vehicleIndex ?? 0];
        if (vehicle) vehicle[rule.name] = value;
      } else {
        form.shared[rule.name] = value;
      }
    }
  };
  read(limits.policy, null);
  limits.vehicles.forEach((entries, index) => {
    if (index < vehicleCount) read(entries, index);
  });
  if (limits.tortOption !== undefined && rules.fields.some((field) => field.name === 'tortOption')) {
    form.shared.tortOption = limits.tortOption === 'F' ? 'full' : 'limited';
    sent.add('0:tortOption');
  }
  return { form, sent, problems };
}

/**
 * The API's check of a request's limits (doc 3 section 4 rules, applied to what arrives): [] when they
 * are what the coverage step would send, else one message per problem: a limit the state does not have,
 * a value not in its list, a required coverage missing, or a broken cascade (uninsured above bodily
 * injury, a deductible above the stated value, a decline on a financed car, comprehensive without
 * collision ...). Messages are MESSAGES' coverage texts.
 */
export function coverageProblems(
  state: string,
  limits: CoverageLimits,
  vehicles: readonly CoverageVehicle[],
): string[] {
  if (!hasCoverageRules(state)) return [MESSAGES.callUs];
  const rules = coverageRulesFor(state);
  const problems: string[] = [];
  if (limits.vehicles.length !== vehicles.length) problems.push(MESSAGES.coverageVehicleCount);

  // 1. Read the entries back into a form, refusing names and values the state does not have.
  const { form, sent, problems: unread } = readLimits(state, limits, vehicles.length);
  problems.push(...unread);
  if (problems.length > 0) return problems;

  // 2. Compare with what the coverage step shows for that form: every shown, sendable field must be
  //    there, with a value it offers (or the value it forces); nothing hidden may be sent.
  const pairBroken = new Set<number>();
  vehicles.forEach((_vehicle, index) => {
    const fields = resolveFields(rules, form, vehicles, index);
    for (const field of fields) {
      const name = field.rule.name;
      if (index > 0 && !isVehicleField(name)) continue;
      const key = `${index}:${name}`;
      const value = isVehicleField(name) ? (form.vehicles[index]?.[name] ?? '') : form.shared[name];
      const counted = field.rule.limit !== undefined || name === 'tortOption';
      if (!field.send || !counted) {
        if (sent.has(key) && value !== field.view.value) problems.push(MESSAGES.coverageNotOffered(field.rule.label));
        continue;
      }
      if (value === '') {
        if (field.view.required && !(field.forced !== undefined && field.forced === '')) {
          problems.push(MESSAGES.coverageMissing(field.rule.label));
        }
        continue;
      }
      const ok = field.forced !== undefined
        ? value === field.forced
        : field.view.options.some((option) => option.value === value);
      if (!ok) problems.push(MESSAGES.coverageNotOffered(field.rule.label));
    }
    const shown = new Set(fields.map((field) => `${index}:${field.rule.name}`));
    for (const key of sent) {
      const [at, name] = key.split(':') as [string, CoverageFieldName];
      if (Number(at) === index && (index === 0 || isVehicleField(name)) && !shown.has(key)) {
        problems.push(MESSAGES.coverageNotOffered(labelOf(rules, name)));
      }
    }
    // doc 3 decline rules: the pair is bought together (FL: collision needs comprehensive)
    const vehicle = form.vehicles[index];
    if (vehicle && rules.pair === 'pair' &&
      (vehicle.comprehensiveDeductible === DECLINE) !== (vehicle.collisionDeductible === DECLINE)) {
      pairBroken.add(index);
    }
  });
  if (pairBroken.size > 0) problems.push(MESSAGES.coveragePairWarning);
  if (inStates(GLASS_STATES, state)) {
    limits.vehicles.forEach((entries) => {
      if (!entries.some((item) => item.name === 'GLASS')) problems.push(MESSAGES.coverageMissing('Glass'));
    });
  }
  return [...new Set(problems)];
}

/** The limits a quote request carries, as coverageProblems reads them. */
export function limitsOfRequest(request: {
  limits: readonly CoverageLimitEntry[];
  vehicles: readonly { coverageLimits: readonly CoverageLimitEntry[] }[];
  tortOption?: string;
}): CoverageLimits {
  return {
    policy: [...request.limits],
    vehicles: request.vehicles.map((vehicle) => [...vehicle.coverageLimits]),
    ...(request.tortOption === 'F' || request.tortOption === 'L' ? { tortOption: request.tortOption } : {}),
  };
}

export type { StateCoverageRules };

/** Whether two sets of limits say the same (entries compared by type, name and limit, in any order). */
export function sameLimits(a: CoverageLimits, b: CoverageLimits): boolean {
  const key = (entries: readonly CoverageLimitEntry[]) =>
    entries.map((entry) => `${entry.type}|${entry.name}|${entry.limit}`).sort().join('\n');
  return (
    key(a.policy) === key(b.policy) &&
    a.vehicles.length === b.vehicles.length &&
    a.vehicles.every((entries, index) => key(entries) === key(b.vehicles[index]!)) &&
    (a.tortOption ?? '') === (b.tortOption ?? '')
  );
}

/** A step 4 form from a stored selection (contract CoverageSelection): every field not in it is unchosen. */
export function formOfSelection(
  selection: { shared: Partial<Record<SharedCoverageField, string | undefined>>; vehicles: readonly Partial<Record<VehicleCoverageField, string | undefined>>[] },
  policyEffectiveDate: string,
): CoverageForm {
  const chosen = <T extends object>(values: T) => Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined));
  return {
    shared: { ...emptyShared(), ...chosen(selection.shared) },
    vehicles: selection.vehicles.map((vehicle) => ({ ...emptyVehicle(), ...chosen(vehicle) })),
    policyEffectiveDate,
  };
}

/**
 * The step 4 form a request's limits say, for a quote that carries no selection of its own (a client that
 * sends none, a quote stored before the selection was): each entry's field set to the value its limit stands
 * for, every other field unchosen. A value the state no longer offers is left unchosen too, so the shopper
 * picks it again. Null for a state without coverage rules.
 */
export function formOfLimits(
  state: string,
  limits: CoverageLimits,
  vehicleCount: number,
  policyEffectiveDate: string,
): CoverageForm | null {
  if (!hasCoverageRules(state)) return null;
  return { ...readLimits(state, limits, vehicleCount).form, policyEffectiveDate };
}

/** What a quote stores of a step 4 form (contract CoverageSelection): every choice, the date left out. */
export function selectionOf(form: CoverageForm): { shared: CoverageForm['shared']; vehicles: CoverageForm['vehicles'] } {
  return { shared: { ...form.shared }, vehicles: form.vehicles.map((vehicle) => ({ ...vehicle })) };
}
