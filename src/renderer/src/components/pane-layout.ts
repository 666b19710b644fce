/** Split-pane arithmetic, apart from the DOM so it can be tested on its own. */

export interface PaneSize {
  /** Width when nothing is remembered yet. */
  initial: number;
  min: number;
  max: number;
}

export interface PaneLayout {
  widths: Record<string, number>;
  collapsed: string[];
}

/** What the flexible pane keeps at least, whatever the others ask for. */
export const FLEX_MIN = 320;
/** A folded pane's strip. */
export const COLLAPSED_WIDTH = 30;

/**
 * A pane's width within its own limits and within what the container can give
 * without squeezing the flexible pane under FLEX_MIN.
 */
export function clampWidth(size: PaneSize, wanted: number, container: number, othersWidth: number): number {
  const room = container > 0 ? container - othersWidth - FLEX_MIN : Number.POSITIVE_INFINITY;
  const max = Math.max(size.min, Math.min(size.max, room));
  return Math.round(Math.min(max, Math.max(size.min, wanted)));
}

/** The width a pane shows: remembered, else its initial width. */
export function widthOf(layout: PaneLayout | undefined, id: string, size: PaneSize): number {
  const remembered = layout?.widths[id];
  return remembered === undefined ? size.initial : Math.min(size.max, Math.max(size.min, remembered));
}

export function withWidth(layout: PaneLayout, id: string, width: number): PaneLayout {
  return { ...layout, widths: { ...layout.widths, [id]: width } };
}

export function withCollapsed(layout: PaneLayout, id: string, collapsed: boolean): PaneLayout {
  const rest = layout.collapsed.filter((c) => c !== id);
  return { ...layout, collapsed: collapsed ? [...rest, id] : rest };
}

/** Keyboard steps on a separator, as the WAI-ARIA window splitter pattern has them. */
export function keyboardWidth(key: string, width: number, size: PaneSize, growsToRight: boolean): number | null {
  const step = 24;
  switch (key) {
    case 'ArrowLeft':
      return width + (growsToRight ? -step : step);
    case 'ArrowRight':
      return width + (growsToRight ? step : -step);
    case 'Home':
      return size.min;
    case 'End':
      return size.max;
    default:
      return null;
  }
}
