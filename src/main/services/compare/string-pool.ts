import type { BatchResult, SideResult } from '../../../shared/compare';

/**
 * One copy of each item id and title a batch holds. A catalog has far fewer distinct items than a batch of
 * 100,000 queries has places in its rankings (each answer parsed makes its own copy of every string), so the
 * results kept in memory share them: the same strings, a fraction of the memory.
 */
export class StringPool {
  private readonly pool = new Map<string, string>();

  intern(value: string): string {
    const kept = this.pool.get(value);
    if (kept !== undefined) return kept;
    this.pool.set(value, value);
    return value;
  }

  /** The result with its sides' ids, titles and query drawn from the pool (the same values). */
  result(result: BatchResult): BatchResult {
    return { ...result, a: this.side(result.a), b: this.side(result.b) };
  }

  private side(side: SideResult): SideResult {
    return {
      ...side,
      top: side.top.map((t) => ({ ...t, id: this.intern(t.id), ...(t.title !== undefined ? { title: this.intern(t.title) } : {}) })),
      ...(side.ranking ? { ranking: side.ranking.map((id) => this.intern(id)) } : {}),
    };
  }
}
