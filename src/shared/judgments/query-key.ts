/**
 * How queries are matched between judgments, runs and query sets: Unicode
 * NFKC, then trimmed, runs of whitespace collapsed to one space, and
 * lower-cased — so "Red  Dress", "red dress " and "ｒｅｄ dress" are one query.
 */
export function queryKey(query: string): string {
  return query.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();
}

/**
 * A TREC qid for a query: its text with spaces as `_` (TREC files are
 * whitespace separated). A `_`, `#` (a comment when it starts a line) or
 * `%` of the query itself is written as `%5F`, `%23` or `%25`, so the query
 * comes back exactly; plain qids ("301", "red_dress") read as they always have.
 */
export function trecQid(query: string): string {
  return query.trim().replace(/%/g, '%25').replace(/_/g, '%5F').replace(/#/g, '%23').replace(/\s+/g, '_');
}

/** The query a TREC qid stands for: `_` back to spaces, then `%5F`, `%23` and `%25` back to `_`, `#` and `%`. */
export function queryOfQid(qid: string): string {
  return qid.replace(/_/g, ' ').replace(/%5F/gi, '_').replace(/%23/g, '#').replace(/%25/g, '%');
}
