import { useSyncExternalStore } from './external-store.ts';
import type { Cell } from './store.ts';

/**
 * A cell's value (store.ts) in a component, which draws again when the cell changes. Apart from store.ts,
 * which every widget loads: only the widgets that draw a loader or snackbars need it.
 */
export function useCell<T>(value: Cell<T>): T {
  return useSyncExternalStore(
    (changed) => value.subscribe(changed),
    () => value.peek(),
  );
}
