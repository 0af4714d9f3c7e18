import { signal } from '@preact/signals-react';

/**
 * The state shared by every widget on a page, as signals. Components read them through `useSignals()`
 * (from '@preact/signals-react/runtime') so the same code re-renders under React and under preact/compat.
 */
export interface SessionUser {
  firstName: string;
  lastName: string;
  emailAddress: string;
}

export type SnackbarKind = 'danger' | 'info';

export interface Snackbar {
  id: number;
  kind: SnackbarKind;
  text: string;
  /** Milliseconds before it goes away on its own; null keeps it until the person closes it. */
  duration: number | null;
}

/** The signed-in person, or null (doc 1 section 3, session state: user, isLoggedIn). */
export const user = signal<SessionUser | null>(null);
/** The full-page overlay's text; null hides it (doc 1 section 3: loader (text)). */
export const loader = signal<string | null>(null);
export const snackbars = signal<Snackbar[]>([]);

/** Loader default text (doc 1 section 9). */
export const DEFAULT_LOADER_TEXT = 'Loading...';

export function showLoader(text: string = DEFAULT_LOADER_TEXT): void {
  loader.value = text;
}

export function hideLoader(): void {
  loader.value = null;
}

let nextSnackbarId = 1;

/**
 * Shows a snackbar. `duration` in ms (doc 1 uses 3500 for the session-retrieval failure); pass null for a
 * persistent one. Returns its id so a caller can dismiss it.
 */
export function showSnackbar(kind: SnackbarKind, text: string, duration: number | null = 3500): number {
  const id = nextSnackbarId++;
  snackbars.value = [...snackbars.value, { id, kind, text, duration }];
  return id;
}

export function dismissSnackbar(id: number): void {
  snackbars.value = snackbars.value.filter((s) => s.id !== id);
}

/** A logout (any 401) forgets everything about the person; what they typed in open forms stays in the forms. */
export function clearStore(): void {
  user.value = null;
  loader.value = null;
}
