/**
 * The 'Call Us' modal of the dashboard (doc 1 "Account dashboard": Change Address, Add/Replace Vehicle, Change
 * Coverage, Add/Edit Drivers and View My Statement "do not navigate; each opens a 'Call Us' modal (OK button)
 * showing the customer service phone number"). A native <dialog> opened with showModal, so the page behind
 * is inert; Escape closes it (the dialog's own cancel), OK closes it, and focus goes back to the button that
 * opened it. The phone number is a tel: link, so a phone dials it with one tap.
 */
import { BRAND } from '../../../contract/brand.ts';
import { h } from '../dom.ts';
import type { DashboardTexts } from './dashboard.texts.ts';

export interface CallUsDialog {
  element: HTMLDialogElement;
  /** Opens the modal; `opener` gets focus back when it closes. */
  open(opener: HTMLElement): void;
}

export function callUsDialog(id: string, texts: Pick<DashboardTexts, 'callUsTitle' | 'callUsText' | 'callUsHours' | 'ok'>): CallUsDialog {
  const titleId = `${id}-title`;
  const ok = h('button', { type: 'button', class: 'ppm-button' }, texts.ok);
  const element = h(
    'dialog',
    { id, class: 'dash-dialog', 'aria-labelledby': titleId },
    h('h2', { id: titleId }, texts.callUsTitle),
    h('p', {}, `${texts.callUsText} `, h('a', { href: BRAND.phoneHref, class: 'dash-dialog__phone' }, BRAND.phone), '.'),
    h('p', { class: 'account-note' }, texts.callUsHours),
    h('div', { class: 'account-actions' }, ok),
  );
  let returnTo: HTMLElement | null = null;
  ok.addEventListener('click', () => element.close());
  element.addEventListener('close', () => {
    const opener = returnTo;
    returnTo = null;
    if (opener?.isConnected) opener.focus();
  });
  return {
    element,
    open(opener) {
      if (element.open) return;
      returnTo = opener;
      element.showModal();
      ok.focus();
    },
  };
}
