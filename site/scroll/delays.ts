/**
 * The scroll timings of doc 1 ("Shell", route table, section 9), in one place: the pages that own the
 * targets, the header's links and the scroll helper (scroll.ts) all read them here.
 */

/** Every animated scroll of the site lasts this long: "hash links scroll smoothly (700 ms)". */
export const SCROLL_DURATION_MS = 700;

/**
 * Targets reached after a pause, by element id: "Explore Benefits goes to / and scrolls to the benefits
 * section (150 ms delay). Receive a Quote goes to /receive-a-quote and scrolls to the quote container
 * (200 ms delay)". Any other hash link of a page scrolls at once.
 */
export const DELAYED_TARGETS: Readonly<Record<string, number>> = {
  benefits: 150,
  quote: 200,
};

/** /search-for-my-quote: "scrolls to the home section after 50 ms (700 ms linear scroll)". */
export const HOME_SECTION = { id: 'home', delayMs: 50 } as const;
