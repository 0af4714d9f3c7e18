import { useEffect, useRef, useState } from 'react';

/**
 * Which vehicle's page of step 4 shows (doc 3 section 4: Calculate and Continue move through the vehicles,
 * Back and the chevrons move back). A page the person moved to puts focus on its heading; the step's first
 * page does not, since the shell focuses the step's own heading.
 */
export interface VehiclePages {
  /** The vehicle on screen. */
  current: number;
  last: number;
  move(to: number): void;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
}

export function useVehiclePages(count: number): VehiclePages {
  const last = count - 1;
  const [index, setIndex] = useState(0);
  const current = Math.min(index, last);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);

  useEffect(() => {
    if (moved.current) headingRef.current?.focus();
  }, [current]);

  function move(to: number) {
    moved.current = true;
    setIndex(Math.max(0, Math.min(to, last)));
  }

  return { current, last, move, headingRef };
}
