import { useCallback, useEffect, useRef } from 'react';
import { MESSAGES } from '../../../contract/index.ts';
import type { SnackbarKind } from '../../core/store.ts';
import { useWidget } from '../../core/widget.tsx';
import { clearWizard } from '../persistence.ts';
import { QUOTE_WIZARD_TEXTS as TEXTS } from '../quote-wizard.texts.ts';
import type { LocationProblem } from '../steps/info/StepInfo.tsx';

/**
 * Every way the wizard sends the person to another page: the unavailable pages after the location loader
 * (doc 2 section 4), the home page after a notice (doc 1 section 8), our own site's payment step with a
 * hand-over link (handover.ts). Once one has begun the wizard is leaving: it saves nothing more, keeps its
 * overlay up, and its buttons do nothing.
 */
/** doc 1 section 8: a notice stays 3500 ms; the wizard goes home once it has been read. */
export const HOME_NOTICE_MS = 3500;

export interface DepartureOptions {
  /** The brand site's origin ('' on our own site). */
  site: string;
  navigate(url: string): void;
  locationDelayMs: number;
  homeNoticeMs: number;
}

export interface Departures {
  isLeaving(): boolean;
  /** doc 2 section 4: the 3000 ms loader, then the unavailable page; what was typed is cleared. */
  onLocationProblem(problem: LocationProblem): void;
  /**
   * Leaves for the home page with a notice (doc 1 section 8: "snackbar ... then go home"). The notice lives
   * in this page, so the wizard waits while it shows and then goes; what was typed is cleared at once.
   */
  goHome(kind: SnackbarKind, text: string): void;
  /** Leaves for the hand-over link `link` makes; without one the person is asked to call. */
  handOver(link: () => Promise<string | null>): Promise<void>;
}

export function useDepartures({ site, navigate, locationDelayMs, homeNoticeMs }: DepartureOptions): Departures {
  const { showLoader, hideLoader, showSnackbar } = useWidget();
  const leaving = useRef(false);
  const redirect = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // a host that removes the wizard mid-redirect takes the redirect with it
  useEffect(() => () => clearTimeout(redirect.current), []);

  const onLocationProblem = useCallback(
    (problem: LocationProblem) => {
      if (leaving.current) return;
      leaving.current = true;
      showLoader(TEXTS.verifyLocation);
      const path =
        problem.kind === 'weather' ? '/unavailable?weather-exception' : `/unavailable?not-writing&state=${encodeURIComponent(problem.state)}`;
      redirect.current = setTimeout(() => {
        clearWizard();
        navigate(`${site}${path}`);
      }, locationDelayMs);
    },
    [site, locationDelayMs, navigate],
  );

  const goHome = useCallback(
    (kind: SnackbarKind, text: string) => {
      if (leaving.current) return;
      leaving.current = true;
      clearWizard();
      hideLoader();
      showSnackbar(kind, text, homeNoticeMs);
      redirect.current = setTimeout(() => navigate(`${site}/`), homeNoticeMs);
    },
    [site, homeNoticeMs, navigate],
  );

  async function handOver(link: () => Promise<string | null>): Promise<void> {
    const url = await link();
    if (!url) {
      showSnackbar('danger', MESSAGES.callUs, null);
      return;
    }
    leaving.current = true;
    showLoader(TEXTS.busy);
    navigate(url);
  }

  return { isLeaving: () => leaving.current, onLocationProblem, goHome, handOver };
}
