import { useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import type { FieldBinding } from '../form.ts';
import { afterFirstInteraction } from '../first-interaction.ts';
import type { applyMask, MaskKind } from '../masks.ts';
import { describedBy } from './ErrorMessage.tsx';
import { FieldFrame } from './FieldFrame.tsx';

export interface MaskedFieldProps {
  label: string;
  field: FieldBinding;
  mask: MaskKind;
  hint?: string;
  autoComplete?: string;
  /** A toggletip beside the label. */
  tooltip?: ReactNode;
  /** Rendered after the input inside the same row (the date picker's calendar button). */
  after?: ReactNode;
  disabled?: boolean;
}

const INPUT_MODE: Record<MaskKind, 'numeric' | 'tel' | 'text'> = {
  date: 'numeric',
  phone: 'tel',
  zip: 'numeric',
  dollars: 'numeric',
  vin: 'text',
  cardNumber: 'numeric',
  cardExpiry: 'numeric',
  cardCvc: 'numeric',
};

/** imask and the masks' options (about 13 KB gzip): fetched once, at the person's first interaction with the page. */
let masks: Promise<typeof import('../masks.ts')> | undefined;
const loadMasks = () => (masks ??= import('../masks.ts'));

/**
 * A text input under an imask mask. imask owns the input's text while the person types; the form hears
 * every accepted change, and a value set from outside (reset, a picked date) is written back to the mask.
 *
 * The mask comes with the person's first touch, key or focus on the page, not on arrival (issue 25): a page
 * whose first step has masked fields (the wizard's date of birth and phone) does not fetch imask for a
 * visitor who only looks. Until it attaches the input is a plain one whose every change the form hears; what
 * was typed meanwhile is masked when it does. Should it never load (offline), the field stays plain and the
 * form's own rules still judge what was typed.
 */
export function MaskedField({ label, field, mask, hint, autoComplete, tooltip, after, disabled }: MaskedFieldProps) {
  const inputRef = useRef<HTMLInputElement | null>(null);
  const maskRef = useRef<ReturnType<typeof applyMask> | null>(null);
  const onChange = useRef(field.onChange);
  onChange.current = field.onChange;
  // The last text the mask reported: a field value equal to it is our own echo, anything else came
  // from outside (a reset, a date picked on the calendar) and is written into the mask.
  const emitted = useRef(field.value);

  useEffect(() => {
    const input = inputRef.current;
    if (!input) return;
    let instance: ReturnType<typeof applyMask> | null = null;
    let started = false;
    let ended = false;
    const attach = ({ applyMask }: typeof import('../masks.ts')) => {
      if (ended) return;
      const attached = applyMask(input, mask);
      const report = () => {
        emitted.current = attached.value;
        onChange.current(attached.value);
      };
      attached.on('accept', report);
      instance = attached;
      maskRef.current = attached;
      // Text that landed before the mask attached (typed while it loaded, a paste, an autofill) is taken in
      // by the mask: the form hears it again, masked.
      if (attached.value !== emitted.current) report();
    };
    const start = () => {
      if (started) return;
      started = true;
      loadMasks().then(attach, () => undefined); // offline: the field stays a plain one
    };
    const cancel = afterFirstInteraction(start);
    // a change with no touch, key or focus before it (an autofill, a script) starts it as well, and so does
    // text already there (a value restored, or put in before this effect ran)
    input.addEventListener('input', start, { once: true });
    if (input.value !== '') start();
    return () => {
      ended = true;
      cancel();
      input.removeEventListener('input', start);
      instance?.destroy();
      maskRef.current = null;
    };
  }, [mask]);

  // A layout effect runs before the next keystroke is handled, so it never sees a value older than the mask's.
  useLayoutEffect(() => {
    if (field.value === emitted.current) return;
    emitted.current = field.value;
    const instance = maskRef.current;
    if (instance) instance.value = field.value;
    else if (inputRef.current) inputRef.current.value = field.value; // no mask yet: the plain input shows it
  }, [field.value]);

  return (
    <FieldFrame label={label} field={field} hint={hint} tooltip={tooltip}>
      <div className="ppm-input-row">
        <input
          ref={(element) => {
            inputRef.current = element;
            field.inputRef(element);
          }}
          id={field.id}
          name={field.name}
          className="ppm-input"
          part="input"
          type="text"
          inputMode={INPUT_MODE[mask]}
          autoComplete={autoComplete ?? 'off'}
          spellCheck={false}
          defaultValue={field.value}
          disabled={disabled}
          aria-invalid={field.error ? true : undefined}
          aria-describedby={describedBy(field.id, field.error, hint)}
          onInput={(event) => {
            if (maskRef.current) return; // the mask reports what it accepts
            emitted.current = event.currentTarget.value;
            onChange.current(event.currentTarget.value);
          }}
          onBlur={() => field.onBlur(maskRef.current?.value ?? inputRef.current?.value ?? '')}
        />
        {after}
      </div>
    </FieldFrame>
  );
}
