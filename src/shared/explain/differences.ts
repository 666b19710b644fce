import { isJsonObject } from '../json-value';
import { canonicalJson } from '../workspace';
import { mergeRequest, type SideSpec } from '../compare';
import type { SearchTemplate } from '../request';

/**
 * The differences between two sides of a comparison, by path, and the request of any subset of them: what an
 * explanation attributes the change to. A difference is one named parameter whose value differs; everything
 * else (and what is not attributed) stays at side A's value in every request in between.
 */

/** The parameters an explanation attributes, in the order they are listed. */
export const ATTRIBUTED = [
  'profile',
  'token',
  'configurationId',
  'options.filter',
  'options.facets',
  'options.sortBy',
  'options.disable',
] as const;

/** What a difference's name is: one of the attributed parameters, or one context variable by name. */
export type DifferenceName = (typeof ATTRIBUTED)[number] | `context.variables.${string}`;

export interface Difference {
  name: DifferenceName;
  /** Each side's value as JSON; null where the side leaves it out (the service's default, no variable). */
  a: unknown;
  b: unknown;
}

export interface NotAttributed {
  name: string;
  a: unknown;
  b: unknown;
  /** Why it is left out of the attribution, and what the requests in between do with it. */
  reason: string;
}

/** What explains a pair of sides: each side's request template (the shared request with the side's own over it). */
export interface ExplainSides {
  base: SearchTemplate;
  a: SideSpec;
  b: SideSpec;
}

/** Parameters that differ but are held at side A's value, with the reason. */
const PAGING = "paging: every request asks for the same page so the rankings compare; side A's is kept";
const HELD: { name: string; path: string[]; reason: string }[] = [
  {
    name: 'options.customResponseMask',
    path: ['options', 'customResponseMask'],
    reason: "the response mask shapes what each item carries, not which items come back or their order; side A's is kept",
  },
  { name: 'options.limit', path: ['options', 'limit'], reason: PAGING },
  { name: 'options.offset', path: ['options', 'offset'], reason: PAGING },
  {
    name: 'context.session',
    path: ['context', 'session'],
    reason: "identity pairs are not one of the attributed parameters; side A's are kept",
  },
];

const PATHS: Record<(typeof ATTRIBUTED)[number], string[]> = {
  profile: ['profile'],
  token: ['token'],
  configurationId: ['configurationId'],
  'options.filter': ['options', 'filter'],
  'options.facets': ['options', 'facets'],
  'options.sortBy': ['options', 'sortBy'],
  'options.disable': ['options', 'disable'],
};

/** Where a difference lives in a request template (a variable's name may hold dots: it is one key). */
export function pathOf(name: DifferenceName): string[] {
  if (name.startsWith('context.variables.')) return ['context', 'variables', name.slice('context.variables.'.length)];
  return PATHS[name as (typeof ATTRIBUTED)[number]];
}

function getAt(value: unknown, path: readonly string[]): unknown {
  let at: unknown = value;
  for (const key of path) {
    if (!isJsonObject(at) || !Object.hasOwn(at, key)) return undefined;
    at = at[key];
  }
  return at;
}

/** Sets (or, for undefined, removes) the value at a path, making the objects on the way; empty objects left behind go. */
function setAt(target: Record<string, unknown>, path: readonly string[], value: unknown): void {
  const [key, ...rest] = path as [string, ...string[]];
  if (rest.length === 0) {
    if (value === undefined) delete target[key];
    else target[key] = structuredClone(value);
    return;
  }
  const child = isJsonObject(target[key]) ? { ...(target[key] as Record<string, unknown>) } : {};
  setAt(child, rest, value);
  if (Object.keys(child).length) target[key] = child;
  else delete target[key];
}

/** A side's template with its target as the `profile` parameter: its profile id or its own address. */
function effective(sides: ExplainSides, key: 'a' | 'b'): Record<string, unknown> {
  const side = sides[key];
  const template = mergeRequest(sides.base as Record<string, unknown>, side.overrides as Record<string, unknown>);
  const filter = getAt(template, ['options', 'filter']);
  // A filter of blanks is no filter: the same as leaving it out.
  if (typeof filter === 'string' && filter.trim() === '') setAt(template, ['options', 'filter'], undefined);
  const profile = side.baseUrl ?? side.profileId;
  return { ...template, ...(profile ? { profile } : {}) };
}

/** The differences D between the sides (attributed, in a stable order) and what differs but is not attributed. */
export function explainDifferences(sides: ExplainSides): { differences: Difference[]; notAttributed: NotAttributed[] } {
  const a = effective(sides, 'a');
  const b = effective(sides, 'b');
  const differences: Difference[] = [];
  const names: DifferenceName[] = [...ATTRIBUTED];
  const variables = new Set([
    ...Object.keys((getAt(a, ['context', 'variables']) as object | undefined) ?? {}),
    ...Object.keys((getAt(b, ['context', 'variables']) as object | undefined) ?? {}),
  ]);
  for (const v of [...variables].sort()) names.push(`context.variables.${v}`);
  for (const name of names) {
    const va = getAt(a, pathOf(name));
    const vb = getAt(b, pathOf(name));
    if (canonicalJson(va) !== canonicalJson(vb)) differences.push({ name, a: va ?? null, b: vb ?? null });
  }
  const notAttributed = HELD.flatMap(({ name, path, reason }) => {
    const va = getAt(a, path);
    const vb = getAt(b, path);
    return canonicalJson(va) === canonicalJson(vb) ? [] : [{ name, a: va ?? null, b: vb ?? null, reason }];
  });
  return { differences, notAttributed };
}

/** Whether difference i is in the subset `mask` (bit i). */
export const hasBit = (mask: number, i: number): boolean => (mask & (1 << i)) !== 0;

/**
 * The side of request(S): side A with the differences in `mask` taken from side B. Its target is B's when
 * `profile` is among them; its template holds everything else at A's value (its base is already merged in).
 */
export function sideForSubset(sides: ExplainSides, differences: readonly Difference[], mask: number): SideSpec {
  const template = effective(sides, 'a');
  const fromB = effective(sides, 'b');
  let target: SideSpec = sides.a;
  differences.forEach((d, i) => {
    if (!hasBit(mask, i)) return;
    if (d.name === 'profile') target = sides.b;
    else setAt(template, pathOf(d.name), getAt(fromB, pathOf(d.name)));
  });
  delete template.profile;
  const taken = differences.filter((_, i) => hasBit(mask, i)).map((d) => shortName(d.name));
  return {
    label: taken.length ? `A + ${taken.join(' + ')}` : sides.a.label,
    ...(target.profileId ? { profileId: target.profileId } : {}),
    ...(target.baseUrl ? { baseUrl: target.baseUrl } : {}),
    overrides: template as SearchTemplate,
  };
}

/** A difference's name as people say it: "configuration", "filter", "segment". */
export function shortName(name: DifferenceName): string {
  if (name.startsWith('context.variables.')) return name.slice('context.variables.'.length);
  if (name === 'configurationId') return 'configuration';
  if (name === 'token') return 'search token';
  return name.replace(/^options\./, '');
}

const shown = (value: unknown): string => {
  if (value === null || value === undefined) return 'none';
  if (typeof value === 'string') return value === '' ? '""' : value;
  return JSON.stringify(value);
};

/**
 * A difference in a few words: "configuration default → bestsellers", "segment = premium" (a variable only B
 * sets), "filter: price < 50 → none". A configuration left out is the tenant's default.
 */
export function describeDifference(d: Difference): string {
  const name = shortName(d.name);
  if (d.name === 'configurationId') return `${name} ${shown(d.a ?? 'default')} → ${shown(d.b ?? 'default')}`;
  if (d.name === 'token') return `${name} changed`;
  if (d.name.startsWith('context.variables.')) {
    if (d.a === null) return `${name} = ${shown(d.b)}`;
    if (d.b === null) return `${name} unset (was ${shown(d.a)})`;
    return `${name} ${shown(d.a)} → ${shown(d.b)}`;
  }
  return `${name}: ${shown(d.a)} → ${shown(d.b)}`;
}
