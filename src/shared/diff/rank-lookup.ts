import { LIMITS } from '../request';

/**
 * Where an item one side showed sits in the other side's answer, found by
 * paging that answer (ids only) from the first place not yet seen, up to the
 * service's offset limit.
 */
export type RankLookup =
  | { kind: 'found'; rank: number }
  /** The other side's whole answer was read and the item is not in it. */
  | { kind: 'absent'; searched: number }
  /** Not in the places the service lets a client reach (offset limit + one page). */
  | { kind: 'beyond-limit'; searched: number }
  | { kind: 'error'; message: string };

export type PageOfIds = { ok: true; ids: string[]; count?: number | undefined } | { ok: false; message: string };

export async function findRank(
  id: string,
  fetchPage: (offset: number, limit: number) => Promise<PageOfIds>,
  options: { from?: number; pageSize?: number; maxOffset?: number } = {},
): Promise<RankLookup> {
  const pageSize = options.pageSize ?? LIMITS.limit.max;
  const maxOffset = options.maxOffset ?? LIMITS.offset.max;
  let offset = options.from ?? 0;
  while (offset <= maxOffset) {
    const page = await fetchPage(offset, pageSize);
    if (!page.ok) return { kind: 'error', message: page.message };
    const at = page.ids.indexOf(id);
    if (at >= 0) return { kind: 'found', rank: offset + at + 1 };
    const end = offset + page.ids.length;
    if (page.ids.length < pageSize || (page.count !== undefined && end >= page.count)) return { kind: 'absent', searched: end };
    offset = end;
  }
  return { kind: 'beyond-limit', searched: offset };
}

/**
 * Whether an item missing from a side's page may still be in that side's
 * answer: only when the answer has more than the page showed.
 */
export function pageIsWholeAnswer(shown: number, count: number | null, offset = 0): boolean {
  return count !== null && offset + shown >= count;
}

/** What to call an item missing from the other side's page, from that side's point of view. */
export function absenceLabel(other: 'A' | 'B', shown: number, whole: boolean): string {
  return whole ? `not in ${other}'s answer` : `not in ${other}'s first ${shown.toLocaleString('en-US')}`;
}

/** A lookup's outcome in a few words, for a badge. */
export function lookupLabel(other: 'A' | 'B', lookup: RankLookup): string {
  switch (lookup.kind) {
    case 'found':
      return `${other} #${lookup.rank.toLocaleString('en-US')}`;
    case 'absent':
      return `not in ${other}'s answer`;
    case 'beyond-limit':
      return `not in ${other}'s first ${lookup.searched.toLocaleString('en-US')}`;
    default:
      return 'lookup failed';
  }
}
