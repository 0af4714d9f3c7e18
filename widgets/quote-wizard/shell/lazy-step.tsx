import { lazy, Suspense, useState, type ComponentType, type ReactElement } from 'react';
import { WizardLoading } from './WizardLoading.tsx';

/** A step whose code is its own chunk, fetched when the step is first shown or earlier by `preload`. */
export interface LazyStep<P extends object> {
  (props: P): ReactElement;
  /** Fetches the step's chunk now, so that showing it later does not wait. */
  preload(): Promise<unknown>;
}

/**
 * A step loaded lazily. Until its chunk is there the step shows 'Loading...' (WizardLoading); once it
 * is (preloaded, or shown before), the step renders at once, without a Suspense pass that would show
 * 'Loading...' for a frame. Which of the two a step takes is fixed when it mounts, so a step never
 * remounts (losing what is typed and the focus) when its chunk arrives while it is on screen.
 */
export function lazyStep<P extends object>(load: () => Promise<ComponentType<P>>): LazyStep<P> {
  let loaded: ComponentType<P> | undefined;
  const preload = () => load().then((component) => (loaded = component));
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function Step(props: P) {
    const [Ready] = useState(() => loaded);
    if (Ready) return <Ready {...props} />;
    return (
      <Suspense fallback={<WizardLoading holdsStep />}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return Object.assign(Step, { preload });
}
