import { useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import type { FieldBinding } from '../form.ts';
import { applyMask, type MaskKind } from '../masks.ts';
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

/**
 * A text input under an imask mask. imask owns the input's text while the person types; the form hears
 * every accepted change, and a value set from outside (reset, a picked date) is written back to the mask.
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
    // Text that landed before the mask attached (a paste or an autofill in the field's first moments) was
    // heard by no one: the mask takes it in below, and the form hears it once, masked.
    const typedBefore = input.value !== emitted.current;
    const instance = applyMask(input, mask);
    const report = () => {
      emitted.current = instance.value;
      onChange.current(instance.value);
    };
    instance.on('accept', report);
    maskRef.current = instance;
    if (typedBefore) report();
    return () => {
      instance.destroy();
      maskRef.current = null;
    };
  }, [mask]);

  // A layout effect runs before the next keystroke is handled, so it never sees a value older than the mask's.
  useLayoutEffect(() => {
    const instance = maskRef.current;
    if (!instance || field.value === emitted.current) return;
    emitted.current = field.value;
    instance.value = field.value;
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
          onBlur={() => field.onBlur(maskRef.current?.value ?? inputRef.current?.value ?? '')}
        />
        {after}
      </div>
    </FieldFrame>
  );
}
