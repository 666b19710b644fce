/** First index in `docs[from, to)` holding a value ≥ `doc` (galloping, then binary search). */
export function seek(docs: Int32Array, from: number, to: number, doc: number): number {
  let lo = from;
  let step = 1;
  let hi = from;
  while (hi < to && (docs[hi] as number) < doc) {
    lo = hi + 1;
    hi = from + step;
    step *= 2;
  }
  if (hi > to) hi = to;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((docs[mid] as number) < doc) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
