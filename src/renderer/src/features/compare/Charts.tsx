import * as Plot from '@observablehq/plot';
import type { Histogram } from '@shared/compare';
import { plural } from '@shared/text';
import { themed, usePlot } from '../../components/plot';

interface Bin {
  from: number;
  to: number;
  count: number;
}

/** Bars over [0, 1] bins: how many queries changed by how much (1 − RBO), each bin's count above it and on hover. */
export function HistogramChart({ histogram, label }: { histogram: Histogram; label: string }) {
  const bins: Bin[] = histogram.bins.map((count, i) => ({ from: histogram.edges[i]!, to: histogram.edges[i + 1]!, count }));
  const box = usePlot(
    (width) =>
      Plot.plot({
        width,
        height: 140,
        marginLeft: 36,
        x: { domain: [0, 1], label: '1 − RBO', ticks: 5 },
        y: { label: 'queries', grid: true, nice: true, ticks: 3 },
        marks: [
          Plot.rectY(bins, { x1: 'from', x2: 'to', y: 'count', fill: themed('--accent'), fillOpacity: 0.8, inset: 1 }),
          Plot.text(
            bins.filter((b) => b.count > 0),
            { x: (b: Bin) => (b.from + b.to) / 2, y: 'count', text: (b: Bin) => String(b.count), dy: -6, fill: themed('--text') },
          ),
          Plot.ruleY([0]),
          Plot.tip(
            bins,
            Plot.pointerX({
              x: (b: Bin) => (b.from + b.to) / 2,
              y: 'count',
              title: (b: Bin) => `${plural(b.count, 'query', 'queries')} with 1 − RBO in [${b.from}, ${b.to}${b.to === 1 ? ']' : ')'}`,
            }),
          ),
        ],
      }),
    [histogram],
    { min: 240, max: 380 },
  );
  return <figure className="plot chart" aria-label={label} data-testid="change-histogram" ref={box} />;
}

/**
 * Side A against side B on one measure. A rate is drawn on its own fixed
 * scale (`of`: 1 for 0–100%), so 48% is half a bar whatever the other side
 * has; a measure with no natural top (latency) is scaled to the larger side.
 */
export function PairBars({
  label,
  a,
  b,
  format,
  of,
}: {
  label: string;
  a: number | null;
  b: number | null;
  format: (x: number | null) => string;
  of?: number;
}) {
  const max = of ?? (Math.max(a ?? 0, b ?? 0) || 1);
  return (
    <div className="pair-bars" aria-label={`${label}: A ${format(a)}, B ${format(b)}`} role="group">
      <div className="pair-bars__label">{label}</div>
      {(['a', 'b'] as const).map((side) => {
        const v = side === 'a' ? a : b;
        return (
          <div className="pair-bars__row" key={side}>
            <span className={`side-tag side-tag--${side}`}>{side.toUpperCase()}</span>
            <span className="pair-bars__track">
              <span className={`pair-bars__fill pair-bars__fill--${side}`} style={{ width: `${((v ?? 0) / max) * 100}%` }} />
            </span>
            <span className="pair-bars__value">{format(v)}</span>
          </div>
        );
      })}
    </div>
  );
}
