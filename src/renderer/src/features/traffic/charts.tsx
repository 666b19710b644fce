import * as Plot from '@observablehq/plot';
import { plural } from '@shared/text';
import { themed, usePlot } from '../../components/plot';

type Position = { rank: number; clicks: number };

/** A rank as the axis says it: 1 … 20, and 20+ for every click past the 20th. */
const rankName = (rank: number) => (rank > 20 ? '20+' : String(rank));

/** Clicks at each position as bars: where shoppers click on the page (every rank to the last clicked, at least 10). */
export function PositionChart({ positions }: { positions: Position[] }) {
  const by = new Map(positions.map((p) => [Math.min(p.rank, 21), p.clicks]));
  const ranks: Position[] = Array.from({ length: Math.max(10, ...by.keys()) }, (_, i) => ({ rank: i + 1, clicks: by.get(i + 1) ?? 0 }));
  const most = Math.max(0, ...ranks.map((r) => r.clicks));
  const box = usePlot(
    (width) =>
      Plot.plot({
        width,
        height: 150,
        marginLeft: 48,
        x: { type: 'band', label: 'position', tickFormat: (r: number) => (r === 1 || r % 5 === 0 || r > 20 ? rankName(r) : '') },
        y: { label: 'clicks', grid: true, nice: true, ticks: 3, tickFormat: (v: number) => v.toLocaleString('en-US') },
        marks: [
          Plot.barY(ranks, { x: 'rank', y: 'clicks', fill: themed('--accent'), fillOpacity: 0.8 }),
          Plot.ruleY([0]),
          Plot.tip(
            ranks,
            Plot.pointerX({
              x: 'rank',
              y: 'clicks',
              title: (r: Position) => `${r.rank > 20 ? 'past position 20' : `position ${r.rank}`}: ${plural(r.clicks, 'click')}`,
            }),
          ),
        ],
      }),
    [positions],
    { max: 420 },
  );
  return (
    <figure
      className="plot traffic-chart traffic-chart--small"
      aria-label={`Clicks by position: most at position ${ranks.find((r) => r.clicks === most)?.rank ?? 1} (${most.toLocaleString('en-US')})`}
      data-testid="traffic-position-chart"
      ref={box}
    />
  );
}
