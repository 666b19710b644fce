import type { Histogram } from '@shared/compare';

/** Bars over [0, 1] bins: how many queries changed by how much. */
export function HistogramChart({ histogram, label }: { histogram: Histogram; label: string }) {
  const max = Math.max(1, ...histogram.bins);
  const w = 320;
  const h = 120;
  const pad = 18;
  const bw = (w - pad * 2) / histogram.bins.length;
  return (
    <svg className="chart" viewBox={`0 0 ${w} ${h}`} role="img" aria-label={label} data-testid="change-histogram">
      {histogram.bins.map((b, i) => {
        const bh = ((h - pad * 2) * b) / max;
        return (
          <g key={i}>
            <rect x={pad + i * bw + 2} y={h - pad - bh} width={bw - 4} height={bh} className="chart__bar">
              <title>{`${b} with 1 − RBO in [${histogram.edges[i]}, ${histogram.edges[i + 1]})`}</title>
            </rect>
            {b ? (
              <text x={pad + i * bw + bw / 2} y={h - pad - bh - 3} className="chart__value">
                {b}
              </text>
            ) : null}
          </g>
        );
      })}
      <line x1={pad} x2={w - pad} y1={h - pad} y2={h - pad} className="chart__axis" />
      {[0, 0.5, 1].map((t) => (
        <text key={t} x={pad + t * (w - pad * 2)} y={h - 4} className="chart__tick">
          {t}
        </text>
      ))}
    </svg>
  );
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
