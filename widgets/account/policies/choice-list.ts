/**
 * The list both choosers and lookup quotes show: one button per policy or quote, labelled 'Policy #{number}'
 * (doc 1 "Quote chooser"), with a line under it saying what it is (its vehicles, its renewal), tied to the
 * button by aria-describedby so a screen reader hears both.
 */
import type { Policy } from '../../../contract/api/policy.ts';
import { h } from '../dom.ts';
import { POLICIES_TEXTS as T } from './policies.texts.ts';

export interface Choice {
  policy: Policy;
  /** The line under the button. */
  summary: string;
  /** A further note (the policy being viewed now). */
  note?: string;
}

export function choiceList(idPrefix: string, choices: readonly Choice[], choose: (policy: Policy) => void): HTMLUListElement {
  return h(
    'ul',
    { class: 'pol-choices' },
    ...choices.map(({ policy, summary, note }, index) => {
      const describedBy = `${idPrefix}-${index + 1}-about`;
      const button = h('button', { type: 'button', class: 'pol-choice', 'aria-describedby': describedBy }, T.policyButton(policy.policyNumber));
      button.addEventListener('click', () => choose(policy));
      return h('li', {}, button, h('p', { id: describedBy, class: 'pol-choice__about' }, [summary, note].filter(Boolean).join(' ')));
    }),
  );
}
