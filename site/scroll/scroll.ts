/**
 * The site's one scroll helper (doc 1 "Shell": hash links scroll smoothly in 700 ms below the sticky header;
 * Explore Benefits and Receive a Quote after their delays). Runs on every page (HashScroll.astro):
 *
 * - a click on a link to an element of this page scrolls there in 700 ms (after the target's delay, if it
 *   has one), puts the hash in the address bar (with the hashchange event the browser would fire) and moves
 *   focus there, as the browser's own jump would;
 * - arriving from another page at a delayed target (/#benefits, /receive-a-quote#quote): the head script of
 *   HashScroll.astro took the hash off the address before the browser could jump, so the page shows its top,
 *   waits the delay and scrolls; the hash goes back into the address once there.
 *
 * The offset is the page's scroll-padding-top (site.css: the header's height), the one the browser's own
 * jump uses too. Under prefers-reduced-motion the page jumps, without the animation.
 */
import { DELAYED_TARGETS, SCROLL_DURATION_MS } from './delays.ts';

export interface ScrollOptions {
  delayMs?: number;
  durationMs?: number;
  /** 'ease' (default) for hash links; 'linear' where the spec says so (/search-for-my-quote). */
  easing?: 'ease' | 'linear';
}

const easeInOut = (t: number) => (t < 0.5 ? 4 * t * t * t : 1 - (-2 * t + 2) ** 3 / 2);

/** Where the window must scroll to show `target` below the sticky header. */
function scrollTopFor(target: Element): number {
  const offset = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
  const max = document.documentElement.scrollHeight - window.innerHeight;
  return Math.max(0, Math.min(max, target.getBoundingClientRect().top + window.scrollY - offset));
}

// A person who scrolls by wheel, touch or key while the page moves takes over: the animation stops.
const TAKE_OVER = ['wheel', 'touchstart', 'keydown'] as const;

/** Scrolls the window to `target` after `delayMs`, in `durationMs`; resolves once there (or taken over). */
export function scrollToElement(target: Element, { delayMs = 0, durationMs = SCROLL_DURATION_MS, easing = 'ease' }: ScrollOptions = {}): Promise<void> {
  return new Promise((done) => {
    setTimeout(() => {
      const from = window.scrollY;
      const to = scrollTopFor(target);
      // 'instant': the stylesheet's scroll-behavior: smooth would otherwise animate every step again
      if (to === from || matchMedia('(prefers-reduced-motion: reduce)').matches) {
        window.scrollTo({ top: to, behavior: 'instant' });
        done();
        return;
      }
      let stopped = false;
      const stop = () => (stopped = true);
      for (const type of TAKE_OVER) window.addEventListener(type, stop, { once: true, passive: true });
      const start = performance.now();
      const curve = easing === 'linear' ? (t: number) => t : easeInOut;
      const step = (now: number) => {
        const t = Math.min(1, (now - start) / durationMs);
        if (!stopped) window.scrollTo({ top: from + (to - from) * curve(t), behavior: 'instant' });
        if (t < 1 && !stopped) {
          requestAnimationFrame(step);
          return;
        }
        for (const type of TAKE_OVER) window.removeEventListener(type, stop);
        done();
      };
      requestAnimationFrame(step);
    }, delayMs);
  });
}

/**
 * Focus goes where the link pointed, as after the browser's own jump, so the next Tab continues from
 * there; an element that takes no focus gets tabindex -1 for as long as it holds it.
 */
function focusTarget(target: HTMLElement): void {
  if (!target.matches('a[href], button, input, select, textarea, [tabindex]')) {
    target.setAttribute('tabindex', '-1');
    target.dataset.hashFocus = '';
    target.addEventListener('blur', () => {
      target.removeAttribute('tabindex');
      delete target.dataset.hashFocus;
    }, { once: true });
  }
  target.focus({ preventScroll: true });
}

const delayOf = (id: string) => (Object.hasOwn(DELAYED_TARGETS, id) ? DELAYED_TARGETS[id]! : 0);

/** The element of this page a link points at, or null for a link elsewhere (or one a modifier opens elsewhere). */
function samePageTarget(event: MouseEvent): { link: HTMLAnchorElement; target: HTMLElement } | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const link = (event.target as Element | null)?.closest?.('a[href]');
  if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== '_self') || link.hasAttribute('download')) return null;
  const url = new URL(link.href);
  const here = new URL(location.href);
  if (url.hash.length < 2 || url.origin !== here.origin || url.pathname.replace(/\/$/, '') !== here.pathname.replace(/\/$/, '') || url.search !== here.search) return null;
  const target = document.getElementById(decodeURIComponent(url.hash.slice(1)));
  return target ? { link, target } : null;
}

/** Installs the click handling and finishes an arrival the head script held back. Once per page. */
export function startHashScroll(): void {
  document.addEventListener('click', (event) => {
    const found = samePageTarget(event);
    if (!found) return;
    event.preventDefault();
    const { link, target } = found;
    const hash = new URL(link.href).hash;
    if (location.hash !== hash) {
      const oldURL = location.href;
      history.pushState(history.state, '', hash);
      // pushState fires no hashchange; the page's own listeners (the flyouts, the account dashboard) expect one
      window.dispatchEvent(new HashChangeEvent('hashchange', { oldURL, newURL: location.href }));
    }
    void scrollToElement(target, { delayMs: delayOf(target.id) }).then(() => focusTarget(target));
  });

  const root = document.documentElement;
  const arrival = root.dataset.scrollArrival;
  if (arrival === undefined) return;
  delete root.dataset.scrollArrival;
  const restoreHash = () => history.replaceState(history.state, '', `${location.pathname}${location.search}#${arrival}`);
  const target = document.getElementById(arrival);
  if (!target) {
    restoreHash();
    return;
  }
  void scrollToElement(target, { delayMs: delayOf(arrival) }).then(restoreHash);
}
