import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';

/**
 * A modal dialog on the native <dialog> (showModal makes the rest of the page inert). Escape closes it,
 * Tab and Shift+Tab wrap inside it, and on close focus goes back to what had it before (doc 1's
 * 'Sorry!' modal after a failed quote lookup). A modal opened when nothing on the page had focus (on
 * arrival: /search-for-my-quote opens the retrieve window at once) gives focus to its `opener` instead,
 * never leaving it on the page's body, where the next Tab starts from the top (WCAG 2.4.3).
 *
 * A modal opened from inside another (the retrieve window's 'Sorry!') takes its place on screen: the one
 * beneath is hidden, not closed, so what was typed in it is there again when the top one closes (issue 23:
 * 'Sorry!' was drawn over a retrieve window still in view).
 */
export interface ModalProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  closeLabel?: string;
  /** The button that opens this modal: focus goes there on close when nothing had focus before it opened. */
  opener?: RefObject<HTMLElement | null>;
  /** The id of the text that says what the modal is about, read with its title when it opens. */
  describedBy?: string;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The element that really has focus, looking through shadow roots. */
function deepActiveElement(): Element | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

export function Modal({ open, title, onClose, children, closeLabel = 'Close', opener, describedBy }: ModalProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const returnTo = useRef<HTMLElement | null>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const openerRef = useRef(opener);
  openerRef.current = opener;

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      returnTo.current = deepActiveElement() as HTMLElement | null;
      dialog.showModal();
      (dialog.querySelector(FOCUSABLE) as HTMLElement | null)?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    // Escape fires `cancel`; the parent owns `open`, so ask it to close instead of closing behind its back
    const onCancel = (event: Event) => {
      event.preventDefault();
      onCloseRef.current();
    };
    const onClosed = () => {
      const before = returnTo.current;
      const hadFocus = before && before.isConnected && before !== document.body && before !== document.documentElement;
      (hadFocus ? before : openerRef.current?.current)?.focus();
      returnTo.current = null;
    };
    dialog.addEventListener('cancel', onCancel);
    dialog.addEventListener('close', onClosed);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      dialog.removeEventListener('close', onClosed);
    };
  }, []);

  function trapTab(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key !== 'Tab') return;
    const dialog = dialogRef.current;
    if (!dialog) return;
    const items = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    const active = deepActiveElement();
    if (event.shiftKey && active === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return (
    <dialog ref={dialogRef} className="ppm-modal" part="modal" aria-labelledby={titleId} aria-describedby={describedBy} onKeyDown={trapTab}>
      <div className="ppm-modal__head">
        <h2 id={titleId} className="ppm-modal__title">
          {title}
        </h2>
        <button type="button" className="ppm-icon-button" aria-label={closeLabel} onClick={() => onCloseRef.current()}>
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <div className="ppm-modal__body">{children}</div>
    </dialog>
  );
}

export const modalStyles = /* css */ `
.ppm-modal {
  width: min(32rem, calc(100vw - 2rem)); padding: 0; border: 0; border-radius: var(--_radius);
  color: var(--_ink); background: var(--_surface); box-shadow: 0 12px 40px rgb(0 0 0 / 0.3);
  font-family: var(--_font);
}
.ppm-modal::backdrop { background: rgb(0 0 0 / 0.5); }
/* a modal opened inside this one takes its place; this one stays open beneath, out of sight, with no second backdrop */
.ppm-modal:has(.ppm-modal[open]) { visibility: hidden; }
.ppm-modal:has(.ppm-modal[open])::backdrop { background: transparent; }
.ppm-modal .ppm-modal[open] { visibility: visible; }
.ppm-modal__head { display: flex; align-items: center; justify-content: space-between; padding: 0.75rem 0.75rem 0 1.25rem; }
.ppm-modal__title { margin: 0; font-size: 1.25rem; }
.ppm-modal__body { padding: 0.5rem 1.25rem 1.25rem; }
`;
