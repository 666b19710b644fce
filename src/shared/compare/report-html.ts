import { movementOf } from '../diff/ranking';
import { KIND_WORDS } from './kinds';
import { METRIC_NAMES, type MetricName } from '../metrics/quality';
import { formatP, metricLabel, qualitySentence, ratingsCountedText, sideNames, type BatchQuality } from './quality';
import { queryStatus, redirectChange, shownMetrics, summarize, triageOrder, type BatchSummary } from './summary';
import type { BatchDefinition, BatchResult, SideSpec, TopItem } from './types';
import { escapeHtml, reportHead } from '../text/html';
import type { ReportAddition, ReportContext } from './reports';

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

const esc = escapeHtml;
const pct = (x: number | null) => (x === null ? '—' : `${(x * 100).toFixed(1)}%`);
const num = (x: number | null, digits = 3) => (x === null ? '—' : x.toFixed(digits));
const ms = (x: number | null) => (x === null ? '—' : `${x.toFixed(1)} ms`);

function histogramSvg(summary: BatchSummary): string {
  const { bins, edges } = summary.change;
  const max = Math.max(1, ...bins);
  const w = 560;
  const h = 180;
  const pad = 28;
  const bw = (w - pad * 2) / bins.length;
  const bars = bins
    .map((b, i) => {
      const bh = ((h - pad * 2) * b) / max;
      const x = pad + i * bw;
      const y = h - pad - bh;
      return `<rect x="${x + 2}" y="${y}" width="${bw - 4}" height="${bh}" class="bar"><title>${b} quer${b === 1 ? 'y' : 'ies'} with 1 − RBO in [${edges[i]}, ${edges[i + 1]})</title></rect>${
        b ? `<text x="${x + bw / 2}" y="${y - 4}" class="val">${b}</text>` : ''
      }`;
    })
    .join('');
  const ticks = edges
    .filter((_, i) => i % 2 === 0)
    .map((e) => `<text x="${pad + (e as number) * (w - pad * 2)}" y="${h - 8}" class="tick">${e}</text>`)
    .join('');
  return `<svg viewBox="0 0 ${w} ${h}" role="img" aria-label="Histogram of 1 − RBO over compared queries">${bars}<line x1="${pad}" y1="${h - pad}" x2="${w - pad}" y2="${h - pad}" class="axis"/>${ticks}</svg>`;
}

/** A and B as bars on one scale: `of` is the full bar (1 for rates, so 48% draws as 48%); the values are printed beside. */
function pairBars(label: string, a: number | null, b: number | null, format: (x: number | null) => string, of?: number): string {
  const max = of ?? (Math.max(a ?? 0, b ?? 0) || 1);
  const bar = (side: 'a' | 'b', v: number | null) =>
    `<div class="pair"><span class="side side-${side}">${side.toUpperCase()}</span><span class="track"><span class="fill fill-${side}" style="width:${((v ?? 0) / max) * 100}%"></span></span><span class="pv">${format(v)}</span></div>`;
  return `<div class="pairs"><div class="pairs-label">${esc(label)}</div>${bar('a', a)}${bar('b', b)}</div>`;
}

function topList(items: TopItem[], other: TopItem[], side: 'a' | 'b'): string {
  const rank = new Map(other.map((t, i) => [t.id, i + 1]));
  return `<ol class="top">${items
    .map((t, i) => {
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
      const cls = m.kind === 'same' ? '' : ` class="m-${m.kind}"`;
      return `<li${cls}><span class="t">${esc(t.title ?? t.id)}</span> <span class="id">${esc(t.id)}</span>${tag ? ` <span class="tag">${tag}</span>` : ''}</li>`;
    })
    .join('')}</ol>`;
}

/** A side's redirect in a report cell: its URL, "no redirect", or "no URL given". */
const redirectCell = (side: BatchResult['a']) =>
  side.redirect ? (side.redirect.url ?? `${side.redirect.name ?? 'a redirect'} (no URL given)`) : side.ok ? 'no redirect' : 'failed';

const signed = (x: number) => `${x > 0 ? '+' : x < 0 ? '−' : ''}${Math.abs(x).toFixed(3)}`;

/** The quality table: per metric A, B, B − A, p and the interval, significant rows marked, and the headline in words. */
function qualityHtml(quality: BatchQuality, definition: BatchDefinition, context: ReportContext): string {
  const judgments = context.judgments ?? definition.quality?.judgments;
  const limit = definition.base.options?.limit;
  const sides = sideNames(definition.sides);
  const rows = METRIC_NAMES.map((m: MetricName) => {
    const c = quality.metrics[m];
    const ci = c.ci95 ? `${signed(c.ci95[0])} … ${signed(c.ci95[1])}` : '—';
    return `<tr${c.significant ? ' class="sig"' : ''}><td>${esc(metricLabel(m, quality.k))}${c.significant ? ' <span class="mark" title="p &lt; 0.05">●</span>' : ''}</td><td class="n">${num(c.a)}</td><td class="n">${num(c.b)}</td><td class="n">${signed(c.delta)}</td><td class="n">${esc(formatP(c.p))}</td><td class="n">${ci}</td><td class="n">${c.wins} / ${c.losses} / ${c.ties}</td></tr>`;
  }).join('');
  const gate = context.gate
    ? `<p class="gate gate--${context.gate.verdict}"><strong>Gate ${esc(context.gate.gate)}: ${context.gate.verdict === 'failed' ? 'FAILED' : 'passed'}.</strong> ${esc(context.gate.line)}</p>`
    : '';
  return `<h2>Quality against ${esc(judgments?.name ?? 'the judgments')}</h2>
${gate}
<p class="sentence">${esc(qualitySentence('ndcg', quality.metrics.ndcg, quality.k, sides))}</p>
<table><thead><tr><th>Metric</th><th class="n">A</th><th class="n">B</th><th class="n">B − A</th><th class="n">p</th><th class="n">95% CI</th><th class="n">Wins / losses / ties</th></tr></thead><tbody>${rows}</tbody></table>
<p class="muted">Over ${quality.paired} judged queries both sides answered (${quality.unjudged} without a relevant judgment and ${quality.unpaired} with a failed side left out); k = ${quality.k}, gain ${esc(quality.gain)}, relevant from ${quality.threshold}; ratings counted: ${esc(ratingsCountedText(quality.ratings))}${limit !== undefined ? `; ${limit} items asked per query` : ''}${context.judgments?.sha256 ? `; judgments file sha256 ${esc(context.judgments.sha256)}` : ''}. p: paired two-sided randomization test (exact up to 16 queries, else 10,000 sign flips, seed 1); CI: 95% bootstrap percentile interval, 10,000 resamples. ● p &lt; 0.05.</p>`;
}

/**
 * A self-contained HTML report: no script, no external resource (its CSP
 * says so), light and dark by the reader's preference, charts as inline SVG.
 */
export function batchHtml(
  definition: BatchDefinition,
  results: readonly BatchResult[],
  options: { mostChanged?: number; quality?: BatchQuality; addition?: ReportAddition; context?: ReportContext } = {},
): string {
  const summary = summarize(results, definition.rows.length);
  const quality = options.quality;
  const ordered = [...results].sort(triageOrder);
  const changed = ordered.filter((r) => queryStatus(r) === 'compared' && r.metrics!.change > 0).slice(0, options.mostChanged ?? 20);
  const failed = results.filter((r) => !r.metrics);
  const redirected = ordered.filter((r) => queryStatus(r) === 'redirect');
  const { a, b } = definition.sides;
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
  return `${reportHead(`${definition.name} — Search Workbench comparison`, { images: true })}
<style>
:root{color-scheme:light dark;--bg:#f4f5f8;--fg:#1a1f29;--muted:#4f5868;--card:#fff;--border:#dfe3ea;--a:#2952cc;--b:#b4530a;--up:#17804a;--down:#c22b2b;--new:#0b6aa8}
@media (prefers-color-scheme:dark){:root{--bg:#0f1115;--fg:#e7e9ee;--muted:#a2aab8;--card:#161920;--border:#2b3140;--a:#7aa2ff;--b:#f2a25c;--up:#4fd18b;--down:#ff7b7b;--new:#6cc4ff}}
body{margin:0;font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:var(--bg);color:var(--fg)}
main{max-width:1100px;margin:0 auto;padding:24px}
h1{font-size:22px;margin:0 0 4px}h2{font-size:16px;margin:28px 0 10px}
.muted{color:var(--muted)}.sides{display:grid;grid-template-columns:1fr 1fr;gap:12px;margin-top:14px}
.card{background:var(--card);border:1px solid var(--border);border-radius:10px;padding:12px 14px}
.cards{display:grid;grid-template-columns:repeat(auto-fit,minmax(140px,1fr));gap:10px}
.card .k{font-size:11px;text-transform:uppercase;letter-spacing:.04em;color:var(--muted)}.card .v{font-size:20px;font-weight:600}
.side-a{color:var(--a);font-weight:700}.side-b{color:var(--b);font-weight:700}
.charts{display:grid;grid-template-columns:minmax(0,3fr) minmax(0,2fr);gap:12px}
svg{width:100%;height:auto}.bar{fill:var(--a)}.axis{stroke:var(--muted)}.tick,.val{font-size:11px;fill:var(--muted);text-anchor:middle}
.pairs{margin-bottom:12px}.pairs-label{font-weight:600;margin-bottom:4px}.pair{display:grid;grid-template-columns:18px 1fr 90px;gap:8px;align-items:center;margin:3px 0}
.track{background:var(--border);height:10px;border-radius:5px;overflow:hidden}.fill{display:block;height:100%}.fill-a{background:var(--a)}.fill-b{background:var(--b)}.pv{text-align:right;font-variant-numeric:tabular-nums}
table{width:100%;border-collapse:collapse;background:var(--card);border:1px solid var(--border);border-radius:10px;overflow:hidden}
th,td{text-align:left;padding:6px 10px;border-bottom:1px solid var(--border);vertical-align:top}th{font-size:11px;text-transform:uppercase;letter-spacing:.04em;color:var(--muted)}
td.n,th.n{text-align:right;font-variant-numeric:tabular-nums}
.query{margin:14px 0;padding:12px 14px}.query h3{margin:0 0 6px;font-size:15px}.cols{display:grid;grid-template-columns:1fr 1fr;gap:16px}
ol.top{margin:0;padding-left:22px}ol.top li{margin:2px 0}.t{font-weight:500}.id{color:var(--muted);font-size:12px}.tag{font-size:11px;font-weight:700}
.sig td{font-weight:600}.sig .mark{color:var(--up)}.gate{padding:6px 10px;border-radius:6px;border:1px solid var(--line)}.gate--failed{border-color:var(--down);color:var(--down)}.sentence{font-size:15px;margin:6px 0 10px}
.m-up .tag{color:var(--up)}.m-down .tag{color:var(--down)}.m-new .tag{color:var(--new)}.m-dropped .tag{color:var(--muted)}
footer{margin:32px 0 8px;font-size:12px}
</style>
</head>
<body>
<main>
<h1>${esc(definition.name)}</h1>
<div class="muted">${esc(words.title)} · ${esc(summary.total)} ${words.rows} · created ${esc(definition.createdAt)} · Search Workbench comparison report</div>
<div class="sides">
<div class="card"><span class="side-a">A</span> ${esc(a.label)}<div class="muted">${esc(describeSide(a))}</div></div>
<div class="card"><span class="side-b">B</span> ${esc(b.label)}<div class="muted">${esc(describeSide(b))}</div></div>
</div>
${quality ? qualityHtml(quality, definition, options.context ?? {}) : ''}
${options.addition?.html ?? ''}
<h2>Summary</h2>
<div class="cards">${cards.map(([k, v]) => `<div class="card"><div class="k">${esc(k)}</div><div class="v">${esc(v)}</div></div>`).join('')}</div>
<div class="charts" style="margin-top:12px">
<div class="card"><div class="pairs-label">How much each ${words.row} changed (1 − RBO)</div>${histogramSvg(summary)}</div>
<div class="card">
${pairBars(kind === 'search' ? 'Zero-result rate' : `${words.zero} rate`, summary.zeroRateA, summary.zeroRateB, pct, 1)}
${pairBars('Latency p50', summary.latency.a.p50, summary.latency.b.p50, ms)}
${pairBars('Latency p95', summary.latency.a.p95, summary.latency.b.p95, ms)}
</div>
</div>
<h2>Most changed ${words.rows}</h2>
${
  changed.length
    ? changed
        .map(
          (
            r,
          ) => `<section class="card query"><h3>${esc(r.query)}</h3><div class="muted">RBO ${num(r.metrics!.rbo)} · overlap@10 ${pct(r.metrics!.overlap10)} · ${words.count} ${esc(r.a.count ?? '—')} → ${esc(r.b.count ?? '—')}${r.metrics!.top1Changed ? ' · top result changed' : ''}</div>
<div class="cols"><div><div class="side-a">A · top 10</div>${topList(r.a.top, r.b.top, 'a')}</div><div><div class="side-b">B · top 10</div>${topList(r.b.top, r.a.top, 'b')}</div></div></section>`,
        )
        .join('\n')
    : `<p class="muted">No ${words.row} changed: both sides ranked every ${words.row} the same.</p>`
}
${
  failed.length
    ? `<h2>Failed ${words.rows} (${failed.length})</h2><table><thead><tr><th>#</th><th>${Row}</th><th>A</th><th>B</th></tr></thead><tbody>${failed
        .map(
          (r) =>
            `<tr><td class="n">${r.index + 1}</td><td>${esc(r.query)}</td><td>${esc(r.a.error?.message ?? 'ok')}</td><td>${esc(r.b.error?.message ?? 'ok')}</td></tr>`,
        )
        .join('')}</tbody></table>`
    : ''
}
${
  redirected.length
    ? `<h2>Redirects (${redirected.length})</h2><p class="muted">A redirect is an answer, not a ranking: its URL is compared instead, and the query is left out of every change measure.</p><table><thead><tr><th>#</th><th>Query</th><th>A redirects to</th><th>B redirects to</th><th>Redirect</th></tr></thead><tbody>${redirected
        .map(
          (r) =>
            `<tr><td class="n">${r.index + 1}</td><td>${esc(r.query)}</td><td>${esc(redirectCell(r.a))}</td><td>${esc(redirectCell(r.b))}</td><td>${esc(redirectChange(r))}</td></tr>`,
        )
        .join('')}</tbody></table>`
    : ''
}
<h2>All ${words.rows}</h2>
<table><thead><tr><th>#</th><th>${Row}</th><th>RBO</th><th>Overlap@10</th><th>Top 1</th><th>Count A</th><th>Count B</th><th>A ms</th><th>B ms</th></tr></thead><tbody>
${ordered
  .map((r) => {
    const m = shownMetrics(r);
    const status = queryStatus(r);
    const top = status === 'compared' ? (m!.top1Changed ? 'changed' : 'same') : status;
    return `<tr><td class="n">${r.index + 1}</td><td>${esc(r.query)}</td><td class="n">${num(m?.rbo ?? null)}</td><td class="n">${pct(m?.overlap10 ?? null)}</td><td>${top}</td><td class="n">${esc(r.a.count ?? '—')}</td><td class="n">${esc(r.b.count ?? '—')}</td><td class="n">${ms(r.a.ms)}</td><td class="n">${ms(r.b.ms)}</td></tr>`;
  })
  .join('\n')}
</tbody></table>
<footer class="muted">${summary.bothEmpty ? `${summary.bothEmpty} ${summary.bothEmpty === 1 ? 'query was' : 'queries were'} empty on both sides: nothing to compare, so they are left out of every change measure (shown —). ` : ''}${summary.redirects.total ? `${summary.redirects.total} ${summary.redirects.total === 1 ? 'query' : 'queries'} answered with a redirect: compared by URL, and left out of every change measure too. ` : ''}RBO: rank-biased overlap, p = 0.9, extrapolated (Webber, Moffat &amp; Zobel, 2010): 1 means the same ranking, 0 nothing in common. Overlap@k: the share of the top k both sides hold.</footer>
</main>
</body>
</html>
`;
}
