import type { WizardState } from './model/wizard-model.ts';
import { mapRecentLimits } from '../../contract/index.ts';

/**
 * What was typed survives a reload (DESIGN.md "Beyond the spec"), and leaving the wizard clears it (doc 2
 * section 2: "Leaving the wizard clears the form, the quote request, the quote response and the bind
 * response").
 *
 * Where: sessionStorage, so it belongs to this tab alone and goes when the tab closes.
 *
 * When it is cleared: a reload and a "leave" both fire pagehide, and a page cannot tell them apart while
 * it unloads. The next page load can: the Navigation Timing entry says 'reload' or 'back_forward' when the
 * person came back to the same page, 'navigate' when they arrived by a link, a typed address or a redirect.
 * So the first wizard of a page load restores on reload and on Back/Forward, and starts afresh on any
 * other arrival. Within one page load a wizard that is removed and added again (a single-page host)
 * restores. Following one of the page's own links out of the wizard also clears at once (clearOnLinkOut),
 * so personal data does not sit in the tab while the person reads another page.
 */
export const STORAGE_KEY = 'ppm-quote-wizard';
/** Bumped when the saved shape changes incompatibly: an old save is then dropped, not misread. */
const VERSION = 1;

interface Saved {
  version: number;
  state: WizardState;
}

function storage(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    // storage disabled (a sandboxed frame, strict privacy settings): the wizard still works, without resume
    return null;
  }
}

export function saveWizard(state: WizardState): void {
  try {
    storage()?.setItem(STORAGE_KEY, JSON.stringify({ version: VERSION, state } satisfies Saved));
  } catch {
    // quota or privacy mode: losing resume is better than losing the wizard
  }
}

export function clearWizard(): void {
  try {
    storage()?.removeItem(STORAGE_KEY);
  } catch {
    // nothing to clear
  }
}

/** The saved state, when there is one of this version with the fields the wizard needs. */
export function readWizard(): WizardState | null {
  let text: string | null = null;
  try {
    text = storage()?.getItem(STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
  if (!text) return null;
  try {
    const saved = JSON.parse(text) as Partial<Saved>;
    const state = saved.state;
    if (saved.version !== VERSION || !state || typeof state !== 'object') return null;
    if (!state.info || !Array.isArray(state.vehicles) || state.vehicles.length === 0 || !Array.isArray(state.drivers)) return null;
    // A tab saved before the prior limit became a list may hold free text the API now refuses: doc 2
    // section 4's mapping picks its option, as for a reopened quote.
    return {
      ...state,
      drivers: state.drivers.map((driver) =>
        driver.recentCoverageLimits ? { ...driver, recentCoverageLimits: mapRecentLimits(driver.recentCoverageLimits) } : driver,
      ),
    };
  } catch {
    return null;
  }
}

/** How this page load began: 'navigate', 'reload', 'back_forward' or 'prerender'. */
function navigationType(): string {
  const entry = globalThis.performance?.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined;
  return entry?.type ?? 'navigate';
}

let decidedThisPage = false;

/**
 * The state to resume, or null to start afresh. The first call of a page load applies the rule above
 * (and clears a save it will not use); later calls in the same page load restore what is saved.
 */
export function resumeWizard(type: string = navigationType()): WizardState | null {
  if (!decidedThisPage) {
    decidedThisPage = true;
    if (type !== 'reload' && type !== 'back_forward') {
      clearWizard();
      return null;
    }
  }
  return readWizard();
}

/** Tests: behave as a fresh page load again. */
export function forgetPageDecision(): void {
  decidedThisPage = false;
}

/**
 * Clears the save when the person follows a link of this page to another page in the same tab. A link
 * opened in a new tab or window (target, a modifier key, a middle click) leaves this tab's wizard as it
 * is, and so does a link to this same page (the header's 'Receive a Quote'). Returns the remover.
 */
export function clearOnLinkOut(): () => void {
  const onClick = (event: MouseEvent) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = event.composedPath().find((node): node is HTMLAnchorElement => node instanceof HTMLAnchorElement && node.hasAttribute('href'));
    if (!anchor || (anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return;
    const to = new URL(anchor.href, location.href);
    if (!/^https?:$/.test(to.protocol)) return; // tel:, mailto: stay on the page
    if (to.origin === location.origin && to.pathname === location.pathname) return;
    clearWizard();
  };
  // bubble phase, so a host's own handler that cancels the navigation (preventDefault) keeps the data
  document.addEventListener('click', onClick);
  return () => document.removeEventListener('click', onClick);
}

/**
 * True when this tab's saved wizard holds a quote response. Doc 1 section 4: a failed `?token=` session check
 * sends the person home only when "no quote response [is] present"; one who has a quote stays with it. Read
 * without the page-load rule of resumeWizard(), and without loading the wizard (the check runs on any page).
 */
export function hasStoredQuote(): boolean {
  const state = readWizard();
  return state !== null && state.quoteResponse !== null && state.quoteResponse !== undefined;
}
