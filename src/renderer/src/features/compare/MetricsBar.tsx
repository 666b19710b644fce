import { type SearchDiff, MIN_TAU_SHARED } from '@shared/diff';

const pct = (x: number) => `${Math.round(x * 100)}%`;

export function Metric({ label, value, hint, tone }: { label: string; value: string; hint: string; tone?: 'good' | 'warn' | 'bad' }) {
  return (
    <div className={`metric${tone ? ` metric--${tone}` : ''}`} title={hint}>
      <span className="metric__label">{label}</span>
      <span className="metric__value">{value}</span>
    </div>
  );
}

/** Rank-biased overlap as every comparison shows it. */
export function RboMetric({ rbo }: { rbo: number }) {
  return (
    <Metric
      label="RBO"
      value={rbo.toFixed(3)}
      hint="Rank-biased overlap (p = 0.9, extrapolated): 1 the same ranking, 0 nothing in common; the top weighs most."
      tone={toneOf(rbo)}
    />
  );
}

export const toneOf = (x: number) => (x >= 0.9 ? 'good' : x >= 0.5 ? 'warn' : 'bad');

/** The comparison in numbers: ranking agreement, overlaps, the top result, count and facet changes. */
export function MetricsBar({ diff }: { diff: SearchDiff }) {
  const m = diff.metrics;
  const c = diff.count;
  const counts = diff.ranking.counts;
  return (
    <div className="metrics-bar" data-testid="metrics-bar" aria-label="Comparison measures">
      <RboMetric rbo={m.rbo} />
      <Metric label="Overlap@1" value={pct(m.overlap[1])} hint="Share of the top 1 both sides hold" />
      <Metric label="@3" value={pct(m.overlap[3])} hint="Share of the top 3 both sides hold" />
      <Metric label="@10" value={pct(m.overlap[10])} hint="Share of the top 10 both sides hold" tone={toneOf(m.overlap[10])} />
      <Metric label="All" value={pct(m.overlap.all)} hint="Share of all returned items both sides hold" />
      <Metric label="Jaccard@10" value={m.jaccard[10].toFixed(2)} hint="|A∩B| / |A∪B| over the top 10" />
      <Metric
        label="Kendall's τ"
        value={m.kendallTau === null ? '—' : `${m.kendallTau.toFixed(2)} on ${m.shared.toLocaleString('en-US')} shared`}
        hint={`Rank correlation of the ${m.shared.toLocaleString('en-US')} items both sides returned: 1 same order, −1 reversed${m.kendallTau === null ? `; not given on fewer than ${MIN_TAU_SHARED} shared items, where it could only be ±1` : ''}`}
      />
      <Metric
        label="Top result"
        value={m.top1Changed ? 'changed' : 'same'}
        hint="Whether the first item differs"
        tone={m.top1Changed ? 'bad' : 'good'}
      />
      <Metric
        label="Count"
        value={c.a === null || c.b === null ? '—' : `${c.a.toLocaleString('en-US')} → ${c.b.toLocaleString('en-US')}`}
        hint={`Matching items on each side${c.exactA === false || c.exactB === false ? ' (a lower bound where the count is not exact)' : ''}`}
        {...(c.delta ? { tone: 'warn' as const } : {})}
      />
      <Metric
        label="Moves"
        value={`▲${counts.up} ▼${counts.down} +${counts.new} −${counts.dropped}`}
        hint="Items that rose or fell; that only B's page has (+); that only A's page has (−). An item missing from a page may be further down that side's answer: each row says which, and Find looks up its rank."
      />
      <Metric
        label="Facets changed"
        value={String(diff.facetsChanged)}
        hint="Facets with any value added, removed, recounted, reselected or reordered"
        {...(diff.facetsChanged ? { tone: 'warn' as const } : {})}
      />
      {diff.configuration.changed ? (
        <Metric
          label="Configuration"
          value={`${diff.configuration.a.configurationId ?? '—'} → ${diff.configuration.b.configurationId ?? '—'}`}
          hint="The configuration each side's answer says it used"
        />
      ) : null}
    </div>
  );
}
