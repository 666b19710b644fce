import { z } from 'zod';
import { contextVariablesSchema, type ContextValue, jsonErrorPosition } from '../request';
import type { QueryRow } from './types';
import { MAX_QUERY_LENGTH, querySetEntrySchema, querySetSchema, rowsOfQuerySet, type QuerySetEntry } from '../workspace';
import { asSentence, describeIssues, zodIssues } from '../zod';
import { CsvReader, unclosedQuoteMessage, type CsvRecord } from '../csv';

export interface QueryListProblem {
  line: number;
  message: string;
}

export interface ParsedQueryList {
  rows: QueryRow[];
  problems: QueryListProblem[];
  format: 'lines' | 'csv' | 'jsonl' | 'query-set';
  /** What a JSON Lines entry carries beside its request (its note, its expectations), by the row's place in `rows`: a query set made from the file keeps them. */
  annotations?: Map<number, Pick<QuerySetEntry, 'note' | 'expect'>>;
}

/** `brand:Korvo|Halden; colour:Black`, or the JSON form `[{"id":"brand","values":["Korvo"]}]`. */
type RowFacet = NonNullable<QueryRow['facets']>[number];

const jsonFacets = z.array(z.looseObject({ id: z.string(), values: z.array(z.union([z.string(), z.number(), z.boolean()])) }), {
  error: () => 'facets JSON must be an array of { id, values }',
});

function parseFacets(text: string): RowFacet[] {
  const t = text.trim();
  if (t.startsWith('[')) {
    const parsed = jsonFacets.safeParse(JSON.parse(t));
    if (!parsed.success)
      throw new Error(
        parsed.error.issues[0]?.path.length ? 'each facet needs "id" and "values"' : 'facets JSON must be an array of { id, values }',
      );
    return parsed.data.map((f) => ({ id: f.id, values: f.values.map(String) }));
  }
  return t
    .split(';')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const colon = part.indexOf(':');
      if (colon <= 0) throw new Error(`"${part}" should be facet:value|value`);
      const values = part
        .slice(colon + 1)
        .split('|')
        .map((v) => v.trim())
        .filter(Boolean);
      if (values.length === 0) throw new Error(`"${part}" names no value`);
      return { id: part.slice(0, colon).trim(), values };
    });
}

/** `segment=premium; weather=rain`, or a JSON object of variables. Numbers and true/false are typed. */
/** A variable's value as written in `name=value`: true/false and numbers as such, anything else as text. */
export function variableValue(raw: string): ContextValue {
  return raw === 'true' ? true : raw === 'false' ? false : raw !== '' && Number.isFinite(Number(raw)) ? Number(raw) : raw;
}

function parseVariables(text: string): Record<string, ContextValue> {
  const t = text.trim();
  if (t.startsWith('{')) {
    const parsed = contextVariablesSchema.safeParse(JSON.parse(t));
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new Error(issue?.path.length ? `variable ${String(issue.path[0])} ${issue.message}` : 'variables JSON must be an object');
    }
    return parsed.data;
  }
  const out: Record<string, ContextValue> = {};
  for (const part of t
    .split(';')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const eq = part.indexOf('=');
    if (eq <= 0) throw new Error(`"${part}" should be name=value`);
    const raw = part.slice(eq + 1).trim();
    out[part.slice(0, eq).trim()] = variableValue(raw);
  }
  return out;
}

const COLUMNS = ['query', 'filter', 'facets', 'variables'] as const;

const tooLong = (query: string) =>
  `The query is ${query.length.toLocaleString('en-US')} characters long, over the ${MAX_QUERY_LENGTH.toLocaleString('en-US')} a query may have: it is left out.`;

/** A workspace query set (the app's JSON file): its queries with their filters, facets and variables. */
function parseQuerySet(text: string): ParsedQueryList {
  const fail = (line: number, message: string): ParsedQueryList => ({ rows: [], problems: [{ line, message }], format: 'query-set' });
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    const at = jsonErrorPosition(err, text);
    return fail(
      at === undefined ? 1 : text.slice(0, at).split('\n').length,
      `This is not valid JSON (${(err as Error).message}); paste one query per line, CSV, or a workspace query set.`,
    );
  }
  // The Search Relevance Workbench's query set: { name, querySetQueries: [{ queryText }] }.
  if (typeof json === 'object' && json !== null && Array.isArray((json as { querySetQueries?: unknown }).querySetQueries)) {
    const rows: QueryRow[] = [];
    const problems: QueryListProblem[] = [];
    (json as { querySetQueries: unknown[] }).querySetQueries.forEach((entry, i) => {
      const query = srwQuery(entry) ?? (typeof entry === 'string' ? entry.trim() : undefined);
      if (!query) problems.push({ line: 1, message: `querySetQueries[${i}] has no queryText.` });
      else if (query.length > MAX_QUERY_LENGTH) problems.push({ line: 1, message: tooLong(query) });
      else rows.push({ query, line: 1 });
    });
    return { rows, problems, format: 'query-set' };
  }
  const parsed = querySetSchema.safeParse(json);
  if (!parsed.success) return fail(1, `This JSON is not a workspace query set: ${asSentence(describeIssues(zodIssues(parsed.error)))}`);
  return { rows: rowsOfQuerySet(parsed.data), problems: [], format: 'query-set' };
}

/** An SRW query set entry's text (`queryText`), trimmed; undefined when the value is not one. */
function srwQuery(json: unknown): string | undefined {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return undefined;
  const text = (json as { queryText?: unknown }).queryText;
  return typeof text === 'string' && !('query' in json) ? text.replace(/\s+/g, ' ').trim() : undefined;
}

/** One JSON Lines entry: a query set's entry on a line of its own (query, and any of filter, facets, variables, note, expect). */
function jsonlRow(text: string, line: number): { row: QueryRow; annotation?: Pick<QuerySetEntry, 'note' | 'expect'> } | QueryListProblem {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    return {
      line,
      message: `This line is not valid JSON (${(err as Error).message}); each line of a .jsonl file is one {"query": …} object.`,
    };
  }
  // The Search Relevance Workbench's query set lines: {"queryText": …, "referenceAnswer": …}.
  const srw = srwQuery(json);
  if (srw !== undefined) {
    if (srw.length > MAX_QUERY_LENGTH) return { line, message: tooLong(srw) };
    return srw ? { row: { query: srw, line } } : { line, message: 'queryText is empty.' };
  }
  if (typeof json === 'object' && json !== null && !Array.isArray(json) && typeof (json as { query?: unknown }).query === 'string') {
    const query = (json as { query: string }).query.trim();
    if (query.length > MAX_QUERY_LENGTH) return { line, message: tooLong(query) };
  }
  const parsed = querySetEntrySchema.safeParse(json);
  if (!parsed.success) return { line, message: asSentence(describeIssues(zodIssues(parsed.error))) };
  const { note, expect, ...row } = parsed.data;
  return {
    row: { ...row, line },
    ...(note !== undefined || expect ? { annotation: { ...(note !== undefined ? { note } : {}), ...(expect ? { expect } : {}) } } : {}),
  };
}

/** Whether a list's first line makes it JSON Lines (one entry object per line) rather than one JSON document. */
function looksLikeJsonl(firstLine: string, fileName: string): boolean {
  if (/\.(jsonl|ndjson)$/i.test(fileName)) return true;
  if (/\.json$/i.test(fileName) || !firstLine.startsWith('{')) return false;
  try {
    const json = JSON.parse(firstLine) as unknown;
    return typeof json === 'object' && json !== null && ('query' in json || 'queryText' in json) && !('format' in json);
  } catch {
    return false;
  }
}

/**
 * A query list read a piece at a time, as a file streams in, so a list of any length never has to be
 * one string: one query per line, CSV with a header naming its columns (query, and any of filter, facets,
 * variables), JSON Lines (a query set's entries, one per line: `.jsonl`, `.ndjson`, or lines that each hold a
 * `{"query": …}` object), or a workspace query set (one JSON document, the one format read whole). The format
 * is told from the file name and the first line; a `.txt` is always one query per line. Blank lines are skipped; every problem names its line, and
 * the good rows are kept.
 */
export class QueryListReader {
  private format: ParsedQueryList['format'] | undefined;
  private readonly rows: QueryRow[] = [];
  private readonly problems: QueryListProblem[] = [];
  private readonly annotations = new Map<number, Pick<QuerySetEntry, 'note' | 'expect'>>();
  /** Text not yet read: before the format is known, a line still open, or the whole of a query set. */
  private pending = '';
  private line = 0;
  private csv: CsvReader | undefined;
  private columns: string[] | undefined;
  private hasHeader = false;

  constructor(private readonly fileName = '') {}

  push(piece: string): void {
    if (this.format === undefined) {
      this.pending += piece;
      const start = this.pending.trimStart();
      const newline = start.search(/\r?\n/);
      if (newline < 0 && start.length < 65_536) return; // the first line is not whole yet
      this.decide(newline < 0 ? start : start.slice(0, newline));
      piece = this.pending;
      this.pending = '';
    }
    if (this.format === 'query-set') this.pending += piece;
    else if (this.format === 'csv') for (const record of this.csv!.feed(piece)) this.csvRecord(record);
    else {
      const text = this.pending + piece;
      const lines = text.split(/\r?\n/);
      // The last piece of a line may still be coming (and a CR without its LF yet).
      this.pending = lines.pop()!;
      for (const line of lines) this.textLine(line);
    }
  }

  end(): ParsedQueryList {
    if (this.format === undefined) this.decide(this.pending.trimStart().split(/\r?\n/, 1)[0] ?? '');
    if (this.format === 'query-set') return parseQuerySet(this.pending);
    if (this.format === 'csv') {
      const { records, unclosedQuote } = this.csv!.end();
      // The row with the quote never closed swallowed the rest of the file: it is reported, not read.
      for (const record of unclosedQuote === undefined ? records : records.slice(0, -1)) this.csvRecord(record);
      if (unclosedQuote !== undefined) this.problems.push({ line: unclosedQuote, message: unclosedQuoteMessage });
    } else if (this.pending !== '') this.textLine(this.pending.replace(/\r$/, ''));
    this.pending = '';
    return {
      rows: this.rows,
      problems: this.problems.sort((x, y) => x.line - y.line),
      format: this.format!,
      ...(this.annotations.size ? { annotations: this.annotations } : {}),
    };
  }

  private decide(firstLine: string): void {
    const first = firstLine.trim();
    // A .txt is one query a line whatever its first line holds: a shopper's query may look like JSON or CSV.
    if (/\.txt$/i.test(this.fileName)) this.format = 'lines';
    else if (first.startsWith('{') || /\.(jsonl|ndjson)$/i.test(this.fileName))
      this.format = looksLikeJsonl(first, this.fileName) ? 'jsonl' : 'query-set';
    else if (/\.csv$/i.test(this.fileName) || /^"?query"?\s*,/i.test(first)) {
      this.format = 'csv';
      this.csv = new CsvReader();
    } else this.format = 'lines';
  }

  private textLine(raw: string): void {
    this.line++;
    const text = raw.trim();
    if (!text) return;
    if (this.format === 'jsonl') {
      const read = jsonlRow(text, this.line);
      if ('message' in read) this.problems.push(read);
      else {
        if (read.annotation) this.annotations.set(this.rows.length, read.annotation);
        this.rows.push(read.row);
      }
    } else if (text.length > MAX_QUERY_LENGTH) this.problems.push({ line: this.line, message: tooLong(text) });
    else this.rows.push({ query: text, line: this.line });
  }

  private csvRecord(record: CsvRecord): void {
    if (this.columns === undefined) {
      const names = record.fields.map((f) => f.trim().toLowerCase());
      this.hasHeader = names.includes('query');
      this.columns = this.hasHeader ? names : ['query', 'filter', 'facets', 'variables'].slice(0, record.fields.length);
      if (this.hasHeader) {
        const unknown = names.filter((n) => n && !COLUMNS.includes(n as (typeof COLUMNS)[number]));
        if (unknown.length)
          this.problems.push({
            line: record.line,
            message: `Unknown column${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}; the columns are ${COLUMNS.join(', ')}.`,
          });
        return;
      }
    }
    const columns = this.columns;
    const cell = (name: string) => {
      const i = columns.indexOf(name);
      return i >= 0 ? (record.fields[i] ?? '').trim() : '';
    };
    const query = cell('query');
    if (!query && record.fields.every((f) => f.trim() === '')) return;
    if (!query) {
      this.problems.push({ line: record.line, message: 'No query in this row.' });
      return;
    }
    if (query.length > MAX_QUERY_LENGTH) {
      this.problems.push({ line: record.line, message: tooLong(query) });
      return;
    }
    const row: QueryRow = { query, line: record.line };
    try {
      if (cell('filter')) row.filter = cell('filter');
      if (cell('facets')) row.facets = parseFacets(cell('facets'));
      if (cell('variables')) row.variables = parseVariables(cell('variables'));
      this.rows.push(row);
    } catch (err) {
      this.problems.push({ line: record.line, message: `${query}: ${(err as Error).message}.` });
    }
  }
}

/** A whole query list in one string (pasted, or a file already read): see QueryListReader for the formats. */
export function parseQueryList(text: string, fileName = ''): ParsedQueryList {
  const reader = new QueryListReader(fileName);
  reader.push(text);
  return reader.end();
}
