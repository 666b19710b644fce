/** A JSON object (not null, not an array). */
export const isJsonObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** How a value reads in an error message: "null", "an array", "an object", or its type and value ("number 3"). */
export const describeValue = (v: unknown): string =>
  v === null ? 'null' : Array.isArray(v) ? 'an array' : typeof v === 'object' ? 'an object' : `${typeof v} ${JSON.stringify(v)}`;

/**
 * How deeply a value nests objects and arrays (a bare value is 0, `{}` is 1),
 * counted without recursion so any depth is safe; counting stops just past
 * `limit`, which also ends cycles.
 */
export function nestingDepth(value: unknown, limit: number): number {
  let max = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [v, above] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    const depth = above + 1;
    if (depth > max) max = depth;
    if (max > limit) return max;
    for (const child of Object.values(v)) stack.push([child, depth]);
  }
  return max;
}
