/**
 * Rank-list similarity measures, over lists of ids (the order the service
 * returned them in: the service breaks score ties, so the order is the
 * ranking). Each list is taken without repeats — the first place an id
 * appears is its rank — which is what every measure here assumes.
 */

/** The ids in order, each once: a repeated id keeps its first rank. */
export function uniqueRanking(ids: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const id of ids) {
    if (seen.has(id)) continue;
    seen.add(id);
    out.push(id);
  }
  return out;
}

/**
 * overlap@k: the share of the top k the two lists have in common,
 * |A:k ∩ B:k| / min(k, max(|A|, |B|)). Two empty lists agree fully (1).
 */
export function overlapAt(a: readonly string[], b: readonly string[], k: number): number {
  const depth = Math.min(k, Math.max(a.length, b.length));
  if (depth === 0) return 1;
  const top = new Set(a.slice(0, k));
  let shared = 0;
  for (const id of b.slice(0, k)) if (top.has(id)) shared++;
  return shared / depth;
}

/** Jaccard@k: |A:k ∩ B:k| / |A:k ∪ B:k|; 1 when both are empty. */
export function jaccardAt(a: readonly string[], b: readonly string[], k: number): number {
  const ta = new Set(a.slice(0, k));
  const tb = new Set(b.slice(0, k));
  if (ta.size === 0 && tb.size === 0) return 1;
  let shared = 0;
  for (const id of tb) if (ta.has(id)) shared++;
  return shared / (ta.size + tb.size - shared);
}

/**
 * Rank-biased overlap, extrapolated (Webber, Moffat & Zobel 2010, eq. 32
 * for lists of uneven length; eq. 30 when they are even): agreement at each
 * depth weighted by p^(d-1), with the unseen tail assumed to continue as
 * the seen part ends. 1 for identical lists, 0 for disjoint ones; two
 * empty lists count as identical, one empty list against a non-empty one
 * as disjoint.
 */
export function rbo(a: readonly string[], b: readonly string[], p = 0.9): number {
  const [S, L] = a.length <= b.length ? [a, b] : [b, a];
  const s = S.length;
  const l = L.length;
  if (l === 0) return 1;
  if (s === 0) return 0;
  const inS = new Set<string>();
  const inL = new Set<string>();
  let overlap = 0; // X_d
  let sum = 0; // Σ X_d / d · p^d, d = 1…l
  let tail = 0; // Σ X_s (d − s) / (s d) · p^d, d = s+1…l
  let xs = 0;
  let pd = 1;
  for (let d = 1; d <= l; d++) {
    pd *= p;
    const fromL = L[d - 1] as string;
    if (d <= s) {
      const fromS = S[d - 1] as string;
      if (fromS === fromL) overlap++;
      else {
        if (inL.has(fromS)) overlap++;
        if (inS.has(fromL)) overlap++;
      }
      inS.add(fromS);
      inL.add(fromL);
      if (d === s) xs = overlap;
    } else {
      if (inS.has(fromL)) overlap++;
      tail += ((xs * (d - s)) / (s * d)) * pd;
    }
    sum += (overlap / d) * pd;
  }
  const xl = overlap;
  const value = ((1 - p) / p) * (sum + tail) + ((xl - xs) / l + xs / s) * pd;
  // Rounding can carry identical lists a hair over 1.
  return Math.min(1, Math.max(0, value));
}

/** Fewest shared items Kendall's tau is reported on: with two, it can only be +1 or −1, which says nothing. */
export const MIN_TAU_SHARED = 3;

/**
 * Kendall's tau between the two rankings of the items both lists hold:
 * 1 same order, −1 reversed; null with fewer than MIN_TAU_SHARED shared items.
 * Ranks are distinct within a list, so tau-a = tau-b; discordant pairs are
 * counted by merge sort (O(n log n)).
 */
export function kendallTau(a: readonly string[], b: readonly string[]): number | null {
  const rankB = new Map<string, number>();
  b.forEach((id, i) => {
    if (!rankB.has(id)) rankB.set(id, i);
  });
  const seq: number[] = [];
  const seen = new Set<string>();
  for (const id of a) {
    const r = rankB.get(id);
    if (r === undefined || seen.has(id)) continue;
    seen.add(id);
    seq.push(r);
  }
  const n = seq.length;
  if (n < MIN_TAU_SHARED) return null;
  const pairs = (n * (n - 1)) / 2;
  return 1 - (2 * countInversions(seq)) / pairs;
}

function countInversions(values: number[]): number {
  const buffer = new Array<number>(values.length);
  const work = values.slice();
  let inversions = 0;
  for (let width = 1; width < work.length; width *= 2) {
    for (let lo = 0; lo < work.length; lo += 2 * width) {
      const mid = Math.min(lo + width, work.length);
      const hi = Math.min(lo + 2 * width, work.length);
      let i = lo;
      let j = mid;
      let k = lo;
      while (i < mid && j < hi) {
        if ((work[i] as number) <= (work[j] as number)) buffer[k++] = work[i++] as number;
        else {
          inversions += mid - i;
          buffer[k++] = work[j++] as number;
        }
      }
      while (i < mid) buffer[k++] = work[i++] as number;
      while (j < hi) buffer[k++] = work[j++] as number;
      for (let t = lo; t < hi; t++) work[t] = buffer[t] as number;
    }
  }
  return inversions;
}

export const CUTOFFS = [1, 3, 10] as const;

export interface ListMetrics {
  /** overlap@1, @3, @10 and over the whole lists. */
  overlap: { 1: number; 3: number; 10: number; all: number };
  jaccard: { 1: number; 3: number; 10: number; all: number };
  /** Extrapolated rank-biased overlap, p = 0.9. */
  rbo: number;
  /** On the `shared` items; null with fewer than MIN_TAU_SHARED. */
  kendallTau: number | null;
  top1Changed: boolean;
  lengthA: number;
  lengthB: number;
  shared: number;
}

/** Every list measure at once: one pass per cutoff over rank maps (no sets rebuilt per measure). */
export function listMetrics(aIds: readonly string[], bIds: readonly string[]): ListMetrics {
  const a = uniqueRanking(aIds);
  const b = uniqueRanking(bIds);
  const rankA = new Map<string, number>();
  a.forEach((id, i) => rankA.set(id, i));
  const all = Math.max(a.length, b.length);
  // shared[k] = |A:k ∩ B:k|, built for the cutoffs that are asked for.
  const sharedAt = (k: number): number => {
    let n = 0;
    const end = Math.min(k, b.length);
    for (let j = 0; j < end; j++) {
      const r = rankA.get(b[j] as string);
      if (r !== undefined && r < k) n++;
    }
    return n;
  };
  const overlap = (k: number, shared: number) => {
    const depth = Math.min(k, all);
    return depth === 0 ? 1 : shared / depth;
  };
  const jaccard = (k: number, shared: number) => {
    const union = Math.min(k, a.length) + Math.min(k, b.length) - shared;
    return union === 0 ? 1 : shared / union;
  };
  const s1 = sharedAt(1);
  const s3 = sharedAt(3);
  const s10 = sharedAt(10);
  const sAll = sharedAt(all);
  return {
    overlap: { 1: overlap(1, s1), 3: overlap(3, s3), 10: overlap(10, s10), all: overlap(all, sAll) },
    jaccard: { 1: jaccard(1, s1), 3: jaccard(3, s3), 10: jaccard(10, s10), all: jaccard(all, sAll) },
    rbo: rbo(a, b),
    kendallTau: kendallTau(a, b),
    top1Changed: a[0] !== b[0],
    lengthA: a.length,
    lengthB: b.length,
    shared: sAll,
  };
}
