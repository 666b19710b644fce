import { type ItemRating, type JudgmentsImported } from '../../../shared/judgments';
import { failure } from '../../../shared/errors';
import {
  EXPORT_FILES,
  fitToScale,
  formatJudgments,
  MAX_RATING_LIMIT,
  parseJudgments,
  type ExportFormat,
  judgmentListSchema,
  newJudgmentList,
  ratingOf,
  ratingSchema,
  setRating,
  type JudgmentList,
  type RatingMode,
  type Scale,
  queryKey,
  compileRules,
  agreementOfList,
  TooManyRatersError,
  type ListAgreementWithShoppers,
} from '../../../shared/judgments';
import { newQuerySet, querySetSchema } from '../../../shared/workspace';
import { asSentence, describeIssues, zodIssues } from '../../../shared/zod';
import type { Workspace } from '../workspace';

export interface RatingChange {
  /** replace (the default): the item's judgment; second: one more rater's opinion; adjudicate: the deciding one. */
  mode?: RatingMode;
  file: string;
  query: string;
  itemId: string;
  /** The new rating, or null to clear it. */
  rating: number | null;
}

export interface RatingSaved {
  query: string;
  itemId: string;
  rating: number | null;
  /** What it was before, so the change can be undone. */
  previous: number | null;
  /** Ratings in the list now. */
  ratings: number;
}

/** Judgment lists in the workspace's `judgments/`: created, imported from other tools' formats, exported to them, rated into. */
export class JudgmentLists {
  /** One read-modify-write at a time per file: ratings typed fast never overwrite each other. */
  private readonly writes = new Map<string, Promise<unknown>>();

  constructor(
    private readonly workspace: Workspace,
    private readonly now: () => Date = () => new Date(),
    private readonly rater: () => string | undefined = () => undefined,
  ) {}

  /** How far the list's raters agree, per pair and per query, and where they disagree (at most 500 listed). */
  async agreement(file: string): Promise<ListAgreementWithShoppers & { disagreementCount: number }> {
    const list = await this.read(file);
    let report: ListAgreementWithShoppers;
    try {
      report = agreementOfList(list.ratings, list.scale.max);
    } catch (err) {
      if (err instanceof TooManyRatersError) throw failure('validation', `${file}: ${err.message}`);
      throw err;
    }
    return {
      ...report,
      disagreements: report.disagreements.slice(0, 500),
      disagreementCount: report.disagreements.length,
      // Each model's items apart from the people's, the farthest 500.
      shoppers: report.shoppers.map((s) => ({ ...s, apart: s.apart.slice(0, 500), apartCount: s.apart.length })),
    };
  }

  /** Who rates now, as lists record it: the rater set in the settings, else the OS account's name. */
  raterName(): string | undefined {
    return this.rater();
  }

  /**
   * Sets or clears one rating, saved at once (atomically), after any change to the same file still in progress:
   * the list is read, parsed and checked once, the rating checked on its own, and the list written once.
   */
  rate(change: RatingChange): Promise<RatingSaved> {
    return this.serial(change.file, () =>
      this.workspace.update('judgments', change.file, judgmentListSchema, (list) => {
        if (change.rating !== null && change.rating > list.scale.max)
          throw failure(
            'validation',
            `${change.rating} is above this list's maximum rating ${list.scale.max}: rate 0 to ${list.scale.max}.`,
            { field: 'rating' },
          );
        const key = queryKey(change.query);
        const by = this.rater();
        const mode = change.mode ?? 'replace';
        const at = this.now().toISOString();
        if (change.rating !== null) {
          const checked = ratingSchema.safeParse({
            query: change.query,
            itemId: change.itemId,
            rating: change.rating,
            at,
            ...(by ? { by } : {}),
          });
          if (!checked.success) throw failure('validation', `Not rated: ${asSentence(describeIssues(zodIssues(checked.error)))}`);
        }
        // What the rating replaces, for undo: this rater's own (a second opinion), the decision (adjudicating), else the item's.
        const previous =
          list.ratings.find(
            (r) =>
              r.itemId === change.itemId &&
              queryKey(r.query) === key &&
              r.rule === undefined &&
              (mode === 'second' ? !r.adjudicated && (r.by ?? '') === (by ?? '') : mode === 'adjudicate' ? r.adjudicated : true),
          )?.rating ?? null;
        const value = setRating(list, { ...change, mode, at, ...(by ? { by } : {}) });
        return {
          value,
          result: { query: change.query, itemId: change.itemId, rating: change.rating, previous, ratings: value.ratings.length },
        };
      }),
    );
  }

  /**
   * Attaches rating rules to a list (or, with null, takes them off): each rule checked and its filter parsed
   * first, so a list never holds a rule that cannot run; a problem names the rule.
   */
  setRules(file: string, rules: unknown): Promise<{ rules: number }> {
    return this.serial(file, () =>
      this.workspace.update('judgments', file, judgmentListSchema, (list) => {
        let value: JudgmentList;
        if (rules === null) {
          const { rules: _off, ...rest } = list;
          value = rest;
        } else {
          const compiled = compileRules(rules);
          if (!compiled.ok) throw failure('validation', compiled.message, { field: 'rules' });
          const above = compiled.rules.find((r) => r.rule.rating > list.scale.max);
          if (above)
            throw failure(
              'validation',
              `The rule "${above.label}" suggests ${above.rule.rating}, above this list's maximum ${list.scale.max}.`,
              { field: 'rules' },
            );
          value = { ...list, rules: compiled.rules.map((r) => r.rule), updatedAt: this.now().toISOString() };
        }
        return { value, result: { rules: value.rules?.length ?? 0 } };
      }),
    );
  }

  /** One read-modify-write of a file after any other still in progress on it. */
  private serial<T>(file: string, run: () => Promise<T>): Promise<T> {
    const before = this.writes.get(file) ?? Promise.resolve();
    const pending = before.then(run, run);
    const settled = pending.catch(() => undefined);
    this.writes.set(file, settled);
    void settled.then(() => {
      if (this.writes.get(file) === settled) this.writes.delete(file);
    });
    return pending;
  }

  /** Every readable list's rating of an item for a query (null where a list has none), in the workspace's file order. */
  async itemRatings(query: string, itemId: string): Promise<ItemRating[]> {
    const files = (await this.workspace.list('judgments')).filter((i) => !i.problem).map((i) => i.file);
    const lists = await Promise.all(
      files.map((file) =>
        this.read(file).then(
          (list) => ({ file, list }),
          () => null,
        ),
      ),
    );
    return lists
      .filter((l): l is { file: string; list: JudgmentList } => l !== null)
      .map(({ file, list }) => {
        const r = ratingOf(list, query, itemId);
        return {
          file,
          name: list.name,
          scale: list.scale,
          rating: r?.rating ?? null,
          ...(r?.by ? { by: r.by } : {}),
          ...(r?.at ? { at: r.at } : {}),
        };
      });
  }

  read(file: string): Promise<JudgmentList> {
    return this.workspace.read('judgments', file, judgmentListSchema);
  }

  async create(name: string, scale: Scale): Promise<{ file: string }> {
    const file = await this.workspace.freeFile('judgments', name);
    return this.workspace.write('judgments', file, judgmentListSchema, newJudgmentList(name, scale, this.now()), { overwrite: false });
  }

  /**
   * A new list from a file of any known format; nothing is written unless every line reads. Another tool's grades
   * are fitted to the list's scale (kept, widened, or mapped: said); queries the file lists with no rating yet are
   * kept in a query set beside the list, with every query of the file.
   */
  async import(input: { name: string; text: string; fileName: string; scale: Scale; cuts?: number[] }): Promise<JudgmentsImported> {
    const read = parseJudgments(input.text, {
      max: input.scale.max,
      by: `import: ${input.fileName}`,
      ...(input.cuts ? { cuts: input.cuts } : {}),
    });
    if (!read.ok) throw failure('validation', `${input.fileName}: ${read.message} Nothing was imported.`, { field: 'text' });
    const fitted = read.scale ? { ratings: read.ratings, scale: read.scale } : fitToScale(read.ratings, input.scale, MAX_RATING_LIMIT);
    const at = this.now().toISOString();
    const list: JudgmentList = {
      ...newJudgmentList(input.name, fitted.scale, this.now()),
      ratings: fitted.ratings.map((r) => ({ ...r, at: r.at ?? at })),
    };
    const file = await this.workspace.freeFile('judgments', input.name);
    await this.workspace.write('judgments', file, judgmentListSchema, list, { overwrite: false });
    const unrated = read.unrated ?? [];
    let querySet: string | undefined;
    if (unrated.length) {
      const queries = [...new Set([...read.ratings.map((r) => r.query), ...unrated])];
      const name = `${input.name} queries`;
      const set = newQuerySet(
        name,
        queries.map((query) => ({ query })),
        `import: ${input.fileName}`,
        this.now(),
      );
      querySet = (
        await this.workspace.write('query-sets', await this.workspace.freeFile('query-sets', name), querySetSchema, set, {
          overwrite: false,
        })
      ).file;
    }
    return {
      file,
      format: read.format,
      rows: read.rows,
      ratings: read.ratings.length,
      queries: new Set(read.ratings.map((r) => queryKey(r.query))).size,
      duplicates: read.duplicates,
      unjudged: read.unjudged ?? 0,
      unrated: unrated.length,
      ...(querySet ? { querySet } : {}),
      ...(fitted.said ? { scale: fitted.said } : {}),
      ...(read.cuts ? { cuts: read.cuts } : {}),
    };
  }

  async export(file: string, format: ExportFormat): Promise<{ fileName: string; content: string; mime: string }> {
    const list = await this.read(file);
    let content: string;
    try {
      content = formatJudgments(list.ratings, format, list.name);
    } catch (err) {
      throw failure('validation', (err as Error).message, { field: 'format' });
    }
    const { suffix, mime } = EXPORT_FILES[format];
    return { fileName: `${file.replace(/\.json$/, '')}.${suffix}`, content, mime };
  }
}
