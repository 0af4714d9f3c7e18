/**
 * The hint that this browser signed in (core/session.ts): '1' in localStorage, no personal data, set at
 * sign-in and removed at sign-out. Its own module, with no imports, so the header's account menu can read it
 * on every page without loading the session's code: a visitor who never signed in costs neither bytes nor
 * an API call.
 */
export const HINT_KEY = 'ppm.signed-in';

export function storage(kind: 'local' | 'session'): Storage | null {
  try {
    return kind === 'local' ? localStorage : sessionStorage;
  } catch {
    return null; // storage switched off: the session still works, it is only asked for more often
  }
}

/** Writes `value` (or removes the key when null); a write the browser refuses (storage full, locked) is only a lost hint. */
export function remember(kind: 'local' | 'session', key: string, value: string | null): void {
  try {
    const store = storage(kind);
    if (value === null) store?.removeItem(key);
    else store?.setItem(key, value);
  } catch {
    // the session still works; it is only asked for more often
  }
}

/** True when this browser signed in and did not sign out since (a hint, not a proof: the API decides). */
export function maySignedIn(): boolean {
  return storage('local')?.getItem(HINT_KEY) === '1';
}
