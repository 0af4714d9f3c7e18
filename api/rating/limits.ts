/**
 * Reading the request's limit strings (doc 3 section 3 "Limit entry"; section 9: "Limit formatting strips
 * $, commas and the word deductible; a '000 CSL' value is shortened"). The coverage form's values
 * (contract/coverage/values.ts) reach the request through formatLimit, so the engine meets:
 *
 *   split liability  '25/50', '500/1000'         thousands per person / per accident
 *                    '100000/300000'             the same in dollars (a per-person figure from 1,000 up)
 *   combined single  '100 CSL', '1000 CSL'       one limit in thousands ('300000 CSL': from 10,000 up, dollars)
 *   an amount        '25' or '25000' (PD, UMPD)  thousands below 1,000, else dollars
 *                    'ACV w/ 250 DED' (CO's UMPD) the car's actual cash value less that deductible
 *                    '10000', '177500' (PIP, MP, first-party benefits): always dollars
 *   a deductible     '500', '0', 'ACV w/ 250 DED' (CO's uninsured PD deductible)
 *   rental           '50/1500' per day / per loss in dollars, or '50' per day (30 days assumed)
 *   glass            'YES' or 'NO'
 *   a code           PIPDeductibleType's text, UM's stacking or GA type (S, NS, Stacked, Unstacked, A, R)
 *   declined         'I decline this coverage' and the form's display texts that mean the same
 *
 * Anything else is a RatingError naming the limit, which the quote route answers with 400.
 */
import { COVERAGE_TEXTS, DECLINE, LIMIT_NAMES, type LimitName } from '../../contract/index.ts';
import { RatingError } from './errors.ts';

export type ParsedLimit =
  | { kind: 'declined' }
  /** PA's individual benefits when Combined First Party Benefits is taken: priced inside FPB. */
  | { kind: 'included' }
  | { kind: 'split'; perPerson: number; perAccident: number }
  | { kind: 'csl'; amount: number }
  | { kind: 'amount'; dollars: number }
  | { kind: 'deductible'; dollars: number }
  /** Colorado's uninsured PD: the car's actual cash value, less a deductible ('ACV w/ 250 DED'). */
  | { kind: 'actualCashValue'; deductible: number }
  | { kind: 'rental'; perDay: number; perLoss: number }
  | { kind: 'flag'; yes: boolean }
  | { kind: 'code'; code: string };

/** The shape each limit name takes. */
type Shape = 'liability' | 'amountThousands' | 'amountDollars' | 'incomeLoss' | 'deductible' | 'rental' | 'flag' | 'code';

const SHAPES: Readonly<Record<LimitName, Shape>> = {
  BI: 'liability',
  UMBI: 'liability',
  UIM: 'liability',
  UMUIMBI: 'liability',
  // UM carries either a bodily-injury limit or the uninsured coverage type (stacking, GA added on/reduced by)
  UM: 'liability',
  PD: 'amountThousands',
  UMPD: 'amountThousands',
  UMUIMPD: 'amountThousands',
  MP: 'amountDollars',
  PIP: 'amountDollars',
  FPB: 'amountDollars',
  ADND: 'amountDollars',
  FNRL: 'amountDollars',
  MEDEX: 'amountDollars',
  INCLOSS: 'incomeLoss',
  WORKLOSS: 'incomeLoss',
  COMP: 'deductible',
  COLL: 'deductible',
  PIPDeductible: 'deductible',
  UMUIMPDDeductible: 'deductible',
  RENT: 'rental',
  GLASS: 'flag',
  PIPDeductibleType: 'code',
};

/** Texts that mean "not bought", whichever field they came from. */
const DECLINED_TEXTS = new Set(
  [DECLINE, COVERAGE_TEXTS.uninsuredDeclined, COVERAGE_TEXTS.comprehensiveDeclined, COVERAGE_TEXTS.declined].map((t) =>
    t.toLowerCase(),
  ),
);

/** Uninsured coverage type codes (doc 3 sections 3 and 9): FL/PA stacking, GA added on / reduced by. */
const UNINSURED_TYPE_CODES: Readonly<Record<string, 'stacked' | 'unstacked' | 'addedOn' | 'reducedBy'>> = {
  S: 'stacked',
  STACKED: 'stacked',
  NS: 'unstacked',
  UNSTACKED: 'unstacked',
  'NON-STACKED': 'unstacked',
  A: 'addedOn',
  'ADDED ON': 'addedOn',
  R: 'reducedBy',
  'REDUCED BY': 'reducedBy',
};

/** Liability figures below 1,000 are thousands ('100/300'); from 1,000 up they are dollars. */
function liabilityDollars(figure: number): number {
  return figure < 1000 ? figure * 1000 : figure;
}

/**
 * A combined single limit is shortened to thousands by formatLimit ('$1,000,000 CSL' -> '1000 CSL'), so
 * figures below 10,000 are thousands; an unshortened one ('300000 CSL') is dollars.
 */
function cslDollars(figure: number): number {
  return figure < 10_000 ? figure * 1000 : figure;
}

const WHOLE = /^\d+$/;
const PAIR = /^(\d+)\/(\d+)$/;
const CSL = /^(\d+) ?CSL$/i;
const ACV_DEDUCTIBLE = /^ACV w\/ ?(\d+) DED$/i;

/** '$1,000 deductible' -> '1000': the request's formatting, applied again so a raw value reads the same. */
function normalise(text: string): string {
  return text.replace(/[$,]/g, '').replace(/deductible/gi, '').replace(/\s+/g, ' ').trim();
}

function isLimitName(name: string): name is LimitName {
  return (LIMIT_NAMES as readonly string[]).includes(name);
}

function unknown(name: string, text: string, path: string | undefined): RatingError {
  return new RatingError(`Unknown ${name} limit: "${text}".`, path);
}

/**
 * Reads one limit of the request. `path` names the entry in errors. Throws RatingError for a name or
 * a value the engine cannot price.
 */
export function parseLimit(name: string, text: string, path?: string): ParsedLimit {
  if (!isLimitName(name)) throw new RatingError(`Unknown limit name: "${name}".`, path);
  const raw = typeof text === 'string' ? text.trim() : '';
  const lower = raw.toLowerCase();
  if (DECLINED_TEXTS.has(lower)) return { kind: 'declined' };
  if (lower === COVERAGE_TEXTS.combinedSelected.toLowerCase()) return { kind: 'included' };
  const value = normalise(raw);
  const shape = SHAPES[name];

  switch (shape) {
    case 'liability': {
      const pair = PAIR.exec(value);
      if (pair) {
        // the per-person figure says the unit of both: '500/1000' is $500,000 / $1,000,000
        const scale = Number(pair[1]) < 1000 ? 1000 : 1;
        const perPerson = Number(pair[1]) * scale;
        const perAccident = Number(pair[2]) * scale;
        if (perPerson > 0 && perAccident >= perPerson) return { kind: 'split', perPerson, perAccident };
      }
      const csl = CSL.exec(value);
      if (csl && Number(csl[1]) > 0) return { kind: 'csl', amount: cslDollars(Number(csl[1])) };
      if (name === 'UM') {
        const type = UNINSURED_TYPE_CODES[value.toUpperCase()];
        if (type) return { kind: 'code', code: type };
      }
      break;
    }
    case 'amountThousands': {
      if (WHOLE.test(value) && Number(value) > 0) return { kind: 'amount', dollars: liabilityDollars(Number(value)) };
      // doc 3 section 4, CO: uninsured PD is offered as actual cash value with a deductible, per vehicle
      const actualCash = name === 'UMPD' ? ACV_DEDUCTIBLE.exec(value) : null;
      if (actualCash) return { kind: 'actualCashValue', deductible: Number(actualCash[1]) };
      const csl = CSL.exec(value);
      if (csl && Number(csl[1]) > 0) return { kind: 'amount', dollars: cslDollars(Number(csl[1])) };
      break;
    }
    case 'amountDollars':
      // a first-party benefit below $100 is no real option: more likely thousands sent by mistake
      if (WHOLE.test(value) && Number(value) >= 100) return { kind: 'amount', dollars: Number(value) };
      break;
    case 'incomeLoss': {
      // income loss is offered as monthly / total ('1000/5000') or as one total
      const pair = PAIR.exec(value);
      if (pair && Number(pair[2]) >= 100) return { kind: 'amount', dollars: Math.max(Number(pair[1]), Number(pair[2])) };
      if (WHOLE.test(value) && Number(value) >= 100) return { kind: 'amount', dollars: Number(value) };
      break;
    }
    case 'deductible': {
      if (WHOLE.test(value)) return { kind: 'deductible', dollars: Number(value) };
      const acv = ACV_DEDUCTIBLE.exec(value);
      if (acv) return { kind: 'deductible', dollars: Number(acv[1]) };
      break;
    }
    case 'rental': {
      const pair = PAIR.exec(value);
      if (pair && Number(pair[1]) > 0 && Number(pair[2]) >= Number(pair[1])) {
        return { kind: 'rental', perDay: Number(pair[1]), perLoss: Number(pair[2]) };
      }
      // doc 1: rental is paid for at most 30 days per repair
      if (WHOLE.test(value) && Number(value) > 0) return { kind: 'rental', perDay: Number(value), perLoss: Number(value) * 30 };
      break;
    }
    case 'flag':
      if (value.toUpperCase() === 'YES') return { kind: 'flag', yes: true };
      if (value.toUpperCase() === 'NO') return { kind: 'flag', yes: false };
      break;
    case 'code':
      if (value.length > 0 && value.length <= 64) return { kind: 'code', code: value };
      break;
  }
  throw unknown(name, raw, path);
}

/** True when the limit buys nothing (declined, or folded into another coverage). */
export function buysNothing(limit: ParsedLimit): boolean {
  return limit.kind === 'declined' || limit.kind === 'included';
}
