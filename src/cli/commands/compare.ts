import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import {
  BATCH_CONCURRENCY,
  compareCli,
  COMPARE_KINDS,
  type CompareKind,
  prefixesOf,
  defaultBatchName,
  type BatchDefinition,
  type BatchProgress,
  type QueryRow,
} from '../../shared/compare';
import type { SearchTemplate } from '../../shared/request';
import { inShard, type Shard, type GateSpec, mergeShards, type ShardRun } from '../../shared/runs';
import { CompareService, queryListHash, shardRunId, BatchStore } from '../../main/services/compare';
import { SearchClient } from '../../main/services/search';
import { checkOut, type CliIo, type Command, EXIT, flagsInput, parse, UsageError } from '../command';
import { flagHelp, flagOptions, flagSynopsis } from '../../shared/operations';
import { baselineOption, GATE_FLAGS, GATE_USAGE, gateOptions, shardOption } from '../gate-options';
import { estimateTraffic, TRAFFIC_FLAGS, TRAFFIC_USAGE, trafficOptions, trafficVerdict } from '../traffic-gate';
import { onStopSignal, runClient, runOptions, SERVICE_FLAGS, throttledProgress } from '../request-run';
import { reportFormat, reportRun } from '../run-report';
import { experimentPlan } from '../experiment-options';
import {
  qualityChoice,
  type QualityChoice,
  qualityFlags,
  qualityOptions,
  queryRows,
  readJudgments,
  type RunPlan,
  SIDE_FLAGS,
  sideFromOptions,
  type Values,
} from '../side-options';
import { checkStateFolder, InputError } from '../input';

function progressLine(p: BatchProgress): string {
  const width = 24;
  const filled = p.total ? Math.round((p.done / p.total) * width) : width;
  const eta = p.etaMs === null ? '' : ` · ETA ${Math.ceil(p.etaMs / 1000)} s`;
  const rate = p.ratePerSecond === null ? '' : ` · ${p.ratePerSecond.toFixed(1)} queries/s`;
  const pace = p.pace ? ` · auto pace ${Math.round(p.pace.requestsPerSecond)} requests/s (${p.pace.throttled} refused for load)` : '';
  return `[${'#'.repeat(filled)}${' '.repeat(width - filled)}] ${p.done}/${p.total} done · ${p.failed} failed${rate}${pace}${eta}`;
}

const KIND_FLAGS = {
  ...flagOptions(compareCli),
  'group-by': { type: 'string' },
  values: { type: 'string' },
  prefixes: { type: 'string' },
  'prefixes-from': { type: 'string' },
} as const;

/** --kind and the flags of its kind, checked together: each flag of another kind is refused by name. */
function kindOptions(v: Values): { kind: CompareKind; base?: SearchTemplate } {
  const str = (k: string) => v[k] as string | undefined;
  const { kind, size, suggestions: n } = flagsInput(compareCli, v);
  const own: Record<CompareKind, string[]> = {
    search: [],
    suggest: ['group-by', 'values', 'size'],
    autocomplete: ['prefixes', 'prefixes-from', 'max-prefix', 'suggestions'],
  };
  for (const other of COMPARE_KINDS)
    for (const flag of own[other])
      if (other !== kind && str(flag) !== undefined) throw new UsageError(`--${flag} is for --kind ${other}, not ${kind}.`);
  if (kind === 'suggest') {
    const attribute = str('group-by')?.trim();
    if (!attribute)
      throw new UsageError('--kind suggest needs --group-by ATTRIBUTE: the attribute whose values make the groups, like category.');
    const values = (str('values') ?? '')
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean);
    if (values.length === 0) throw new UsageError('--kind suggest needs --values v1,v2: the values of --group-by, one group each.');
    return { kind, base: { options: { groupBy: { attribute, values, size } } as SearchTemplate['options'] } };
  }
  if (kind === 'autocomplete') {
    return { kind, base: n === undefined ? {} : { options: { numberOfSuggestions: n } as SearchTemplate['options'] } };
  }
  return { kind };
}

/** The rows a run sends: the query list, or for autocomplete the prefixes (given, or made from a query list). */
async function kindRows(kind: { kind: CompareKind }, v: Values, io: CliIo): Promise<QueryRow[]> {
  const str = (k: string) => v[k] as string | undefined;
  if (kind.kind !== 'autocomplete') {
    if (!str('queries')) throw new UsageError('compare needs --queries FILE: one query per line, or CSV with a "query" column.');
    return queryRows(str('queries'), io);
  }
  if (str('queries'))
    throw new UsageError('--kind autocomplete sends prefixes: give --prefixes FILE or --prefixes-from QUERIES, not --queries.');
  if (!str('prefixes') === !str('prefixes-from'))
    throw new UsageError('--kind autocomplete needs one of --prefixes FILE (one prefix per line) or --prefixes-from QUERIES.');
  if (str('max-prefix') !== undefined && !str('prefixes-from')) throw new UsageError('--max-prefix goes with --prefixes-from.');
  if (str('prefixes')) return (await queryRows(str('prefixes'), io)).map((row) => ({ query: row.query, line: row.line }));
  const { maxPrefix: max } = flagsInput(compareCli, v);
  const queries = await queryRows(str('prefixes-from'), io);
  const prefixes = prefixesOf(
    queries.map((r) => r.query),
    max,
  );
  io.stderr(`${prefixes.length} prefixes (length 1 to ${max}) from the ${queries.length} queries of ${str('prefixes-from')}.`);
  return prefixes.map((query, i) => ({ query, line: i + 1 }));
}

/** The run the flags describe: its batch (all but its rows), the rows to read, and how quality is measured. */
async function flagsPlan(v: Values, io: CliIo, gate: GateSpec | undefined): Promise<RunPlan> {
  const str = (k: string) => v[k] as string | undefined;
  const { limit } = flagsInput(compareCli, v);
  const kind = kindOptions(v);
  if (kind.kind !== 'search' && str('limit') !== undefined)
    throw new UsageError(
      `--limit is for search; ${kind.kind === 'suggest' ? 'suggest returns --size items per group' : 'autocomplete returns --suggestions per prefix'}.`,
    );
  if (kind.kind === 'autocomplete' && str('judgments'))
    throw new UsageError('--judgments rates items; autocomplete suggests queries, so there is nothing to rate: leave --judgments out.');
  const quality = await qualityOptions(v, io, gate);
  const sides = { a: sideFromOptions(v, 'a'), b: sideFromOptions(v, 'b') };
  const pageSize = quality ? Math.max(limit, quality.config.k) : limit;
  if (pageSize > limit)
    io.stderr(`--limit raised from ${limit} to ${pageSize}, so every judged position up to k = ${quality?.config.k} has an item.`);
  return {
    batch: {
      name: str('name') ?? defaultBatchName(sides),
      ...(kind.kind !== 'search' ? { kind: kind.kind } : {}),
      base: kind.base ?? { options: { offset: 0, limit: pageSize } },
      sides,
      // The run's own pace replaces it when it starts (--concurrency).
      concurrency: BATCH_CONCURRENCY,
    },
    rows: () => kindRows(kind, v, io),
    quality,
  };
}

/** A shard's place in its run, with the run's identity and the whole list's hash (what `merge` checks). */
function shardOfRun(
  shard: Shard,
  all: readonly QueryRow[],
  run: { name: string; kind: CompareKind; base: unknown; sides: unknown; quality: Awaited<ReturnType<typeof qualityOptions>> },
) {
  const list = queryListHash(all);
  const quality = run.quality ? { ...run.quality.config, judgments: run.quality.judgments.sha256 } : null;
  const id = shardRunId({ ...run, list, count: shard.count, of: all.length, quality });
  // How it is measured, kept so `merge` measures the whole run the same way without being told again.
  return {
    ...shard,
    of: all.length,
    list,
    run: id,
    ...(run.quality ? { quality: { ...run.quality.config, judgments: run.quality.judgments } } : {}),
  };
}

export const compareCommand: Command = {
  name: 'compare',
  summary: 'Run a query list against two sides (configurations, environments, variables) and report what changed',
  usage:
    `compare ${flagSynopsis(compareCli, ['kind'])} --queries FILE --base-url U --token T --a CONFIG_A --b CONFIG_B [--judgments FILE] [--k 10] [--gain exponential|linear] [--threshold 1] [--ratings people|people+rules|people+clicks|people+llm|clicks|all] [--weight none|frequency] [--concurrency N|auto] ${flagSynopsis(compareCli, ['limit'])} [--out report.html|.csv|.json] [--state DIR] [--name NAME] [--timeout MS] [--gate METRIC[@k] [--gate-alpha 0.05] [--gate-min-delta D] [--baseline-run REPORT.json]] [--traffic STORE [--estimator dr] [--click-model pbm] [--gate clicks@10]] [--shard i/n] [--a-base-url U] [--a-token T] [--a-filter F] [--a-var k=v]… [--a-label L] (and the same --b-… options)\n` +
    '       compare --experiment WORKSPACE/experiments/FILE.json --base-url U --token T [--out …] [--state DIR] [--gate …] [--shard i/n]\n' +
    '  --experiment a workspace experiment, run as the app runs it: its query set, sides, page size, judgment list and quality settings (the flags that set those are refused with it); both sides ask --base-url with --token\n' +
    `${flagHelp(compareCli, { width: 12, only: ['kind'] }).join('\n')}\n` +
    '  --queries    one query per line, CSV with a query column (and filter, facets, variables), or a workspace query set (JSON) (required, except for autocomplete)\n' +
    '  --group-by   with --kind suggest: the attribute whose values make the groups, like category (required for suggest)\n' +
    '  --values     with --kind suggest: the values to group by, comma-separated, one group each (required for suggest)\n' +
    `${flagHelp(compareCli, { width: 12, only: ['size'] }).join('\n')}\n` +
    '  --prefixes   with --kind autocomplete: the prefixes to send, one per line (or --prefixes-from)\n' +
    '  --prefixes-from  with --kind autocomplete: a query list or query set whose queries give every prefix of length 1 to --max-prefix, each once\n' +
    `${flagHelp(compareCli, { width: 12, only: ['maxPrefix', 'suggestions'] }).join('\n')}\n` +
    '  --judgments  Quepid CSV, TREC qrels, RRE JSON or a workspace judgment list (default: none): adds quality per side (nDCG, DCG, P, AP, RR, recall, judged)\n' +
    '               and the significance of B − A (paired randomization test, 95% Student t interval) to the summary and the reports\n' +
    "  --k, --gain, --threshold, --ratings  as for `metrics` (defaults 10, exponential, the judgment list's own threshold (else 1), people: rules' suggestions and clicks' ratings left out; the summary says each); with judgments, --limit is raised to k\n" +
    '  --weight  how queries count in the means (default none: each once); frequency weighs each by how often shoppers searched it, the weight a query set sampled from traffic carries (1 where it has none); the summary says which\n' +
    '  --base-url   the service address before /search, for both sides (required unless each side has --a-/--b-base-url)\n' +
    '  --token      the search token, for both sides (required unless each side has --a-/--b-token)\n' +
    '  --a, --b     the configuration id of each side (required; an empty string means the tenant default)\n' +
    `  --concurrency  queries in flight, 1 to 64, or auto: paced by the service's 429/503, up to 32 (default ${BATCH_CONCURRENCY})\n` +
    `${flagHelp(compareCli, { width: 12, only: ['limit'] }).join('\n')}\n` +
    '  --out        the report, by extension: .html, .csv or .json (default: the summary on standard output only)\n' +
    '  --state      a folder that keeps the run, so an interrupted compare resumes (default: a temporary folder, removed)\n' +
    '  --name       the run\'s name in the report (default: "A vs B" from the sides\' labels)\n' +
    '  --timeout    milliseconds before one request gives up, 1,000 to 300,000 (default 30,000)\n' +
    GATE_USAGE +
    TRAFFIC_USAGE +
    '  --shard      i/n: run only the queries whose text hashes to shard i of n, for a CI matrix; `merge` joins the --state folders (default: all)\n' +
    '  exit codes: 0 compared (and the gate passed), 1 the gate failed, 2 usage error, 3 could not run (every query failed; 3 wins over 1)\n' +
    "  --a-base-url, --a-token  side A's own service address and token (default: --base-url, --token); the same for --b-…\n" +
    '  --a-filter   a filter added to every request of side A (default: none); the same for --b-filter\n' +
    '  --a-var      a context variable k=v for side A, repeatable (default: none); the same for --b-var\n' +
    "  --a-label    side A's name in the report (default: its configuration); the same for --b-label\n" +
    '  example: search-workbench compare --queries queries.txt --base-url http://127.0.0.1:8080 --token demo-search-token-0001 --a default --b bestsellers --out report.html\n' +
    '  example: search-workbench compare --queries queries.txt --base-url … --token … --a default --b new-arrivals --traffic examples/workspace/traffic --gate clicks@10\n' +
    '  example: search-workbench compare --kind suggest --group-by category --values Dresses,Shoes --size 5 --queries queries.txt --base-url … --token … --a default --b bestsellers\n' +
    '  example: search-workbench compare --kind autocomplete --prefixes-from queries.txt --max-prefix 4 --base-url … --token … --a default --b bestsellers',
  async run(argv, io) {
    const { values } = parse(
      argv,
      {
        queries: { type: 'string' },
        ...SERVICE_FLAGS,
        a: { type: 'string' },
        b: { type: 'string' },
        concurrency: { type: 'string' },
        limit: { type: 'string' },
        out: { type: 'string' },
        state: { type: 'string' },
        name: { type: 'string' },
        timeout: { type: 'string' },
        judgments: { type: 'string' },
        k: { type: 'string' },
        gain: { type: 'string' },
        threshold: { type: 'string' },
        ratings: { type: 'string' },
        weight: { type: 'string' },
        shard: { type: 'string' },
        experiment: { type: 'string' },
        ...KIND_FLAGS,
        ...GATE_FLAGS,
        ...TRAFFIC_FLAGS,
        ...SIDE_FLAGS,
      },
      false,
    );
    // A `--gate clicks@k` is the traffic's (with --traffic); every other gate is on the judgments.
    const { check: traffic, rest: v } = trafficOptions(values as Values);
    const str = (k: string) => v[k] as string | undefined;
    // `--concurrency auto`: paced from the service's own refusals, up to 32 queries in flight.
    const pace = runOptions({ concurrency: str('concurrency'), timeout: str('timeout') }, BATCH_CONCURRENCY);
    const experiment = str('experiment');
    const gate = gateOptions(v, experiment !== undefined);
    const shard = shardOption(v);
    // A workspace experiment sets the queries, sides, page size and quality as the app runs it; else the flags do.
    const planned = experiment ? await experimentPlan(v, experiment, gate) : await flagsPlan(v, io, gate);
    const quality = planned.quality;
    const baseline = await baselineOption(v, io);
    const out = str('out');
    const format = reportFormat(out);
    await checkOut(out);

    // The batch lives in --state DIR (its own folder, to resume from), or in a temporary folder removed at the end.
    const state = str('state');
    if (state) await checkStateFolder(state);
    const root = state ? dirname(resolve(state)) : await mkdtemp(join(tmpdir(), 'wb-compare-'));
    const id = state ? basename(resolve(state)) : 'run';
    const http = runClient(pace, 16);
    const compare = new CompareService(root, {
      search: new SearchClient(http),
      deadlineMs: () => pace.timeout ?? 0,
      onProgress: throttledProgress(
        io,
        ({ progress }) => progressLine(progress),
        ({ progress }) => progress.status !== 'running',
      ),
    });
    const stop = onStopSignal(() => {
      io.stderr(state ? `Pausing; run the same command with --state ${state} to resume.` : 'Stopping.');
      compare.pause(id).catch(() => undefined); // before the run has started there is nothing to pause
    });
    try {
      if (await compare.has(id)) {
        const stored = await compare.load(id);
        io.stderr(
          `Resuming "${stored.definition.name}" from ${state} (${stored.definition.rows.length} queries); its stored sides and queries apply.`,
        );
        if (stored.progress.status !== 'done') await compare.control(id, 'resume');
      } else {
        const all = await planned.rows();
        const rows = shard ? inShard(all, shard, (r) => r.query) : all;
        if (shard) {
          io.stderr(`shard ${shard.index}/${shard.count}: ${rows.length} of the ${all.length} queries (by the hash of each query's text).`);
          if (rows.length === 0) {
            io.stdout(`shard ${shard.index}/${shard.count} holds none of the ${all.length} queries: nothing to run, nothing to merge.`);
            return EXIT.ok;
          }
        }
        const { batch } = planned;
        const kind = batch.kind ?? 'search';
        await compare.start(
          {
            ...batch,
            rows,
            concurrency: pace.concurrency,
            ...(pace.auto ? { pace: 'auto' as const } : {}),
            ...(shard ? { shard: shardOfRun(shard, all, { name: batch.name, kind, base: batch.base, sides: batch.sides, quality }) } : {}),
          },
          { id },
        );
      }
      const progress = await compare.finished(id);
      const { definition, results } = compare.read(id);
      // B − A on the traffic first, so the report keeps it and its gate's verdict.
      const done = progress.remaining === 0;
      const estimated = traffic && done ? await estimateTraffic(traffic, definition, new SearchClient(http), io) : undefined;
      const onTraffic = estimated ? trafficVerdict(traffic!, estimated.report, estimated.section, io) : EXIT.ok;
      const reported = { quality, gate, baseline, out, format, ...(estimated ? { traffic: estimated.section } : {}) };
      const code = await reportRun({ definition, results }, reported, io);
      // Stopped by Ctrl+C or SIGTERM before the end: the shell's convention, 128 + SIGINT.
      if (!done) return 130;
      // Every query failed (3) wins over a failed gate (1), the traffic's as the judgments'.
      return code === EXIT.couldNotRun ? code : Math.max(code, onTraffic);
    } finally {
      stop.dispose();
      await compare.dispose();
      await http.close();
      if (!state) await rm(root, { recursive: true, force: true });
    }
  },
};

/**
 * The judgments and settings the shards ran with: the file read again from where compare read it, refused when
 * it is not there or not the same file (its hash); the flags given to merge (--k, --threshold…) still win.
 */
async function shardsQuality(
  ran: NonNullable<NonNullable<BatchDefinition['shard']>['quality']>,
  v: Values,
  io: CliIo,
  gate: GateSpec | undefined,
): Promise<QualityChoice> {
  let read;
  try {
    read = await readJudgments(ran.judgments.path, io);
  } catch (err) {
    throw new InputError(
      `The shards were measured against ${ran.judgments.path} (sha256 ${ran.judgments.sha256.slice(0, 12)}…), which cannot be read here (${(err as Error).message}): give --judgments FILE.`,
    );
  }
  if (read.source.sha256 !== ran.judgments.sha256)
    throw new InputError(
      `${ran.judgments.path} is not the file the shards were measured against (its sha256 differs): give --judgments FILE to measure with it anyway.`,
    );
  const { judgments: _judgments, ...settings } = ran;
  return qualityChoice(read, { ...settings, ...(gate?.k !== undefined ? { k: gate.k } : {}), ...qualityFlags(v) });
}

/** One shard's --state folder, read as it was left: its definition and every stored result. */
async function readShard(dir: string): Promise<ShardRun> {
  const store = new BatchStore(resolve(dir));
  if (!(await BatchStore.exists(store.dir)))
    throw new InputError(`${dir} holds no compare run: give the --state folders the shards' compare commands wrote.`);
  const definition = await store.definition();
  // Read through the schema: a shard folder arrives from another machine of a CI matrix, so a chunk that is not results is refused by name.
  const results = [...(await store.load({ strict: true })).values()];
  return { source: dir, definition, results };
}

export const mergeCommand: Command = {
  name: 'merge',
  summary: "Join the --state folders of compare --shard runs into the one run's summary, report and gate",
  usage:
    'merge STATE_DIR… [--out report.html|.csv|.json] [--judgments FILE] [--k 10] [--gain exponential|linear] [--threshold 1] [--gate METRIC[@k] [--gate-alpha 0.05] [--gate-min-delta D] [--baseline-run REPORT.json]]\n' +
    '  STATE_DIR    the --state folder of each shard (compare --shard i/n --state DIR); a shard that held no query wrote none (required)\n' +
    '  --out        the report, by extension: .html, .csv or .json — the one a single run of the whole list gives (default: the summary only)\n' +
    '  --judgments  as for `compare` (default: none): quality per side and the significance of B − A over the whole list\n' +
    '  --k, --gain, --threshold  as for `metrics` (defaults 10, exponential, 1)\n' +
    GATE_USAGE +
    '  exit codes: 0 merged (and the gate passed), 1 the gate failed, 2 usage error, 3 could not run (a shard missing, unfinished or of another run)\n' +
    '  example: search-workbench merge shard-1 shard-2 shard-3 shard-4 --judgments judgments.csv --gate ndcg@10 --out report.html',
  async run(argv, io) {
    const { values, positionals } = parse(argv, {
      out: { type: 'string' },
      judgments: { type: 'string' },
      k: { type: 'string' },
      gain: { type: 'string' },
      threshold: { type: 'string' },
      ratings: { type: 'string' },
      ...GATE_FLAGS,
    });
    const v = values as Values;
    if (positionals.length === 0) throw new UsageError("merge needs the shards' --state folders: merge DIR1 DIR2 …");
    const gate = gateOptions(v);
    const format = reportFormat(values.out);
    await checkOut(values.out);
    const baseline = await baselineOption(v, io);
    const shards = await Promise.all(positionals.map(readShard));
    const merged = mergeShards(shards, queryListHash);
    if ('error' in merged) throw new InputError(merged.error);
    // Measured as the shards were (their judgments, checked by hash, and settings), unless the flags say otherwise.
    const ran = shards[0]?.definition.shard?.quality;
    const quality = v['judgments'] !== undefined || !ran ? await qualityOptions(v, io, gate) : await shardsQuality(ran, v, io, gate);
    io.stderr(`merged ${positionals.length} shard${positionals.length === 1 ? '' : 's'}: ${merged.definition.rows.length} queries.`);
    return reportRun(merged, { quality, gate, baseline, out: values.out, format }, io);
  },
};
