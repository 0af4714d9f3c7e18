/**
 * The list both choosers and lookup quotes show: one button per policy or quote, labelled 'Policy #{number}'
 * (doc 1 "Quote chooser"), with a line under it saying what it is (its vehicles, its renewal), tied to the
 * button by aria-describedby so a screen reader hears both.
 */
import type { Policy } from '../../../contract/api/policy.ts';
import { POLICIES_TEXTS as T } from './policies.texts.ts';

export interface Choice {
  policy: Policy;
  /** The line under the button. */
  summary: string;
  /** A further note (the policy being viewed now). */
  note?: string | undefined;
}

export function ChoiceList({ idPrefix, choices, choose }: { idPrefix: string; choices: readonly Choice[]; choose: (policy: Policy) => void }) {
  return (
    <ul className="pol-choices">
      {choices.map(({ policy, summary, note }, index) => {
        const about = `${idPrefix}-${index + 1}-about`;
        return (
          <li key={policy.policyNumber}>
            <button type="button" className="pol-choice" aria-describedby={about} onClick={() => choose(policy)}>
              {T.policyButton(policy.policyNumber)}
            </button>
            <p id={about} className="pol-choice__about">
              {[summary, note].filter(Boolean).join(' ')}
            </p>
          </li>
        );
      })}
    </ul>
  );
}
