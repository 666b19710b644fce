import { z } from 'zod';
import { EXPORT_FORMATS, type JudgmentFormat } from './formats';
import { DEFAULT_SCALE, MAX_RATING_LIMIT, type JudgmentList } from './model';
import { type ListAgreementWithShoppers } from './shoppers';
import { cliForm, itemName as name, operation, workspaceFileSchema as file } from '../operations';

const scale = z
  .strictObject({ max: z.int().min(1).max(MAX_RATING_LIMIT).default(3), threshold: z.int().min(1).default(1) })
  .refine((s) => s.threshold <= s.max, { message: 'the threshold must not be above the maximum rating', path: ['threshold'] });

/** One judgment list's say on an item for a query: its rating (null: unrated there), who gave it and when. */
export interface ItemRating {
  file: string;
  name: string;
  scale: { max: number; threshold: number };
  rating: number | null;
  by?: string;
  at?: string;
}

/** What an import read and kept. */
export interface JudgmentsImported {
  file: string;
  format: JudgmentFormat;
  /** Rows (or entries) read from the file. */
  rows: number;
  ratings: number;
  queries: number;
  /** Rows for a (query, item) rated again later in the file: the last one won. */
  duplicates: number;
  /** TREC qrels lines with a negative grade, read as unjudged as trec_eval reads them. */
  unjudged: number;
  /** Queries the file lists with no rating yet (Quepid's `query,,`): kept in `querySet`, with every query of the file. */
  unrated: number;
  querySet?: string;
  /** How the file's grades were fitted to the list's scale, when they did not fit as they were. */
  scale?: string;
  /** The cut points real-valued grades (SRW's) were mapped by. */
  cuts?: number[];
}

/** The grade real-valued ratings are mapped onto when a file is read: the flag of `judgments convert`. */
export const judgmentsConvertCli = cliForm({
  command: 'judgments convert',
  input: z.strictObject({ max: z.int().min(1).max(MAX_RATING_LIMIT).default(DEFAULT_SCALE.max) }),
  flags: { max: { flag: '--max', doc: 'the top grade real-valued ratings are mapped onto' } },
});

/** How deep rules' suggestions pool each configuration's results: the flag of `judgments suggest`. */
export const judgmentsSuggestCli = cliForm({
  command: 'judgments suggest',
  input: z.strictObject({ k: z.int().min(1).max(100).default(10) }),
  flags: { k: { flag: '--k', doc: 'items pooled per query and configuration' } },
});

export const judgmentOperations = {
  'judgments:create': operation<{ file: string }>()({
    example: { name: 'fuzz', scale: { max: 3, threshold: 1 } },
    input: z.strictObject({ name, scale }),
    doc: 'Creates an empty judgment list with a rating scale (0 to max, relevant from the threshold).',
  }),
  'judgments:import': operation<JudgmentsImported>()({
    example: { name: 'fuzz', text: 'query,docid,rating\njacket,1,3\n', fileName: 'j.csv', scale: { max: 3, threshold: 1 } },
    input: z.strictObject({
      name,
      text: z.string().max(50_000_000),
      fileName: z.string().min(1).max(200),
      scale,
      cuts: z.array(z.number().finite()).min(1).max(9).optional(),
    }),
    doc: 'Imports Quepid CSV (or its RRE JSON), TREC qrels, RRE ratings JSON or Search Relevance Workbench judgments (detected from the content) as a new list; every line must read, or nothing is imported and the error names the line. Grades beyond the scale widen it (up to 9) or are mapped onto it (said); real-valued grades are cut at `cuts`; queries with no rating yet are kept in a query set.',
  }),
  'judgments:read': operation<JudgmentList>()({
    example: { file: 'fuzz.json' },
    input: z.strictObject({ file }),
    doc: 'One judgment list with every rating, who gave it and when.',
  }),
  'judgments:export': operation<{ fileName: string; content: string; mime: string }>()({
    example: { file: 'fuzz.json', format: 'trec' },
    input: z.strictObject({ file, format: z.enum(EXPORT_FORMATS) }),
    doc: 'A judgment list as Quepid CSV, TREC qrels or RRE ratings JSON (query, item and rating; who and when stay in the workspace file).',
  }),
  'judgments:rate': operation<{ query: string; itemId: string; rating: number | null; previous: number | null; ratings: number }>()({
    example: { file: 'fuzz.json', query: 'jacket', itemId: '1', rating: 2 },
    input: z.strictObject({
      file,
      query: z.string().trim().min(1).max(1000),
      itemId: z.string().min(1).max(500),
      rating: z.int().min(0).max(MAX_RATING_LIMIT).nullable(),
      mode: z.enum(['replace', 'second', 'adjudicate']).optional(),
    }),
    doc: "Sets one rating (0 to the list's maximum) or, with null, clears it; saved at once, atomically, in the order the ratings were given. Answers with the rating it had before, for undo.",
  }),
  'judgments:set-rules': operation<{ rules: number }>()({
    example: { file: 'fuzz.json', rules: [{ when: 'category = $intent.category', rating: 2 }] },
    input: z.strictObject({ file, rules: z.unknown() }),
    doc: 'Attaches rating rules to a judgment list ([{ when, rating, name? }] or { rules: [...] }; $intent.<attribute> in a filter), or with null takes them off; every rule is checked first and a problem names it.',
  }),
  'judgments:agreement': operation<ListAgreementWithShoppers & { disagreementCount: number }>()({
    example: { file: 'fuzz.json' },
    input: z.strictObject({ file }),
    doc: "How far a judgment list's raters agree: Krippendorff's alpha (ordinal) with a bootstrap interval, per pair and per query the items both rated, exact and within-one agreement, Cohen's kappa unweighted and quadratic, the confusion matrix (figures from 30 shared items), and the disagreements to adjudicate; then each click model's ratings in the list against the people's (`shoppers`: the same figures, and the items both rated, farthest apart first).",
  }),
  'judgments:item': operation<ItemRating[]>()({
    example: { query: 'jacket', itemId: '1' },
    input: z.strictObject({ query: z.string().trim().min(1).max(1000), itemId: z.string().min(1).max(500) }),
    doc: "Every judgment list's rating of one item for one query (unrated where a list has none), with who rated it and when; lists that cannot be read are left out.",
  }),
} as const;
