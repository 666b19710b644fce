import { z } from 'zod';
import { contextVariablesSchema } from '../request/schema';
import type { ContextValue } from '../request/types';
import { MAX_QUERY_LENGTH } from './schema';
import type { QueryRow } from './types';
import { querySetSchema, rowsOfQuerySet } from '../workspace/query-set';
import { asSentence, describeIssues, zodIssues } from '../zod-issues';
import { jsonErrorPosition } from '../url/codec';

export interface QueryListProblem {
  line: number;
  message: string;
}

export interface ParsedQueryList {
  rows: QueryRow[];
  problems: QueryListProblem[];
  format: 'lines' | 'csv' | 'query-set';
}

/** RFC 4180 fields: commas, "quoted, with ""escaped"" quotes", line breaks inside quotes. Each record keeps the line it started on. */
export function parseCsv(text: string): { line: number; fields: string[] }[] {
  return readCsv(text).records;
}

/** CSV records, and the line of a quote never closed (everything after it was read into one field). */
export function readCsv(text: string): { records: { line: number; fields: string[] }[]; unclosedQuote?: number } {
  const records: { line: number; fields: string[] }[] = [];
  let field = '';
  let fields: string[] = [];
  let quoted = false;
  let line = 1;
  let start = 1;
  let touched = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else {
        if (c === '\n') line++;
        field += c;
      }
      continue;
    }
    if (c === '"' && field === '') {
      quoted = true;
      touched = true;
    } else if (c === ',') {
      fields.push(field);
      field = '';
      touched = true;
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      if (touched || field !== '') records.push({ line: start, fields: [...fields, field] });
      fields = [];
      field = '';
      touched = false;
      line++;
      start = line;
    } else {
      field += c;
      touched = true;
    }
  }
  if (touched || field !== '') records.push({ line: start, fields: [...fields, field] });
  return quoted ? { records, unclosedQuote: start } : { records };
}

export const unclosedQuoteMessage =
  'A quote opened in this row is never closed, so the rest of the file was read as one field; close it or remove it.';

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
  `The query is ${query.length.toLocaleString('en-US')} characters long; at most ${MAX_QUERY_LENGTH.toLocaleString('en-US')} are kept.`;

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
  const parsed = querySetSchema.safeParse(json);
  if (!parsed.success) return fail(1, `This JSON is not a workspace query set: ${asSentence(describeIssues(zodIssues(parsed.error)))}`);
  return { rows: rowsOfQuerySet(parsed.data), problems: [], format: 'query-set' };
}

/**
 * A query list: one query per line, or CSV with a header naming its columns
 * (query, and any of filter, facets, variables), or a workspace query set (JSON). Blank lines are skipped;
 * every problem names its line, and the good rows are kept.
 */
export function parseQueryList(text: string, fileName = ''): ParsedQueryList {
  if (text.trimStart().startsWith('{')) return parseQuerySet(text);
  const firstLine = text.split(/\r?\n/, 1)[0]?.trim().toLowerCase() ?? '';
  const csv = /\.csv$/i.test(fileName) || /^"?query"?\s*,/.test(firstLine);
  if (!csv) {
    const rows: QueryRow[] = [];
    const problems: QueryListProblem[] = [];
    text.split(/\r?\n/).forEach((raw, i) => {
      const query = raw.trim();
      if (query.length > MAX_QUERY_LENGTH) problems.push({ line: i + 1, message: tooLong(query) });
      else if (query) rows.push({ query, line: i + 1 });
    });
    return { rows, problems, format: 'lines' };
  }
  const { records: all, unclosedQuote } = readCsv(text);
  const problems: QueryListProblem[] = [];
  // The row with the quote never closed swallowed the rest of the file: it is reported, not read.
  const records = unclosedQuote === undefined ? all : all.slice(0, -1);
  if (unclosedQuote !== undefined) problems.push({ line: unclosedQuote, message: unclosedQuoteMessage });
  const header = records[0];
  if (!header) return { rows: [], problems: [], format: 'csv' };
  const names = header.fields.map((f) => f.trim().toLowerCase());
  const hasHeader = names.includes('query');
  const columns = hasHeader ? names : ['query', 'filter', 'facets', 'variables'].slice(0, header.fields.length);
  if (hasHeader) {
    const unknown = names.filter((n) => n && !COLUMNS.includes(n as (typeof COLUMNS)[number]));
    if (unknown.length)
      problems.push({
        line: header.line,
        message: `Unknown column${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}; the columns are ${COLUMNS.join(', ')}.`,
      });
  }
  const rows: QueryRow[] = [];
  for (const record of hasHeader ? records.slice(1) : records) {
    const cell = (name: string) => {
      const i = columns.indexOf(name);
      return i >= 0 ? (record.fields[i] ?? '').trim() : '';
    };
    const query = cell('query');
    if (!query && record.fields.every((f) => f.trim() === '')) continue;
    if (!query) {
      problems.push({ line: record.line, message: 'No query in this row.' });
      continue;
    }
    if (query.length > MAX_QUERY_LENGTH) {
      problems.push({ line: record.line, message: tooLong(query) });
      continue;
    }
    const row: QueryRow = { query, line: record.line };
    try {
      if (cell('filter')) row.filter = cell('filter');
      if (cell('facets')) row.facets = parseFacets(cell('facets'));
      if (cell('variables')) row.variables = parseVariables(cell('variables'));
      rows.push(row);
    } catch (err) {
      problems.push({ line: record.line, message: `${query}: ${(err as Error).message}.` });
    }
  }
  return { rows, problems, format: 'csv' };
}
