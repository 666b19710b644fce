import type { TrafficRow } from '@shared/traffic';
import { plural } from '@shared/text';

const pct = (x: number) => `${(x * 100).toFixed(0)}%`;

/** Searches a day as bars, click-through at k as a line over them (its own scale on the right). */
export function DayChart({ days, k }: { days: TrafficRow[]; k: number }) {
  const width = 640;
  const height = 170;
  const pad = { left: 44, right: 44, top: 12, bottom: 28 };
  const inner = width - pad.left - pad.right;
  const most = Math.max(1, ...days.map((d) => d.searches));
  const slot = inner / Math.max(1, days.length);
  const y = (v: number) => pad.top + (1 - v) * (height - pad.top - pad.bottom);
  const line = days.map((d, i) => `${i === 0 ? 'M' : 'L'}${pad.left + slot * (i + 0.5)},${y(d.ctrAtK)}`).join(' ');
  return (
    <svg
      className="traffic-chart"
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-label={`Searches and click-through at ${k} by day`}
      data-testid="traffic-day-chart"
    >
      {[0, 0.5, 1].map((t) => (
        <g key={t}>
          <line x1={pad.left} x2={width - pad.right} y1={y(t)} y2={y(t)} className="traffic-chart__grid" />
          <text x={pad.left - 6} y={y(t) + 4} textAnchor="end" className="traffic-chart__tick">
            {Math.round(most * t).toLocaleString('en-US')}
          </text>
          <text x={width - pad.right + 6} y={y(t) + 4} className="traffic-chart__tick traffic-chart__tick--ctr">
            {pct(t)}
          </text>
        </g>
      ))}
      {days.map((d, i) => (
        <g key={d.group ?? i}>
          <rect
            x={pad.left + slot * i + slot * 0.15}
            width={slot * 0.7}
            y={y(d.searches / most)}
            height={y(0) - y(d.searches / most)}
            className="traffic-chart__bar"
          >
            <title>{`${d.group}: ${d.searches.toLocaleString('en-US')} searches, CTR@${k} ${pct(d.ctrAtK)}`}</title>
          </rect>
          <text x={pad.left + slot * (i + 0.5)} y={height - 10} textAnchor="middle" className="traffic-chart__tick">
            {(d.group ?? '').slice(5)}
          </text>
        </g>
      ))}
      <path d={line} className="traffic-chart__line" />
      {days.map((d, i) => (
        <circle key={d.group ?? i} cx={pad.left + slot * (i + 0.5)} cy={y(d.ctrAtK)} r={3} className="traffic-chart__dot" />
      ))}
    </svg>
  );
}

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
        {most}
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
