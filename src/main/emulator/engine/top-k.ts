/**
 * The first `k` of `indices` in `better` order, sorted, without sorting the
 * whole list: a bounded heap keeps the k best seen so far (O(n log k)).
 */
export function topK(indices: ArrayLike<number>, k: number, better: (a: number, b: number) => number): number[] {
  const n = indices.length;
  if (k <= 0 || n === 0) return [];
  if (n <= k || n <= 256) {
    const all = Array.from(indices);
    all.sort(better);
    return all.slice(0, k);
  }
  // Max-heap on "worst first": heap[0] is the worst of the k best so far.
  const heap: number[] = [];
  const worse = (a: number, b: number) => better(a, b) > 0;
  const siftUp = (pos: number) => {
    while (pos > 0) {
      const parent = (pos - 1) >> 1;
      if (!worse(heap[pos] as number, heap[parent] as number)) break;
      [heap[pos], heap[parent]] = [heap[parent] as number, heap[pos] as number];
      pos = parent;
    }
  };
  const siftDown = (pos: number) => {
    const size = heap.length;
    for (;;) {
      const l = 2 * pos + 1;
      const r = l + 1;
      let top = pos;
      if (l < size && worse(heap[l] as number, heap[top] as number)) top = l;
      if (r < size && worse(heap[r] as number, heap[top] as number)) top = r;
      if (top === pos) break;
      [heap[pos], heap[top]] = [heap[top] as number, heap[pos] as number];
      pos = top;
    }
  };
  for (let i = 0; i < n; i++) {
    const idx = indices[i] as number;
    if (heap.length < k) {
      heap.push(idx);
      siftUp(heap.length - 1);
    } else if (better(idx, heap[0] as number) < 0) {
      heap[0] = idx;
      siftDown(0);
    }
  }
  return heap.sort(better);
}
