import { MODEL_DEPTH } from '../shared/click-models';
import type { BatchDefinition, TrafficSection } from '../shared/compare';
import { estimatesGateCli, LOSES_CLICKS, type ReplayModel, type TrafficEstimate } from '../shared/estimates';
import { flagHelp, flagOptions } from '../shared/operations';
import { type EstimateReport, lowCoverageWords, TrafficEstimates } from '../main/services/estimates';
import type { SearchClient } from '../main/services/search';
import { type CliIo, EXIT, flagsInput, UsageError } from './command';
import { gateThresholds } from './gate-options';
import type { Values } from './side-options';
import { withTraffic } from './traffic-options';

/** compare's options for B − A on the shopper traffic, for parseArgs. */
export const TRAFFIC_FLAGS = { traffic: { type: 'string' }, ...flagOptions(estimatesGateCli) } as const;

export const TRAFFIC_USAGE =
  "  --traffic    STORE: also estimate B − A on the shopper traffic logged under A's configuration (default: none;\n" +
  "               as traffic estimate, B's configuration asked of side B's service); --gate clicks@10 then gates on it:\n" +
  "               exit 1 when B's clicks@k is lower, significantly (p < --gate-alpha) and by more than --gate-min-delta\n" +
  `${flagHelp(estimatesGateCli, { width: 12 }).join('\n')}\n`;

export interface TrafficCheck {
  store: string;
  estimator: string;
  model: ReplayModel;
  k: number;
  gate: { alpha: number; minDelta: number } | null;
}

const CLICKS_GATE = /^\s*clicks\s*(?:@\s*(\d+))?\s*$/i;

/**
 * --traffic and its options, checked. A `--gate clicks[@k]` is the traffic's gate: it is taken out of the values the
 * judgments' gate reads (which it would refuse), with its --gate-alpha and --gate-min-delta.
 */
export function trafficOptions(v: Values): { check: TrafficCheck | undefined; rest: Values } {
  const str = (k: string) => v[k] as string | undefined;
  const gate = str('gate');
  const clicks = gate === undefined ? null : CLICKS_GATE.exec(gate);
  const store = str('traffic');
  if (!store) {
    if (clicks) throw new UsageError('--gate clicks@k gates on the shopper traffic: give --traffic STORE too.');
    for (const o of ['estimator', 'click-model'])
      if (str(o) !== undefined) throw new UsageError(`--${o} is for the estimate on traffic: give --traffic STORE too.`);
    return { check: undefined, rest: v };
  }
  const { estimator, model } = flagsInput(estimatesGateCli, v);
  const k = clicks?.[1] === undefined ? 10 : Number(clicks[1]);
  if (!(k >= 1 && k <= MODEL_DEPTH))
    throw new UsageError(`--gate ${gate}: clicks on traffic are counted in the first 1 to ${MODEL_DEPTH}.`);
  const rest = { ...v };
  let check: TrafficCheck = { store, estimator, model, k, gate: null };
  if (clicks) {
    check = { ...check, gate: gateThresholds(v) };
    for (const o of ['gate', 'gate-alpha', 'gate-min-delta']) delete rest[o];
  }
  return { check, rest };
}

const signed = (x: number) => `${x < 0 ? '−' : '+'}${Math.abs(x).toFixed(4)}`;

/**
 * B − A on the traffic for a compare run's sides, printed: every estimator with its interval, and what the report
 * keeps of it (its `traffic` section). A store or service that fails is thrown (exit 3).
 */
export async function estimateTraffic(
  check: TrafficCheck,
  definition: BatchDefinition,
  search: SearchClient,
  io: CliIo,
): Promise<{ report: EstimateReport; section: TrafficSection }> {
  const { a, b } = definition.sides;
  const bConfiguration = b.overrides.configurationId;
  if (!bConfiguration) throw new UsageError('--traffic estimates a configuration: give side B one (--b CONFIG).');
  if (!b.baseUrl || !b.overrides.token)
    throw new UsageError("--traffic asks side B's service: give --base-url and --token (or --b-base-url, --b-token).");
  const source = { kind: 'service' as const, baseUrl: b.baseUrl, token: b.overrides.token, configurationId: bConfiguration };
  let configuration = '';
  const report = await withTraffic(
    check.store,
    async (traffic) => {
      const estimates = new TrafficEstimates({ traffic, search });
      const side = await estimates.sideA(a.overrides.configurationId, bConfiguration);
      configuration = side.configuration;
      return estimates.estimate({ filter: {}, configuration: side.configuration, source, model: check.model, k: check.k });
    },
    (field) => ({ store: '--traffic', configuration: '--a', 'sides.a.configurationId': '--a' })[field],
  );
  const chosen = report.estimates.find((e) => e.estimator === check.estimator);
  const delta = chosen ? chosen.delta : report.interleaving.delta;
  const what = chosen
    ? `clicks@${check.k} A ${chosen.a.value.toFixed(4)} → B ${chosen.b.value.toFixed(4)}, B − A ${signed(delta.value)} [${signed(delta.ci95[0])}, ${signed(delta.ci95[1])}]`
    : `interleaving: B won ${report.interleaving.wins}, lost ${report.interleaving.losses}, tied ${report.interleaving.ties} (${signed(delta.value)} of searches)`;
  io.stdout(
    `On traffic (${check.store}, ${check.estimator}, ${check.model.toUpperCase()}, ${report.searches.toLocaleString('en-US')} of A's searches): ${what}, p ${delta.p.toPrecision(2)}, coverage ${Math.round(report.coverage * 100)}%`,
  );
  if (report.lowCoverage) io.stderr(`warning: ${lowCoverageWords(report.coverage)}.`);
  if (chosen?.unreliable)
    io.stderr(`warning: ${check.estimator} is unreliable on this log (${chosen.unreliable}); the headline is ${report.headline}.`);
  const row = (name: string, e: Pick<TrafficEstimate, 'a' | 'b' | 'delta'>) => ({
    name,
    a: e.a.value,
    b: e.b.value,
    delta: e.delta.value,
    ci95: e.delta.ci95,
    p: e.delta.p,
  });
  const section: TrafficSection = {
    store: check.store,
    a: configuration,
    b: bConfiguration,
    model: report.model,
    k: report.k,
    searches: report.searches,
    coverage: report.coverage,
    ...(report.lowCoverage ? { warning: lowCoverageWords(report.coverage) } : {}),
    estimates: [
      ...report.estimates.map((e) => ({
        ...row(`clicks@${report.k}, ${e.estimator}`, e),
        ...(e.estimator === report.headline ? { headline: true as const } : {}),
        ...(e.unreliable ? { unreliable: e.unreliable } : {}),
      })),
      ...report.outcomes.map((o) => row(`${o.outcome}, model`, o)),
    ],
    interleaving: {
      wins: report.interleaving.wins,
      losses: report.interleaving.losses,
      ties: report.interleaving.ties,
      p: report.interleaving.delta.p,
    },
    losesClicks: report.queries.filter((q) => q.delta <= -LOSES_CLICKS).slice(0, 20),
  };
  return { report, section };
}

/** The clicks gate on the traffic's estimate, when asked for: its verdict (1 failed, 0 passed), printed and kept in the section. */
export function trafficVerdict(check: TrafficCheck, report: EstimateReport, section: TrafficSection, io: CliIo): number {
  if (!check.gate) return EXIT.ok;
  const chosen = report.estimates.find((e) => e.estimator === check.estimator);
  const delta = chosen ? chosen.delta : report.interleaving.delta;
  const failed = delta.value < -check.gate.minDelta && delta.p < check.gate.alpha;
  const line = failed
    ? `gate clicks@${check.k} on traffic: FAILED — B is worse by ${Math.abs(delta.value).toFixed(4)} (more than ${check.gate.minDelta}), p ${delta.p.toPrecision(2)} < ${check.gate.alpha}`
    : `gate clicks@${check.k} on traffic: passed — B is not worse by more than ${check.gate.minDelta} at p < ${check.gate.alpha}`;
  section.gate = { verdict: failed ? 'failed' : 'passed', line };
  io.stdout(line);
  return failed ? EXIT.failed : EXIT.ok;
}
