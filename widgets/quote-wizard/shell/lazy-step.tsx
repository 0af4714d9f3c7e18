import { useEffect, useState, type ComponentType, type ReactElement } from 'react';
import { WizardLoading } from './WizardLoading.tsx';

/** A step whose code is its own chunk, fetched when the step is first shown or earlier by `preload`. */
export interface LazyStep<P extends object> {
  (props: P): ReactElement;
  /** Fetches the step's chunk now, so that showing it later does not wait. */
  preload(): Promise<unknown>;
}

/**
 * A step loaded lazily. Until its chunk is there the step shows 'Loading...' (WizardLoading); once it is
 * (preloaded, or shown before), the step renders at once, without a pass that would show 'Loading...' for a
 * frame. The step is drawn only once its code is in, so nothing typed or focused in it is lost on arrival.
 * A fetch that fails (offline) leaves 'Loading...' on screen and is tried again when the browser is back
 * online.
 *
 * State and an effect rather than React's lazy() and Suspense: those are the only users of Suspense in the
 * widgets, and preact/compat's Suspense would otherwise ship in the runtime chunk every widget shares, on
 * every dealer's and club's page (issue 25).
 */
export function lazyStep<P extends object>(load: () => Promise<ComponentType<P>>): LazyStep<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = undefined; // the next preload or showing tries again
        throw error;
      },
    ));
  function Step(props: P) {
    const [Ready, setReady] = useState(() => loaded);
    useEffect(() => {
      if (Ready) return;
      let live = true;
      const show = () =>
        void preload().then(
          (component) => live && setReady(() => component),
          () => undefined,
        );
      show();
      window.addEventListener('online', show);
      return () => {
        live = false;
        window.removeEventListener('online', show);
      };
    }, [Ready]);
    return Ready ? <Ready {...props} /> : <WizardLoading holdsStep />;
  }
  return Object.assign(Step, { preload });
}
