import { stat } from 'node:fs/promises';
import { parseQueryList, type QueryListProblem } from '../../../shared/compare';
import {
  MAX_QUERIES,
  newQuerySet,
  querySetPage,
  querySetSchema,
  type QuerySet,
  type QuerySetEntry,
  type QuerySetPage,
} from '../../../shared/workspace';
import { type QuerySetCreated } from '../../../shared/workspace';
import { failure } from '../../../shared/errors';
import { queryKey, type Intent } from '../../../shared/judgments';
import type { HistoryService } from '../search';
import type { Workspace } from './workspace';

/** Where a new query set's queries come from. */
export type QuerySetSource =
  | { kind: 'text'; text: string; fileName?: string }
  /** Every distinct query searched in the last `days` days (from the history). */
  | { kind: 'history'; days: number };

/** What the window is told of a new set: its first page and first problems, never the whole of a set of 100,000. */
const FIRST_PAGE = 200;
const FIRST_PROBLEMS = 100;

const DAY = 24 * 60 * 60 * 1000;

/** Query sets in the workspace's `query-sets/`. */
export class QuerySets {
  constructor(
    private readonly workspace: Workspace,
    private readonly history: HistoryService,
    private readonly now: () => Date = () => new Date(),
  ) {}

  read(file: string): Promise<QuerySet> {
    return this.workspace.read('query-sets', file, querySetSchema);
  }

  /** The set last paged through, kept while its file is unchanged (same size and time): turning a page of 100,000 queries reads nothing again. */
  private paged: { file: string; stamp: string; set: QuerySet } | undefined;

  /** One page of a query set: see querySetPage. */
  async page(file: string, options: { offset: number; limit: number; find?: string }): Promise<QuerySetPage> {
    let stamp = '';
    try {
      const info = await stat(this.workspace.path('query-sets', file));
      stamp = `${info.size}:${info.mtimeMs}`;
    } catch {
      // Missing or unreadable: read() says which, with the fix.
    }
    if (!stamp || this.paged?.file !== file || this.paged.stamp !== stamp) this.paged = { file, stamp, set: await this.read(file) };
    return querySetPage(this.paged.set, options);
  }

  /** Queries the history holds from the last `days` days: searches only, each query once (first as last typed), newest first. */
  fromHistory(days: number): QuerySetEntry[] {
    const since = this.now().getTime() - days * DAY;
    const seen = new Set<string>();
    const out: QuerySetEntry[] = [];
    for (const entry of this.history.list({ kind: 'search', limit: 10_000 })) {
      if (Date.parse(entry.at) < since) continue;
      const query = entry.request.query?.trim();
      if (!query || seen.has(queryKey(query))) continue;
      seen.add(queryKey(query));
      out.push({ query });
    }
    return out;
  }

  /** A new query set in the workspace: its file, its first page, and the lines that could not be read (the first 100, and how many). */
  async create(name: string, source: QuerySetSource): Promise<QuerySetCreated> {
    let queries: QuerySetEntry[];
    let problems: QueryListProblem[] = [];
    let from: string;
    if (source.kind === 'history') {
      queries = this.fromHistory(source.days);
      from = `history, last ${source.days} day${source.days === 1 ? '' : 's'}`;
    } else {
      // A pasted list has no file name: its format is told from its first line (a .txt name would make it lines).
      const parsed = parseQueryList(source.text, source.fileName ?? '');
      problems = parsed.problems;
      // A JSON Lines file's notes and expectations stay with their queries.
      queries = parsed.rows.map(({ line: _line, ...row }, i) => ({ ...row, ...parsed.annotations?.get(i) }));
      from = source.fileName ?? 'pasted list';
    }
    if (queries.length === 0)
      throw failure(
        'validation',
        source.kind === 'history'
          ? `The history has no search with a query from the last ${source.days} days.`
          : `There is no query in ${from}${problems[0] ? ` (line ${problems[0].line}: ${problems[0].message})` : ''}.`,
        { field: source.kind === 'history' ? 'days' : 'text' },
      );
    if (queries.length > MAX_QUERIES)
      throw failure(
        'validation',
        `${from} holds ${queries.length.toLocaleString('en-US')} queries; a query set holds at most ${MAX_QUERIES.toLocaleString('en-US')}: split the list, or run it from the command line in shards (compare --shard i/n).`,
        { field: 'text' },
      );
    const querySet = newQuerySet(name, queries, from, this.now());
    const { file } = await this.workspace.write('query-sets', await this.workspace.freeFile('query-sets', name), querySetSchema, querySet, {
      overwrite: false,
    });
    return {
      file,
      page: querySetPage(querySet, { offset: 0, limit: FIRST_PAGE }),
      problems: problems.slice(0, FIRST_PROBLEMS),
      problemCount: problems.length,
    };
  }

  /** Replaces an existing query set of the app's own (its queries, notes or name). */
  async save(file: string, querySet: QuerySet): Promise<{ file: string }> {
    return this.workspace.write(
      'query-sets',
      file,
      querySetSchema,
      { ...querySet, updatedAt: this.now().toISOString() },
      { overwrite: true },
    );
  }

  /** Sets (or with an empty note clears) the information need of every entry of a query, saved atomically. */
  async setNote(file: string, query: string, note: string): Promise<{ file: string; updated: number }> {
    return this.setField(file, 'note', [{ query, value: note.trim() || undefined }]);
  }

  /** Sets (or, with null, clears) what queries mean as rating rules read them: their intents, in one write. */
  async setIntents(file: string, intents: readonly { query: string; intent: Intent | null }[]): Promise<{ file: string; updated: number }> {
    return this.setField(
      file,
      'intent',
      intents.map(({ query, intent }) => ({ query, value: intent ?? undefined })),
    );
  }

  /**
   * One field of every entry of each query (by its key), set or (undefined) removed; the set saved atomically.
   * A query not in the set refuses the whole change: nothing is written.
   */
  private async setField<K extends 'note' | 'intent'>(
    file: string,
    field: K,
    changes: readonly { query: string; value: QuerySetEntry[K] | undefined }[],
  ): Promise<{ file: string; updated: number }> {
    const set = await this.read(file);
    // The last change of a query wins, as if they were made one after the other.
    const byKey = new Map(changes.map((c) => [queryKey(c.query), c]));
    const found = new Set<string>();
    let updated = 0;
    const queries = set.queries.map((entry): QuerySetEntry => {
      const key = queryKey(entry.query);
      const change = byKey.get(key);
      if (!change) return entry;
      found.add(key);
      updated++;
      const next: QuerySetEntry = { ...entry };
      if (change.value === undefined) delete next[field];
      else next[field] = change.value;
      return next;
    });
    const missing = [...byKey].find(([key]) => !found.has(key));
    if (missing) throw failure('not-found', `"${missing[1].query}" is not in ${file} (any more).`, { field: 'query' });
    await this.save(file, { ...set, queries });
    return { file, updated };
  }
}
