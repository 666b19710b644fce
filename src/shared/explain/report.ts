import { describeDifference, type Difference, type NotAttributed } from './differences';
import {
  byPart,
  formatShare,
  type ExplainLeftOut,
  type ExplainMeasure,
  type QueryExplanation,
  type QueryPart,
  type SetExplanation,
} from './explain';

/** What a run of an explanation holds: the parts a report is made of. */
export interface ExplainRunView {
  measure: ExplainMeasure;
  differences: Difference[];
  notAttributed: NotAttributed[];
  exact: boolean;
  permutations: number;
  requests: number;
  sent: number;
  reused: number;
  queries: { index: number; query: string; explanation: QueryExplanation | null; error?: string }[];
  set: SetExplanation | null;
  stopped: boolean;
}

export interface ReportDifference extends Difference {
  phi: number;
  share: number | null;
  stderr?: number | null;
  ci95?: [number, number] | null;
  top?: QueryPart[];
}

/** The explanation as the command line prints it (JSON) and the app exports it. */
export interface ExplainReport {
  measure: ExplainMeasure;
  total: number | null;
  totalCi95?: [number, number] | null;
  differences: ReportDifference[];
  notAttributed: NotAttributed[];
  /** Distinct requests of the explanation, sides A and B included. */
  requests: number;
  /** Queries explained. */
  queries: number;
  exact: boolean;
  permutations?: number;
  leftOut?: ExplainLeftOut;
  note?: string;
}

/**
 * One query: its φ per difference (largest part first) and the whole change; a query set: the mean φ with its
 * interval and the queries where each mattered most.
 */
export function explainReport(run: ExplainRunView): ExplainReport {
  const tail = {
    notAttributed: run.notAttributed,
    requests: run.requests,
    exact: run.exact,
    ...(run.exact ? {} : { permutations: run.permutations }),
  };
  if (run.differences.length === 0)
    return { measure: run.measure, total: 0, differences: [], ...tail, queries: run.queries.length, note: 'nothing to explain' };
  if (run.set) {
    const { set } = run;
    return {
      measure: run.measure,
      total: set.total,
      totalCi95: set.totalCi95,
      differences: byPart(set.differences),
      ...tail,
      queries: set.queries,
      leftOut: set.leftOut,
    };
  }
  const only = run.queries[0]?.explanation ?? null;
  return {
    measure: run.measure,
    total: only?.total ?? null,
    differences: only ? byPart(only.differences) : [],
    ...tail,
    queries: only ? 1 : 0,
  };
}

/** One query of an explained query set: its whole change and each difference's φ, by difference name. */
export interface ExplainedQuery {
  index: number;
  query: string;
  total: number;
  phi: Record<string, number>;
}

/** An explanation of a query set as kept with its batch: the report, and each query's values for the CSV. */
export interface KeptExplanation extends ExplainReport {
  perQuery?: ExplainedQuery[];
}

/** The CSV's explanation columns: the whole change, then each difference's φ, for one query (blank when unexplained). */
export function explanationColumns(explanation: KeptExplanation): { header: string[]; row: (index: number) => (number | null)[] } {
  const names = explanation.differences.map((d) => d.name);
  const byIndex = new Map((explanation.perQuery ?? []).map((q) => [q.index, q]));
  return {
    header: [`explain_${explanation.measure}_total`, ...names.map((n) => `phi_${n}`)],
    row: (index) => {
      const q = byIndex.get(index);
      return [q?.total ?? null, ...names.map((n) => q?.phi[n] ?? null)];
    },
  };
}

/** Each explained query's values, for the CSV's columns. */
export function perQueryOf(run: Pick<ExplainRunView, 'queries'>): ExplainedQuery[] {
  return run.queries.flatMap((q) =>
    q.explanation
      ? [
          {
            index: q.index,
            query: q.query,
            total: q.explanation.total,
            phi: Object.fromEntries(q.explanation.differences.map((d) => [d.name, d.phi])),
          },
        ]
      : [],
  );
}

/** Parts that add up to a whole this many times smaller than themselves nearly cancel: their shares mean little. */
const CANCELLING = 3;
const signed = (x: number) => `${x < 0 ? '−' : ''}${Math.abs(x).toFixed(3)}`;

/**
 * Why the change is too small to share out, or null: over a query set, a 95% interval of the whole change that holds
 * 0 (it may be no change at all); for any whole, parts that pull both ways and nearly cancel (their sizes add up to
 * three times the whole or more: a 0.006 change split as 286% and −186%). Then no share is given, only each φ.
 */
export function changeIsNoise(report: Pick<ExplainReport, 'differences' | 'total' | 'totalCi95'>): string | null {
  const total = report.total;
  if (!total) return null;
  const ci = report.totalCi95;
  if (ci && ci[0] <= 0 && ci[1] >= 0)
    return `The whole change, ${signed(total)} (95% CI ${signed(ci[0])} … ${signed(ci[1])}), is within noise: it may be no change at all, so it is not shared out — each difference's φ is below.`;
  const parts = report.differences.reduce((sum, d) => sum + Math.abs(d.phi), 0);
  if (parts >= CANCELLING * Math.abs(total))
    return `The differences pull both ways and nearly cancel (parts adding up to ${parts.toFixed(3)} against a whole change of ${signed(total)}): shares of so small a whole are not meaningful — each difference's φ is below.`;
  return null;
}

/** "configuration default → bestsellers: 71% of the change · segment = premium: 24% · filter: 5%". */
export function explanationSentence(report: Pick<ExplainReport, 'differences' | 'total' | 'totalCi95'>): string {
  if (report.differences.length === 0) return 'Nothing to explain: the sides do not differ in any attributed parameter.';
  if (!report.total) return 'The sides answer alike on this measure: there is no change to share out.';
  const noise = changeIsNoise(report);
  if (noise) return noise;
  return report.differences
    .map((d, i) => `${describeDifference(d)}: ${formatShare(d.share)}${i === 0 ? ' of the change' : ''}`)
    .join(' · ');
}
