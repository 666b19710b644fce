/*
 * The one CSV reader, on Papa Parse: RFC 4180 (commas, quoted fields with "" for a quote, line breaks inside
 * quotes, one kind of line ending per file), read a piece at a time so a file of any size is never one string of
 * records. Query lists, judgments (Quepid CSV) and raters' CSV all read through it. What is ours: the line each
 * record starts on (Papa Parse counts rows, and a quoted field may span lines), pieces of a file fed as they come
 * (the package's own streaming needs a File or a Node stream, neither of which src/shared may see), and a quote
 * never closed reported by the line it opened on.
 */
import Papa from 'papaparse';

/** One CSV record: its fields, and the line it starts on. */
export interface CsvRecord {
  line: number;
  fields: string[];
  /**
   * Set, with no fields, for a record a reader with a `recordLimit` dropped unread: one longer than the limit, or one
   * whose quote never closes. Reading went on at the line after the one it began on.
   */
  dropped?: 'over-limit' | 'unclosed-quote';
}

/** RFC 4180 fields: commas, "quoted, with ""escaped"" quotes", line breaks inside quotes. Each record keeps the line it started on. */
export function parseCsv(text: string): CsvRecord[] {
  return readCsv(text).records;
}

/** CSV records, and the line of a quote never closed (everything after it was read into one field). */
export function readCsv(text: string): { records: CsvRecord[]; unclosedQuote?: number } {
  const reader = new CsvReader();
  const records = reader.feed(text);
  const last = reader.end();
  return { records: [...records, ...last.records], ...(last.unclosedQuote !== undefined ? { unclosedQuote: last.unclosedQuote } : {}) };
}

type LineEnding = '\n' | '\r\n' | '\r';

/**
 * CSV read a piece at a time (a file streamed in chunks): each `feed` answers the records it completed, a
 * record split across pieces is joined, and `end` answers the last one.
 */
export class CsvReader {
  /** Text not yet made into records: the row still open at the end of what was fed. */
  private pending = '';
  /** The rest of an over-long record's first line, dropped as it comes (its line end not yet seen). */
  private skipping = false;
  /** Where `pending` starts in the whole text, and the line it starts on. */
  private offset = 0;
  private line = 1;
  private newline: LineEnding | undefined;
  /** While the line ending is sought: whether the text so far ends inside quotes, or on a carriage return. */
  private inQuotes = false;
  private lastWasCr = false;

  /**
   * `recordLimit`: the most characters a record may span, for a log read line by line. A longer record, or one whose
   * quote never closes, is answered as `dropped` without being held, and reading goes on at the line after the one it
   * began on: one bad row costs that row, whatever the file's size — not the rest of the file, nor its memory.
   * Without a limit, a record may be as long as the text and `end` reports a quote never closed.
   */
  constructor(private readonly recordLimit = Infinity) {}

  feed(piece: string): CsvRecord[] {
    const records: CsvRecord[] = [];
    let text = piece;
    if (this.skipping) {
      const end = this.newline ? text.indexOf(this.newline[0]!) : text.search(/[\r\n]/);
      if (end < 0) return records;
      this.skipping = false;
      text = text.slice(end);
      this.offset += end;
    }
    this.pending += text;
    this.newline ??= this.lineEnding(text, false);
    if (this.newline !== undefined) records.push(...this.read(false).records);
    while (this.pending.length > this.recordLimit) records.push(this.dropLine('over-limit'), ...this.read(false).records);
    return records;
  }

  /**
   * The record open at the start of what is held is dropped: answered as such, and its text let go up to the end of
   * the line it began on, to be read on from there as if its quote had never opened — or, with no line end yet,
   * let go as it comes.
   */
  private dropLine(why: 'over-limit' | 'unclosed-quote'): CsvRecord {
    const dropped: CsvRecord = { line: this.line, fields: [], dropped: why };
    const text = this.pending;
    // The file's own line ending where it is known (a lone \r in a \n file is part of a field), else the first one.
    const end = this.newline ? text.indexOf(this.newline) : text.search(/[\r\n]/);
    const ending = end < 0 ? undefined : (this.newline ?? (text.startsWith('\r\n', end) ? '\r\n' : (text[end] as '\r' | '\n')));
    const next = end < 0 ? text.length : end + ending!.length;
    this.pending = text.slice(next);
    this.offset += next;
    this.skipping = end < 0;
    if (ending) {
      this.newline = ending;
      this.line += 1;
      this.inQuotes = false;
    }
    return dropped;
  }

  /** The record left at the end, and the line of a quote never closed (with a `recordLimit`, that record dropped instead). */
  end(): { records: CsvRecord[]; unclosedQuote?: number } {
    this.newline ??= this.lineEnding('', true);
    if (this.recordLimit === Infinity) return this.read(true);
    const records: CsvRecord[] = [];
    for (;;) {
      const [text, base] = [this.pending, this.offset];
      const read = this.read(true);
      if (read.unclosedQuote === undefined) return { records: [...records, ...read.records] };
      // Read again from the record whose quote never closed, without the line it began on.
      records.push(...read.records.filter((r) => r.line < read.unclosedQuote!));
      this.pending = text.slice(read.unclosedAt! - base);
      this.offset = read.unclosedAt!;
      this.line = read.unclosedQuote;
      records.push(this.dropLine('unclosed-quote'));
    }
  }

  /**
   * The file's line ending, from its first one outside quotes (as Papa Parse guesses it), or undefined while the
   * text read so far has none. Only the new piece is read, so a long first line costs its length once, not once
   * per piece; a carriage return at the end of a piece waits for the next to say whether a line feed follows.
   */
  private lineEnding(piece: string, whole: boolean): LineEnding | undefined {
    for (let i = 0; i < piece.length; i++) {
      const c = piece.charCodeAt(i);
      if (this.lastWasCr) return c === 10 ? '\r\n' : '\r';
      if (c === 34) this.inQuotes = !this.inQuotes;
      else if (this.inQuotes || (c !== 10 && c !== 13)) continue;
      else if (c === 10) return '\n';
      else this.lastWasCr = true;
    }
    return whole ? (this.lastWasCr ? '\r' : '\n') : undefined;
  }

  private read(whole: boolean): { records: CsvRecord[]; unclosedQuote?: number; unclosedAt?: number } {
    const records: CsvRecord[] = [];
    const text = this.pending;
    const counted = this.newline === '\r' ? '\r' : '\n';
    let unclosedQuote: number | undefined;
    let unclosedAt: number | undefined;
    let from = 0;
    let line = this.line;
    const parser = new Papa.Parser({
      delimiter: ',',
      newline: this.newline!,
      quoteChar: '"',
      escapeChar: '"',
      step: ({ data, errors, meta }) => {
        const fields = data[0] ?? [];
        const to = meta.cursor - this.offset;
        // A blank line is no record (a line with only commas is one, of empty fields, and `""` one empty field).
        const blank = fields.length === 1 && fields[0] === '' && !text.slice(from, to).startsWith('"');
        if (!blank) records.push({ line, fields });
        if (errors.some((e) => e.code === 'MissingQuotes')) [unclosedQuote, unclosedAt] = [line, this.offset + from];
        for (let n = text.indexOf(counted, from); n >= 0 && n < to; n = text.indexOf(counted, n + 1)) line++;
        from = to;
      },
    });
    const { cursor } = parser.parse(text, this.offset, !whole).meta;
    this.pending = text.slice(cursor - this.offset);
    this.offset = cursor;
    this.line = line;
    return unclosedQuote === undefined ? { records } : { records, unclosedQuote, unclosedAt: unclosedAt! };
  }
}

export const unclosedQuoteMessage =
  'A quote opened in this row is never closed, so the rest of the file was read as one field; close it or remove it.';
