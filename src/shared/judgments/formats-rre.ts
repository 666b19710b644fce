import { z } from 'zod';
import { isJsonObject } from '../json-value';
import { asSentence, describeIssues, zodIssues } from '../zod';
import { fail, finish, type JudgmentsRead, readRating } from './formats-common';
import type { Rating } from './model';

/**
 * RRE's ratings JSON, in the shapes RRE and Quepid write it:
 * - RRE: `topics[].query_groups[]` (or `query_groups[]`), each group's `queries[].placeholders.$query` sharing the
 *   group's `relevant_documents` as `{ docid: { gain } }` (or the older `{ gain: [docid…] }`);
 * - Quepid's RRE export: `queries[]` at the top, each with its own `placeholders.$query` and `relevant_documents` in
 *   the gain → ids form (`{ "2": ["157", "152"] }`).
 */
const rreGain = z.union([z.looseObject({ gain: z.union([z.number(), z.string()]) }), z.number(), z.string()]);
const relevant = z.record(z.string(), z.union([rreGain, z.array(z.union([z.string(), z.number()]))]));
const rreQuery = z.looseObject({ placeholders: z.record(z.string(), z.unknown()).optional(), relevant_documents: relevant.optional() });
const rreGroup = z.looseObject({
  name: z.string().optional(),
  queries: z.array(rreQuery).optional(),
  relevant_documents: relevant.optional(),
});
const rreRoot = z.looseObject({
  topics: z.array(z.looseObject({ query_groups: z.array(rreGroup).default([]) })).optional(),
  query_groups: z.array(rreGroup).optional(),
  queries: rreGroup.shape.queries,
  relevant_documents: rreGroup.shape.relevant_documents,
});

/** Whether a JSON object is RRE ratings, in either shape. */
export const isRre = (json: Record<string, unknown>): boolean =>
  'topics' in json || 'query_groups' in json || 'relevant_documents' in json || 'queries' in json;

/** The raw `relevant_documents` of an object: read from the JSON itself, whose own keys survive as written (even `__proto__`). */
const relevantOf = (raw: unknown): [string, unknown][] =>
  isJsonObject(raw) && isJsonObject(raw.relevant_documents) ? Object.entries(raw.relevant_documents) : [];

const queryOf = (raw: unknown): string | undefined => {
  const text = isJsonObject(raw) && isJsonObject(raw.placeholders) ? raw.placeholders.$query : undefined;
  return typeof text === 'string' && text.trim() !== '' ? text : undefined;
};

/** One place ratings are read from: the queries it rates, and the raw object holding its `relevant_documents`. */
interface Holder {
  queries: string[];
  raw: unknown;
  path: string;
}

export function parseRre(json: unknown, max: number, by?: string): JudgmentsRead {
  const parsed = rreRoot.safeParse(json);
  if (!parsed.success || !isJsonObject(json))
    return fail(`This is not RRE ratings JSON: ${asSentence(parsed.success ? 'not an object' : describeIssues(zodIssues(parsed.error)))}`);
  const holders: Holder[] = [];
  /** A group's queries share its ratings; a query with ratings of its own (Quepid's shape) holds them itself. */
  const addGroup = (group: unknown, path: string, name?: string) => {
    const queries = isJsonObject(group) && Array.isArray(group.queries) ? group.queries : [];
    const shared: string[] = [];
    queries.forEach((q, i) => {
      const text = queryOf(q);
      if (!text) return;
      if (relevantOf(q).length || (isJsonObject(q) && 'relevant_documents' in q))
        holders.push({ queries: [text], raw: q, path: `${path}queries[${i}].` });
      else shared.push(text);
    });
    if (shared.length === 0 && queries.length === 0 && name?.trim()) shared.push(name.trim());
    if (shared.length) holders.push({ queries: shared, raw: group, path });
  };
  const rawTopics = Array.isArray(json.topics) ? json.topics : [];
  rawTopics.forEach((t, i) => {
    const groups = isJsonObject(t) && Array.isArray(t.query_groups) ? t.query_groups : [];
    groups.forEach((g, j) =>
      addGroup(g, `topics[${i}].query_groups[${j}].`, isJsonObject(g) && typeof g.name === 'string' ? g.name : undefined),
    );
  });
  const rawGroups = Array.isArray(json.query_groups) ? json.query_groups : [];
  rawGroups.forEach((g, j) => addGroup(g, `query_groups[${j}].`, isJsonObject(g) && typeof g.name === 'string' ? g.name : undefined));
  if ('queries' in json || 'relevant_documents' in json) addGroup(json, '');
  const ratings: Rating[] = [];
  const unrated: string[] = [];
  let rows = 0;
  for (const { queries, raw, path } of holders) {
    const entries = relevantOf(raw);
    if (entries.length === 0) unrated.push(...queries);
    for (const [key, value] of entries) {
      // The gain → ids form: { "3": ["doc1", "doc2"] }.
      const docs: [string, unknown][] = Array.isArray(value)
        ? value.map((doc): [string, unknown] => [String(doc), key])
        : [[key, isJsonObject(value) ? value.gain : value]];
      for (const [doc, gain] of docs) {
        rows++;
        const rating = readRating(String(gain), max, `${path}relevant_documents.${doc}`);
        if (typeof rating === 'string') return fail(`${rating}.`);
        for (const query of queries) ratings.push({ query, itemId: doc, rating, ...(by ? { by } : {}) });
      }
    }
  }
  return finish('rre', ratings, rows, { unrated });
}

/** Ratings grouped by query, in the order they come. */
function byQuery(ratings: readonly Pick<Rating, 'query' | 'itemId' | 'rating'>[]): Map<string, [string, number][]> {
  const groups = new Map<string, [string, number][]>();
  // Appended in place: copying a query's list for each rating made 100,000 ratings of one query quadratic.
  for (const r of ratings) {
    let docs = groups.get(r.query);
    if (!docs) groups.set(r.query, (docs = []));
    docs.push([r.itemId, r.rating]);
  }
  return groups;
}

/** RRE's own shape: a topic whose query groups are the queries, documents as `{ docid: { gain } }`. */
export function formatRre(ratings: readonly Pick<Rating, 'query' | 'itemId' | 'rating'>[]): string {
  const rre = {
    id_field: 'id',
    topics: [
      {
        description: 'Exported from Search Workbench',
        query_groups: [...byQuery(ratings)].map(([query, docs]) => ({
          name: query,
          queries: [{ template: 'only_q.json', placeholders: { $query: query } }],
          // Object.fromEntries defines own keys, so an item id such as `__proto__` is written like any other.
          relevant_documents: Object.fromEntries(docs.map(([doc, gain]) => [doc, { gain }])),
        })),
      },
    ],
  };
  return `${JSON.stringify(rre, null, 2)}\n`;
}

/** Quepid's RRE shape: `queries` at the top, each with its `placeholders.$query` and its documents by gain. */
export function formatRreQuepid(ratings: readonly Pick<Rating, 'query' | 'itemId' | 'rating'>[]): string {
  const queries = [...byQuery(ratings)].map(([query, docs]) => {
    const gains = new Map<number, string[]>();
    for (const [doc, gain] of docs) {
      const ids = gains.get(gain);
      if (ids) ids.push(doc);
      else gains.set(gain, [doc]);
    }
    return {
      placeholders: { $query: query },
      relevant_documents: Object.fromEntries([...gains].sort((a, b) => b[0] - a[0]).map(([gain, ids]) => [String(gain), ids])),
    };
  });
  return `${JSON.stringify({ id_field: 'id', index: 'index', queries }, null, 2)}\n`;
}
