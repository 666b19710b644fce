import type { z } from 'zod';
import type { Fix, JsonPath, RequestDiagnostic, Severity } from '../diagnostics';
import { formatPath } from '../diagnostics';

export type Obj = Record<string, unknown>;

/** Gathers a request's diagnostics, each at its JSON path. */
export class Collector {
  readonly list: RequestDiagnostic[] = [];
  add(
    path: JsonPath,
    severity: Severity,
    code: string,
    message: string,
    extra: { fix?: Fix; range?: { start: number; end: number } } = {},
  ) {
    this.list.push({ path: formatPath(path), severity, code, message, ...extra });
  }
}

/** The value when it has the schema's shape, otherwise undefined: semantic rules only read what parses. */
export function typed<S extends z.ZodType>(schema: S, value: unknown): z.output<S> | undefined {
  if (value === undefined) return undefined;
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/** Optimal string alignment distance, capped: enough to tell a typo (`limt`) from another word. */
function distance(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  if (Math.abs(x.length - y.length) > 2) return 3;
  const d: number[][] = Array.from({ length: x.length + 1 }, (_, i) =>
    Array.from({ length: y.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= x.length; i++) {
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1]) best = Math.min(best, d[i - 2]![j - 2]! + 1);
      d[i]![j] = best;
    }
  }
  return d[x.length]![y.length]!;
}

/** The known field an unknown one was probably meant to be (`limt` → `limit`, `Query` → `query`). */
export function likelyMeant(key: string, known: readonly string[]): string | undefined {
  const threshold = key.length <= 4 ? 1 : 2;
  let best: { name: string; d: number } | undefined;
  for (const name of known) {
    const d = distance(key, name);
    if (d <= threshold && (!best || d < best.d)) best = { name, d };
  }
  return best?.name;
}

/** Where else an unknown field may belong: a top-level `limit` is an option. */
export interface Elsewhere {
  known: readonly string[];
  path: JsonPath;
}

/**
 * Fields the service does not know. The schemas keep them (the service
 * ignores them), so they are reported here: a warning with a fix that moves
 * or renames it when the field looks like a typo of a known one (`limt`) or
 * a known field in the wrong place (a top-level `limit`), a warning when
 * `note` has a reason, otherwise an `info` with a fix that removes it.
 */
export function checkUnknown(
  c: Collector,
  obj: Obj,
  known: readonly string[],
  path: JsonPath,
  where: string,
  more: { elsewhere?: Elsewhere; note?: (key: string) => string | undefined } = {},
): void {
  for (const key of Object.keys(obj)) {
    if (known.includes(key)) continue;
    const meant = likelyMeant(key, known);
    const moved = meant ? undefined : more.elsewhere && likelyMeant(key, more.elsewhere.known);
    const target = meant ? [...path, meant] : moved && more.elsewhere ? [...more.elsewhere.path, moved] : undefined;
    if (target && !(meant && meant in obj)) {
      const name = formatPath(target);
      c.add(
        [...path, key],
        'warning',
        'unknown-field',
        `${where} has no field '${key}' (did you mean '${name}'?); the service will ignore it.`,
        {
          fix: {
            title: meant ? `Rename to '${meant}'` : `Move to '${name}'`,
            edits: [
              { op: 'set', path: target, value: obj[key] },
              { op: 'remove', path: [...path, key] },
            ],
          },
        },
      );
      continue;
    }
    const extra = more.note?.(key);
    c.add(
      [...path, key],
      extra ? 'warning' : 'info',
      'unknown-field',
      `${where} has no field '${key}'; the service will ignore it.${extra ? ` ${extra}` : ''}`,
      {
        fix: { title: `Remove '${key}'`, edits: [{ op: 'remove', path: [...path, key] }] },
      },
    );
  }
}
