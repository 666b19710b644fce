import { metricLabel, KIND_WORDS } from '@shared/compare';
import { METRIC_NAMES, type MetricName } from '@shared/metrics';
import type { RequestKind } from '@shared/request';
import { Segmented } from '../../components/Segmented';
import type { Filter } from './TriageTable';

/** The triage order: most changed first, by one metric's B − A, or by clicks@k B − A on traffic. */
export type Order = 'change' | MetricName | 'traffic';

/** How the triage table is cut and ordered. */
export interface TriageView {
  filter: Filter;
  order: Order;
  direction: 'losses' | 'gains';
  metric: MetricName;
}

/** Above the triage table: how many are shown, the order and its direction, the metric shown, the filters. */
export function TriageTools({
  shownCount,
  total,
  kind,
  k,
  measured,
  onTraffic = null,
  view: { filter, order, direction, metric },
  onView,
}: {
  shownCount: number;
  total: number;
  kind: RequestKind;
  k: number;
  measured: boolean;
  /** The batch estimated on traffic: its k (the filter "loses clicks on traffic" is offered), else null. */
  onTraffic?: number | null;
  view: TriageView;
  onView: (patch: Partial<TriageView>) => void;
}) {
  const words = KIND_WORDS[kind];
  // The metric the table shows and filters by: the one it is sorted by, else the one picked for the filters.
  const shown: MetricName = order === 'change' || order === 'traffic' ? metric : order;
  return (
    <div className="triage-tools">
      <span className="small muted">
        {shownCount.toLocaleString('en-US')} of {total.toLocaleString('en-US')} shown,{' '}
        {order === 'change'
          ? 'most changed first'
          : `by Δ ${order === 'traffic' ? `clicks@${onTraffic ?? k} on traffic` : metricLabel(order, k)}, ${direction === 'losses' ? 'B’s biggest losses' : 'B’s biggest gains'} first`}
        ; click a {words.row} to open it side by side.
      </span>
      {measured || onTraffic !== null ? (
        <div className="triage-order">
          <label className="small">
            Order by{' '}
            <select
              className="input input--sm"
              aria-label="Order the queries by"
              value={order}
              onChange={(e) => onView({ order: e.target.value as Order })}
            >
              <option value="change">change (1 − RBO)</option>
              {onTraffic !== null ? <option value="traffic">Δ clicks@{onTraffic} on traffic</option> : null}
              {measured
                ? METRIC_NAMES.map((m) => (
                    <option key={m} value={m}>
                      Δ {metricLabel(m, k)}
                    </option>
                  ))
                : null}
            </select>
          </label>
          {order === 'change' ? (
            measured ? (
              <label className="small">
                Δ shown for{' '}
                <select
                  className="input input--sm"
                  aria-label="Metric shown and filtered by"
                  value={metric}
                  onChange={(e) => onView({ metric: e.target.value as MetricName })}
                >
                  {METRIC_NAMES.map((m) => (
                    <option key={m} value={m}>
                      {metricLabel(m, k)}
                    </option>
                  ))}
                </select>
              </label>
            ) : null
          ) : (
            <Segmented
              label="Direction"
              value={direction}
              onChange={(direction) => onView({ direction })}
              options={[
                { value: 'losses', label: 'B worse first' },
                { value: 'gains', label: 'B better first' },
              ]}
            />
          )}
        </div>
      ) : null}
      <div className="triage-filters" role="group" aria-label="Show">
        {(
          [
            ['all', 'All'],
            ...(measured
              ? ([
                  ['better', `B better on ${metricLabel(shown, k)}`],
                  ['worse', `B worse on ${metricLabel(shown, k)}`],
                ] as [Filter, string][])
              : []),
            [
              'top1',
              kind === 'autocomplete' ? 'First suggestion changed' : kind === 'suggest' ? 'First item changed' : 'Top result changed',
            ],
            ['zero', words.zeroOneSide],
            ['empty', 'Empty on both sides'],
            ...(kind === 'search' ? ([['redirect', 'Redirects']] as [Filter, string][]) : []),
            ['errors', 'Errors'],
            ...(onTraffic !== null ? ([['traffic', `Loses clicks@${onTraffic} on traffic`]] as [Filter, string][]) : []),
          ] as [Filter, string][]
        ).map(([value, label]) => (
          <button
            key={value}
            type="button"
            className={`chip${filter === value ? ' is-selected' : ''}`}
            aria-pressed={filter === value}
            onClick={() => onView({ filter: value })}
          >
            {label}
          </button>
        ))}
      </div>
    </div>
  );
}
