import { useEffect, useId, useRef, useState } from 'react';

/**
 * A toggletip (Inclusive Components' pattern): a small "i" button beside a label that shows a short
 * explanation when pressed, and hides it on a second press, on Escape or on a press elsewhere. The text
 * sits in a live region, so a screen reader reads it when it appears; hover-only tooltips are neither
 * keyboard- nor touch-friendly, so there are none. Place it in a `.ppm-label-row` (FieldFrame's `tooltip`)
 * and the text opens as a full-width box under the label, never off the edge of a narrow screen.
 */
export interface TooltipProps {
  /** What the button is about, read as its name: "More about the VIN". */
  label: string;
  text: string;
}

export function Tooltip({ label, text }: TooltipProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const regionRef = useRef<HTMLSpanElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: Event) => {
      const path = event.composedPath();
      if (!path.includes(buttonRef.current as EventTarget) && !path.includes(regionRef.current as EventTarget)) setOpen(false);
    };
    // on the document: a press anywhere, inside or outside our shadow root, closes it
    document.addEventListener('pointerdown', onPointer, true);
    return () => document.removeEventListener('pointerdown', onPointer, true);
  }, [open]);

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className="ppm-tooltip__button"
        part="tooltip-button"
        aria-label={label}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((was) => !was)}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && open) {
            event.preventDefault();
            event.stopPropagation();
            setOpen(false);
          }
        }}
      >
        <span aria-hidden="true">i</span>
      </button>
      <span ref={regionRef} id={id} role="status" className="ppm-tooltip__region">
        {open && (
          <span className="ppm-tooltip__text" part="tooltip-text">
            {text}
          </span>
        )}
      </span>
    </>
  );
}

export const tooltipStyles = /* css */ `
.ppm-label-row { display: flex; flex-wrap: wrap; align-items: center; column-gap: 0.5rem; margin-bottom: 0.25rem; }
.ppm-label-row > .ppm-label { margin-bottom: 0; }
.ppm-legend--tooltip { width: 100%; }
.ppm-legend--tooltip .ppm-label-row { margin-bottom: 0; }
.ppm-tooltip__button {
  display: inline-flex; align-items: center; justify-content: center; flex: none; width: 1.75rem; height: 1.75rem;
  padding: 0; font: italic 700 0.9375rem Georgia, serif; color: var(--_surface); background: var(--_ink);
  border: 0; border-radius: 50%; cursor: pointer;
}
.ppm-tooltip__button:focus-visible { outline: 3px solid var(--_focus); outline-offset: 2px; }
.ppm-tooltip__region { flex: 0 0 100%; }
.ppm-tooltip__text {
  display: block; margin: 0.375rem 0 0.25rem; padding: 0.625rem 0.75rem; font-weight: 400; font-size: 0.9375rem;
  color: var(--_surface); background: var(--_ink); border-radius: var(--_radius);
}
`;
