import { useMemo, type RefObject } from 'react';
import { ErrorSummary } from '../core/ErrorSummary.tsx';
import { useAdoptedStyles } from '../core/styles/adopt.ts';
import { errorSummaryStyles } from '../core/styles/error-summary.styles.ts';

/** The summary spans the form's two columns. */
const placed = /* css */ `.ppm-notify-me__form > .ppm-error-summary { grid-column: 1 / -1; }`;

/**
 * The sign-up's error summary (issue 23: notify-me had none), with its styles: it comes with the rules on the
 * first focus or submit (./notify-me.validation.ts), so a club page that only shows the form loads none of it.
 * `armKey` counts the refused submits: it is drawn after the first one, and looks again at each.
 */
export function NotifyMeSummary({ root, armKey }: { root: RefObject<HTMLElement | null>; armKey: number }) {
  const form = root.current?.querySelector('form') ?? null;
  useAdoptedStyles(useMemo(() => ({ current: form }), [form]), [errorSummaryStyles, placed]);
  return <ErrorSummary scope={form} resetKey={0} headingLevel={3} armKey={armKey} />;
}
