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
