/**
 * A horizontal swipe on a carousel (touch or pen) moves it; a vertical one stays the page's scroll. The
 * element needs `touch-action: pan-y`, so the browser scrolls vertically and hands horizontal moves to us.
 */
import { useRef, type PointerEvent } from 'react';

/** How far (px) a finger must travel sideways, and more sideways than up or down, to count as a swipe. */
const SWIPE_DISTANCE = 40;

export function useSwipe(onLeft: () => void, onRight: () => void) {
  const start = useRef<{ id: number; x: number; y: number } | null>(null);
  return {
    onPointerDown: (event: PointerEvent) => {
      // the mouse has the arrows and dots; dragging with it selects text as usual
      if (event.pointerType !== 'mouse' && event.isPrimary) start.current = { id: event.pointerId, x: event.clientX, y: event.clientY };
    },
    onPointerUp: (event: PointerEvent) => {
      const from = start.current;
      start.current = null;
      if (!from || from.id !== event.pointerId) return;
      const dx = event.clientX - from.x;
      const dy = event.clientY - from.y;
      if (Math.abs(dx) < SWIPE_DISTANCE || Math.abs(dx) <= Math.abs(dy)) return;
      if (dx < 0) onLeft();
      else onRight();
    },
    // the browser took the gesture (a vertical scroll): no swipe
    onPointerCancel: () => {
      start.current = null;
    },
  };
}
