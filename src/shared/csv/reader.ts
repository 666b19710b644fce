/*
 * The one CSV reader: RFC 4180 (commas, quoted fields with "" for a quote, line breaks inside quotes), read a
 * piece at a time so a file of any size is never one string of records. Query lists, judgments (Quepid CSV)
 * and raters' CSV all read through it.
 */

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

/**
 * CSV read a piece at a time (a file streamed in chunks): each `feed` answers the records it completed, a
 * record split across pieces is joined, and `end` answers the last one. A piece that ends on a quote or a
 * carriage return keeps it for the next, so `""` and CRLF split across pieces read as they would whole.
 */
export class CsvReader {
  private field = '';
  private fields: string[] = [];
  private quoted = false;
  private line = 1;
  private start = 1;
  private touched = false;
  private carry = '';

  feed(piece: string): CsvRecord[] {
    const text = this.carry + piece;
    // What the next piece may change the reading of: a closing CR (of CRLF), or a run of quotes (of `""`).
    let cut = text.length;
    if (text[cut - 1] === '\r') cut--;
    else while (cut > 0 && text[cut - 1] === '"') cut--;
    this.carry = text.slice(cut);
    return this.read(text.slice(0, cut));
  }

  /** The record left at the end, and the line of a quote never closed. */
  end(): { records: CsvRecord[]; unclosedQuote?: number } {
    const records = this.read(this.carry);
    this.carry = '';
    if (this.touched || this.field !== '') records.push({ line: this.start, fields: [...this.fields, this.field] });
    return this.quoted ? { records, unclosedQuote: this.start } : { records };
  }

  /**
   * Reads runs of plain characters as slices, not one character at a time: a field built by appending each
   * character is a chain of one-character strings (tens of bytes each), which for a file of 40 MB is over 1 GB.
   */
  private read(text: string): CsvRecord[] {
    const records: CsvRecord[] = [];
    let { field, fields, quoted, line, start, touched } = this;
    let i = 0;
    while (i < text.length) {
      if (quoted) {
        const quote = text.indexOf('"', i);
        const run = text.slice(i, quote < 0 ? text.length : quote);
        for (let n = run.indexOf('\n'); n >= 0; n = run.indexOf('\n', n + 1)) line++;
        field += run;
        if (quote < 0) break;
        if (text[quote + 1] === '"') {
          field += '"';
          i = quote + 2;
        } else {
          quoted = false;
          i = quote + 1;
        }
        continue;
      }
      const c = text[i] as string;
      if (c === '"' && field === '') {
        quoted = true;
        touched = true;
        i++;
      } else if (c === ',') {
        fields.push(field);
        field = '';
        touched = true;
        i++;
      } else if (c === '\n' || c === '\r') {
        i += c === '\r' && text[i + 1] === '\n' ? 2 : 1;
        if (touched || field !== '') records.push({ line: start, fields: [...fields, field] });
        fields = [];
        field = '';
        touched = false;
        line++;
        start = line;
      } else {
        // A plain run up to the next comma or line end (a quote inside a field that has begun is plain).
        let j = i + 1;
        while (j < text.length) {
          const d = text.charCodeAt(j);
          if (d === 44 || d === 10 || d === 13) break;
          j++;
        }
        field += text.slice(i, j);
        touched = true;
        i = j;
      }
    }
    Object.assign(this, { field, fields, quoted, line, start, touched });
    return records;
  }
}

export const unclosedQuoteMessage =
  'A quote opened in this row is never closed, so the rest of the file was read as one field; close it or remove it.';
