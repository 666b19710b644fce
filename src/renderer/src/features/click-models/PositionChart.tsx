/** The position curve: how often each rank is looked at (PBM θ_k, DBN's reads, COEC's click-through), as bars. */
export function PositionChart({ positions, label }: { positions: { rank: number; examination: number }[]; label: string }) {
  const width = 360;
  const height = 140;
  const pad = { left: 36, right: 8, top: 10, bottom: 24 };
  const most = Math.max(1e-9, ...positions.map((p) => p.examination));
  const top = most > 1 ? most : 1;
  const slot = (width - pad.left - pad.right) / Math.max(1, positions.length);
  const y = (v: number) => pad.top + (1 - v / top) * (height - pad.top - pad.bottom);
  return (
    <svg className="click-chart" viewBox={`0 0 ${width} ${height}`} role="img" aria-label={label} data-testid="click-position-chart">
      {[0, 0.5, 1].map((t) => (
        <g key={t}>
          <line x1={pad.left} x2={width - pad.right} y1={y(t * top)} y2={y(t * top)} className="click-chart__grid" />
          <text x={pad.left - 6} y={y(t * top) + 4} textAnchor="end" className="click-chart__tick">
            {(t * top).toFixed(t === 0 ? 0 : 2)}
          </text>
        </g>
      ))}
      {positions.map((p, i) => (
        <g key={p.rank}>
          <rect
            x={pad.left + slot * i + slot * 0.15}
            width={slot * 0.7}
            y={y(p.examination)}
            height={y(0) - y(p.examination)}
            className="click-chart__bar"
          >
            <title>{`rank ${p.rank}: ${p.examination.toFixed(3)}`}</title>
          </rect>
          <text x={pad.left + slot * (i + 0.5)} y={height - 8} textAnchor="middle" className="click-chart__tick">
            {p.rank}
          </text>
        </g>
      ))}
    </svg>
  );
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
