import { CsvReader, type CsvRecord } from '../csv';
import { illFormedText, nestingDepth } from '../json-value';
import { ActivityJoin, activityRow } from './activities';
import { CsvLog, isCsvHeader } from './csv-log';
import type { LineProblem, TrafficFormat } from './import-summary';
import { describe, type EventRow, isObject, LIMITS, type PositionBase, RowError, type SearchRow } from './rows';
import { isBulkAction, isUbiEvent, isUbiQuery, ubiEvent, ubiQuery } from './ubi';

export const FORMAT_NAMES: Record<TrafficFormat, string> = {
  ubi: 'UBI 1.3',
  activities: "the tracker's activities",
  csv: 'CSV (session,timestamp,query,docid,position,action[,value])',
};

export interface TrafficSink {
  search(row: SearchRow): void;
  event(row: EventRow): void;
  problem(problem: LineProblem): void;
}

/**
 * Reads one traffic file a piece at a time (never one string for JSON Lines or CSV) and hands each search, action
 * and bad line to the sink. The format is found from the first thing in the file: `[` a JSON array, `{` JSON Lines
 * (or one JSON object written over several lines, when the first line is not JSON by itself), anything else CSV;
 * each JSON object is read as a UBI query (`user_query`), a UBI event (`action_name`) or a tracker activity
 * (`action`); a bulk action line (`{"index": {…}}`) is skipped and counted. A line that cannot be read is reported
 * with its field and never stops the file.
 */
export class TrafficReader {
  private mode: 'json-lines' | 'json-array' | 'json-document' | 'csv' | undefined;
  /** The file's start while its format is not known yet. */
  private head = '';
  private bulk = 0;
  private pending = '';
  private skipping = false;
  private line = 0;
  private array = '';
  private csv: CsvReader | undefined;
  private csvLog: CsvLog | undefined;
  private join: ActivityJoin | undefined;
  private heldEvents: { line: number; item: boolean; row: EventRow }[] = [];
  private readonly seen = new Set<TrafficFormat>();

  private readonly first: 0 | 1;

  /** `positions`: where a UBI ordinal starts (`1` refuses ordinal 0; otherwise the import settles the base). */
  constructor(
    private readonly sink: TrafficSink,
    options: { positions?: PositionBase } = {},
  ) {
    this.first = options.positions === '1' ? 1 : 0;
  }

  feed(piece: string): void {
    let text = piece;
    if (this.mode === undefined) {
      const decided = this.decide(piece, false);
      if (decided === undefined) return;
      text = decided;
    }
    this.take(text);
  }

  /**
   * The format, from what the file starts with (`head`: the text so far): undefined while that is not known yet (only
   * white space, or a first line that has not ended); then the text to read.
   */
  private decide(piece: string, final: boolean): string | undefined {
    this.head += piece;
    const start = this.head.search(/\S/);
    const settled = final || this.head.length > LIMITS.line;
    if (start < 0 && !settled) return undefined;
    const first = start < 0 ? '{' : this.head[start];
    if (first === '{') {
      const nl = this.head.indexOf('\n', start);
      if (nl < 0 && !settled) return undefined;
      this.mode = nl >= 0 && !parses(this.head.slice(start, nl)) ? 'json-document' : 'json-lines';
    } else this.mode = first === '[' ? 'json-array' : 'csv';
    const text = this.head;
    this.head = '';
    return text;
  }

  private take(piece: string): void {
    if (this.mode === 'json-array' || this.mode === 'json-document') {
      this.array += piece;
      if (this.array.length > 512 * 1024 * 1024)
        throw new RangeError(
          `A JSON ${this.mode === 'json-array' ? 'array' : 'document'} over 512 MB cannot be read whole: write it as JSON Lines.`,
        );
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

  /** After the last piece: the format found, the count of lines (or items) read and of bulk action lines skipped. */
  end(): { formats: TrafficFormat[]; lines: number; bulk: number } {
    if (this.mode === undefined && this.head !== '') this.take(this.decide('', true)!);
    if (this.mode === 'json-lines' && this.pending !== '' && !this.skipping) this.jsonLine(this.pending);
    if (this.mode === 'json-array') this.jsonArray();
    if (this.mode === 'json-document') this.jsonDocument();
    if (this.mode === 'csv' && this.csv) {
      const last = this.csv.end();
      for (const record of last.records) this.csvRecord(record);
      this.csvLog?.finish();
    }
    if (this.join) for (const held of this.heldEvents) this.sink.event(this.join.tie(held.row));
    this.heldEvents = [];
    return { formats: [...this.seen], lines: this.line, bulk: this.bulk };
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

  /** A file that starts with an object over several lines: one record, or (when it is not one JSON value) JSON Lines after all. */
  private jsonDocument(): void {
    const text = this.array;
    this.array = '';
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      // Not one document: each line is read, and named, as JSON Lines.
      this.mode = 'json-lines';
      this.take(text);
      if (this.pending !== '' && !this.skipping) this.jsonLine(this.pending);
      return;
    }
    this.object(value, 1, false);
    let lines = 1;
    for (let nl = text.indexOf('\n'); nl >= 0; nl = text.indexOf('\n', nl + 1)) lines++;
    this.line = lines;
  }

  private object(value: unknown, line: number, item: boolean): void {
    try {
      if (!isObject(value)) throw new RowError('(line)', 'is not a JSON object');
      if (isBulkAction(value)) {
        this.bulk++;
        return;
      }
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
        this.sink.event(ubiEvent(value, this.first));
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

function parses(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** Whatever goes wrong reading one line is that line's problem, never the file's. */
function lineProblem(err: unknown): { field: string; reason: string } {
  if (err instanceof RowError) return { field: err.field, reason: err.message };
  return { field: '(line)', reason: `could not be read (${err instanceof Error ? err.message : String(err)})` };
}
