import * as Plot from '@observablehq/plot';
import type { AbReadoutView } from '@shared/abtest';
import { themed, usePlot } from '../../components/plot';
import { dayDate, METRIC_NAMES } from './AbReadout';
import { int, range, signedPct } from './figures';

type Day = AbReadoutView['lifts'][number]['daily'][number];
interface Point extends Day {
  variation: string;
  date: Date;
  /** The interval's ends held to the chart: an early day's is far wider than the rest. */
  low: number;
  high: number;
}

/** Each variation's colour, in the order of the lifts: B's, then the accent, then the muted. */
const COLOURS = ['--side-b', '--accent', '--warning', '--muted'];

/**
 * The lift per day with its always-valid interval, narrowing as users come: a band and a line per variation, zero
 * marked, each day's figures on hover. The interval may be read on any day; the band's ends are held to the chart.
 */
export function LiftChart({ view }: { view: AbReadoutView }) {
  const lifts = view.lifts;
  const last = lifts.flatMap((l) => [...l.alwaysValid.ci, l.lift]).filter(Number.isFinite);
  const reach = Math.max(0.05, ...last.map((x) => Math.abs(x) * 2.5));
  const clip = (x: number) => Math.max(-reach, Math.min(reach, Number.isFinite(x) ? x : x < 0 ? -reach : reach));
  const points: Point[] = lifts.flatMap((l) =>
    l.daily.map((d) => ({
      ...d,
      variation: l.variation,
      date: new Date(`${dayDate(view.test.start, d.day)}T00:00:00Z`),
      low: clip(d.ci[0]),
      high: clip(d.ci[1]),
    })),
  );
  const variations = lifts.map((l) => l.variation);
  const colours = variations.map((_, i) => COLOURS[i % COLOURS.length]!);
  const box = usePlot(
    (width) => {
      const palette = colours.map(themed);
      return Plot.plot({
        width,
        height: 230,
        marginLeft: 56,
        x: { type: 'utc', label: null, ticks: 7 },
        y: {
          label: `lift in ${METRIC_NAMES[view.metric]}`,
          grid: true,
          nice: true,
          tickFormat: (v: number) => (v === 0 ? '0' : signedPct(v)),
        },
        color: { domain: variations, range: palette },
        marks: [
          Plot.areaY(points, { x: 'date', y1: 'low', y2: 'high', fill: 'variation', fillOpacity: 0.18, curve: 'linear' }),
          Plot.ruleY([0], { stroke: themed('--muted'), strokeDasharray: '3,3' }),
          Plot.line(points, { x: 'date', y: (p: Point) => clip(p.lift), stroke: 'variation', strokeWidth: 2 }),
          Plot.dot(points, { x: 'date', y: (p: Point) => clip(p.lift), fill: 'variation', r: 3 }),
          Plot.tip(
            points,
            Plot.pointerX({
              x: 'date',
              y: (p: Point) => clip(p.lift),
              title: (p: Point) =>
                `${dayDate(view.test.start, p.day)} · ${p.variation}\n${signedPct(p.lift)} (always valid ${range(p.ci)})\n${int(p.users)} users so far`,
            }),
          ),
        ],
      });
    },
    [view],
  );
  return (
    <figure
      className="plot abtest-chart"
      aria-label={`The lift in ${METRIC_NAMES[view.metric]} per day since the start, with its always-valid 95% interval`}
      data-testid="abtest-chart"
    >
      <div ref={box} />
      <figcaption className="plot__legend small">
        {variations.map((v, i) => (
          <span key={v} className="plot__key abtest-chart__key" style={{ ['--key' as string]: `var(${colours[i]})` }}>
            {`${v} against ${view.variations[0]?.id ?? 'the control'}, with its always-valid 95% interval`}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
