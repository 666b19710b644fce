import type { BatchDefinition, BatchResult, QueryRow } from '../compare';
import { shardOf } from './shard';
import { canonicalJson } from '../workspace';

export interface ShardRun {
  /** Where it was read from, for messages. */
  source: string;
  definition: BatchDefinition;
  results: readonly BatchResult[];
}

/**
 * Shard runs (`compare --shard i/n --state DIR`) as the one run they are parts of: rows back in the query list's
 * order (by their line), each result's index its place in the whole list — so the report is the one a single run
 * of the whole list gives, timings aside. Refused, with the reason and the fix, when the parts do not make one run:
 * not shards, shards of different splits, sides or runs (each carries its run's identity), a shard twice, a
 * shard not finished, a row that does not belong to its shard, results that are not its rows' (an index out of
 * range or missing), or rows that together are not the list the run was cut from (its hash, by `listHash`).
 */
export function mergeShards(
  runs: readonly ShardRun[],
  listHash: (rows: readonly QueryRow[]) => string,
): { definition: BatchDefinition; results: BatchResult[] } | { error: string } {
  if (runs.length === 0) return { error: 'merge needs the --state folders of the shards to merge.' };
  const first = runs[0]!;
  const split = first.definition.shard;
  const same = (r: ShardRun) =>
    canonicalJson({ name: r.definition.name, base: r.definition.base, sides: r.definition.sides, quality: r.definition.quality ?? null });
  const seen = new Map<number, string>();
  for (const run of runs) {
    const shard = run.definition.shard;
    if (!shard) return { error: `${run.source} is a whole run, not a shard: merge takes the --state folders of compare --shard i/n runs.` };
    if (split && (shard.count !== split.count || shard.of !== split.of))
      return {
        error: `${run.source} is shard ${shard.index}/${shard.count} of ${shard.of} queries, ${first.source} is ${split.index}/${split.count} of ${split.of}: they are not parts of one run.`,
      };
    if (!shard.run || !shard.list)
      return {
        error: `${run.source} carries no run identity (written by an earlier version of compare): run its shards again with this version.`,
      };
    if (same(run) !== same(first) || shard.run !== split?.run || shard.list !== split?.list)
      return {
        error: `${run.source} and ${first.source} ran different sides, settings, judgments or query lists: shards of one run share them (the same command, only --shard differs).`,
      };
    const stray = run.definition.rows.find((row) => shardOf(row.query, shard.count) !== shard.index);
    if (stray)
      return {
        error: `${run.source}: the query ${JSON.stringify(stray.query)} (line ${stray.line}) is not one of shard ${shard.index}/${shard.count}'s: its definition.json was changed or copied from another shard.`,
      };
    const wrong = run.results.find((r) => run.definition.rows[r.index]?.query !== r.query);
    if (wrong)
      return {
        error: `${run.source}: a result for query ${wrong.index + 1} (${JSON.stringify(wrong.query)}), which is not that query of the shard's ${run.definition.rows.length}: its results are not this shard's.`,
      };
    const twice = seen.get(shard.index);
    if (twice) return { error: `shard ${shard.index}/${shard.count} is given twice (${twice} and ${run.source}).` };
    seen.set(shard.index, run.source);
    if (run.results.length < run.definition.rows.length)
      return {
        error: `${run.source} (shard ${shard.index}/${shard.count}) is not finished: ${run.results.length} of ${run.definition.rows.length} queries answered. Run its compare command again with the same --state to resume it.`,
      };
  }
  const total = runs.reduce((n, r) => n + r.definition.rows.length, 0);
  if (total !== split!.of) {
    const missing = Array.from({ length: split!.count }, (_, i) => i + 1).filter((i) => !seen.has(i));
    return {
      error: `the shards hold ${total} of the ${split!.of} queries: shard${missing.length === 1 ? '' : 's'} ${missing.join(', ')} of ${split!.count} ${missing.length === 1 ? 'is' : 'are'} missing.`,
    };
  }
  const lines = new Set<number>();
  for (const run of runs)
    for (const row of run.definition.rows) {
      if (lines.has(row.line))
        return { error: `${run.source}: line ${row.line} (${JSON.stringify(row.query)}) is in two shards: each query is in exactly one.` };
      lines.add(row.line);
    }
  const rows = runs
    .flatMap((run) => {
      const byIndex = new Map(run.results.map((r) => [r.index, r]));
      return run.definition.rows.map((row, local) => ({ row, result: byIndex.get(local)! }));
    })
    .sort((x, y) => x.row.line - y.row.line);
  if (listHash(rows.map((r) => r.row)) !== split!.list)
    return {
      error: `the shards' queries are not the list the run was cut from (its hash differs): a definition.json was changed. Run the shards again.`,
    };
  const createdAt = runs.map((r) => r.definition.createdAt).sort()[0]!;
  const { shard: _shard, ...rest } = first.definition;
  return {
    definition: { ...rest, id: 'merged', createdAt, rows: rows.map((r) => r.row) },
    results: rows.map(({ result }, index) => ({ ...result, index })),
  };
}
