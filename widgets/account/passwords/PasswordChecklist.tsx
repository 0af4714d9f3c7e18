/**
 * The password pages' live checklist: the thank-you page's list (widgets/quote-wizard/steps/thank-you/
 * StepThankYou.tsx) with the same flags, order, words and markup, its logic the contract's passwordChecklist
 * (contract/rules/password.ts), the rule the API enforces. Each line says met or not yet to a screen reader
 * too; the list is not a live region, so typing is not read out key by key.
 */
import { passwordChecklist, type PasswordChecklist as Checks } from '../../../contract/rules/password.ts';
import { CHECKLIST_TEXTS as T } from './password-checklist.texts.ts';

const CHECKS: (keyof Checks)[] = ['length', 'number', 'upper', 'lower', 'special', 'match'];

export function PasswordChecklist({ password, confirmation }: { password: string; confirmation: string }) {
  const list = passwordChecklist(password, confirmation);
  return (
    <ul className="account-checklist" aria-label={T.label}>
      {CHECKS.map((check) => (
        <li key={check} className={list[check] ? 'account-check account-check--met' : 'account-check'} data-check={check}>
          {T.checks[check]}
          <span className="ppm-visually-hidden">{`: ${list[check] ? T.met : T.notMet}`}</span>
        </li>
      ))}
    </ul>
  );
}
