import { plural } from '@shared/text';

/** Clicks at each position as bars: where shoppers click on the page. */
export function PositionChart({ positions }: { positions: { rank: number; clicks: number }[] }) {
  const width = 360;
  const height = 130;
  const pad = { left: 34, right: 8, top: 8, bottom: 22 };
  const ranks = Array.from({ length: Math.max(10, ...positions.map((p) => Math.min(p.rank, 21))) }, (_, i) => i + 1);
  const by = new Map(positions.map((p) => [p.rank, p.clicks]));
  const most = Math.max(1, ...positions.map((p) => p.clicks));
  const slot = (width - pad.left - pad.right) / ranks.length;
  const y = (v: number) => pad.top + (1 - v / most) * (height - pad.top - pad.bottom);
  return (
    <svg
      className="traffic-chart traffic-chart--small"
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-label="Clicks by position"
      data-testid="traffic-position-chart"
    >
      <text x={pad.left - 6} y={y(most) + 8} textAnchor="end" className="traffic-chart__tick">
        {most.toLocaleString('en-US')}
      </text>
      <line x1={pad.left} x2={width - pad.right} y1={y(0)} y2={y(0)} className="traffic-chart__grid" />
      {ranks.map((rank, i) => {
        const clicks = by.get(rank) ?? 0;
        return (
          <g key={rank}>
            <rect
              x={pad.left + slot * i + 1}
              width={Math.max(1, slot - 2)}
              y={y(clicks)}
              height={y(0) - y(clicks)}
              className="traffic-chart__bar"
            >
              <title>{`${rank > 20 ? 'past 20' : `position ${rank}`}: ${plural(clicks, 'click')}`}</title>
            </rect>
            {rank === 1 || rank % 5 === 0 || rank === 21 ? (
              <text x={pad.left + slot * (i + 0.5)} y={height - 6} textAnchor="middle" className="traffic-chart__tick">
                {rank > 20 ? '20+' : rank}
              </text>
            ) : null}
          </g>
        );
      })}
    </svg>
  );
}
