/**
 * The unavailable page's variant is in its query (doc 1 route table: ?not-writing, ?weather-exception, a
 * state), which a static page cannot see. So every text is rendered on the server and this script, inline
 * right after them and before the sign-up panel, picks one while the page is still being parsed and writes
 * it to the page's data-variant, by which the page's CSS shows or hides the panel. It is a real function (type-checked) turned into the script's text; it must use
 * no name from outside itself. Its hash goes into the page's CSP, as no inline script runs without one.
 */
import { createHash } from 'node:crypto';
import { US_STATES, WRITING_STATES } from '../../contract/reference/states.ts';

/** The page's variants: the three texts of doc 1, and a polite answer for a state we do write in. */
export type UnavailableVariant = 'coming-soon' | 'not-writing' | 'weather' | 'writing';

type StateRow = [code: string, name: string, writing: boolean];

/** The variants that are also pages of their own under /unavailable/ (the script reads them from the path). */
export const UNAVAILABLE_PATH_VARIANTS = ['not-writing', 'weather-exception'] as const;

function chooseVariant(states: StateRow[]): void {
  const page = document.getElementById('unavailable');
  if (!page) return;
  let address = location.pathname + location.search;
  try {
    address = decodeURIComponent(address);
  } catch {
    // a malformed escape: read the address as it is
  }
  address = address.toLowerCase();
  const query = new URLSearchParams(location.search);
  let variant = page.dataset['variant'] ?? 'coming-soon';
  let code = page.dataset['state'] ?? '';
  if (!code) {
    // ?state=TX, ?state=Texas, or the state's label as a bare key (?Texas)
    const wanted = [query.get('state') ?? '', ...query.keys()].map((value) => value.trim().toLowerCase());
    const row = states.find(([c, name]) => wanted.includes(c.toLowerCase()) || wanted.includes(name.toLowerCase()));
    if (row) {
      code = row[0];
      if (row[2] && variant === 'coming-soon') variant = 'writing';
      for (const element of page.querySelectorAll('[data-state-name]')) element.textContent = row[1];
      for (const link of page.querySelectorAll<HTMLAnchorElement>('[data-quote-link]')) link.search = `?state=${code}`;
      // The sign-up form prefills from ?state= when it holds a code, so say it that way.
      if (query.get('state') !== code) {
        query.set('state', code);
        history.replaceState(history.state, '', `?${query.toString().replace(/=(?=&|$)/g, '')}`);
      }
    }
  }
  if (address.includes('weather')) variant = 'weather';
  else if (address.includes('not-writing')) variant = 'not-writing';
  page.dataset['variant'] = variant;
  for (const text of page.querySelectorAll<HTMLElement>('[data-text]')) text.hidden = text.dataset['text'] !== variant;
}

const writing = new Set<string>(WRITING_STATES);
const rows: StateRow[] = US_STATES.map((s) => [s.value, s.label, writing.has(s.value)]);

export const UNAVAILABLE_SCRIPT = `(${chooseVariant.toString()})(${JSON.stringify(rows)});`;
export const UNAVAILABLE_SCRIPT_HASH = `sha256-${createHash('sha256').update(UNAVAILABLE_SCRIPT, 'utf8').digest('base64')}` as const;
