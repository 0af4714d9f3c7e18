/**
 * The 'Call Us' modal of the dashboard (doc 1 "Account dashboard": Change Address, Add/Replace Vehicle, Change
 * Coverage, Add/Edit Drivers and View My Statement "do not navigate; each opens a 'Call Us' modal (OK button)
 * showing the customer service phone number"), on core's Modal (widgets/core/modal.tsx): a native <dialog>
 * opened with showModal, so the page behind is inert; Escape, OK and core's close button close it, and focus
 * goes back to the button that opened it. Focus starts on OK, as it did before the port (core's Modal would
 * put it on its close button, the first thing in the dialog). The phone number is a tel: link, so a phone
 * dials it with one tap.
 */
import { useEffect, useRef, type RefObject } from 'react';
import { BRAND } from '../../../contract/brand.ts';
import { Modal } from '../../core/modal.tsx';
import type { DashboardTexts } from './dashboard.texts.ts';

export interface CallUsDialogProps {
  open: boolean;
  onClose: () => void;
  /** The button that opened it: focus goes back there on close. */
  opener: RefObject<HTMLElement | null>;
  texts: Pick<DashboardTexts, 'callUsTitle' | 'callUsText' | 'callUsHours' | 'ok' | 'close'>;
}

export function CallUsDialog({ open, onClose, opener, texts }: CallUsDialogProps) {
  const ok = useRef<HTMLButtonElement>(null);
  // runs after the Modal's own effect (a child's effects run first), which opened the dialog and focused its
  // first button: OK takes the focus from there
  useEffect(() => {
    if (open) ok.current?.focus();
  }, [open]);
  return (
    <Modal open={open} title={texts.callUsTitle} onClose={onClose} closeLabel={texts.close} opener={opener}>
      <div className="dash-call-us">
        <p>
          {`${texts.callUsText} `}
          <a href={BRAND.phoneHref} className="dash-call-us__phone">
            {BRAND.phone}
          </a>
          .
        </p>
        <p className="account-note">{texts.callUsHours}</p>
        <div className="account-actions">
          <button ref={ok} type="button" className="ppm-button" onClick={onClose}>
            {texts.ok}
          </button>
        </div>
      </div>
    </Modal>
  );
}
