import { z } from 'zod';
import { sideSpecSchema } from '../compare';
import { EXPLAIN_MEASURES } from './explain';
import { type KeptExplanation } from './report';
import { MAX_QUERY_LENGTH, workspaceFileSchema } from '../workspace';
import { searchTemplateSchema } from '../request';
import { cliForm, operation, event, noInput } from '../operations';
import { DEFAULT_BUDGET } from './shapley';

/** An explanation as the app shows it: the report, what was sent and reused, and the queries that could not run. */
export interface ExplainView extends KeptExplanation {
  sent: number;
  reused: number;
  stopped: boolean;
  errors: { query: string; error: string }[];
  /** The batch it explains, when it is one (its query set). */
  batchId?: string;
}

export interface ExplainProgressView {
  total: number;
  done: number;
  failed: number;
}

/** What a difference's part is measured in, and how many requests a query may take: the flags of `explain`. */
export const explainCli = cliForm({
  command: 'explain',
  input: z.strictObject({
    measure: z.enum(EXPLAIN_MEASURES).default('rbo'),
    /** Distinct requests per query at most; the default explains up to five differences exactly. */
    budget: z.number().int().min(1).max(4096).optional(),
  }),
  flags: {
    measure: {
      flag: '--measure',
      doc: 'rbo: 1 − RBO against side A; top: the first item changed (1/0); count: the result count changed by; ndcg: nDCG@k changed by (needs --judgments); clicks: expected clicks@10 on traffic changed by, by the click model (PBM) fitted on --traffic',
    },
    budget: {
      flag: '--budget',
      doc: 'distinct requests per query at most; beyond it, sampled permutations with a standard error each',
      value: 'N',
      absent: `${DEFAULT_BUDGET}, exact Shapley values up to five differences`,
    },
  },
});
const { measure, budget } = explainCli.input.shape;
const answer = z.strictObject({ ranking: z.array(z.string().max(1000)).max(1000), count: z.number().int().min(0).nullable() });
const batchId = z.string().regex(/^[A-Za-z0-9-]{1,200}$/, 'not a batch id: letters, digits and dashes only');

declare module '../compare/operations' {
  interface BatchAttachments {
    /** The last explanation made of the batch (Explain), kept with it. */
    explanation?: KeptExplanation;
  }
}

export const explainOperations = {
  'explain:query': operation<ExplainView>()({
    cli: explainCli,
    input: z
      .object({
        base: searchTemplateSchema.default({}),
        sides: z.strictObject({ a: sideSpecSchema, b: sideSpecSchema }),
        query: z.string().max(MAX_QUERY_LENGTH),
        measure,
        budget,
        /** The answers on screen for side A and side B, when they answer these very sides: not asked again. */
        known: z.strictObject({ a: answer.optional(), b: answer.optional() }).optional(),
        /** For ndcg: the workspace judgment list the ratings come from. */
        judgments: workspaceFileSchema.optional(),
      })
      .strict(),
    doc: "Explains the difference between two sides for one query: the requests in between (each subset of the differences taken from B) through the batch runner's pacing and retries, then each difference's Shapley value and share of the change. Progress as explain:progress.",
  }),
  'explain:batch': operation<ExplainView>()({
    input: z.object({ id: batchId, measure, budget }).strict(),
    doc: "Explains a batch comparison over its query set: the mean Shapley value per difference with its 95% interval and the queries where it mattered most; the batch's stored answers stand for sides A and B. Kept with the batch and in its reports.",
  }),
  'explain:cancel': operation<{ cancelled: boolean }>()({
    example: {},
    input: noInput,
    doc: 'Stops the explanation in progress (requests in flight are aborted); what it had is answered, marked stopped.',
  }),
} as const;

export const explainEvents = {
  'explain:progress': event<ExplainProgressView>('How far the explanation is: distinct requests done of all, and failed.'),
} as const;
