import { useEffect, useRef } from 'react';
import './plot.css';

/**
 * Charts are drawn by Observable Plot: round ticks, legends and values on hover from one well-kept library rather
 * than coordinates worked out by hand. Plot is imported only by the screens that chart (each is loaded lazily), so the
 * first screen does not carry it.
 */

/** A colour of the theme now on screen (a chart is drawn again when the theme changes). */
export const themed = (name: string) => getComputedStyle(document.documentElement).getPropertyValue(name).trim() || 'currentColor';

/** The width a chart is drawn at: its box's, held between `min` and `max`. */
const widthOf = (el: HTMLElement, min: number, max: number) => Math.max(min, Math.min(max, el.clientWidth || max));

/**
 * One Plot figure mounted in a div, drawn again when its data (`deps`), its width or the theme changes. Plot names
 * each mark's group ("bar", "line", "tip") with aria-label on a bare <g>, which has no role to carry a name: each is
 * made a group, so the name is allowed and read — the tip's too, drawn anew on every hover.
 */
export function usePlot(make: (width: number) => Element, deps: unknown[], { min = 280, max = 720 } = {}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let width = -1;
    const named = () => {
      for (const g of el.querySelectorAll('g[aria-label]:not([role])')) g.setAttribute('role', 'group');
    };
    const drawn = new MutationObserver(named);
    drawn.observe(el, { subtree: true, childList: true });
    const draw = (force: boolean) => {
      const next = widthOf(el, min, max);
      if (!force && next === width) return;
      width = next;
      el.replaceChildren(make(width));
      named();
    };
    draw(true);
    const resized = new ResizeObserver(() => draw(false));
    resized.observe(el);
    const theme = new MutationObserver(() => draw(true));
    theme.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    return () => {
      resized.disconnect();
      theme.disconnect();
      drawn.disconnect();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  return box;
}
