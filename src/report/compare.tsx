import type { ReactElement, ReactNode } from 'react';
import { movementOf } from '../shared/diff';
import {
  type BatchDefinition,
  type BatchQuality,
  type BatchResult,
  type BatchSummary,
  KIND_WORDS,
  queryStatus,
  redirectChange,
  type ReportAddition,
  type ReportContext,
  shownMetrics,
  type SideSpec,
  summarize,
  type TopItem,
  triageOrder,
} from '../shared/compare';
import { renderReport, ReportPage } from './page';
import { TrafficReportSection } from './compare-traffic';
import { QualitySection } from './compare-quality';

/** What another capability adds to a batch's reports, with its section of the HTML report (placed after the quality table). */
export interface HtmlAddition extends ReportAddition {
  section: ReactElement;
}

/** What a report says about a side: its label and the overrides that make it that side. */
function describeSide(side: SideSpec): string {
  const o = side.overrides;
  const parts: string[] = [];
  if (o.configurationId) parts.push(`configuration ${o.configurationId}`);
  if (o.options?.filter) parts.push(`filter ${o.options.filter}`);
  if (o.options?.sortBy?.length) parts.push(`sort ${o.options.sortBy.map((s) => `${s.attribute} ${s.order ?? 'asc'}`).join(', ')}`);
  if (o.context?.variables && Object.keys(o.context.variables).length) parts.push(`variables ${JSON.stringify(o.context.variables)}`);
  if (side.baseUrl) parts.push(side.baseUrl);
  return parts.length ? parts.join(' · ') : 'tenant default';
}

const pct = (x: number | null) => (x === null ? '—' : `${(x * 100).toFixed(1)}%`);
const num = (x: number | null, digits = 3) => (x === null ? '—' : x.toFixed(digits));
const ms = (x: number | null) => (x === null ? '—' : `${x.toFixed(1)} ms`);
const dash = (x: number | null | undefined) => (x === null || x === undefined ? '—' : String(x));

function Histogram({ summary }: { summary: BatchSummary }) {
  const { bins, edges } = summary.change;
  const max = Math.max(1, ...bins);
  const [w, h, pad] = [560, 180, 28];
  const bw = (w - pad * 2) / bins.length;
  return (
    <svg viewBox={`0 0 ${w} ${h}`} role="img" aria-label="Histogram of 1 − RBO over compared queries">
      {bins.map((b, i) => {
        const bh = ((h - pad * 2) * b) / max;
        const x = pad + i * bw;
        const y = h - pad - bh;
        return (
          <g key={i}>
            <rect x={x + 2} y={y} width={bw - 4} height={bh} className="bar">
              <title>{`${b} quer${b === 1 ? 'y' : 'ies'} with 1 − RBO in [${edges[i]}, ${edges[i + 1]})`}</title>
            </rect>
            {b ? (
              <text x={x + bw / 2} y={y - 4} className="val">
                {b}
              </text>
            ) : null}
          </g>
        );
      })}
      <line x1={pad} y1={h - pad} x2={w - pad} y2={h - pad} className="axis" />
      {edges
        .filter((_, i) => i % 2 === 0)
        .map((e) => (
          <text key={e} x={pad + (e as number) * (w - pad * 2)} y={h - 8} className="tick">
            {e}
          </text>
        ))}
    </svg>
  );
}

/** A and B as bars on one scale: `of` is the full bar (1 for rates, so 48% draws as 48%); the values are printed beside. */
function PairBars(props: { label: string; a: number | null; b: number | null; format: (x: number | null) => string; of?: number }) {
  const max = props.of ?? (Math.max(props.a ?? 0, props.b ?? 0) || 1);
  return (
    <div className="pairs">
      <div className="pairs-label">{props.label}</div>
      {(['a', 'b'] as const).map((side) => (
        <div key={side} className="pair">
          <span className={`side side-${side}`}>{side.toUpperCase()}</span>
          <span className="track">
            <span className={`fill fill-${side}`} style={{ width: `${((props[side] ?? 0) / max) * 100}%` }} />
          </span>
          <span className="pv">{props.format(props[side])}</span>
        </div>
      ))}
    </div>
  );
}

function TopList({ items, other, side }: { items: TopItem[]; other: TopItem[]; side: 'a' | 'b' }) {
  const rank = new Map(other.map((t, i) => [t.id, i + 1]));
  return (
    <ol className="top">
      {items.map((t, i) => {
        const o = rank.get(t.id) ?? null;
        const m = side === 'a' ? movementOf(i + 1, o) : movementOf(o, i + 1);
        // Only the top 10 of each side is in the report: "out of/new in" the other's top 10, not of its whole answer.
        const tag =
          m.kind === 'new'
            ? 'new in top 10'
            : m.kind === 'dropped'
              ? 'out of top 10'
              : m.kind === 'up'
                ? `▲${m.by}`
                : m.kind === 'down'
                  ? `▼${m.by}`
                  : '';
        return (
          <li key={t.id} className={m.kind === 'same' ? undefined : `m-${m.kind}`}>
            <span className="t">{t.title ?? t.id}</span> <span className="id">{t.id}</span>
            {tag ? (
              <>
                {' '}
                <span className="tag">{tag}</span>
              </>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}

/** A side's redirect in a report cell: its URL, "no redirect", or "no URL given". */
const redirectCell = (side: BatchResult['a']) =>
  side.redirect ? (side.redirect.url ?? `${side.redirect.name ?? 'a redirect'} (no URL given)`) : side.ok ? 'no redirect' : 'failed';

const CSS = `.sides{display:grid;grid-template-columns:1fr 1fr;gap:12px;margin-top:14px}
.card{background:var(--surface);border:1px solid var(--border);border-radius:var(--radius-lg);padding:12px 14px}
.cards{display:grid;grid-template-columns:repeat(auto-fit,minmax(140px,1fr));gap:10px}
.card .k{font-size:11px;text-transform:uppercase;letter-spacing:.04em;color:var(--muted)}.card .v{font-size:20px;font-weight:600}
.side-a{color:var(--side-a);font-weight:700}.side-b{color:var(--side-b);font-weight:700}
.charts{display:grid;grid-template-columns:minmax(0,3fr) minmax(0,2fr);gap:12px;margin-top:12px}
svg{width:100%;height:auto}.bar{fill:var(--side-a)}.axis{stroke:var(--muted)}.tick,.val{font-size:11px;fill:var(--muted);text-anchor:middle}
.pairs{margin-bottom:12px}.pairs-label{font-weight:600;margin-bottom:4px}.pair{display:grid;grid-template-columns:18px 1fr 90px;gap:8px;align-items:center;margin:3px 0}
.track{background:var(--border);height:10px;border-radius:5px;overflow:hidden}.fill{display:block;height:100%}.fill-a{background:var(--side-a)}.fill-b{background:var(--side-b)}.pv{text-align:right;font-variant-numeric:tabular-nums}
table{width:100%;border-collapse:collapse;background:var(--surface);border:1px solid var(--border);border-radius:var(--radius-lg);overflow:hidden}
th,td{border-bottom:1px solid var(--border)}th{font-size:11px;text-transform:uppercase;letter-spacing:.04em;color:var(--muted)}
td.n,th.n{text-align:right}
.query{margin:14px 0;padding:12px 14px}.query h3{margin:0 0 6px;font-size:15px}.cols{display:grid;grid-template-columns:1fr 1fr;gap:16px}
ol.top{margin:0;padding-left:22px}ol.top li{margin:2px 0}.t{font-weight:500}.id{color:var(--muted);font-size:12px}.tag{font-size:11px;font-weight:700}
.sig td{font-weight:600}.sig .mark{color:var(--success)}.gate{padding:6px 10px;border-radius:6px;border:1px solid var(--border)}.gate--failed{border-color:var(--danger);color:var(--danger)}.sentence{font-size:15px;margin:6px 0 10px}
.m-up .tag{color:var(--success)}.m-down .tag{color:var(--danger)}.m-new .tag{color:var(--info)}.m-dropped .tag{color:var(--muted)}
footer{margin:32px 0 8px;font-size:12px}`;

interface BatchReportProps {
  definition: BatchDefinition;
  results: readonly BatchResult[];
  mostChanged?: number;
  quality?: BatchQuality;
  addition?: HtmlAddition;
  context?: ReportContext;
}

/** A comparison's report: the sides, quality, what another capability adds, the summary, the most changed rows and every row. */
function BatchReport({ definition, results, mostChanged = 20, quality, addition, context = {} }: BatchReportProps) {
  const summary = summarize(results, definition.rows.length);
  const ordered = [...results].sort(triageOrder);
  const changed = ordered.filter((r) => queryStatus(r) === 'compared' && r.metrics!.change > 0).slice(0, mostChanged);
  const failed = results.filter((r) => !r.metrics);
  const redirected = ordered.filter((r) => queryStatus(r) === 'redirect');
  const kind = definition.kind ?? 'search';
  const words = KIND_WORDS[kind];
  const Rows = words.rows[0]!.toUpperCase() + words.rows.slice(1);
  const Row = words.row[0]!.toUpperCase() + words.row.slice(1);
  const cards: [string, string][] = [
    [Rows, `${summary.total}`],
    ['Compared', `${summary.compared}`],
    ['Failed', `${summary.failed}`],
    ['Empty on both sides', `${summary.bothEmpty}`],
    [
      'Redirects',
      `${summary.redirects.total}${summary.redirects.total ? ` (${summary.redirects.changed + summary.redirects.oneSide} changed)` : ''}`,
    ],
    ['Mean RBO', num(summary.meanRbo)],
    ['Median RBO', num(summary.medianRbo)],
    ['Mean overlap@10', pct(summary.meanOverlap10)],
    ['Top result changed', `${summary.top1Changed}`],
  ];
  const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  return (
    <ReportPage title={`${definition.name} — Search Workbench comparison`} images css={CSS}>
      <h1>{definition.name}</h1>
      <div className="muted">{`${words.title} · ${summary.total} ${words.rows} · created ${definition.createdAt} · Search Workbench comparison report`}</div>
      <div className="sides">
        {(['a', 'b'] as const).map((side) => (
          <div key={side} className="card">
            <span className={`side-${side}`}>{side.toUpperCase()}</span> {definition.sides[side].label}
            <div className="muted">{describeSide(definition.sides[side])}</div>
          </div>
        ))}
      </div>
      {quality ? <QualitySection quality={quality} definition={definition} context={context} /> : null}
      {context.traffic ? <TrafficReportSection traffic={context.traffic} /> : null}
      {addition?.section ?? null}
      <h2>Summary</h2>
      <div className="cards">
        {cards.map(([k, v]) => (
          <div key={k} className="card">
            <div className="k">{k}</div>
            <div className="v">{v}</div>
          </div>
        ))}
      </div>
      <div className="charts">
        <div className="card">
          <div className="pairs-label">{`How much each ${words.row} changed (1 − RBO)`}</div>
          <Histogram summary={summary} />
        </div>
        <div className="card">
          <PairBars
            label={kind === 'search' ? 'Zero-result rate' : `${words.zero} rate`}
            a={summary.zeroRateA}
            b={summary.zeroRateB}
            format={pct}
            of={1}
          />
          <PairBars label="Latency p50" a={summary.latency.a.p50} b={summary.latency.b.p50} format={ms} />
          <PairBars label="Latency p95" a={summary.latency.a.p95} b={summary.latency.b.p95} format={ms} />
        </div>
      </div>
      <h2>{`Most changed ${words.rows}`}</h2>
      {changed.length ? (
        changed.map((r) => (
          <section key={r.index} className="card query">
            <h3>{r.query}</h3>
            <div className="muted">
              {`RBO ${num(r.metrics!.rbo)} · overlap@10 ${pct(r.metrics!.overlap10)} · ${words.count} ${dash(r.a.count)} → ${dash(r.b.count)}${r.metrics!.top1Changed ? ' · top result changed' : ''}`}
            </div>
            <div className="cols">
              <div>
                <div className="side-a">A · top 10</div>
                <TopList items={r.a.top} other={r.b.top} side="a" />
              </div>
              <div>
                <div className="side-b">B · top 10</div>
                <TopList items={r.b.top} other={r.a.top} side="b" />
              </div>
            </div>
          </section>
        ))
      ) : (
        <p className="muted">{`No ${words.row} changed: both sides ranked every ${words.row} the same.`}</p>
      )}
      {failed.length ? (
        <>
          <h2>{`Failed ${words.rows} (${failed.length})`}</h2>
          <Table head={['#', Row, 'A', 'B']}>
            {failed.map((r) => (
              <tr key={r.index}>
                <td className="n">{r.index + 1}</td>
                <td>{r.query}</td>
                <td>{r.a.error?.message ?? 'ok'}</td>
                <td>{r.b.error?.message ?? 'ok'}</td>
              </tr>
            ))}
          </Table>
        </>
      ) : null}
      {redirected.length ? (
        <>
          <h2>{`Redirects (${redirected.length})`}</h2>
          <p className="muted">
            A redirect is an answer, not a ranking: its URL is compared instead, and the query is left out of every change measure.
          </p>
          <Table head={['#', 'Query', 'A redirects to', 'B redirects to', 'Redirect']}>
            {redirected.map((r) => (
              <tr key={r.index}>
                <td className="n">{r.index + 1}</td>
                <td>{r.query}</td>
                <td>{redirectCell(r.a)}</td>
                <td>{redirectCell(r.b)}</td>
                <td>{redirectChange(r)}</td>
              </tr>
            ))}
          </Table>
        </>
      ) : null}
      <h2>{`All ${words.rows}`}</h2>
      <Table head={['#', Row, 'RBO', 'Overlap@10', 'Top 1', 'Count A', 'Count B', 'A ms', 'B ms']}>
        {ordered.map((r) => {
          const m = shownMetrics(r);
          const status = queryStatus(r);
          return (
            <tr key={r.index}>
              <td className="n">{r.index + 1}</td>
              <td>{r.query}</td>
              <td className="n">{num(m?.rbo ?? null)}</td>
              <td className="n">{pct(m?.overlap10 ?? null)}</td>
              <td>{status === 'compared' ? (m!.top1Changed ? 'changed' : 'same') : status}</td>
              <td className="n">{dash(r.a.count)}</td>
              <td className="n">{dash(r.b.count)}</td>
              <td className="n">{ms(r.a.ms)}</td>
              <td className="n">{ms(r.b.ms)}</td>
            </tr>
          );
        })}
      </Table>
      <footer className="muted">
        {summary.bothEmpty
          ? `${plural(summary.bothEmpty, 'query was', 'queries were')} empty on both sides: nothing to compare, so they are left out of every change measure (shown —). `
          : ''}
        {summary.redirects.total
          ? `${plural(summary.redirects.total, 'query', 'queries')} answered with a redirect: compared by URL, and left out of every change measure too. `
          : ''}
        RBO: rank-biased overlap, p = 0.9, extrapolated (Webber, Moffat & Zobel, 2010): 1 means the same ranking, 0 nothing in common.
        Overlap@k: the share of the top k both sides hold.
      </footer>
    </ReportPage>
  );
}

function Table({ head, children }: { head: string[]; children: ReactNode }) {
  return (
    <table>
      <thead>
        <tr>
          {head.map((h) => (
            <th key={h}>{h}</th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}

/**
 * A self-contained HTML report: no script, no external resource (its CSP
 * says so), light and dark by the reader's preference, charts as inline SVG.
 */
export function batchHtml(
  definition: BatchDefinition,
  results: readonly BatchResult[],
  options: { mostChanged?: number; quality?: BatchQuality; addition?: HtmlAddition; context?: ReportContext } = {},
): string {
  return renderReport(<BatchReport definition={definition} results={results} {...options} />);
}
