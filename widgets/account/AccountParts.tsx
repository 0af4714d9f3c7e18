/**
 * What the account area's React pages share beyond widgets/core: the waiting line, a refusal's box, and the
 * error summary's wording. Each keeps the words and classes the plain pages had (account.styles.ts), so a
 * page ported to React reads and looks as before.
 */
import { useEffect, useRef } from 'react';
import { MESSAGES } from '../../contract/messages.ts';
import type { ErrorSummaryTexts } from '../core/ErrorSummary.tsx';

/**
 * core's summary names every item by its field; the account pages name only the spec's bare 'This field is
 * required.', so three of them read as three things, and keep every other message as the rule words it.
 */
export const ACCOUNT_SUMMARY_TEXTS: Partial<ErrorSummaryTexts> = {
  item: (label, message) => (message === MESSAGES.required && label ? `${label}: ${message}` : message),
};

/** The loader text (doc 1 "Shell": 'Loading...'), announced politely. */
export function Loading({ text }: { text: string }) {
  return (
    <p className="account-loading" role="status">
      <span className="account-spinner" aria-hidden="true" />
      {text}
    </p>
  );
}

/**
 * A refusal that belongs to no one field (a wrong password, too many tries, no answer): in the error
 * summary's box, which takes the focus so it is read at once; the fields keep what was typed. `id` names its
 * heading; a new `shown` (a counter) focuses it again for the same words.
 */
export function Refusal({ id, title, message, shown }: { id: string; title: string; message: string; shown: number }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => box.current?.focus(), [shown]);
  return (
    <div ref={box} className="ppm-error-summary" tabIndex={-1} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="ppm-error-summary__title">
        {title}
      </h2>
      <ul className="ppm-error-summary__list">
        <li>{message}</li>
      </ul>
    </div>
  );
}
