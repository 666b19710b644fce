import { CsvReader, csvLine, unclosedQuoteMessage, undefuse, type CsvRecord } from '../csv';
import { isJsonObject } from '../json-value';
import { asSentence, describeIssues, zodIssues } from '../zod';
import { ANY_GRADE, fail, finish, type JudgmentFormat, type JudgmentsRead, readRating } from './formats-common';
import { formatRre, formatRreQuepid, isRre, parseRre } from './formats-rre';
import { formatSrw, isSrw, parseSrw } from './formats-srw';
import { DEFAULT_SCALE, JUDGMENTS_FORMAT, judgmentListSchema, type Rating } from './model';
import { queryOfQid, trecQid } from './query-key';

export { fitToScale, type JudgmentFormat, type JudgmentsRead, type ParsedJudgments, readRating } from './formats-common';
export { readCuts } from './formats-srw';

/**
 * The judgment formats other tools read and write, to and from the
 * workspace's own list:
 * - Quepid's CSV: a header `query,docid,rating`, one rating per row;
 * - TREC qrels: `qid 0 docid rel`, whitespace separated (the qid is the
 *   query with spaces as `_`, see ./query-key);
 * - RRE's ratings JSON, as RRE writes it and as Quepid does (./formats-rre);
 * - the Search Relevance Workbench's judgment JSON (./formats-srw).
 * Grades are read as the file writes them, any whole number ≥ 0 (trec_eval's convention; a list's scale is fitted to
 * them on import, see fitToScale). An import is all or nothing: the first bad line stops it, named.
 */
export const EXPORT_FORMATS = ['quepid', 'trec', 'rre', 'rre-quepid', 'srw'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** Each format by name, as the app, the command line and the guide say it. */
export const JUDGMENT_FORMAT_NAMES: Record<JudgmentFormat | ExportFormat, string> = {
  quepid: 'Quepid CSV',
  trec: 'TREC qrels',
  rre: 'RRE JSON',
  'rre-quepid': 'RRE JSON as Quepid writes it',
  srw: 'Search Relevance Workbench JSON',
  workspace: 'a workspace list',
};

/** An exported file's name ending and type. */
export const EXPORT_FILES: Record<ExportFormat, { suffix: string; mime: string }> = {
  quepid: { suffix: 'csv', mime: 'text/csv' },
  trec: { suffix: 'qrels', mime: 'text/plain' },
  rre: { suffix: 'rre.json', mime: 'application/json' },
  'rre-quepid': { suffix: 'quepid-rre.json', mime: 'application/json' },
  srw: { suffix: 'srw.json', mime: 'application/json' },
};

/** Which format a text is in, from its content. */
export function detectFormat(text: string): JudgmentFormat | undefined {
  const t = text.replace(/^\uFEFF/, '').trimStart();
  if (t.startsWith('{')) {
    try {
      const json: unknown = JSON.parse(t);
      if (isJsonObject(json) && json.format === JUDGMENTS_FORMAT) return 'workspace';
      if (isJsonObject(json) && isSrw(json)) return 'srw';
      if (isJsonObject(json) && isRre(json)) return 'rre';
      return undefined;
    } catch {
      // Not JSON after all: a qrels line may well start with "{".
    }
  }
  const first = t.split(/\r?\n/).find((l) => l.trim() !== '' && !l.trim().startsWith('#'));
  if (!first) return undefined;
  if (first.trim().split(/\s+/).length === 4) return 'trec';
  const header = first.split(',').map(
    (c) =>
      COLUMN_ALIASES[
        c
          .trim()
          .toLowerCase()
          .replace(/[\s_-]/g, '')
      ],
  );
  if (header.includes('query') && header.includes('rating')) return 'quepid';
  return undefined;
}

const COLUMN_ALIASES: Record<string, 'query' | 'docid' | 'rating'> = {
  query: 'query',
  querytext: 'query',
  docid: 'docid',
  doc: 'docid',
  rating: 'rating',
};

/** How much of a CSV is read at once: its records are made and used a piece at a time, not held all together. */
const CSV_PIECE = 1 << 20;

function parseQuepid(text: string, max: number, by?: string): JudgmentsRead {
  const body = text.replace(/^\uFEFF/, '');
  const reader = new CsvReader();
  let at: Record<'query' | 'docid' | 'rating', number> | undefined;
  const ratings: Rating[] = [];
  const unrated = new Set<string>();
  let rows = 0;
  /** Reads the records of one piece; answers the failure that stops the import, if any. */
  const take = (records: CsvRecord[]): JudgmentsRead | undefined => {
    for (const record of records) {
      if (!at) {
        const columns = record.fields.map(
          (f) =>
            COLUMN_ALIASES[
              f
                .trim()
                .toLowerCase()
                .replace(/[\s_-]/g, '')
            ],
        );
        at = { query: columns.indexOf('query'), docid: columns.indexOf('docid'), rating: columns.indexOf('rating') };
        const missing = (Object.keys(at) as (keyof typeof at)[]).filter((k) => at![k] < 0);
        if (missing.length)
          return fail(
            `The header must name the columns query, docid and rating; ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} missing.`,
            record.line,
          );
        continue;
      }
      if (record.fields.every((f) => f.trim() === '')) continue;
      rows++;
      const where = `line ${record.line}`;
      // A cell this app's Quepid export defused (`'=…`) reads back as it was.
      const query = undefuse((record.fields[at.query] ?? '').trim());
      const itemId = undefuse((record.fields[at.docid] ?? '').trim());
      if (!query) return fail(`${where}: no query.`, record.line);
      const cell = (record.fields[at.rating] ?? '').trim();
      // Quepid writes a query nobody rated yet as `query,,`, and leaves a rating blank in a set rated in part: a
      // query with no rating yet, not a mistake.
      if (!itemId || cell === '') {
        if (!itemId && cell !== '') return fail(`${where}: a rating with no docid.`, record.line);
        unrated.add(query);
        continue;
      }
      const rating = readRating(cell, max, where);
      if (typeof rating === 'string') return fail(`${rating}.`, record.line);
      ratings.push({ query, itemId, rating, ...(by ? { by } : {}) });
    }
    return undefined;
  };
  for (let from = 0; from < body.length; from += CSV_PIECE) {
    const failed = take(reader.feed(body.slice(from, from + CSV_PIECE)));
    if (failed) return failed;
  }
  const last = reader.end();
  // A quote never closed swallowed the rest of the file into one field: that is not a rating to keep.
  if (last.unclosedQuote !== undefined) return fail(`line ${last.unclosedQuote}: ${unclosedQuoteMessage}`, last.unclosedQuote);
  const failed = take(last.records);
  if (failed) return failed;
  if (!at) return fail('The file is empty.');
  const rated = new Set(ratings.map((r) => r.query));
  return finish('quepid', ratings, rows, { unrated: [...unrated].filter((q) => !rated.has(q)) });
}

function parseTrec(text: string, max: number, by?: string): JudgmentsRead {
  const ratings: Rating[] = [];
  let rows = 0;
  let unjudged = 0;
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = (lines[i] ?? '').trim();
    if (!line || line.startsWith('#')) continue;
    rows++;
    const fields = line.split(/\s+/);
    if (fields.length !== 4)
      return fail(`line ${i + 1}: a qrels line is "qid 0 docid rel" (4 fields), this one has ${fields.length}.`, i + 1);
    const [qid, , docid, rel] = fields as [string, string, string, string];
    // trec_eval reads a negative grade as "not judged": the line is neither a rating nor a mistake.
    if (/^-0*[1-9]\d*$/.test(rel)) {
      unjudged++;
      continue;
    }
    const rating = readRating(rel, max, `line ${i + 1}`);
    if (typeof rating === 'string') return fail(`${rating}.`, i + 1);
    ratings.push({ query: queryOfQid(qid), itemId: docid, rating, ...(by ? { by } : {}) });
  }
  return finish('trec', ratings, rows, { unjudged });
}

/**
 * Reads judgments in any of the formats, detected from the content. `max`
 * is the highest rating allowed (the list's scale; 9 at most).
 */
export function parseJudgments(text: string, options: { max?: number; by?: string; cuts?: number[] } = {}): JudgmentsRead {
  const format = detectFormat(text);
  if (!format)
    return fail(
      'This is not a judgment file this app reads: expected Quepid CSV (a header query,docid,rating), TREC qrels ("qid 0 docid rel" lines), RRE ratings JSON, Search Relevance Workbench judgments, or a workspace judgment list.',
    );
  if (format === 'quepid') return parseQuepid(text, ANY_GRADE, options.by);
  if (format === 'trec') return parseTrec(text, ANY_GRADE, options.by);
  let json: unknown;
  try {
    json = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (err) {
    const m = /position (\d+)/.exec((err as Error).message);
    const line = m ? text.slice(0, Number(m[1])).split('\n').length : undefined;
    return fail(`The JSON does not parse${line ? ` (line ${line})` : ''}: ${(err as Error).message}`, line);
  }
  if (format === 'rre') return parseRre(json, ANY_GRADE, options.by);
  if (format === 'srw' && isJsonObject(json)) return parseSrw(json, options.max ?? DEFAULT_SCALE.max, options.by, options.cuts);
  const list = judgmentListSchema.safeParse(json);
  if (!list.success) return fail(`This workspace judgment list is not valid: ${asSentence(describeIssues(zodIssues(list.error)))}`);
  const read = finish('workspace', list.data.ratings, list.data.ratings.length);
  return read.ok ? { ...read, scale: list.data.scale, name: list.data.name } : read;
}

/** Ratings in another tool's format. Who and when stay behind: only the workspace's own JSON keeps them. */
export function formatJudgments(
  ratings: readonly Pick<Rating, 'query' | 'itemId' | 'rating'>[],
  format: ExportFormat,
  name = 'Search Workbench judgments',
): string {
  if (format === 'quepid') return ['query,docid,rating', ...ratings.map((r) => csvLine([r.query, r.itemId, r.rating]))].join('\n') + '\n';
  if (format === 'trec') {
    const bad = ratings.find((r) => /\s/.test(r.itemId));
    if (bad)
      throw new Error(
        `Item id ${JSON.stringify(bad.itemId)} has whitespace, which TREC qrels cannot hold; export as Quepid CSV or RRE JSON instead.`,
      );
    return ratings.map((r) => `${trecQid(r.query)} 0 ${r.itemId} ${r.rating}`).join('\n') + '\n';
  }
  if (format === 'rre-quepid') return formatRreQuepid(ratings);
  if (format === 'srw') return formatSrw(ratings, name);
  return formatRre(ratings);
}
