import { resolve } from 'node:path';
import { mergeShards, type ShardRun } from '../../shared/runs/merge';
import { queryListHash } from '../../main/services/compare/shard-identity';
import { BatchStore } from '../../main/services/compare/store';
import { InputError } from '../input';
import { checkOut, parse, UsageError, type Command } from '../command';
import { baselineOption, GATE_FLAGS, GATE_USAGE, gateOptions } from '../gate-options';
import { reportFormat, reportRun } from '../run-report';
import { qualityChoice, qualityFlags, qualityOptions, readJudgments, type QualityChoice, type Values } from '../side-options';
import type { BatchDefinition } from '../../shared/compare/types';
import type { GateSpec } from '../../shared/runs/gate';
import type { CliIo } from '../command';

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
