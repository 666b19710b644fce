import * as Plot from '@observablehq/plot';
import { themed, usePlot } from '../../components/plot';
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
      className="day-chart plot"
      data-testid="traffic-day-chart"
      aria-label={`Searches and CTR@${k} by day, ${series.length} days${thin.length ? `; ${thin.map((d) => d.day).join(', ')} with fewer than ${FEW_SEARCHES} searches` : ''}`}
    >
      <div className="day-chart__searches" ref={searches} />
      <div className="day-chart__ctr" ref={ctr} />
      <figcaption className="plot__legend small">
        <span className="plot__key day-chart__key--searches">searches a day</span>
        <span className="plot__key day-chart__key--ctr">{`CTR@${k}, with its 95% interval`}</span>
        {thin.length ? (
          <span className="plot__key day-chart__key--thin" data-testid="traffic-thin-days">
            {`fewer than ${FEW_SEARCHES} searches: uncertain (${thin.map((d) => short(d.day)).join(', ')})`}
          </span>
        ) : null}
      </figcaption>
    </figure>
  );
}
