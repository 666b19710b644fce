import { z } from 'zod';
import { CsvReader, csvLine, unclosedQuoteMessage, undefuse, type CsvRecord } from '../csv';
import { isJsonObject } from '../json-value';
import { asSentence, describeIssues, zodIssues } from '../zod';
import { canonicalRatings, JUDGMENTS_FORMAT, judgmentListSchema, MAX_RATING_LIMIT, type Rating, type Scale } from './model';
import { queryOfQid, trecQid } from './query-key';

/**
 * The judgment formats other tools read and write, to and from the
 * workspace's own list:
 * - Quepid's CSV: a header `query,docid,rating`, one rating per row;
 * - TREC qrels: `qid 0 docid rel`, whitespace separated (the qid is the
 *   query with spaces as `_`, see ./query-key);
 * - RRE's ratings JSON: `topics[].query_groups[]` (or `query_groups[]`) with
 *   `queries[].placeholders.$query` and `relevant_documents` as
 *   `{ docid: { gain } }` (or the older `{ gain: [docid…] }`).
 * An import is all or nothing: the first bad line stops it, named.
 */
export type JudgmentFormat = 'quepid' | 'trec' | 'rre' | 'workspace';
export const EXPORT_FORMATS = ['quepid', 'trec', 'rre'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export interface ParsedJudgments {
  format: JudgmentFormat;
  ratings: Rating[];
  /** Rows or entries read. */
  rows: number;
  /** Rows for a (query, item) already rated earlier in the file: the last one wins. */
  duplicates: number;
  /** TREC qrels lines with a negative grade: unjudged, as trec_eval reads them (not ratings, not errors). */
  unjudged?: number;
  /** The scale a workspace list carries; other formats have none. */
  scale?: Scale;
  name?: string;
}

export type JudgmentsRead = ({ ok: true } & ParsedJudgments) | { ok: false; message: string; line?: number };

const fail = (message: string, line?: number): JudgmentsRead => ({ ok: false, message, ...(line !== undefined ? { line } : {}) });

/**
 * The one reader of a rating as written, for every format and for raters' CSV: digits only (a sign allowed), 0…max.
 * A blank, `0x3`, `1e0` or `2.0` is not a rating; the answer is the rating, or the reason it is not, naming where.
 */
export function readRating(text: string, max: number, where?: string): number | string {
  const t = text.trim();
  const at = where ? `${where}: ` : '';
  if (!/^[-+]?\d+$/.test(t)) return `${at}the rating ${JSON.stringify(t)} is not a whole number`;
  const n = Number(t);
  if (n < 0) return `${at}the rating ${n} is below 0`;
  if (n > max) return `${at}the rating ${n} is above the maximum ${max}`;
  return n;
}

function finish(format: JudgmentFormat, ratings: Rating[], rows: number, unjudged = 0): JudgmentsRead {
  const unique = canonicalRatings(ratings);
  return { ok: true, format, ratings: unique, rows, duplicates: ratings.length - unique.length, ...(unjudged ? { unjudged } : {}) };
}

/** Which format a text is in, from its content. */
export function detectFormat(text: string): JudgmentFormat | undefined {
  const t = text.replace(/^\uFEFF/, '').trimStart();
  if (t.startsWith('{')) {
    try {
      const json: unknown = JSON.parse(t);
      if (isJsonObject(json) && json.format === JUDGMENTS_FORMAT) return 'workspace';
      if (isJsonObject(json) && ('topics' in json || 'query_groups' in json || 'relevant_documents' in json)) return 'rre';
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
      if (!itemId) return fail(`${where}: no docid.`, record.line);
      const rating = readRating(record.fields[at.rating] ?? '', max, where);
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
  return finish('quepid', ratings, rows);
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
  return finish('trec', ratings, rows, unjudged);
}

const rreGain = z.union([z.looseObject({ gain: z.union([z.number(), z.string()]) }), z.number(), z.string()]);
const rreGroup = z.looseObject({
  name: z.string().optional(),
  queries: z.array(z.looseObject({ placeholders: z.record(z.string(), z.unknown()).optional() })).optional(),
  relevant_documents: z.record(z.string(), z.union([rreGain, z.array(z.string())])).optional(),
});
const rreRoot = z.looseObject({
  topics: z.array(z.looseObject({ query_groups: z.array(rreGroup).default([]) })).optional(),
  query_groups: z.array(rreGroup).optional(),
  queries: rreGroup.shape.queries,
  relevant_documents: rreGroup.shape.relevant_documents,
});

type RreGroup = z.output<typeof rreGroup>;

/** The raw `relevant_documents` of a group: read from the JSON itself, whose own keys survive as written (even `__proto__`). */
const relevantOf = (raw: unknown): [string, unknown][] =>
  isJsonObject(raw) && isJsonObject(raw.relevant_documents) ? Object.entries(raw.relevant_documents) : [];

function parseRre(json: unknown, max: number, by?: string): JudgmentsRead {
  const parsed = rreRoot.safeParse(json);
  if (!parsed.success || !isJsonObject(json))
    return fail(`This is not RRE ratings JSON: ${asSentence(parsed.success ? 'not an object' : describeIssues(zodIssues(parsed.error)))}`);
  const root = parsed.data;
  const groups: { group: RreGroup; raw: unknown; path: string }[] = [];
  const rawTopics = Array.isArray(json.topics) ? json.topics : [];
  root.topics?.forEach((t, i) => {
    const rawGroups: unknown = isJsonObject(rawTopics[i]) ? rawTopics[i].query_groups : undefined;
    t.query_groups.forEach((g, j) =>
      groups.push({ group: g, raw: Array.isArray(rawGroups) ? rawGroups[j] : undefined, path: `topics[${i}].query_groups[${j}]` }),
    );
  });
  const rawGroups = Array.isArray(json.query_groups) ? json.query_groups : [];
  root.query_groups?.forEach((g, j) => groups.push({ group: g, raw: rawGroups[j], path: `query_groups[${j}]` }));
  if (root.queries || root.relevant_documents)
    groups.push({ group: { queries: root.queries, relevant_documents: root.relevant_documents }, raw: json, path: '' });
  const ratings: Rating[] = [];
  let rows = 0;
  for (const { group, raw, path } of groups) {
    const queries = (group.queries ?? [])
      .map((q) => q.placeholders?.$query)
      .filter((q): q is string => typeof q === 'string' && q.trim() !== '');
    if (queries.length === 0 && group.name?.trim()) queries.push(group.name.trim());
    const where = (doc: string) => `${path ? `${path}.` : ''}relevant_documents.${doc}`;
    for (const [key, value] of relevantOf(raw)) {
      // Older RRE files list documents by gain: { "3": ["doc1", "doc2"] }.
      const entries: [string, unknown][] = Array.isArray(value)
        ? value.map((doc): [string, unknown] => [String(doc), key])
        : [[key, isJsonObject(value) ? value.gain : value]];
      for (const [doc, gain] of entries) {
        rows++;
        const rating = readRating(String(gain), max, where(doc));
        if (typeof rating === 'string') return fail(`${rating}.`);
        for (const query of queries) ratings.push({ query, itemId: doc, rating, ...(by ? { by } : {}) });
      }
    }
  }
  return finish('rre', ratings, rows);
}

/**
 * Reads judgments in any of the formats, detected from the content. `max`
 * is the highest rating allowed (the list's scale; 9 at most).
 */
export function parseJudgments(text: string, options: { max?: number; by?: string } = {}): JudgmentsRead {
  const max = Math.min(options.max ?? MAX_RATING_LIMIT, MAX_RATING_LIMIT);
  const format = detectFormat(text);
  if (!format)
    return fail(
      'This is not a judgment file this app reads: expected Quepid CSV (a header query,docid,rating), TREC qrels ("qid 0 docid rel" lines), RRE ratings JSON, or a workspace judgment list.',
    );
  if (format === 'quepid') return parseQuepid(text, max, options.by);
  if (format === 'trec') return parseTrec(text, max, options.by);
  let json: unknown;
  try {
    json = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (err) {
    const m = /position (\d+)/.exec((err as Error).message);
    const line = m ? text.slice(0, Number(m[1])).split('\n').length : undefined;
    return fail(`The JSON does not parse${line ? ` (line ${line})` : ''}: ${(err as Error).message}`, line);
  }
  if (format === 'rre') return parseRre(json, max, options.by);
  const list = judgmentListSchema.safeParse(json);
  if (!list.success) return fail(`This workspace judgment list is not valid: ${asSentence(describeIssues(zodIssues(list.error)))}`);
  const read = finish('workspace', list.data.ratings, list.data.ratings.length);
  return read.ok ? { ...read, scale: list.data.scale, name: list.data.name } : read;
}

/** Ratings in another tool's format. Who and when stay behind: only the workspace's own JSON keeps them. */
export function formatJudgments(ratings: readonly Pick<Rating, 'query' | 'itemId' | 'rating'>[], format: ExportFormat): string {
  if (format === 'quepid') return ['query,docid,rating', ...ratings.map((r) => csvLine([r.query, r.itemId, r.rating]))].join('\n') + '\n';
  if (format === 'trec') {
    const bad = ratings.find((r) => /\s/.test(r.itemId));
    if (bad)
      throw new Error(
        `Item id ${JSON.stringify(bad.itemId)} has whitespace, which TREC qrels cannot hold; export as Quepid CSV or RRE JSON instead.`,
      );
    return ratings.map((r) => `${trecQid(r.query)} 0 ${r.itemId} ${r.rating}`).join('\n') + '\n';
  }
  const groups = new Map<string, [string, { gain: number }][]>();
  // Appended in place: copying a query's list for each rating made 100,000 ratings of one query quadratic.
  for (const r of ratings) {
    let docs = groups.get(r.query);
    if (!docs) groups.set(r.query, (docs = []));
    docs.push([r.itemId, { gain: r.rating }]);
  }
  const rre = {
    id_field: 'id',
    topics: [
      {
        description: 'Exported from Search Workbench',
        query_groups: [...groups].map(([query, docs]) => ({
          name: query,
          queries: [{ template: 'only_q.json', placeholders: { $query: query } }],
          // Object.fromEntries defines own keys, so an item id such as `__proto__` is written like any other.
          relevant_documents: Object.fromEntries(docs),
        })),
      },
    ],
  };
  return `${JSON.stringify(rre, null, 2)}\n`;
}
