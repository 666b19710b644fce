/** How an item moved between the two sides: A is the reference, B the candidate. */
export type Movement = { kind: 'same' } | { kind: 'up'; by: number } | { kind: 'down'; by: number } | { kind: 'new' } | { kind: 'dropped' };

export interface RankedEntry {
  id: string;
  score?: number | undefined;
}

export interface AlignedRow {
  id: string;
  /** 1-based ranks; null where the side does not have the item. */
  rankA: number | null;
  rankB: number | null;
  scoreA: number | null;
  scoreB: number | null;
  movement: Movement;
}

export interface Alignment {
  /** Every item of either side: A's in A's order, then B's new ones in B's order. */
  rows: AlignedRow[];
  /** Ids a side listed more than once (only the first place counts). */
  duplicatesA: string[];
  duplicatesB: string[];
  counts: { same: number; up: number; down: number; new: number; dropped: number };
}

function index(list: readonly RankedEntry[]): { ranks: Map<string, { rank: number; score: number | null }>; duplicates: string[] } {
  const ranks = new Map<string, { rank: number; score: number | null }>();
  const duplicates: string[] = [];
  list.forEach((entry, i) => {
    if (ranks.has(entry.id)) {
      if (!duplicates.includes(entry.id)) duplicates.push(entry.id);
      return;
    }
    ranks.set(entry.id, { rank: i + 1, score: typeof entry.score === 'number' ? entry.score : null });
  });
  return { ranks, duplicates };
}

export function movementOf(rankA: number | null, rankB: number | null): Movement {
  if (rankA === null) return { kind: 'new' };
  if (rankB === null) return { kind: 'dropped' };
  if (rankB < rankA) return { kind: 'up', by: rankA - rankB };
  if (rankB > rankA) return { kind: 'down', by: rankB - rankA };
  return { kind: 'same' };
}

/** Lines up two ranked lists by item id: each item's rank and score on both sides and how it moved. */
export function alignRankings(a: readonly RankedEntry[], b: readonly RankedEntry[]): Alignment {
  const A = index(a);
  const B = index(b);
  const rows: AlignedRow[] = [];
  const counts = { same: 0, up: 0, down: 0, new: 0, dropped: 0 };
  const push = (
    id: string,
    ra: { rank: number; score: number | null } | undefined,
    rb: { rank: number; score: number | null } | undefined,
  ) => {
    const movement = movementOf(ra?.rank ?? null, rb?.rank ?? null);
    counts[movement.kind]++;
    rows.push({ id, rankA: ra?.rank ?? null, rankB: rb?.rank ?? null, scoreA: ra?.score ?? null, scoreB: rb?.score ?? null, movement });
  };
  for (const [id, ra] of A.ranks) push(id, ra, B.ranks.get(id));
  for (const [id, rb] of B.ranks) if (!A.ranks.has(id)) push(id, undefined, rb);
  return { rows, duplicatesA: A.duplicates, duplicatesB: B.duplicates, counts };
}

/** "▲3", "▼2", "new", "dropped", "=" — for tables and reports. */
export function movementLabel(m: Movement): string {
  switch (m.kind) {
    case 'up':
      return `▲${m.by}`;
    case 'down':
      return `▼${m.by}`;
    case 'new':
      return 'new';
    case 'dropped':
      return 'dropped';
    default:
      return '=';
  }
}
