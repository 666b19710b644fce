import type { AbReadoutView } from '@shared/abtest';
import { useMemo } from 'react';
import { slugify } from '@shared/workspace';
import { useMoney } from '../../components/money';
import { ExportCsv, SortTh } from '../../components/TableTools';
import { type TableColumn, useTableSort } from '../../components/table-sort';
import { METRIC_NAMES, verdict } from './AbReadout';
import { int, metricValue, pct, pText, range, signedAbs, signedPct, winsorized } from './figures';

/** A table of the test's saved as CSV, named after the test and the table: `abtest-<test>-<part>.csv`. */
function TestCsv<R>({
  view,
  part,
  rows,
  columns,
  what,
}: {
  view: AbReadoutView;
  part: string;
  rows: readonly R[];
  columns: readonly TableColumn<R>[];
  what: string;
}) {
  return (
    <div className="table-tools">
      <ExportCsv rows={rows} columns={columns} fileName={`abtest-${slugify(view.test.id)}-${part}.csv`} what={what} />
    </div>
  );
}

type Variation = AbReadoutView['variations'][number];
type Lift = AbReadoutView['lifts'][number];

const variationColumns = (view: AbReadoutView, k: number): TableColumn<Variation>[] => [
  { id: 'variation', label: 'Variation', value: (v) => v.id },
  { id: 'weight', label: 'Weight %', value: (v) => v.weight, numeric: true },
  { id: 'users', label: 'Users', value: (v) => v.users, numeric: true },
  { id: 'sessions', label: 'Sessions', value: (v) => v.sessions, numeric: true },
  { id: 'searches', label: 'Searches', value: (v) => v.searches, numeric: true },
  { id: 'ctr', label: `CTR@${k}`, value: (v) => v.rates.ctr, numeric: true },
  { id: 'addToCart', label: 'Add-to-cart', value: (v) => v.rates.addToCart, numeric: true },
  { id: 'conversion', label: 'Conversion', value: (v) => v.rates.conversion, numeric: true },
  { id: 'revenuePerSearch', label: 'Revenue / search', value: (v) => v.rates.revenuePerSearch, numeric: true },
  { id: 'revenuePerSession', label: 'Revenue / session', value: (v) => v.rates.revenuePerSession, numeric: true },
  {
    id: 'metric',
    label: `${METRIC_NAMES[view.metric]}${winsorized(view) ? ' (winsorized)' : ''}, 95% interval`,
    value: (v) => v.value,
    numeric: true,
  },
];

/** The CSV's extra columns: the metric's interval as two numbers. */
const variationBounds: TableColumn<Variation>[] = [
  { id: 'low', label: 'ci95 low', value: (v) => v.ci95[0] },
  { id: 'high', label: 'ci95 high', value: (v) => v.ci95[1] },
];

/** Each variation's figures, the control first: sortable by each, exportable. */
export function VariationsTable({ view, k }: { view: AbReadoutView; k: number }) {
  const money = useMoney();
  const columns = useMemo(() => variationColumns(view, k), [view, k]);
  const exported = useMemo(() => [...columns.filter((c) => c.id !== 'weight'), columns[1]!, ...variationBounds], [columns]);
  const { rows, sort, toggle } = useTableSort(view.variations, columns);
  const control = view.variations[0]?.id;
  const th = (c: TableColumn<Variation>) => <SortTh key={c.id} column={c} sort={sort} onSort={toggle} />;
  return (
    <>
      <table className="abtest-table" aria-label="Variations">
        <thead>
          <tr>
            {columns.filter((c) => c.id !== 'weight' && c.id !== 'metric').map(th)}
            <SortTh column={columns.at(-1)!} sort={sort} onSort={toggle}>
              <span
                title={
                  winsorized(view)
                    ? `Read with each user's revenue capped at ${money(view.revenueCap!)} (the 99.9th percentile): the Revenue / search column is uncapped`
                    : undefined
                }
              >
                {columns.at(-1)!.label}
              </span>
            </SortTh>
          </tr>
        </thead>
        <tbody>
          {rows.map((v) => (
            <tr key={v.id}>
              <td>
                <strong>{v.id}</strong> {v.id === control ? <span className="badge badge--muted">control</span> : null}{' '}
                <span className="small muted">{v.weight}%</span>
              </td>
              <td className="n">{int(v.users)}</td>
              <td className="n">{int(v.sessions)}</td>
              <td className="n">{int(v.searches)}</td>
              <td className="n">{pct(v.rates.ctr)}</td>
              <td className="n">{pct(v.rates.addToCart)}</td>
              <td className="n">{pct(v.rates.conversion, 2)}</td>
              <td className="n">{money(v.rates.revenuePerSearch)}</td>
              <td className="n">{money(v.rates.revenuePerSession)}</td>
              <td className="n">
                {metricValue(view.metric, v.value, money)}{' '}
                <span className="small muted">
                  [{metricValue(view.metric, v.ci95[0], money)}, {metricValue(view.metric, v.ci95[1], money)}]
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <TestCsv view={view} part="variations" rows={rows} columns={exported} what="the variations' figures" />
    </>
  );
}

const liftColumns = (view: AbReadoutView): TableColumn<Lift>[] => [
  { id: 'variation', label: `Against ${view.variations[0]?.id ?? 'the control'}`, value: (l) => l.variation },
  { id: 'lift', label: 'Lift', value: (l) => l.lift, numeric: true },
  { id: 'absolute', label: 'Absolute', value: (l) => l.liftAbsolute, numeric: true },
  { id: 'fixed', label: 'Fixed-horizon 95% (Welch)', value: (l) => l.ci95[0], numeric: true },
  { id: 'p', label: 'p', value: (l) => l.p, numeric: true },
  { id: 'always', label: 'Always valid (mSPRT)', value: (l) => l.alwaysValid.ci[0], numeric: true },
  { id: 'pAlways', label: 'p (always valid)', value: (l) => l.alwaysValid.p, numeric: true },
  { id: 'today', label: 'Today', value: (l) => verdict(l, view.plan.reached).text },
];

/** The CSV has each interval's two ends as numbers. */
const liftExport = (view: AbReadoutView): TableColumn<Lift>[] => {
  const c = liftColumns(view);
  return [
    c[0]!,
    c[1]!,
    c[2]!,
    { id: 'low', label: 'fixed-horizon ci95 low', value: (l) => l.ci95[0] },
    { id: 'high', label: 'fixed-horizon ci95 high', value: (l) => l.ci95[1] },
    c[4]!,
    { id: 'avLow', label: 'always-valid low', value: (l) => l.alwaysValid.ci[0] },
    { id: 'avHigh', label: 'always-valid high', value: (l) => l.alwaysValid.ci[1] },
    c[6]!,
    c[7]!,
  ];
};

/** Each variation against the control: the lift both ways, both tests, and today's verdict; sortable, exportable. */
export function LiftsTable({ view }: { view: AbReadoutView }) {
  const money = useMoney();
  const columns = useMemo(() => liftColumns(view), [view]);
  const exported = useMemo(() => liftExport(view), [view]);
  const { rows, sort, toggle } = useTableSort(view.lifts, columns);
  return (
    <>
      <table className="abtest-table" aria-label="Lifts over the control">
        <thead>
          <tr>
            {columns.map((c) =>
              c.id === 'absolute' ? (
                <SortTh key={c.id} column={c} sort={sort} onSort={toggle}>
                  <span title={view.metric === 'revenue' ? 'B − A in revenue per search' : 'B − A in percentage points'}>Absolute</span>
                </SortTh>
              ) : c.id === 'pAlways' ? (
                <SortTh key={c.id} column={c} sort={sort} onSort={toggle}>
                  p
                </SortTh>
              ) : (
                <SortTh key={c.id} column={c} sort={sort} onSort={toggle} />
              ),
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((l) => {
            const v = verdict(l, view.plan.reached);
            return (
              <tr key={l.variation}>
                <td>
                  <strong>{l.variation}</strong>
                </td>
                <td className={`n abtest-lift--${v.cls}`}>{signedPct(l.lift)}</td>
                <td
                  className="n"
                  title={`95%: ${signedAbs(view.metric, l.ci95Absolute[0], money)} … ${signedAbs(view.metric, l.ci95Absolute[1], money)}`}
                >
                  {signedAbs(view.metric, l.liftAbsolute, money)}
                </td>
                <td className="n">{range(l.ci95)}</td>
                <td className="n">{pText(l.p)}</td>
                <td className="n">{range(l.alwaysValid.ci)}</td>
                <td className="n">{pText(l.alwaysValid.p)}</td>
                <td className={`abtest-lift--${v.cls}`}>{v.text}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <TestCsv view={view} part="lifts" rows={rows} columns={exported} what="the lifts" />
    </>
  );
}

type Segment = AbReadoutView['segments'][number];

const SEGMENT_COLUMNS: TableColumn<Segment>[] = [
  { id: 'segment', label: 'Segment', value: (s) => s.segment || '(none)' },
  { id: 'variation', label: 'Variation', value: (s) => s.variation },
  { id: 'users', label: 'Users', value: (s) => s.users.control + s.users.variation, numeric: true },
  { id: 'lift', label: 'Lift', value: (s) => s.lift, numeric: true },
  { id: 'interval', label: '95% interval', value: (s) => s.ci95[0], numeric: true },
  { id: 'p', label: 'p', value: (s) => s.p, numeric: true },
  { id: 'pAdjusted', label: 'p, corrected', value: (s) => s.pAdjusted, numeric: true },
];

const SEGMENT_EXPORT: TableColumn<Segment>[] = [
  SEGMENT_COLUMNS[0]!,
  SEGMENT_COLUMNS[1]!,
  { id: 'control', label: 'users in the control', value: (s) => s.users.control },
  { id: 'users', label: 'users in the variation', value: (s) => s.users.variation },
  SEGMENT_COLUMNS[3]!,
  { id: 'low', label: 'ci95 low', value: (s) => s.ci95[0] },
  { id: 'high', label: 'ci95 high', value: (s) => s.ci95[1] },
  SEGMENT_COLUMNS[5]!,
  SEGMENT_COLUMNS[6]!,
  { id: 'significant', label: 'significant', value: (s) => String(s.significant) },
];

/** The lift per segment (a user's first search's), Holm-corrected over every segment and variation read; sortable, exportable. */
export function SegmentsTable({ view }: { view: AbReadoutView }) {
  const { rows, sort, toggle } = useTableSort(view.segments, SEGMENT_COLUMNS);
  if (!view.segments.length)
    return (
      <p className="small muted" data-testid="abtest-segments">
        No segment has 30 users in each variation: nothing to break down.
      </p>
    );
  return (
    <>
      <table className="abtest-table" aria-label="Lift by segment" data-testid="abtest-segments">
        <thead>
          <tr>
            {SEGMENT_COLUMNS.map((c) =>
              c.id === 'pAdjusted' ? (
                <SortTh key={c.id} column={c} sort={sort} onSort={toggle}>
                  <span title={`Holm's correction over the ${view.segments.length} comparisons: any false win stays at alpha`}>
                    p, corrected
                  </span>
                </SortTh>
              ) : (
                <SortTh key={c.id} column={c} sort={sort} onSort={toggle} />
              ),
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((s) => (
            <tr key={`${s.segment}\u0000${s.variation}`}>
              <td>{s.segment || <span className="muted">(none)</span>}</td>
              <td>{s.variation}</td>
              <td className="n">
                {int(s.users.control)} / {int(s.users.variation)}
              </td>
              <td className={`n abtest-lift--${s.significant ? (s.lift > 0 ? 'better' : 'worse') : 'unclear'}`}>{signedPct(s.lift)}</td>
              <td className="n">{range(s.ci95)}</td>
              <td className="n">{pText(s.p)}</td>
              <td className="n">
                {pText(s.pAdjusted)}
                {s.significant ? <span className="badge">significant</span> : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <TestCsv view={view} part="segments" rows={rows} columns={SEGMENT_EXPORT} what="the lift by segment" />
    </>
  );
}
