import { useCallback, useLayoutEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';

/*
 * Roving focus for lists (results, facet values): the list is one Tab stop — the row last focused — and the
 * arrow keys, Home, End, Page Up and Page Down move the focus from row to row (the WAI-ARIA roving tabindex
 * pattern, as the navigation rail does). A virtualised list keeps the focused row rendered (see `keepRendered`)
 * so scrolling it away never drops the focus on the page.
 */

export interface RovingLayout {
  /** Items per visual row: 1 for a list, the column count for a grid (← → then move by one, ↑ ↓ by a row). */
  columns?: number;
  /** Visual rows a Page Up / Page Down moves. */
  pageRows?: number;
}

/** Where a key moves the focus among `count` items from `current`; null for a key that does not move it. */
export function rovingTarget(key: string, current: number, count: number, layout: RovingLayout = {}): number | null {
  if (count <= 0) return null;
  const columns = Math.max(1, layout.columns ?? 1);
  const page = Math.max(1, layout.pageRows ?? 10) * columns;
  const from = Math.min(Math.max(current, 0), count - 1);
  const clamp = (i: number) => Math.min(count - 1, Math.max(0, i));
  switch (key) {
    case 'ArrowDown':
      return clamp(from + columns);
    case 'ArrowUp':
      return clamp(from - columns);
    case 'ArrowRight':
      return columns > 1 ? clamp(from + 1) : null;
    case 'ArrowLeft':
      return columns > 1 ? clamp(from - 1) : null;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    case 'PageDown':
      return clamp(from + page);
    case 'PageUp':
      return clamp(from - page);
    default:
      return null;
  }
}

/** The indexes a virtualiser renders, plus the focused one: a focused row scrolled out of view stays in the DOM. */
export function keepRendered(indexes: number[], focused: number): number[] {
  if (focused < 0 || indexes.includes(focused)) return indexes;
  return [...indexes, focused].sort((a, b) => a - b);
}

export interface RovingList {
  /** The index that is the list's Tab stop (and keeps the focus while it moves). */
  active: number;
  /** For the list's container: moves the focus on the keys above when a row has it. */
  onKeyDown: (e: KeyboardEvent<HTMLElement>) => void;
  /** A row got the focus (a click, a Tab): it becomes the Tab stop. Stable while `of` is, so memoised rows keep. */
  onRowFocus: (index: number) => void;
}

/** What a row of a roving list carries: its tab index and its index for the focus to find. */
export function rovingRowProps(index: number, active: number, onRowFocus: (index: number) => void) {
  return { tabIndex: index === active ? 0 : -1, 'data-roving-index': index, onFocus: () => onRowFocus(index) };
}

/** Scrolls `scroller` the least that shows the band [top, top + height) (a virtualised row about to get the focus). */
export function revealBand(scroller: HTMLElement | null, top: number, height: number): void {
  if (!scroller) return;
  if (top < scroller.scrollTop) scroller.scrollTop = top;
  else if (top + height > scroller.scrollTop + scroller.clientHeight) scroller.scrollTop = top + height - scroller.clientHeight;
}

/**
 * Roving focus over `count` rows in `container`. `of` is what the rows show (a new answer starts at its first
 * row); `reveal` scrolls a virtualised list to an index before it is focused.
 */
export function useRovingList(
  container: RefObject<HTMLElement | null>,
  count: number,
  of: unknown,
  options: RovingLayout & { reveal?: (index: number) => void } = {},
): RovingList {
  const [state, setState] = useState<{ of: unknown; index: number }>({ of, index: 0 });
  const active = state.of === of ? Math.min(state.index, Math.max(0, count - 1)) : 0;
  const focusPending = useRef(false);
  const { columns, pageRows, reveal } = options;

  const virtual = !!reveal;
  useLayoutEffect(() => {
    if (!focusPending.current) return;
    focusPending.current = false;
    // A virtualised list has scrolled already (reveal); a plain one lets the focus bring the row into view.
    container.current?.querySelector<HTMLElement>(`[data-roving-index="${active}"]`)?.focus({ preventScroll: virtual });
  }, [active, container, virtual]);

  const onKeyDown = useCallback(
    (e: KeyboardEvent<HTMLElement>) => {
      if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
      const row = (e.target as HTMLElement).closest<HTMLElement>('[data-roving-index]');
      if (!row || !container.current?.contains(row)) return;
      const next = rovingTarget(e.key, Number(row.dataset.rovingIndex), count, { columns, pageRows });
      if (next === null) return;
      e.preventDefault();
      reveal?.(next);
      focusPending.current = true;
      setState({ of, index: next });
    },
    [container, count, columns, pageRows, reveal, of],
  );

  const onRowFocus = useCallback((index: number) => setState((s) => (s.of === of && s.index === index ? s : { of, index })), [of]);

  return { active, onKeyDown, onRowFocus };
}
