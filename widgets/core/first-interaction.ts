/**
 * Code a page needs only once the person starts on it (issue 25: a page fetches on arrival only what it shows):
 * the wizard's next steps, the input masks. `run` runs at the first touch, key press or focus anywhere on the
 * page (focus inside a widget's shadow root too: focusin is composed), or at once when that has happened.
 * A visitor who only looks downloads none of it; one who starts typing has it before it is needed.
 */
const FIRST_INTERACTION = ['pointerdown', 'keydown', 'focusin'] as const;

let interacted = false;
const waiting = new Set<() => void>();

function onFirstInteraction(): void {
  interacted = true;
  for (const type of FIRST_INTERACTION) window.removeEventListener(type, onFirstInteraction, true);
  const runs = [...waiting];
  waiting.clear();
  for (const run of runs) run();
}

if (typeof window !== 'undefined') {
  for (const type of FIRST_INTERACTION) window.addEventListener(type, onFirstInteraction, { capture: true, passive: true });
}

/** Runs `run` at the person's first interaction with the page (at once if it has been); returns a cancel. */
export function afterFirstInteraction(run: () => void): () => void {
  if (interacted) {
    run();
    return () => undefined;
  }
  waiting.add(run);
  return () => waiting.delete(run);
}
