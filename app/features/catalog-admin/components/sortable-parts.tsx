import { useEffect, useState, type CSSProperties } from 'react';
import { KeyboardSensor, PointerSensor, useSensor, useSensors } from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';

/*
 * What the back office's sortable lists share (the category tree, the product gallery):
 * pointer (mouse and touch: the handle has `touch-action: none`) and keyboard sensors, the
 * dragged item's style, the handle's look, and whether scripts have taken over (the handles
 * are drawn only then: without scripts the move buttons and position fields do the work).
 */

export function useSortSensors() {
  return useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
}

export function useHydrated(): boolean {
  const [on, setOn] = useState(false);
  useEffect(() => setOn(true), []);
  return on;
}

export function sortableStyle(transform: { x: number; y: number } | null, transition: string | undefined, dragging: boolean, axis: 'y' | 'both' = 'y'): CSSProperties {
  return {
    transform: transform ? `translate3d(${axis === 'both' ? Math.round(transform.x) : 0}px, ${Math.round(transform.y)}px, 0)` : undefined,
    transition,
    position: dragging ? 'relative' : undefined,
    zIndex: dragging ? 2 : undefined,
  };
}

/** The six dots of a drag handle. */
export function HandleIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18">
      <path d="M9 5h.01M15 5h.01M9 12h.01M15 12h.01M9 19h.01M15 19h.01" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}
