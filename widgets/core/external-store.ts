import { useEffect, useLayoutEffect, useState } from 'react';

/**
 * React's useSyncExternalStore as its own package's shim writes it (use-sync-external-store/shim, for
 * React before 18): the value read in render, and a redraw whenever the store says it changed and the value
 * read again differs. The bundles alias that shim here (rollup.config.mjs): @preact/signals-react imports it,
 * and so does use-cell.ts.
 *
 * Why not preact/compat's own: compat is in the runtime chunk every widget shares, and any module importing
 * its useSyncExternalStore keeps it there, on every dealer's and club's page, although only the widgets that
 * draw the session, a loader or snackbars use it (issue 25). Here it travels with those widgets.
 */
interface Instance<T> {
  value: T;
  getSnapshot: () => T;
}

function changed<T>(instance: Instance<T>): boolean {
  try {
    return !Object.is(instance.value, instance.getSnapshot());
  } catch {
    return true;
  }
}

export function useSyncExternalStore<T>(subscribe: (onChange: () => void) => () => void, getSnapshot: () => T): T {
  const value = getSnapshot();
  const [{ instance }, redraw] = useState(() => ({ instance: { value, getSnapshot } as Instance<T> }));
  // after each render, before paint: the store may have changed between the render and now
  useLayoutEffect(() => {
    instance.value = value;
    instance.getSnapshot = getSnapshot;
    if (changed(instance)) redraw({ instance });
  }, [subscribe, value, getSnapshot]);
  useEffect(() => {
    if (changed(instance)) redraw({ instance });
    return subscribe(() => {
      if (changed(instance)) redraw({ instance });
    });
  }, [subscribe]);
  return value;
}
