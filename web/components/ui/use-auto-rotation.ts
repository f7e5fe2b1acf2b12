/**
 * Whether a carousel turns by itself (WCAG 2.2.2, the WAI-ARIA carousel pattern): it starts turning unless the visitor
 * prefers reduced motion, holds still while the mouse is over it, stops when keyboard focus enters it, and its
 * pause/play button is the visitor's own choice, which wins over everything but the hover.
 */
import { useState, useSyncExternalStore, type FocusEvent, type PointerEvent } from 'react';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function subscribe(onChange: () => void) {
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** True when the visitor asks for reduced motion; on the server (and until hydration) true, since nothing turns there. */
function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(REDUCED_MOTION).matches,
    () => true,
  );
}

export function useAutoRotation() {
  const reducedMotion = usePrefersReducedMotion();
  // null until the visitor presses pause/play or tabs into the carousel
  const [chosen, setChosen] = useState<boolean | null>(null);
  const [hovered, setHovered] = useState(false);
  const playing = chosen ?? !reducedMotion;
  return {
    /** the button's state: on unless paused by the visitor, by keyboard focus or by the reduced-motion setting */
    playing,
    /** whether the timer runs now */
    rotating: playing && !hovered,
    toggle: () => setChosen(!playing),
    /** spread on the carousel's outer element */
    containerProps: {
      // a touch's pointerenter is followed by pointerleave when the finger lifts: only a mouse holds the carousel
      onPointerEnter: (event: PointerEvent) => event.pointerType === 'mouse' && setHovered(true),
      onPointerLeave: () => setHovered(false),
      // keyboard focus (not a mouse click on an arrow) stops the rotation until the visitor presses play
      onFocus: (event: FocusEvent) => event.target.matches(':focus-visible') && setChosen(false),
    },
  };
}
