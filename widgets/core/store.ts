/**
 * What one widget shows while it works: its full-page loader and its snackbars (doc 1 section 3, session
 * state "loader (text)"; section 8's snackbars). Every element gets its own store from its widget context
 * (widget.tsx), so two widgets on one page never show each other's loader or messages; the signed-in person
 * is the one thing a page shares (session.ts, a signal).
 *
 * The values are cells: a value, `peek()`, and `subscribe()` that calls back at once and on every change,
 * as a signal's does. Every widget makes a store, and the small ones (notify-me, quote-start) never draw it,
 * so a host page does not pay for a signals library here (issue 11): components that draw a cell read it
 * with useCell() (use-cell.ts), which re-renders them when it changes.
 */
export interface Cell<T> {
  value: T;
  /** The value, for code that reads it outside a render. */
  peek(): T;
  /** Calls `listener` now and after every change; returns the unsubscribe. */
  subscribe(listener: (value: T) => void): () => void;
}

function cell<T>(initial: T): Cell<T> {
  let current = initial;
  const listeners = new Set<(value: T) => void>();
  return {
    get value() {
      return current;
    },
    set value(next) {
      if (Object.is(next, current)) return;
      current = next;
      for (const listener of [...listeners]) listener(next);
    },
    peek: () => current,
    subscribe(listener) {
      listeners.add(listener);
      listener(current);
      return () => void listeners.delete(listener);
    },
  };
}

export type SnackbarKind = 'danger' | 'info';

export interface Snackbar {
  id: number;
  kind: SnackbarKind;
  text: string;
  /** Milliseconds before it goes away on its own; null keeps it until the person closes it. */
  duration: number | null;
}

/** Loader default text (doc 1 section 9). */
const DEFAULT_LOADER_TEXT = 'Loading...';

export interface WidgetStore {
  /** The full-page overlay's text; null hides it. */
  loader: Cell<string | null>;
  snackbars: Cell<Snackbar[]>;
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
  const loader = cell<string | null>(null);
  const snackbars = cell<Snackbar[]>([]);
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
