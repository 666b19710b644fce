import { requestFor, type QueryRow, type SideSpec } from '../compare';
import type { SearchRequest } from '../request';
import { canonicalJson } from '../workspace';
import { sideForSubset, type Difference, type ExplainSides } from './differences';
import type { ShapleyPlan } from './shapley';

/** One distinct request of an explanation: where it goes (side A's target or B's) and what it asks. */
export interface ExplainJob {
  key: string;
  /** Whose address and credentials it uses: B's when `profile` is among the differences taken from B. */
  target: 'a' | 'b';
  side: SideSpec;
  request: SearchRequest;
}

/** One query's requests: each subset of the plan names its job; subsets asking the same thing share one. */
export interface QueryRequests {
  index: number;
  query: string;
  keyOf: Map<number, string>;
  jobs: Map<string, ExplainJob>;
}

/** request(S)'s side for one subset of the plan: the same for every query, so built once per explanation. */
export interface SubsetSide {
  mask: number;
  side: SideSpec;
  target: 'a' | 'b';
  /** The service it goes to, for telling requests apart. */
  service: string | null;
}

/** The side of every subset the plan measures. */
export function subsetSides(sides: ExplainSides, differences: readonly Difference[], plan: ShapleyPlan): SubsetSide[] {
  const profileBit = differences.findIndex((d) => d.name === 'profile');
  return plan.masks.map((mask) => {
    const target = profileBit >= 0 && mask & (1 << profileBit) ? 'b' : 'a';
    return {
      mask,
      side: sideForSubset(sides, differences, mask),
      target,
      service: sides[target].baseUrl ?? sides[target].profileId ?? null,
    };
  });
}

/**
 * The requests one query needs: request(S) for every subset S of the plan, each distinct request once (two
 * subsets that ask the same thing of the same service, e.g. a variable the query's own variables override,
 * share it).
 */
export function queryRequests(subsets: readonly SubsetSide[], row: QueryRow, index: number): QueryRequests {
  const keyOf = new Map<number, string>();
  const jobs = new Map<string, ExplainJob>();
  for (const { mask, side, target, service } of subsets) {
    const request = requestFor({}, side, row);
    const key = canonicalJson({ target: service, request });
    keyOf.set(mask, key);
    if (!jobs.has(key)) jobs.set(key, { key, target, side, request });
  }
  return { index, query: row.query, keyOf, jobs };
}
