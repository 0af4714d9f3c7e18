/**
 * embed.js, the one script a host page includes:
 *   <script type="module" src="https://HOST/embed/embed.js"></script>  <ppm-notify-me></ppm-notify-me>
 * It knows every tag (elements.ts) and loads a widget's chunk only when its tag is in the page, now or
 * later (a single-page host adding it after load). The API's default origin is the one this script came
 * from, so the host page needs nothing else.
 */
import { ELEMENTS, type ElementEntry } from './elements.ts';
import { setDefaultApiBase } from './core/config.ts';

setDefaultApiBase(new URL(import.meta.url).origin);

const pending = new Map<string, ElementEntry>(ELEMENTS.map((entry) => [entry.tag, entry]));

function load(entry: ElementEntry): void {
  pending.delete(entry.tag);
  entry.load().catch((error: unknown) => {
    pending.set(entry.tag, entry); // a failed chunk (offline) may load on the next appearance
    console.error(`[ppm] could not load <${entry.tag}>; check that embed.js and its chunks are served together.`, error);
  });
}

function scan(root: ParentNode): void {
  for (const entry of [...pending.values()]) {
    if ((root instanceof Element && root.localName === entry.tag) || root.querySelector(entry.tag)) load(entry);
  }
}

scan(document);
if (pending.size > 0) {
  const observer = new MutationObserver((records) => {
    for (const record of records) for (const node of record.addedNodes) if (node instanceof Element) scan(node);
    if (pending.size === 0) observer.disconnect();
  });
  observer.observe(document.documentElement, { childList: true, subtree: true });
}
