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
  /** Where `pending` starts in the whole text, and the line it starts on. */
  private offset = 0;
  private line = 1;
  private newline: LineEnding | undefined;
  /** While the line ending is sought: whether the text so far ends inside quotes, or on a carriage return. */
  private inQuotes = false;
  private lastWasCr = false;

  feed(piece: string): CsvRecord[] {
    this.pending += piece;
    this.newline ??= this.lineEnding(piece, false);
    return this.newline === undefined ? [] : this.read(false).records;
  }

  /** The record left at the end, and the line of a quote never closed. */
  end(): { records: CsvRecord[]; unclosedQuote?: number } {
    this.newline ??= this.lineEnding('', true);
    return this.read(true);
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

  private read(whole: boolean): { records: CsvRecord[]; unclosedQuote?: number } {
    const records: CsvRecord[] = [];
    const text = this.pending;
    const counted = this.newline === '\r' ? '\r' : '\n';
    let unclosedQuote: number | undefined;
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
        if (errors.some((e) => e.code === 'MissingQuotes')) unclosedQuote = line;
        for (let n = text.indexOf(counted, from); n >= 0 && n < to; n = text.indexOf(counted, n + 1)) line++;
        from = to;
      },
    });
    const { cursor } = parser.parse(text, this.offset, !whole).meta;
    this.pending = text.slice(cursor - this.offset);
    this.offset = cursor;
    this.line = line;
    return unclosedQuote === undefined ? { records } : { records, unclosedQuote };
  }
}

export const unclosedQuoteMessage =
  'A quote opened in this row is never closed, so the rest of the file was read as one field; close it or remove it.';
