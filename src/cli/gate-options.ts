import { metricLabel, sideNames, type BatchQuality, type QualityConfig, type BatchDefinition, type BatchResult } from '../shared/compare';
import type { RatingIndex } from '../shared/judgments';
import {
  againstBaseline,
  readBaselineReport,
  type BaselineRun,
  evaluateGate,
  gateLine,
  parseGateMetric,
  type GateSpec,
  parseShard,
  type Shard,
} from '../shared/runs';
import { UsageError, type CliIo } from './command';
import { InputError, parseJsonInput, readInput } from './input';
import type { Values } from './side-options';

/** The options of the regression gate, for parseArgs. */
export const GATE_FLAGS = {
  gate: { type: 'string' },
  'gate-alpha': { type: 'string' },
  'gate-min-delta': { type: 'string' },
  'baseline-run': { type: 'string' },
} as const;

export const GATE_USAGE =
  '  --gate       METRIC[@k]: exit 1 when B is worse on it, significantly and by more than --gate-min-delta (default: no gate)\n' +
  '               metrics: ndcg, dcg, p, ap, rr, recall, judged; needs --judgments\n' +
  '  --gate-alpha the p below which a loss is significant, 0 < alpha < 1 (default 0.05)\n' +
  '  --gate-min-delta  the loss allowed before the gate fails, ≥ 0 (default 0)\n' +
  "  --baseline-run  REPORT.json of an earlier run: the gate holds this run's B against that run's B, paired by query (default: against A)\n";

/**
 * --gate and its options, checked; `--gate ndcg@5` sets k when --k is not given (and must agree with it when it
 * is: qualityOptions takes the gate's k). `judged` says where the judgments come from when not from --judgments
 * (an experiment's list).
 */
export function gateOptions(v: Values, judged = false): GateSpec | undefined {
  const str = (k: string) => v[k] as string | undefined;
  const gate = str('gate');
  if (gate === undefined) {
    for (const o of ['gate-alpha', 'gate-min-delta', 'baseline-run'])
      if (str(o) !== undefined) throw new UsageError(`--${o} sets up the regression gate: give --gate METRIC[@k] too.`);
    return undefined;
  }
  if (!str('judgments') && !judged)
    throw new UsageError('--gate measures quality: give --judgments FILE too (the ratings the metric is computed from).');
  const metric = parseGateMetric(gate);
  if ('error' in metric) throw new UsageError(metric.error);
  if (metric.k !== undefined) {
    if (str('k') !== undefined && Number(str('k')) !== metric.k)
      throw new UsageError(`--gate ${gate} and --k ${str('k')} name different cut-offs: give one.`);
  }
  return { metric: metric.metric, ...(metric.k !== undefined ? { k: metric.k } : {}), ...gateThresholds(v) };
}

/** --gate-alpha and --gate-min-delta, checked (defaults 0.05 and 0): every gate's, the judgments' and the traffic's. */
export function gateThresholds(v: Values): { alpha: number; minDelta: number } {
  const number = (name: string, fallback: number, ok: (x: number) => boolean, rule: string) => {
    const raw = v[name] as string | undefined;
    if (raw === undefined) return fallback;
    const x = Number(raw);
    if (raw.trim() === '' || !Number.isFinite(x) || !ok(x)) throw new UsageError(`--${name} is ${rule}, got ${JSON.stringify(raw)}`);
    return x;
  };
  return {
    alpha: number('gate-alpha', 0.05, (x) => x > 0 && x < 1, 'a number between 0 and 1 (e.g. 0.05)'),
    minDelta: number('gate-min-delta', 0, (x) => x >= 0, 'a number ≥ 0 (e.g. 0.01)'),
  };
}

/** `--shard i/n`, checked. */
export function shardOption(v: Values): Shard | undefined {
  const text = v['shard'] as string | undefined;
  if (text === undefined) return undefined;
  const shard = parseShard(text);
  if ('error' in shard) throw new UsageError(shard.error);
  return shard;
}

/** The earlier run's JSON report `--baseline-run` names, read before anything is sent. */
export async function baselineOption(v: Values, io: CliIo): Promise<BaselineRun | undefined> {
  const file = v['baseline-run'] as string | undefined;
  if (file === undefined) return undefined;
  const { text, name } = await readInput(file, io);
  const baseline = readBaselineReport(parseJsonInput(text, name), name);
  if ('error' in baseline) throw new InputError(baseline.error);
  return baseline;
}

/**
 * The gate on a finished run: B against A (from the run's own quality), or against B of the baseline run — its
 * name (`nDCG@10`), whether it failed, and the line the terminal prints and the report repeats.
 */
export function runGate(
  spec: GateSpec,
  run: { definition: BatchDefinition; results: readonly BatchResult[]; quality: BatchQuality },
  judgments: { index: RatingIndex; config: QualityConfig },
  baseline: BaselineRun | undefined,
): { gate: string; verdict: 'passed' | 'failed'; line: string } {
  const names = sideNames(run.definition.sides);
  const quality = baseline ? againstBaseline(run.results, run.definition.rows, baseline, judgments.index, judgments.config) : run.quality;
  const reference = baseline ? `B of the baseline run "${baseline.name}" (${baseline.label})` : names.a;
  const outcome = evaluateGate(spec, quality.k, quality.metrics[spec.metric], quality.perQuery, reference);
  return { gate: metricLabel(outcome.metric, outcome.k), verdict: outcome.failed ? 'failed' : 'passed', line: gateLine(outcome, names.b) };
}
