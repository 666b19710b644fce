import * as Plot from '@observablehq/plot';
import { themed, usePlot } from '../../components/plot';

type Rank = { rank: number; examination: number };

/**
 * The position curve: how often each rank is looked at (PBM θ_k, DBN's reads, COEC's click-through), as bars on
 * 0 … 1 (or to the tallest bar when a curve passes 1), each rank's value on hover.
 */
export function PositionChart({ positions, label }: { positions: Rank[]; label: string }) {
  const top = Math.max(1, ...positions.map((p) => p.examination));
  const box = usePlot(
    (width) =>
      Plot.plot({
        width,
        height: 150,
        marginLeft: 40,
        x: { type: 'band', label: 'rank' },
        y: { label: null, grid: true, domain: [0, top], ticks: 4 },
        marks: [
          Plot.barY(positions, { x: 'rank', y: 'examination', fill: themed('--side-b'), fillOpacity: 0.8 }),
          Plot.ruleY([0]),
          Plot.tip(
            positions,
            Plot.pointerX({ x: 'rank', y: 'examination', title: (p: Rank) => `rank ${p.rank}: ${p.examination.toFixed(3)}` }),
          ),
        ],
      }),
    [positions],
    { max: 420 },
  );
  return <figure className="plot click-chart" aria-label={label} data-testid="click-position-chart" ref={box} />;
}

/** An estimate as a dot on a bar from its interval's low to high end, over 0 … `scale`. */
export function EstimateDot({ estimate, ci95, scale }: { estimate: number; ci95: [number, number]; scale: number }) {
  const w = 120;
  const x = (v: number) => 4 + (Math.min(Math.max(v, 0), scale) / scale) * (w - 8);
  return (
    <svg className="click-dot" viewBox={`0 0 ${w} 14`} width={w} height={14} aria-hidden="true">
      <line x1={x(ci95[0])} x2={x(Number.isFinite(ci95[1]) ? ci95[1] : scale)} y1={7} y2={7} className="click-dot__bar" />
      <circle cx={x(estimate)} cy={7} r={3.5} className="click-dot__dot" />
    </svg>
  );
}
