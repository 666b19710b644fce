import { CsvReader, type CsvRecord } from '../csv';
import { illFormedText, nestingDepth } from '../json-value';
import { ActivityJoin, activityRow } from './activities';
import { CsvLog, isCsvHeader } from './csv-log';
import { describe, type EventRow, isObject, LIMITS, RowError, type SearchRow } from './rows';
import { isUbiEvent, isUbiQuery, ubiEvent, ubiQuery } from './ubi';

/** What a file holds, as the reader found it. */
export type TrafficFormat = 'ubi' | 'activities' | 'csv';

export const FORMAT_NAMES: Record<TrafficFormat, string> = {
  ubi: 'UBI 1.3',
  activities: "the tracker's activities",
  csv: 'CSV (session,timestamp,query,docid,position,action[,value])',
};

export interface LineProblem {
  /** The line of a JSON Lines or CSV file, or the item (1-based) of a JSON array. */
  line: number;
  /** `line` counts an array's items, not lines. */
  item?: boolean;
  field: string;
  reason: string;
}

/** What importing one file gave. */
export interface FileImport {
  /** The file as it was given. */
  file: string;
  formats: TrafficFormat[];
  /** The same bytes were imported before (at this time): nothing was read again. */
  already?: string;
  lines: number;
  searches: { read: number; added: number };
  events: { read: number; added: number; untied: number };
  /** Lines that could not be kept, the first 100 named. */
  skipped: number;
  problems: LineProblem[];
}

export interface TrafficSink {
  search(row: SearchRow): void;
  event(row: EventRow): void;
  problem(problem: LineProblem): void;
}

/**
 * Reads one traffic file a piece at a time (never one string for JSON Lines or CSV) and hands each search, action
 * and bad line to the sink. The format is found from the first thing in the file: `[` a JSON array, `{` JSON Lines,
 * anything else CSV; each JSON object is read as a UBI query (`user_query`), a UBI event (`action_name`) or a tracker
 * activity (`action`). A line that cannot be read is reported with its field and never stops the file.
 */
export class TrafficReader {
  private mode: 'json-lines' | 'json-array' | 'csv' | undefined;
  private pending = '';
  private skipping = false;
  private line = 0;
  private array = '';
  private csv: CsvReader | undefined;
  private csvLog: CsvLog | undefined;
  private join: ActivityJoin | undefined;
  private heldEvents: { line: number; item: boolean; row: EventRow }[] = [];
  private readonly seen = new Set<TrafficFormat>();

  constructor(private readonly sink: TrafficSink) {}

  feed(piece: string): void {
    if (this.mode === undefined) {
      const start = piece.search(/\S/);
      if (start < 0) return;
      const first = piece[start];
      this.mode = first === '[' ? 'json-array' : first === '{' ? 'json-lines' : 'csv';
    }
    if (this.mode === 'json-array') {
      this.array += piece;
      if (this.array.length > 512 * 1024 * 1024)
        throw new RangeError('A JSON array file over 512 MB cannot be read whole: write it as JSON Lines.');
      return;
    }
    if (this.mode === 'csv') {
      this.csv ??= new CsvReader(LIMITS.line);
      for (const record of this.csv.feed(piece)) this.csvRecord(record);
      return;
    }
    let text = piece;
    if (this.skipping) {
      // The rest of a line already reported as too long: skipped up to its end.
      const nl = text.indexOf('\n');
      if (nl < 0) return;
      this.skipping = false;
      text = text.slice(nl + 1);
    }
    text = this.pending + text;
    let from = 0;
    for (let nl = text.indexOf('\n'); nl >= 0; nl = text.indexOf('\n', from)) {
      this.jsonLine(text.slice(from, nl));
      from = nl + 1;
    }
    this.pending = text.slice(from);
    if (this.pending.length > LIMITS.line) {
      this.line++;
      this.sink.problem({ line: this.line, field: '(line)', reason: `is over ${LIMITS.line.toLocaleString('en-US')} characters` });
      this.pending = '';
      this.skipping = true;
    }
  }

  /** One line of a JSON Lines file read elsewhere, with its number (lines come in order, each once). */
  lineAt(text: string, line: number): void {
    this.mode = 'json-lines';
    this.line = line - 1;
    this.jsonLine(text);
  }

  /** After the last piece: the format found and the count of lines (or items) read. */
  end(): { formats: TrafficFormat[]; lines: number } {
    if (this.mode === 'json-lines' && this.pending !== '' && !this.skipping) this.jsonLine(this.pending);
    if (this.mode === 'json-array') this.jsonArray();
    if (this.mode === 'csv' && this.csv) {
      const last = this.csv.end();
      for (const record of last.records) this.csvRecord(record);
      this.csvLog?.finish();
    }
    if (this.join) for (const held of this.heldEvents) this.sink.event(this.join.tie(held.row));
    this.heldEvents = [];
    return { formats: [...this.seen], lines: this.line };
  }

  private jsonLine(raw: string): void {
    this.line++;
    const text = raw.trim();
    if (!text) return;
    if (text.length > LIMITS.line) {
      this.sink.problem({ line: this.line, field: '(line)', reason: `is over ${LIMITS.line.toLocaleString('en-US')} characters` });
      return;
    }
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (err) {
      this.sink.problem({ line: this.line, field: '(line)', reason: `is not JSON (${(err as Error).message})` });
      return;
    }
    this.object(value, this.line, false);
  }

  private jsonArray(): void {
    let values: unknown;
    try {
      values = JSON.parse(this.array);
    } catch (err) {
      this.sink.problem({ line: 1, field: '(file)', reason: `is not a JSON array (${(err as Error).message})` });
      return;
    } finally {
      this.array = '';
    }
    if (!Array.isArray(values)) return;
    values.forEach((value, i) => this.object(value, i + 1, true));
    this.line = values.length;
  }

  private object(value: unknown, line: number, item: boolean): void {
    try {
      if (!isObject(value)) throw new RowError('(line)', 'is not a JSON object');
      if (nestingDepth(value, LIMITS.depth) > LIMITS.depth)
        throw new RowError('(line)', `nests objects and arrays more than ${LIMITS.depth} levels deep`);
      const illFormed = illFormedText(value, LIMITS.depth);
      if (illFormed !== undefined)
        throw new RowError('(line)', `holds text that is not valid Unicode (a lone surrogate, in ${describe(illFormed)})`);
      if (isUbiQuery(value)) {
        this.seen.add('ubi');
        this.sink.search(ubiQuery(value));
      } else if (isUbiEvent(value)) {
        this.seen.add('ubi');
        this.sink.event(ubiEvent(value));
      } else if ('action' in value) {
        this.seen.add('activities');
        const row = activityRow(value);
        this.join ??= new ActivityJoin();
        if ('search' in row) {
          this.join.addSearch(row.search);
          this.sink.search(row.search);
        } else this.heldEvents.push({ line, item, row: row.event });
      } else throw new RowError('(line)', 'is neither a UBI query (user_query), a UBI event (action_name) nor a tracker activity (action)');
    } catch (err) {
      this.sink.problem({ line, ...(item ? { item } : {}), ...lineProblem(err) });
    }
  }

  private csvRecord(record: CsvRecord): void {
    this.line = record.line;
    if (record.dropped) {
      const reason =
        record.dropped === 'unclosed-quote'
          ? 'opens a quote that is never closed: the row is left out and the lines after it are read as rows'
          : `is over ${LIMITS.line.toLocaleString('en-US')} characters (a quote opened in it may never close): the row is left out and the lines after it are read as rows`;
      this.sink.problem({ line: record.line, field: '(row)', reason });
      return;
    }
    if (record.fields.length === 1 && record.fields[0]!.trim() === '') return;
    if (!this.csvLog) {
      this.csvLog = new CsvLog(this.sink);
      this.seen.add('csv');
      if (isCsvHeader(record.fields)) return;
    }
    try {
      this.csvLog.add(record.fields);
    } catch (err) {
      this.sink.problem({ line: record.line, ...lineProblem(err) });
    }
  }
}

/** Whatever goes wrong reading one line is that line's problem, never the file's. */
function lineProblem(err: unknown): { field: string; reason: string } {
  if (err instanceof RowError) return { field: err.field, reason: err.message };
  return { field: '(line)', reason: `could not be read (${err instanceof Error ? err.message : String(err)})` };
}
