import type { ReactNode } from 'react';

type TableScrollProps = {
  /** What the table is, read when the box takes focus: a label, or the id of the heading naming it. */
  label?: string;
  labelledBy?: string;
  className?: string;
  children: ReactNode;
};

/**
 * A table wider than a phone scrolls inside this box, never the page. The box takes focus, so a
 * keyboard user can scroll it with the arrow keys, and is a named region, so a screen reader says
 * what got focus. `relative` makes the box the containing block of the table's `sr-only` texts
 * (absolutely positioned): without it they escape the box's clipping and widen the whole page.
 */
export function TableScroll({ label, labelledBy, className = '', children }: TableScrollProps) {
  return (
    <div
      role="region"
      aria-label={label}
      aria-labelledby={labelledBy}
      tabIndex={0}
      className={`relative overflow-x-auto ${className}`}
    >
      {children}
    </div>
  );
}
