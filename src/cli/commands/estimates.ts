import {
  ESTIMATORS,
  LOSES_CLICKS,
  type OutcomeEstimate,
  estimatesCli,
  estimatesGateCli,
  estimatesReplayCli,
  type Support,
  type TrafficEstimate,
} from '../../shared/estimates';
import { defaultsOf, flagHelp, flagOptions } from '../../shared/operations';
import { type EstimateReport, lowCoverageWords, type RankingSource, TrafficEstimates } from '../../main/services/estimates';
import { HttpClient } from '../../main/services/http';
import { SearchClient } from '../../main/services/search';
import { EXIT, flagsInput, parse, UsageError, type CliIo } from '../command';
import { printJson, readInput } from '../input';
import { throttledProgress } from '../request-run';
import { filterOf, withTraffic } from '../traffic-options';
import { plural } from '../../shared/text';

/**
 * `traffic estimate`: what configuration B would have earned on the store's traffic logged under A — the
 * estimates capability's command (the traffic command hands it the arguments).
 */
/** Estimates on traffic are a verb of traffic on the command line: what a user types. */
export const commandVerb = 'traffic estimate';

export const ESTIMATE_USAGE =
  '  estimate: what configuration B would have earned on the traffic logged under A — expected clicks in the first k\n' +
  "  per search (clicks@k), by the click model fitted on the store, B's ranking asked of the service for each (query,\n" +
  "  context) A's searches had (POST /search with B's configurationId and the search's context variables) or read from a\n" +
  '  run file; every estimator with a 95% interval from a bootstrap over sessions that refits the model each time\n' +
  '  --store        the traffic store (required)\n' +
  "  --b-config    B's configuration id, asked of --base-url with --token (or give --b-run)\n" +
  "  --b-run       B's rankings from a TREC run or a batch/experiment JSON export (its B side), matched to the queries\n" +
  '                as judgments are; queries it lacks are left out and counted\n' +
  '  --a-config    A: the configuration whose logged searches are replayed (default: every search in the store)\n' +
  "  --estimator   model, ips, snips, dr, interleave or all (default dr): model = the fitted model on B's page; ips and\n" +
  "                snips = logged clicks on B's items reweighted by how likely each rank was looked at, clipped; dr =\n" +
  "                model + the clicks' correction; interleave = team-draft interleaving replayed with simulated clicks.\n" +
  '                The table marks the headline (DR, or the model where the weights are unsound) and IPS/SNIPS as\n' +
  "                unreliable where the log's support is lacking (the weights' effective sample size, the largest\n" +
  "                weight, the share of B's places never shown)\n" +
  `${flagHelp(estimatesCli, { width: 13, only: ['model'] }).join('\n')}\n` +
  `${flagHelp(estimatesReplayCli, { width: 13, only: ['outcome'] }).join('\n')}\n` +
  `${flagHelp(estimatesCli, { width: 13, only: ['k'] }).join('\n')}\n` +
  `${flagHelp(estimatesReplayCli, { width: 13, only: ['clip', 'replicates', 'seed'] }).join('\n')}\n` +
  '  --from, --to  only these days (default: all the store holds)\n' +
  `${flagHelp(estimatesReplayCli, { width: 13, only: ['concurrency'] }).join('\n')}\n` +
  '  --format      json: { estimator, k, a: { value, ci95 }, b: { value, ci95 }, delta: { value, ci95, p }, coverage,\n' +
  '                searches, clip, support: { effectiveSampleSize, impressions, largestWeight, unseenShare,\n' +
  '                neverShownShare }, unreliable, headline } to standard output (an array with --estimator all)\n' +
  '                (default: a table)';

export const ESTIMATE_EXAMPLE =
  '  example: search-workbench traffic estimate --store examples/workspace/traffic --a-config default --b-config new-arrivals --base-url http://127.0.0.1:8787 --token demo-search-token-0001';

const fixed = (x: number) => Number(x.toFixed(6));
const pair = (ci: readonly [number, number]) => [fixed(ci[0]), fixed(ci[1])];

/** A, B and B − A with their intervals, as JSON. */
const valuesJson = (e: Pick<OutcomeEstimate, 'a' | 'b' | 'delta'>) => ({
  a: { value: fixed(e.a.value), ci95: pair(e.a.ci95) },
  b: { value: fixed(e.b.value), ci95: pair(e.b.ci95) },
  delta: { value: fixed(e.delta.value), ci95: pair(e.delta.ci95), p: fixed(e.delta.p) },
});

/** One estimator's JSON, as the issue's interface names it. */
function estimateJson(report: EstimateReport, e: TrafficEstimate) {
  return {
    estimator: e.estimator,
    k: e.k,
    ...valuesJson(e),
    coverage: fixed(e.coverage),
    searches: e.searches,
    clip: e.clip ? { at: e.clip.at, clippedShare: fixed(e.clip.clippedShare) } : null,
    ...(e.estimator === 'model' ? {} : { support: supportJson(report.support) }),
    unreliable: e.unreliable,
    headline: e.estimator === report.headline,
    model: report.model,
    replicates: report.replicates,
    seed: report.seed,
  };
}

/** The weights' diagnostics, as IPS, SNIPS and DR carry them. */
const supportJson = (s: Support) => ({
  effectiveSampleSize: fixed(s.effectiveSampleSize),
  impressions: fixed(s.impressions),
  largestWeight: s.largestWeight === null ? null : fixed(s.largestWeight),
  unseenShare: fixed(s.unseenShare),
  neverShownShare: fixed(s.neverShownShare),
});

/** An outcome other than clicks, by the model, in the same shape. */
function outcomeJson(report: EstimateReport, o: OutcomeEstimate) {
  return {
    estimator: 'model',
    outcome: o.outcome,
    k: report.k,
    ...valuesJson(o),
    coverage: fixed(report.coverage),
    searches: report.searches,
    clip: null,
    model: report.model,
    replicates: report.replicates,
    seed: report.seed,
  };
}

/** The support diagnostics in words: the figures, then what they rule out. */
export function supportWords(s: Support): string {
  const largest = s.largestWeight === null ? 'unbounded' : s.largestWeight.toFixed(2);
  const figures = `support: effective sample size ${Math.round(s.effectiveSampleSize).toLocaleString('en-US')} of ${Math.round(s.impressions).toLocaleString('en-US')} impressions, largest weight ${largest}; B's item not shown in ${(s.unseenShare * 100).toFixed(1)}% of B's places on the logged searches, never in ${(s.neverShownShare * 100).toFixed(1)}%`;
  return s.problems.length ? `${figures} — ${s.problems.map((p) => p.words).join('; ')}` : `${figures} — every estimator supported`;
}

/** What each outcome is called in the table. */
export const OUTCOME_WORDS: Record<OutcomeEstimate['outcome'], string> = {
  ctr: 'click-through',
  carts: 'add-to-carts',
  purchases: 'purchases',
};

/** The interleaving replay in the same shape: A's and B's expected shares of searches won, B − A with the sign test's p on them. */
function interleaveJson(report: EstimateReport) {
  const { wins, losses, ties, delta } = report.interleaving;
  const n = Math.max(1, wins + losses + ties);
  return {
    estimator: 'interleave',
    k: report.k,
    a: { value: fixed(losses / n), ci95: null },
    b: { value: fixed(wins / n), ci95: null },
    delta: { value: fixed(delta.value), ci95: pair(delta.ci95), p: fixed(delta.p) },
    coverage: fixed(report.coverage),
    searches: report.searches,
    clip: null,
    // Expected counts (exact credit over every draft and every click pattern), not draws.
    wins: fixed(wins),
    losses: fixed(losses),
    ties: fixed(ties),
    model: report.model,
  };
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const num = (x: number) => x.toFixed(4);

function table(report: EstimateReport, chosen: string[]): string[] {
  const lines = [
    `${chosen.length ? `clicks@${report.k}` : `first ${report.k}`} per search on ${report.searches.toLocaleString('en-US')} of A's searches (${report.configuration ?? 'every configuration'}), B = ${report.b}, ${report.model.toUpperCase()} fitted, ${report.replicates} bootstrap replicates, seed ${report.seed}`,
  ];
  if (chosen.length) lines.push('estimator  A                          B                          B − A                        p');
  for (const e of report.estimates) {
    if (!chosen.includes(e.estimator)) continue;
    const ci = (c: readonly [number, number]) => `[${num(c[0])}, ${num(c[1])}]`;
    const mark = e.estimator === report.headline ? '   ← headline' : e.unreliable ? '   unreliable' : '';
    lines.push(
      `${e.estimator.padEnd(10)} ${`${num(e.a.value)} ${ci(e.a.ci95)}`.padEnd(26)} ${`${num(e.b.value)} ${ci(e.b.ci95)}`.padEnd(26)} ${`${e.delta.value >= 0 ? '+' : ''}${num(e.delta.value)} ${ci(e.delta.ci95)}`.padEnd(28)} ${(e.delta.p < 1e-4 ? '< 0.0001' : e.delta.p.toPrecision(2)).padEnd(8)}${mark}`,
    );
  }
  if (chosen.some((c) => c !== 'model' && c !== 'interleave')) lines.push(supportWords(report.support));
  if (chosen.includes('interleave')) {
    const t = report.interleaving;
    lines.push(
      `interleave B won ${Math.round(t.wins).toLocaleString('en-US')}, lost ${Math.round(t.losses).toLocaleString('en-US')}, tied ${Math.round(t.ties).toLocaleString('en-US')} (expected; B − A ${t.delta.value >= 0 ? '+' : ''}${pct(t.delta.value)} of searches, sign test p ${t.delta.p.toPrecision(2)})`,
    );
  }
  if (report.outcomes.length) {
    lines.push(`per search by the model (${report.model.toUpperCase()}): A, B and B − A with 95% intervals`);
    for (const o of report.outcomes) {
      const ci = (c: readonly [number, number]) => `[${num(c[0])}, ${num(c[1])}]`;
      lines.push(
        `${OUTCOME_WORDS[o.outcome].padEnd(14)} ${`${num(o.a.value)} ${ci(o.a.ci95)}`.padEnd(26)} ${`${num(o.b.value)} ${ci(o.b.ci95)}`.padEnd(26)} ${`${o.delta.value >= 0 ? '+' : ''}${num(o.delta.value)} ${ci(o.delta.ci95)}`.padEnd(28)} ${o.delta.p < 1e-4 ? '< 0.0001' : o.delta.p.toPrecision(2)}`,
      );
    }
  }
  const losers = report.queries.filter((q) => q.delta <= -LOSES_CLICKS);
  if (report.queries.length && chosen.length)
    lines.push(
      losers.length
        ? `B loses clicks on ${losers.length.toLocaleString('en-US')} of ${report.queries.length.toLocaleString('en-US')} queries (≥ ${LOSES_CLICKS} clicks@${report.k} per search by the model); the most in all: ${losers
            .slice(0, 5)
            .map((q) => `${JSON.stringify(q.query)} ${num(q.delta)} × ${q.searches}`)
            .join(', ')}`
        : `B loses no query's clicks by ${LOSES_CLICKS} or more per search (by the model)`,
    );
  lines.push(`coverage ${pct(report.coverage)} of B's top ${report.k} items were shown for their query in this log`);
  if (report.lowCoverage) lines.push(`warning: ${lowCoverageWords(report.coverage)}.`);
  return lines;
}

export async function estimateCommand(argv: string[], io: CliIo): Promise<number> {
  const { values } = parse(
    argv,
    {
      store: { type: 'string' },
      'b-config': { type: 'string' },
      'b-run': { type: 'string' },
      'a-config': { type: 'string' },
      'base-url': { type: 'string' },
      token: { type: 'string' },
      estimator: { type: 'string' },
      ...flagOptions(estimatesCli),
      ...flagOptions(estimatesReplayCli),
      from: { type: 'string' },
      to: { type: 'string' },
      format: { type: 'string' },
    },
    false,
  );
  if (!values.store) throw new UsageError('traffic estimate needs --store DIR: the traffic store to replay.');
  if (!values['b-config'] === !values['b-run'])
    throw new UsageError('traffic estimate needs B: --b-config C (with --base-url and --token) or --b-run FILE, one of them.');
  if (values['b-config'] && (!values['base-url'] || !values.token))
    throw new UsageError("--b-config needs --base-url and --token: the service B's rankings are asked of.");
  // How the estimate runs and reads, its limits and defaults declared once in the core.
  const { outcome, clip, replicates, seed, concurrency } = flagsInput(estimatesReplayCli, values);
  const estimator = values.estimator ?? (outcome === 'clicks' ? defaultsOf(estimatesGateCli).estimator! : 'model');
  const names = [...ESTIMATORS, 'interleave'];
  if (estimator !== 'all' && !names.includes(estimator))
    throw new UsageError(`--estimator is ${names.join(', ')} or all, got ${JSON.stringify(estimator)}`);
  if (outcome !== 'clicks' && estimator !== 'model')
    throw new UsageError(`--outcome ${outcome} is estimated by the model alone: give --estimator model (or leave it out).`);
  // The model and depth the app's operation estimates with, their limits and defaults declared once in the core.
  const { model, k } = flagsInput(estimatesCli, values);
  if (values.format !== undefined && values.format !== 'json')
    throw new UsageError(`--format is json, got ${JSON.stringify(values.format)}`);
  const days = filterOf({ from: values.from, to: values.to });
  let source: RankingSource;
  if (values['b-run']) {
    const { text, name } = await readInput(values['b-run'], io);
    source = { kind: 'run', text, name };
  } else {
    try {
      new URL(values['base-url']!);
    } catch {
      throw new UsageError(`--base-url must be a URL like https://eu.search.example.com, got ${JSON.stringify(values['base-url'])}`);
    }
    source = { kind: 'service', baseUrl: values['base-url']!, token: values.token!, configurationId: values['b-config']!, concurrency };
  }
  const http = new HttpClient({ connectionsPerOrigin: concurrency * 2 });
  try {
    // The app's own estimate, on the store given.
    const report = await withTraffic(
      values.store,
      (traffic) =>
        new TrafficEstimates({ traffic, search: new SearchClient(http) }).estimate(
          {
            filter: days,
            ...(values['a-config'] !== undefined ? { configuration: values['a-config'] } : {}),
            source,
            model,
            k,
            clip,
            replicates,
            seed,
          },
          {
            onProgress: throttledProgress(
              io,
              (p) => (p.phase === 'rankings' ? `B's rankings ${p.done}/${p.total}` : `bootstrap ${p.done}/${p.total}`),
              (p) => p.done >= p.total,
            ),
          },
        ),
      (field) => ({ configuration: '--a-config', store: '--store', bRun: '--b-run', from: '--from', to: '--to' })[field],
    );
    const chosen = estimator === 'all' ? names : [estimator];
    if (outcome !== 'clicks') {
      const found = report.outcomes.find((o) => o.outcome === outcome);
      if (!found) {
        io.stderr(`The store has no add-to-carts or purchases on first-page items: --outcome ${outcome} cannot be estimated from it.`);
        return EXIT.couldNotRun;
      }
      if (values.format === 'json') printJson(io, outcomeJson(report, found));
      else for (const line of table({ ...report, outcomes: [found] }, [])) io.stdout(line);
    } else if (values.format === 'json') {
      const out = chosen.map((name) => {
        const e = report.estimates.find((x) => x.estimator === name);
        return e ? estimateJson(report, e) : interleaveJson(report);
      });
      printJson(io, estimator === 'all' ? out : out[0]);
    } else for (const line of table(report, chosen)) io.stdout(line);
    if (report.missing) io.stderr(`${report.missing.toLocaleString('en-US')} of A's searches have a query the run file lacks: left out.`);
    if (report.lowCoverage && values.format === 'json') io.stderr(`warning: ${lowCoverageWords(report.coverage)}.`);
    io.stderr(
      `${plural(report.contexts, '(query, context) pair')} · read ${report.ms.log} ms, B's rankings ${report.ms.rankings} ms, estimated ${report.ms.estimate} ms`,
    );
    return EXIT.ok;
  } finally {
    await http.close();
  }
}
