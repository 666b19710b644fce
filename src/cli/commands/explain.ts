import { queryKey, findJudged } from '../../shared/judgments';
import { explainCli, explainReport } from '../../shared/explain';
import { flagHelp, flagSynopsis } from '../../shared/operations';
import { BATCH_CONCURRENCY, type QueryRow } from '../../shared/compare';
import { PAGE_SIZE } from '../../shared/request';
import { type ExplainProgress, ExplainService } from '../../main/services/explain';
import { TrafficEstimates } from '../../main/services/estimates';
import { withTraffic } from '../traffic-options';
import { addressTargets, SearchClient } from '../../main/services/search';
import { EXIT, flagsInput, intOption, parse, UsageError, type Command } from '../command';
import { shardOption } from '../gate-options';
import { inShard } from '../../shared/runs';
import { onStopSignal, QUERY_FLAGS, runClient, runOptions, SERVICE_FLAGS, throttledProgress } from '../request-run';
import { viaService } from '../service-call';
import { qualityOptions, queryRows, SIDE_FLAGS, sideFromOptions, type Values } from '../side-options';

const progressLine = (p: ExplainProgress) => `${p.done}/${p.total} requests · ${p.failed} failed`;

/** The flag that sets a field the service names. */
const flagOf = (field: string): string | undefined => ({ judgments: '--judgments', budget: '--budget', traffic: '--traffic' })[field];

export const explainCommand: Command = {
  name: 'explain',
  summary: 'Attribute the change between two sides to each parameter that differs (Shapley values over the requests in between)',
  usage:
    `explain --base-url U --token T (--query Q | --queries FILE) --a CONFIG_A --b CONFIG_B [--a-filter F] [--b-filter F] [--a-var k=v]… [--b-var k=v]… [--a-base-url U] [--b-base-url U] [--a-token T] [--b-token T] ${flagSynopsis(explainCli)} [--judgments FILE] [--traffic STORE] [--k 10] [--concurrency N|auto] [--limit N] [--timeout MS] [--shard i/n]\n` +
    '  --base-url   the service both sides ask (required, unless each side has its own --a-base-url / --b-base-url)\n' +
    '  --token      the search token of both sides (required, unless each side has its own --a-token / --b-token)\n' +
    '  --query      one query to explain (required, or --queries)\n' +
    '  --queries    FILE: lines, CSV or a workspace query set, for the mean over the set (required, or --query)\n' +
    '  --a, --b     the configuration id of each side (default: the tenant default)\n' +
    '  --a-filter   a filter on side A only (default: none); --b-filter the same for side B\n' +
    '  --a-var      k=v, a context variable of side A, repeatable (default: none); --b-var the same for side B\n' +
    '  --a-base-url side A’s own service (default: --base-url); --b-base-url the same for side B\n' +
    '  --a-token    side A’s own search token (default: --token); --b-token the same for side B\n' +
    `${flagHelp(explainCli, { width: 12, only: ['measure'] }).join('\n')}\n` +
    '  --judgments  FILE: the ratings nDCG is measured with, any judgment format (required with --measure ndcg; default: none)\n' +
    '  --traffic    STORE: the traffic store clicks are measured on (required with --measure clicks; default: none)\n' +
    '  --k          the rank cut of nDCG (default 10); --gain and --threshold as for `compare`\n' +
    `${flagHelp(explainCli, { width: 12, only: ['budget'] }).join('\n')}\n` +
    "  --concurrency  requests in flight, 1 to 64, or auto: paced by the service's 429/503 (default 8)\n" +
    '  --limit      items asked per request, 1 to 1000 (default 24; raised to k with --judgments)\n' +
    '  --timeout    milliseconds before one request gives up, 1,000 to 300,000 (default 30,000)\n' +
    '  --shard      i/n: with --queries, only the queries whose text hashes to shard i of n, as compare --shard (default: all)\n' +
    '  prints JSON: measure, total (the whole change), differences ranked by their part (phi, share; with --queries the mean\n' +
    '  over the queries and its ci95), notAttributed, requests (distinct requests sent, A and B included), queries\n' +
    '  exit codes: 0 explained (or nothing to explain), 2 usage error, 3 could not run\n' +
    '  example: search-workbench explain --base-url http://127.0.0.1:8787 --token demo-search-token-0001 --query "rain jacket" --a default --b bestsellers --b-filter "price < 200" --b-var segment=premium',
  async run(argv, io) {
    const { values } = parse(
      argv,
      {
        ...SERVICE_FLAGS,
        ...QUERY_FLAGS,
        a: { type: 'string' },
        b: { type: 'string' },
        measure: { type: 'string' },
        judgments: { type: 'string' },
        traffic: { type: 'string' },
        k: { type: 'string' },
        gain: { type: 'string' },
        threshold: { type: 'string' },
        ratings: { type: 'string' },
        budget: { type: 'string' },
        concurrency: { type: 'string' },
        shard: { type: 'string' },
        limit: { type: 'string' },
        timeout: { type: 'string' },
        ...SIDE_FLAGS,
      },
      false,
    );
    const v = values as Values;
    const str = (k: string) => v[k] as string | undefined;
    // The measure and the budget the app's operation explains with, their choices, limits and defaults declared once.
    const { measure, budget } = flagsInput(explainCli, v);
    const quality = await qualityOptions(v, io);
    if (measure === 'clicks' && str('traffic') === undefined)
      throw new UsageError('--measure clicks needs --traffic STORE: the traffic store whose click model measures the clicks.');
    if (measure !== 'clicks' && str('traffic') !== undefined)
      throw new UsageError('--traffic is read by --measure clicks only: give --measure clicks, or leave --traffic out.');
    if (str('query') !== undefined && str('queries') !== undefined) throw new UsageError('Give --query or --queries, not both.');
    if (str('query') === undefined && str('queries') === undefined)
      throw new UsageError('explain needs --query Q (one query) or --queries FILE (the mean over a query set).');
    const pace = runOptions({ concurrency: str('concurrency'), timeout: str('timeout') }, BATCH_CONCURRENCY);
    const limit = Math.max(intOption(str('limit'), 'limit', 1, 1000) ?? PAGE_SIZE, quality?.config.k ?? 0);
    const sides = { base: { options: { offset: 0, limit } }, a: sideFromOptions(v, 'a'), b: sideFromOptions(v, 'b') };
    const http = runClient(pace, 16);
    // The app's service, on the addresses and tokens given: the same checks, the same run.
    const explain = new ExplainService({
      targets: addressTargets(http, str('base-url') ?? ''),
      search: new SearchClient(http),
      deadlineMs: () => pace.timeout ?? 0,
      onProgress: throttledProgress(io, progressLine, (p) => p.done >= p.total),
    });
    const stop = onStopSignal(() => explain.cancel());
    try {
      const { differences: n, plan } = await viaService(() => explain.plan(sides, measure, budget, Boolean(quality)), flagOf);
      const clicksOf =
        measure === 'clicks'
          ? await withTraffic(
              str('traffic'),
              (traffic) => new TrafficEstimates({ traffic, search: new SearchClient(http) }).clicks(),
              flagOf,
            )
          : undefined;
      const shard = shardOption(v);
      if (shard && str('queries') === undefined) throw new UsageError('--shard splits a query set: give --queries FILE.');
      const all: QueryRow[] = str('query') !== undefined ? [{ query: str('query')!, line: 1 }] : await queryRows(str('queries'), io);
      const rows = shard ? inShard(all, shard, (r) => r.query) : all;
      if (shard) io.stderr(`shard ${shard.index}/${shard.count}: ${rows.length} of the ${all.length} queries.`);
      if (rows.length === 0) {
        io.stdout(
          JSON.stringify(
            {
              measure,
              total: null,
              differences: [],
              notAttributed: [],
              requests: 0,
              queries: 0,
              note: `shard ${shard!.index}/${shard!.count} holds none of the queries`,
            },
            null,
            2,
          ),
        );
        return EXIT.ok;
      }
      io.stderr(
        n === 0
          ? 'nothing to explain: the sides do not differ in any attributed parameter'
          : `${n} difference${n === 1 ? '' : 's'} → up to ${plan.masks.length} requests per query${plan.exact ? ' (exact)' : ` (${plan.permutations.length} sampled orders)`} × ${rows.length} quer${rows.length === 1 ? 'y' : 'ies'}`,
      );
      const run = await viaService(
        () =>
          explain.queries({
            sides,
            rows,
            measure,
            ...(budget !== undefined ? { budget } : {}),
            ...(clicksOf ? { judged: (query: string) => ({ clicks: (ranking: readonly string[]) => clicksOf(query, ranking) }) } : {}),
            ...(quality && !clicksOf
              ? {
                  judged: (query: string) => ({
                    ratings: quality.index.get(findJudged(quality.index, query) ?? queryKey(query))?.ratings ?? new Map(),
                    options: quality.config,
                  }),
                }
              : {}),
            concurrency: pace.concurrency,
            ...(pace.auto ? { pace: 'auto' as const } : {}),
          }),
        flagOf,
      );
      for (const q of run.queries) if (q.error) io.stderr(`"${q.query}": ${q.error}`);
      const report = explainReport(run);
      // nDCG says which ratings it counted, as every quality figure does.
      io.stdout(
        JSON.stringify(measure === 'ndcg' && quality ? { ...report, ratings: quality.config.ratings ?? 'confirmed' } : report, null, 2),
      );
      if (run.stopped) return 130;
      if (n > 0 && report.queries === 0) {
        io.stderr(
          measure === 'ndcg' && run.queries.every((q) => !q.error)
            ? 'Nothing was explained: the judgments rate no relevant item for the queries, so nDCG cannot move.'
            : 'Nothing was explained: every query had a request that could not run.',
        );
        return EXIT.couldNotRun;
      }
      return EXIT.ok;
    } finally {
      stop.dispose();
      await http.close();
    }
  },
};
