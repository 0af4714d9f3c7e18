import { signal, type Signal } from '@preact/signals-core';

/**
 * What one widget shows while it works: its full-page loader and its snackbars (doc 1 section 3, session
 * state "loader (text)"; section 8's snackbars). Every element gets its own store from its widget context
 * (widget.tsx), so two widgets on one page never show each other's loader or messages; the signed-in person
 * is the one thing a page shares (session.ts).
 *
 * The values are signals (@preact/signals-core, the core @preact/signals-react re-exports, so a widget that
 * draws none of them does not load the React integration): components read them through `useSignals()`
 * (from '@preact/signals-react/runtime') so the same code re-renders under React and under preact/compat.
 */
export type SnackbarKind = 'danger' | 'info';

export interface Snackbar {
  id: number;
  kind: SnackbarKind;
  text: string;
  /** Milliseconds before it goes away on its own; null keeps it until the person closes it. */
  duration: number | null;
}

/** Loader default text (doc 1 section 9). */
export const DEFAULT_LOADER_TEXT = 'Loading...';

export interface WidgetStore {
  /** The full-page overlay's text; null hides it. */
  loader: Signal<string | null>;
  snackbars: Signal<Snackbar[]>;
  showLoader(text?: string): void;
  hideLoader(): void;
  /**
   * Shows a snackbar. `duration` in ms (doc 1 uses 3500 for the session-retrieval failure); pass null for a
   * persistent one. Returns its id so a caller can dismiss it.
   */
  showSnackbar(kind: SnackbarKind, text: string, duration?: number | null): number;
  dismissSnackbar(id: number): void;
}

// Ids are unique on the page, so a snackbar's id never names another widget's.
let nextSnackbarId = 1;

export function createWidgetStore(): WidgetStore {
  const loader = signal<string | null>(null);
  const snackbars = signal<Snackbar[]>([]);
  return {
    loader,
    snackbars,
    showLoader: (text = DEFAULT_LOADER_TEXT) => {
      loader.value = text;
    },
    hideLoader: () => {
      loader.value = null;
    },
    showSnackbar: (kind, text, duration = 3500) => {
      const id = nextSnackbarId++;
      snackbars.value = [...snackbars.value, { id, kind, text, duration }];
      return id;
    },
    dismissSnackbar: (id) => {
      snackbars.value = snackbars.value.filter((s) => s.id !== id);
    },
  };
}
