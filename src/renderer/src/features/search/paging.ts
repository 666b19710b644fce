import { LIMITS } from '@shared/request';

export interface Paging {
  /** 1-based page the answer's offset falls on, and the pages its count fills (capped at the offset limit). */
  page: number;
  pages: number;
  offset: number;
  limit: number;
  /** Offsets of the previous and next page, null where there is none. */
  previous: number | null;
  next: number | null;
  /** The offset is at or past the count: the answer is empty because the page is, not because nothing matched. */
  pastEnd: boolean;
  /** The offset of the last page with results (where "go to page N" leads from past the end). */
  lastPageOffset: number;
}

/** The pager of an answer from its metadata (offset, limit, count) and how many items it returned. */
export function pagingOf(meta: { offset?: number; limit?: number; count?: number } | undefined, returned: number): Paging {
  const offset = Math.max(0, meta?.offset ?? 0);
  const limit = Math.max(1, meta?.limit ?? 10);
  const count = Math.max(0, meta?.count ?? 0);
  const total = Math.min(count, LIMITS.offset.max + limit);
  const page = Math.floor(offset / limit) + 1;
  const pages = Math.max(1, Math.ceil(total / limit));
  const lastPageOffset = Math.min(Math.floor(Math.max(0, total - 1) / limit) * limit, LIMITS.offset.max);
  const nextOffset = offset + limit;
  return {
    page,
    pages,
    offset,
    limit,
    previous: offset === 0 ? null : Math.max(0, Math.min(offset - limit, lastPageOffset)),
    next: nextOffset >= total || nextOffset > LIMITS.offset.max ? null : nextOffset,
    pastEnd: returned === 0 && count > 0 && offset >= count,
    lastPageOffset,
  };
}
