import {
  KIND_WORDS,
  batchQuality,
  formatP,
  metricLabel,
  qualitySentence,
  ratingsCountedText,
  weightText,
  sideNames,
  type BatchQuality,
  summarize,
  type BatchDefinition,
  type BatchResult,
  type SideSpec,
  type TrafficSection,
} from '../shared/compare';
import { extname } from 'node:path';
import { METRIC_NAMES } from '../shared/metrics';
import type { BaselineRun, GateSpec } from '../shared/runs';
import { batchReportPieces } from '../main/services/compare';
import { SHARED_FILE_MODE, writePiecesAtomically } from '../main/services/storage';
import { EXIT, UsageError, type CliIo } from './command';
import { runGate } from './gate-options';
import type { QualityChoice } from './side-options';

/** The quality summary as a short table for the terminal, significant rows marked, under the settings it was measured with. */
function qualityTable(q: BatchQuality, sides: { a: SideSpec; b: SideSpec }, settings: string): string[] {
  const head = `quality (${settings}; ${q.paired} judged queries both sides answered)`;
  const cols = (c: string[]) => c.map((x, i) => (i === 0 ? x.padEnd(12) : x.padStart(i === 5 ? 20 : 9))).join(' ');
  const sign = (x: number) => `${x >= 0 ? '+' : '−'}${Math.abs(x).toFixed(3)}`;
  const rows = METRIC_NAMES.map((m) => {
    const c = q.metrics[m];
    return cols([
      metricLabel(m, q.k),
      c.a.toFixed(3),
      c.b.toFixed(3),
      sign(c.delta),
      formatP(c.p),
      c.ci95 ? `${sign(c.ci95[0])} … ${sign(c.ci95[1])}` : '—',
      `${c.wins}/${c.losses}/${c.ties}${c.significant ? ' *' : ''}`,
    ]);
  });
  return [
    head,
    cols(['metric', 'A', 'B', 'B − A', 'p', '95% CI', 'W/L/T']),
    ...rows,
    qualitySentence('ndcg', q.metrics.ndcg, q.k, sideNames(sides)),
    '* p < 0.05',
  ];
}

/** The settings a quality figure was measured with, in words: the list (and its hash), k, gain, threshold, ratings, page size. */
export function settingsText(q: BatchQuality, judgments: { name: string; sha256: string }, limit: number | undefined): string {
  return `against ${judgments.name} (sha256 ${judgments.sha256.slice(0, 12)}…), k = ${q.k}, ${q.gain} gain, relevant from ${q.threshold}, ${ratingsCountedText(q.ratings)}, ${weightText(q.weight)}${limit !== undefined ? `, ${limit} items asked per query` : ''}`;
}

/** The report's format, from --out's extension. */
export function reportFormat(out: string | undefined): RunReportOptions['format'] {
  if (out === undefined) return undefined;
  const format = extname(out).toLowerCase().slice(1);
  if (format !== 'html' && format !== 'csv' && format !== 'json')
    throw new UsageError('--out must end in .html, .csv or .json: the format follows the extension.');
  return format;
}

export interface RunReportOptions {
  quality: QualityChoice | undefined;
  gate: GateSpec | undefined;
  baseline: BaselineRun | undefined;
  out: string | undefined;
  format: 'html' | 'csv' | 'json' | undefined;
  /** B − A on the shopper traffic (`--traffic`), for the report's On traffic section. */
  traffic?: TrafficSection;
}

/**
 * What compare (and merge) say of a finished run: the summary on stdout, quality with judgments, the report to
 * --out, then the gate. Answers the exit code: 3 when every query failed, 1 when the gate failed, else 0.
 */
export async function reportRun(
  run: { definition: BatchDefinition; results: BatchResult[] },
  options: RunReportOptions,
  io: CliIo,
): Promise<number> {
  const { definition, results } = run;
  const { quality, gate, out, format } = options;
  const s = summarize(results, definition.rows.length);
  const f = (x: number | null, d = 3) => (x === null ? '—' : x.toFixed(d));
  const measured = s.compared - s.bothEmpty - s.redirects.total;
  const kind = definition.kind ?? 'search';
  const w = KIND_WORDS[kind];
  const judged = quality ? batchQuality(results, definition.rows, quality.index, quality.config) : undefined;
  const limit = definition.base.options?.limit;
  const settings = judged && quality ? settingsText(judged, quality.judgments, limit) : '';
  io.stdout(
    [
      `${definition.name}${kind === 'search' ? '' : ` (${w.title.toLowerCase()})`}: ${s.compared} of ${s.total} ${w.rows} compared, ${s.failed} failed, ${s.bothEmpty} empty on both sides${kind === 'search' ? `, ${s.redirects.total} redirect${s.redirects.total === 1 ? '' : 's'}${s.redirects.total ? ` (${s.redirects.same} same, ${s.redirects.changed} changed, ${s.redirects.oneSide} on one side only)` : ''}` : ''}`,
      measured > 0
        ? `mean RBO ${f(s.meanRbo)} · median ${f(s.medianRbo)} · top ${kind === 'autocomplete' ? 'suggestion' : 'result'} changed in ${s.top1Changed} (over the ${measured} ${measured === 1 ? w.row : w.rows} with two rankings to compare)`
        : `no ${w.row} had rankings on both sides to compare: no RBO, Jaccard or Kendall mean`,
      `${w.zero.toLowerCase()}: A ${f(s.zeroRateA === null ? null : s.zeroRateA * 100, 1)}% · B ${f(s.zeroRateB === null ? null : s.zeroRateB * 100, 1)}%`,
      `latency p50/p95: A ${f(s.latency.a.p50, 1)}/${f(s.latency.a.p95, 1)} ms · B ${f(s.latency.b.p50, 1)}/${f(s.latency.b.p95, 1)} ms`,
      ...(judged ? qualityTable(judged, definition.sides, settings) : []),
    ].join('\n'),
  );
  // The gate is decided before the report is written, so the report says what was decided.
  const decided =
    gate && judged && quality ? runGate(gate, { definition, results, quality: judged }, quality, options.baseline) : undefined;
  if (out && format) {
    const context = {
      ...(quality ? { judgments: { name: quality.judgments.name, sha256: quality.judgments.sha256 } } : {}),
      ...(decided ? { gate: decided } : {}),
      ...(options.traffic ? { traffic: options.traffic } : {}),
    };
    await writePiecesAtomically(out, batchReportPieces(definition, results, format, judged, null, context), { mode: SHARED_FILE_MODE });
    io.stdout(`report: ${out}`);
  }
  if (decided) io.stdout(decided.line);
  if (s.total > 0 && s.failed === s.total) return EXIT.couldNotRun;
  return decided?.verdict === 'failed' ? EXIT.failed : EXIT.ok;
}
