import type { ReactNode } from 'react';

/**
 * A wide table in a horizontal touch-scroll container: on small screens the table keeps its
 * width and the box scrolls sideways (swipe, or the arrow keys once the box has focus, which
 * is why it is a focusable, labelled region).
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="table-scroll" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
