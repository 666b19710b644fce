import { undefuse } from '../csv';
import {
  ACTIONS,
  type EventRow,
  fieldHash,
  idField,
  normalAction,
  positionField,
  queryField,
  RowError,
  type SearchRow,
  timeField,
  valueField,
} from './rows';

/**
 * A plain CSV log: `session,timestamp,query,docid,position,action[,value]`, a header line optional.
 *
 * - A row whose action is `search` is a search (its `value`, when given, the number of results it found).
 * - An `impression` row says the search showed `docid` at `position`.
 * - Any other row is an action on `docid`, tied to the latest search of the same session and query at or before it.
 *   When the session has no search row for that query before it, one search is assumed at the row's time: a log of
 *   clicks alone still counts its searches, once per session and query.
 */

export const CSV_COLUMNS = ['session', 'timestamp', 'query', 'docid', 'position', 'action', 'value'] as const;

export const isCsvHeader = (fields: string[]): boolean =>
  fields.length >= 6 && fields.slice(0, 6).every((f, i) => f.trim().toLowerCase() === CSV_COLUMNS[i]);

interface OpenSearch {
  /** When it was opened (a count): which entry of `order` is it. */
  seq: number;
  row: SearchRow;
  /** Impressions by position, while the search is the session's latest for its query. */
  shown: Map<number, string>;
}

/**
 * Searches a CSV log holds open at once (the latest of each session and query, with its impressions). Past it, the
 * one opened longest ago is closed: a log of any length holds no more than this, and an action that comes for it
 * later counts a search of its own, as a click with no search before it does.
 */
export const MAX_OPEN_SEARCHES = 50_000;

/**
 * Reads a CSV log's records in order and hands each row on as soon as it is whole: an action at once, a search when
 * the next search of its session and query begins (or when `finish` is called after the last record).
 */
export class CsvLog {
  private readonly open = new Map<string, OpenSearch>();
  /** The keys in the order they were opened, with when; an entry whose search has closed since is passed over. */
  private order: [string, number][] = [];
  private head = 0;
  private opens = 0;

  constructor(private readonly sink: { search(row: SearchRow): void; event(row: EventRow): void }) {}

  /** One record (its fields as the CSV reader gave them). */
  add(fields: string[]): void {
    if (fields.length < 6 || fields.length > 7)
      throw new RowError('(row)', `has ${fields.length} columns; a traffic CSV has ${CSV_COLUMNS.slice(0, 6).join(',')}[,value]`);
    const [session, time, text, doc, pos, act, val] = fields.map((f) => undefuse(f));
    const sessionId = idField(session, 'session');
    if (!sessionId) throw new RowError('session', 'is missing');
    const ts = timeField(time, 'timestamp');
    const query = queryField(text, 'query');
    const action = normalAction(act ?? '');
    if (!action) throw new RowError('action', 'is missing');
    const docid = idField(doc, 'docid');
    const position = positionField(pos, 'position');
    const value = valueField(val, 'value');
    const key = `${sessionId}\u0000${query}`;
    if (action === ACTIONS.search) {
      if (value !== null && !Number.isInteger(value))
        throw new RowError('value', 'of a search row is its number of results: a whole number');
      this.close(key);
      this.opened(key, { seq: 0, row: this.search(sessionId, ts, query, value), shown: new Map() });
      return;
    }
    let open = this.open.get(key);
    if (!open) {
      open = { seq: 0, row: this.search(sessionId, ts, query, null), shown: new Map() };
      this.opened(key, open);
    }
    if (action === 'impression') {
      if (!docid || position === null) throw new RowError(docid ? 'position' : 'docid', 'is needed on an impression row');
      open.shown.set(position, docid);
      return;
    }
    const row = {
      searchId: open.row.searchId,
      sessionId,
      userId: null,
      ts,
      action,
      docid,
      position,
      value: action === ACTIONS.purchase ? value : null,
    };
    this.sink.event(row);
  }

  private opened(key: string, search: OpenSearch): void {
    search.seq = ++this.opens;
    this.open.set(key, search);
    this.order.push([key, search.seq]);
    while (this.open.size > MAX_OPEN_SEARCHES) {
      const [oldest, seq] = this.order[this.head++]!;
      if (this.open.get(oldest)?.seq === seq) this.close(oldest);
    }
    // Now and then the queue lets go of its front and keeps only what is still open: it never holds more than twice that.
    if (this.head > MAX_OPEN_SEARCHES || this.order.length - this.head > 2 * MAX_OPEN_SEARCHES) {
      this.order = this.order.slice(this.head).filter(([k, seq]) => this.open.get(k)?.seq === seq);
      this.head = 0;
    }
  }

  private search(sessionId: string, ts: string, query: string, count: number | null): SearchRow {
    return {
      searchId: `c-${fieldHash([sessionId, ts, query])}`,
      sessionId,
      userId: null,
      clientId: null,
      ts,
      query,
      configurationId: null,
      segment: null,
      variables: null,
      hitIds: [],
      hitCount: count,
      filter: null,
      page: null,
      abTest: null,
      abVariation: null,
    };
  }

  private close(key: string): void {
    const open = this.open.get(key);
    if (!open) return;
    this.open.delete(key);
    const ranks = [...open.shown.keys()].sort((a, b) => a - b);
    const hitIds = ranks.map((r) => open.shown.get(r)!);
    this.sink.search({ ...open.row, hitIds, hitCount: open.row.hitCount ?? (hitIds.length ? hitIds.length : null) });
  }

  /** After the last record: the searches still open, handed on. */
  finish(): void {
    for (const key of [...this.open.keys()]) this.close(key);
  }
}
