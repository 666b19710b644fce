import * as Plot from '@observablehq/plot';
import { useEffect, useRef } from 'react';
import { daySeries, FEW_SEARCHES, type DayPoint, type TrafficRow } from '@shared/traffic';
import { plural } from '@shared/text';

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
/** A day as its axis says it: 11-03. */
const short = (day: string) => day.slice(5);

/** What a point says on hover: the day, its searches, CTR@k with its interval, and why a thin day is hollow. */
function tipOf(d: DayPoint, k: number): string {
  return `${d.day}\n${plural(d.searches, 'search', 'searches')}\nCTR@${k} ${pct(d.ctr)} (95%: ${pct(d.ci95[0])} … ${pct(d.ci95[1])})${
    d.uncertain ? `\nfewer than ${FEW_SEARCHES} searches: uncertain` : ''
  }`;
}

/** A colour of the theme now on screen (the chart is drawn again when the theme changes). */
const themed = (name: string) => getComputedStyle(document.documentElement).getPropertyValue(name).trim() || 'currentColor';

/** One Plot figure mounted in a div, drawn again when its data, its width or the theme changes. */
function usePlot(make: (width: number) => Element, deps: unknown[]) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let width = -1;
    // Plot names each mark's group ("bar", "line", "tip") with aria-label on a bare <g>, which has no role to carry a
    // name: each is made a group, so the name is allowed and read — the tip's too, drawn anew on every hover.
    const named = () => {
      for (const g of el.querySelectorAll('g[aria-label]:not([role])')) g.setAttribute('role', 'group');
    };
    const drawn = new MutationObserver(named);
    drawn.observe(el, { subtree: true, childList: true });
    const draw = (force: boolean) => {
      const next = Math.max(280, Math.min(720, el.clientWidth || 640));
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

/**
 * Searches a day as bars, and CTR@k a day as points with their 95% intervals joined by a line — drawn by Observable
 * Plot (round ticks, values on hover). A day with fewer than FEW_SEARCHES searches is drawn hollow, off the line: its
 * rate is too uncertain to read (a 100% from three searches is no spike).
 */
export function DayChart({ days, k }: { days: TrafficRow[]; k: number }) {
  const series = daySeries(days);
  const steady = series.filter((d) => !d.uncertain);
  const searches = usePlot(
    (width) =>
      Plot.plot({
        width,
        height: 130,
        marginLeft: 56,
        x: { type: 'band', label: null, tickFormat: short },
        y: { label: 'searches', grid: true, nice: true, tickFormat: (v: number) => v.toLocaleString('en-US') },
        marks: [
          Plot.barY(series, { x: 'day', y: 'searches', fill: themed('--accent'), fillOpacity: 0.55 }),
          Plot.ruleY([0]),
          Plot.tip(series, Plot.pointerX({ x: 'day', y: 'searches', title: (d: DayPoint) => tipOf(d, k) })),
        ],
      }),
    [days, k],
  );
  const ctr = usePlot(
    (width) =>
      Plot.plot({
        width,
        height: 150,
        marginLeft: 56,
        x: { type: 'band', label: null, tickFormat: short },
        y: { label: `CTR@${k}`, grid: true, domain: [0, 1], tickFormat: (v: number) => `${Math.round(v * 100)}%` },
        marks: [
          Plot.ruleX(series, {
            x: 'day',
            y1: (d: DayPoint) => d.ci95[0],
            y2: (d: DayPoint) => d.ci95[1],
            stroke: themed('--side-b'),
            strokeOpacity: 0.45,
          }),
          Plot.line(steady, { x: 'day', y: 'ctr', stroke: themed('--side-b'), strokeWidth: 2 }),
          Plot.dot(steady, { x: 'day', y: 'ctr', fill: themed('--side-b'), r: 3.5 }),
          Plot.dot(
            series.filter((d) => d.uncertain),
            { x: 'day', y: 'ctr', stroke: themed('--side-b'), fill: 'none', strokeDasharray: '2,2', r: 4.5 },
          ),
          Plot.tip(series, Plot.pointerX({ x: 'day', y: 'ctr', title: (d: DayPoint) => tipOf(d, k) })),
        ],
      }),
    [days, k],
  );
  const thin = series.filter((d) => d.uncertain);
  return (
    <figure
      className="day-chart"
      data-testid="traffic-day-chart"
      aria-label={`Searches and CTR@${k} by day, ${series.length} days${thin.length ? `; ${thin.map((d) => d.day).join(', ')} with fewer than ${FEW_SEARCHES} searches` : ''}`}
    >
      <div className="day-chart__searches" ref={searches} />
      <div className="day-chart__ctr" ref={ctr} />
      <figcaption className="day-chart__legend small">
        <span className="day-chart__key day-chart__key--searches">searches a day</span>
        <span className="day-chart__key day-chart__key--ctr">{`CTR@${k}, with its 95% interval`}</span>
        {thin.length ? (
          <span className="day-chart__key day-chart__key--thin" data-testid="traffic-thin-days">
            {`fewer than ${FEW_SEARCHES} searches: uncertain (${thin.map((d) => short(d.day)).join(', ')})`}
          </span>
        ) : null}
      </figcaption>
    </figure>
  );
}
