// imask's holder and only the mask kinds below (pattern, range, number, regexp): each kind's module
// registers itself on the holder, and the whole package would add date, dynamic, enum, repeat and pipe.
import IMask from 'imask/holder';
import type { InputMask, FactoryArg } from 'imask';
import 'imask/masked/pattern';
import 'imask/masked/number';
import 'imask/masked/regexp';
import MaskedRange from 'imask/masked/range';

/**
 * Masks the spec asks for, as imask options, one per kind. Each is applied to an <input> by `useMask`
 * in fields/MaskedField.tsx; the masked text is what the person sees, the field value is that text.
 */
export type MaskKind = 'date' | 'phone' | 'zip' | 'dollars' | 'vin' | 'cardNumber' | 'cardExpiry' | 'cardCvc';

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** MM/DD/YYYY (doc 1 section 5, doc 3 section 2). */
export function formatDate(date: Date): string {
  return `${pad(date.getMonth() + 1)}/${pad(date.getDate())}/${date.getFullYear()}`;
}

/** MM/DD/YYYY -> Date, or null when it is not a real calendar date (leap years included). */
export function parseDate(text: string): Date | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text);
  if (!m) return null;
  const [month, day, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(year, month - 1, day);
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day ? date : null;
}

const MASKS: Record<MaskKind, FactoryArg> = {
  // "two digits, slash, two digits, slash, four digits, with auto-correction": a month above 12 or a day
  // beyond 31 is clamped (autofix) instead of refused, so 13 becomes 12 and 00 becomes 01; a first digit
  // that cannot start a month or a day is padded (4 -> 04). The year is never corrected: a digit that
  // cannot start a year (1900 to 2199) is dropped, so what is typed after it lands where it was meant
  // (issue 11: 13/45/2026 became 12/04/2102, the stray 5 bending the year; now 12/04/2026, and the
  // effective date's rule says if that day is not allowed). A day beyond its month (02/30) is left to the
  // calendar rule's message: the mask cannot tell what was meant.
  date: {
    mask: 'MM/DD/YYYY',
    lazy: true,
    autofix: true,
    blocks: {
      MM: { mask: MaskedRange, from: 1, to: 12, maxLength: 2, autofix: 'pad' },
      DD: { mask: MaskedRange, from: 1, to: 31, maxLength: 2, autofix: 'pad' },
      YYYY: { mask: MaskedRange, from: 1900, to: 2199, maxLength: 4, autofix: false },
    },
  },
  // US number "formatted 000-000-0000" (doc 1 section 5)
  phone: { mask: '000-000-0000' },
  // "digits only, exactly 5 (non-digits stripped)"
  zip: { mask: '00000' },
  // insured value: "$ and thousands separators", "at most 6 integer digits" (doc 2)
  dollars: {
    mask: '$num',
    blocks: {
      num: { mask: Number, scale: 0, thousandsSeparator: ',', min: 0, max: 999999 },
    },
  },
  // "uppercases input; the letters O and I are replaced automatically by 0 and 1" (doc 2)
  vin: {
    mask: /^[A-Z0-9]{0,17}$/,
    prepareChar: (char: string) => char.toUpperCase().replace(/O/g, '0').replace(/I/g, '1'),
  },
  // the test-mode card form (steps/payment/): digits in groups of four, up to 19 digits as card numbers run
  cardNumber: { mask: '0000 0000 0000 0000 000' },
  // MM/YY, the month clamped like the date's
  cardExpiry: {
    mask: 'MM/YY',
    blocks: {
      MM: { mask: MaskedRange, from: 1, to: 12, maxLength: 2, autofix: 'pad' },
      YY: { mask: MaskedRange, from: 0, to: 99, maxLength: 2 },
    },
  },
  // three digits, four on American Express
  cardCvc: { mask: '0000' },
};

export function applyMask(input: HTMLInputElement, kind: MaskKind): InputMask<FactoryArg> {
  return IMask(input, MASKS[kind]);
}
