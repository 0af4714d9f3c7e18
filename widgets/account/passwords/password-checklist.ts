/**
 * The password pages' live checklist as plain DOM: the thank-you page's list (widgets/quote-wizard/steps/
 * thank-you/StepThankYou.tsx) with the same flags, order, words and markup, its logic the contract's
 * passwordChecklist (contract/rules/password.ts), the rule the API enforces. Each line says met or not yet
 * to a screen reader too; the list is not a live region, so typing is not read out key by key.
 */
import { passwordChecklist, type PasswordChecklist } from '../../../contract/rules/password.ts';
import { h } from '../dom.ts';
import { CHECKLIST_TEXTS as T } from './password-checklist.texts.ts';

const CHECKS: (keyof PasswordChecklist)[] = ['length', 'number', 'upper', 'lower', 'special', 'match'];

export interface ChecklistView {
  element: HTMLUListElement;
  /** Ticks the lines the password and its confirmation meet now. */
  update(password: string, confirmation: string): void;
}

export function checklistView(): ChecklistView {
  const lines = CHECKS.map((check) => {
    const state = h('span', { class: 'ppm-visually-hidden' });
    const item = h('li', { class: 'account-check', 'data-check': check }, T.checks[check], state);
    return { check, item, state };
  });
  const element = h('ul', { class: 'account-checklist', 'aria-label': T.label }, ...lines.map((line) => line.item));
  const update = (password: string, confirmation: string) => {
    const list = passwordChecklist(password, confirmation);
    for (const { check, item, state } of lines) {
      item.classList.toggle('account-check--met', list[check]);
      state.textContent = `: ${list[check] ? T.met : T.notMet}`;
    }
  };
  update('', '');
  return { element, update };
}
