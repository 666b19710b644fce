import { useLayoutEffect, useState, type CSSProperties, type RefObject } from 'react';

interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/** Where a menu opened from an anchor goes so that all of it stays inside the window. */
export interface MenuPlacement {
  /** Opens above the anchor: there is not room below, and more above. */
  up: boolean;
  /** The height it may take; a longer menu scrolls. */
  maxHeight: number;
  /** Its left edge on the anchor's left (it is right-aligned unless that would leave the window). */
  alignLeft: boolean;
}

/**
 * Below the anchor when it fits, otherwise on the side with more room, never taller than that room; right-aligned
 * with the anchor unless its left edge would leave the window.
 */
export function placeMenu(
  anchor: Box,
  menu: { width: number; height: number },
  view: { width: number; height: number },
  margin = 8,
): MenuPlacement {
  const below = Math.max(0, view.height - anchor.bottom - margin);
  const above = Math.max(0, anchor.top - margin);
  const up = menu.height > below && above > below;
  return {
    up,
    maxHeight: Math.floor(up ? above : below),
    alignLeft: anchor.right - menu.width < margin && anchor.left + menu.width <= view.width - margin,
  };
}

/** The style that keeps an open menu (absolutely placed inside its anchor) inside the window, measured as it opens. */
export function useInsideWindow(anchor: RefObject<HTMLElement | null>, menu: RefObject<HTMLElement | null>, open: boolean): CSSProperties {
  const [placement, setPlacement] = useState<MenuPlacement | null>(null);
  useLayoutEffect(() => {
    if (!open) return;
    const measure = () => {
      if (!anchor.current || !menu.current) return;
      // Its natural height, before any cap from an earlier placement.
      const height = menu.current.scrollHeight;
      const width = menu.current.getBoundingClientRect().width;
      setPlacement(
        placeMenu(anchor.current.getBoundingClientRect(), { width, height }, { width: window.innerWidth, height: window.innerHeight }),
      );
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [open, anchor, menu]);
  // Measured before the menu is painted (a layout effect), so it never shows outside first.
  if (!open || !placement) return {};
  return {
    maxHeight: placement.maxHeight - 4,
    overflowY: 'auto',
    ...(placement.up ? { top: 'auto', bottom: 'calc(100% + 4px)' } : {}),
    ...(placement.alignLeft ? { right: 'auto', left: 0 } : {}),
  };
}
