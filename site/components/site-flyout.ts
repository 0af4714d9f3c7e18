/**
 * <site-flyout>: the behaviour of Flyout.astro's disclosure (see its comment). Loaded by the header's one
 * script, after both flyouts: a script of its own would sit between the two in the HTML (Astro writes a
 * component's script after its first use), where Chromium may paint the half-parsed header with one button,
 * then move it when the second arrives (CLS at 390 px, now and then).
 */
// md breakpoint of doc 1: above it the header shows the full navigation, so flyouts make no sense (a
// flyout may name a later one: the user flyout stays until lg, where the account menu fits in the bar).
const WIDE = '(min-width: 1000px)';

class SiteFlyout extends HTMLElement {
  #button: HTMLButtonElement | null = null;
  #panel: HTMLElement | null = null;
  #abort: AbortController | null = null;

  connectedCallback(): void {
    this.#button = this.querySelector(':scope > button');
    const id = this.#button?.getAttribute('aria-controls');
    this.#panel = id ? document.getElementById(id) : null;
    if (!this.#button || !this.#panel) return;

    this.#abort = new AbortController();
    const signal = this.#abort.signal;
    this.#button.addEventListener('click', () => this.toggle(), { signal });
    this.#panel.addEventListener('click', (event) => {
      if ((event.target as Element).closest('a[href]')) this.close(false);
    }, { signal });
    // On the document, not the flyout: Escape works from anywhere on the page. A dialog or a widget that
    // used the key for itself (it prevented the default) keeps it.
    document.addEventListener('keydown', (event) => {
      if (event.key === 'Escape' && this.isOpen && !event.defaultPrevented) {
        event.preventDefault();
        this.close(true);
      }
    }, { signal });
    // relatedTarget is where focus went; null when it left the page (another window), which hides nothing.
    this.addEventListener('focusout', (event) => {
      const next = event.relatedTarget as Node | null;
      if (next && !this.contains(next)) this.close(false);
    }, { signal });
    document.addEventListener('click', (event) => {
      if (this.isOpen && !this.contains(event.target as Node)) this.close(false);
    }, { signal });
    // Another flyout opening closes this one: only one panel covers the page at a time.
    document.addEventListener('site-flyout-open', (event) => {
      if (event.target !== this) this.close(false);
    }, { signal });
    // Route changes: a page restored from the back-forward cache, a same-page hash link, and Astro's
    // client router should the site ever adopt it.
    for (const type of ['pageshow', 'hashchange']) {
      window.addEventListener(type, () => this.close(false), { signal });
    }
    document.addEventListener('astro:after-swap', () => this.close(false), { signal });
    matchMedia(this.dataset.wide || WIDE).addEventListener('change', (event) => {
      if (event.matches) this.close(false);
    }, { signal });
  }

  disconnectedCallback(): void {
    this.#abort?.abort();
  }

  get isOpen(): boolean {
    return this.#button?.getAttribute('aria-expanded') === 'true';
  }

  toggle(): void {
    if (this.isOpen) this.close(false);
    else this.open();
  }

  open(): void {
    if (!this.#button || !this.#panel) return;
    this.#button.setAttribute('aria-expanded', 'true');
    this.#panel.hidden = false;
    this.dispatchEvent(new CustomEvent('site-flyout-open', { bubbles: true }));
  }

  close(returnFocus: boolean): void {
    if (!this.#button || !this.#panel || !this.isOpen) return;
    this.#button.setAttribute('aria-expanded', 'false');
    this.#panel.hidden = true;
    if (returnFocus) this.#button.focus();
  }
}

if (!customElements.get('site-flyout')) customElements.define('site-flyout', SiteFlyout);
