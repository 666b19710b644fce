import { MODEL_DEPTH } from '../shared/click-models';
import type { BatchDefinition } from '../shared/compare';
import { ESTIMATORS, REPLAY_MODELS, type ReplayModel } from '../shared/estimates';
import { estimateOnStore, lowCoverageWords, sideA } from '../main/services/estimates';
import type { SearchClient } from '../main/services/search';
import { type CliIo, EXIT, UsageError } from './command';
import { gateThresholds } from './gate-options';
import { viaService } from './service-call';
import type { Values } from './side-options';
import { withStore } from './traffic-options';

/** compare's options for B − A on the shopper traffic, for parseArgs. */
export const TRAFFIC_FLAGS = {
  traffic: { type: 'string' },
  estimator: { type: 'string' },
  'click-model': { type: 'string' },
} as const;

export const TRAFFIC_USAGE =
  "  --traffic    STORE: also estimate B − A on the shopper traffic logged under A's configuration (default: none;\n" +
  "               as traffic estimate, B's configuration asked of side B's service); --gate clicks@10 then gates on it:\n" +
  "               exit 1 when B's clicks@k is lower, significantly (p < --gate-alpha) and by more than --gate-min-delta\n" +
  '  --estimator  with --traffic: model, ips, snips, dr or interleave (default dr)\n' +
  '  --click-model  with --traffic: pbm or dbn (default pbm)\n';

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
  const estimator = str('estimator') ?? 'dr';
  const names = [...ESTIMATORS, 'interleave'];
  if (!names.includes(estimator)) throw new UsageError(`--estimator is ${names.join(', ')}, got ${JSON.stringify(estimator)}`);
  const model = (str('click-model') ?? 'pbm') as ReplayModel;
  if (!REPLAY_MODELS.includes(model)) throw new UsageError(`--click-model is pbm or dbn, got ${JSON.stringify(str('click-model'))}`);
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
 * B − A on the traffic for a compare run's sides: the estimate printed, and with a clicks gate its verdict. Answers
 * the exit code: 1 when the gate failed, else 0 (a store or service that fails is thrown: exit 3).
 */
export async function runTrafficCheck(check: TrafficCheck, definition: BatchDefinition, search: SearchClient, io: CliIo): Promise<number> {
  const { a, b } = definition.sides;
  const bConfiguration = b.overrides.configurationId;
  if (!bConfiguration) throw new UsageError('--traffic estimates a configuration: give side B one (--b CONFIG).');
  if (!b.baseUrl || !b.overrides.token)
    throw new UsageError("--traffic asks side B's service: give --base-url and --token (or --b-base-url, --b-token).");
  const source = { kind: 'service' as const, baseUrl: b.baseUrl, token: b.overrides.token, configurationId: bConfiguration };
  const report = await withStore(check.store, (store) =>
    viaService(
      async () => {
        const side = await sideA(store, a.overrides.configurationId, bConfiguration);
        return estimateOnStore({ search }, store, {
          filter: {},
          configuration: side.configuration,
          source,
          model: check.model,
          k: check.k,
        });
      },
      (field) => ({ store: '--traffic', configuration: '--a', 'sides.a.configurationId': '--a' })[field],
    ),
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
  if (!check.gate) return EXIT.ok;
  const failed = delta.value < -check.gate.minDelta && delta.p < check.gate.alpha;
  io.stdout(
    failed
      ? `gate clicks@${check.k} on traffic: FAILED — B is worse by ${Math.abs(delta.value).toFixed(4)} (more than ${check.gate.minDelta}), p ${delta.p.toPrecision(2)} < ${check.gate.alpha}`
      : `gate clicks@${check.k} on traffic: passed — B is not worse by more than ${check.gate.minDelta} at p < ${check.gate.alpha}`,
  );
  return failed ? EXIT.failed : EXIT.ok;
}
