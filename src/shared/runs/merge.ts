import type { BatchDefinition, BatchResult } from '../compare/types';
import { canonicalJson } from '../workspace/canonical-json';

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
 * not shards, shards of different splits or sides, a shard twice, a shard not finished, or queries missing.
 */
export function mergeShards(runs: readonly ShardRun[]): { definition: BatchDefinition; results: BatchResult[] } | { error: string } {
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
    if (same(run) !== same(first))
      return {
        error: `${run.source} and ${first.source} ran different sides or settings: shards of one run share them (the same command, only --shard differs).`,
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
  const rows = runs
    .flatMap((run) => {
      const byIndex = new Map(run.results.map((r) => [r.index, r]));
      return run.definition.rows.map((row, local) => ({ row, result: byIndex.get(local)! }));
    })
    .sort((x, y) => x.row.line - y.row.line);
  const createdAt = runs.map((r) => r.definition.createdAt).sort()[0]!;
  const { shard: _shard, ...rest } = first.definition;
  return {
    definition: { ...rest, id: 'merged', createdAt, rows: rows.map((r) => r.row) },
    results: rows.map(({ result }, index) => ({ ...result, index })),
  };
}
