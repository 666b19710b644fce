import { z } from 'zod';
import { event, itemName, operation, workspaceFileSchema } from '../operations';
import type { Tokens } from './cost';
import { promptTemplateSchema, type PromptView } from './prompt';

/** The Local demo's own judge: the embedded emulator's `/v1`, with a known truth. */
export const DEMO_JUDGE_ID = 'local-demo';

const price = z.number().min(0).max(1_000_000).finite();

/** A judge as the app keeps it: its endpoint, model and prices; its API key is in the OS keychain, never here. */
export const judgeSchema = z.strictObject({
  id: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'an id is lowercase letters, digits and dashes')
    .refine((id) => id !== DEMO_JUDGE_ID, 'local-demo is the Local demo judge'),
  name: itemName,
  baseUrl: z
    .string()
    .trim()
    .max(2048)
    .refine((u) => /^https?:\/\/[^\s/]+/i.test(u), 'the base URL is http(s)://host…, up to /v1 (the part before /chat/completions)'),
  model: z.string().trim().min(1, 'name the model').max(200),
  /** Per million input and output tokens; 0 for a local model. */
  priceIn: price,
  priceOut: price,
});
export type Judge = z.output<typeof judgeSchema>;

/** A judge as the window sees it: never its key, only whether one is kept. */
export interface JudgeView extends Judge {
  hasKey: boolean;
  /** The Local demo's judge: its error rate, said beside it. */
  demo?: { errorRate: number };
}

/** What a judging run asks: which judge, which query set on which profile and configurations, the top k, the fields shown. */
const runInput = {
  judge: z.string().min(1).max(64),
  querySet: workspaceFileSchema,
  /** The profile searched for the pool (the active one when left out). */
  profileId: z.string().min(1).max(200).optional(),
  configurations: z.array(z.string().max(200)).min(1).max(8).default(['']),
  k: z.int().min(1).max(50).default(10),
  /** The response mask: the fields the judge is shown. */
  mask: z.string().max(2000).optional(),
  /** Stops before a request whose estimate could take the run's cost past it. */
  maxCost: z.number().min(0).finite().optional(),
  concurrency: z.int().min(1).max(32).default(4),
  /** A workspace judgment list the ratings go into, beside its people's (on its scale); left out, a new list. */
  into: workspaceFileSchema.optional(),
};

export interface JudgeEstimateView {
  pairs: number;
  toAsk: number;
  cached: number;
  tokens: Tokens;
  cost: number;
  /** Searches that failed while pooling, with why (the first few). */
  failed: { query: string; configurationId: string | null; message: string }[];
}

export interface JudgeRunView extends JudgeEstimateView {
  /** The judgment list written into the workspace. */
  file: string;
  rated: number;
  noVerdict: number;
  failedPairs: number;
  requests: number;
  /** Why it stopped before the last pair: paused, or its cost limit. */
  stopped?: 'max-cost' | 'cancelled';
  problems: { query: string; itemId: string; problem: string }[];
}

export interface JudgeProgressView {
  done: number;
  total: number;
  cached: number;
  noVerdict: number;
  failed: number;
  tokens: Tokens;
  cost: number;
}

export const llmJudgeOperations = {
  'llm-judges:list': operation<JudgeView[]>()({
    example: {},
    input: z.strictObject({}),
    doc: "The judges the app knows: the Local demo's own first (while Local demo runs), then those saved, each with whether its API key is in the keychain (the key itself is never sent).",
  }),
  'llm-judges:save': operation<JudgeView[]>()({
    example: { id: 'gpt', name: 'GPT', baseUrl: 'http://127.0.0.1:1/v1', model: 'gpt-4o-mini', priceIn: 0.15, priceOut: 0.6 },
    input: z.strictObject({
      ...judgeSchema.shape,
      /** Set or replace the key; left out, the key kept stays; empty, it is removed. */
      apiKey: z.string().max(4096).optional(),
    }),
    doc: 'Saves a judge (an OpenAI-compatible endpoint, a model, prices per million tokens); its API key goes to the OS keychain.',
  }),
  'llm-judges:remove': operation<JudgeView[]>()({
    example: { id: 'gpt' },
    input: z.strictObject({ id: judgeSchema.shape.id }),
    doc: 'Removes a saved judge and its key from the keychain.',
  }),
  'llm-judges:estimate': operation<JudgeEstimateView>()({
    example: { judge: 'local-demo', querySet: 'no-such-set.json' },
    input: z.strictObject(runInput),
    doc: 'Pools the top k of each query of the query set on each configuration and says what judging them would send and cost (what is cached is free): nothing is asked of the judge.',
  }),
  'llm-judges:run': operation<JudgeRunView>()({
    example: { judge: 'local-demo', querySet: 'no-such-set.json', name: 'Judge' },
    input: z.strictObject({ ...runInput, name: itemName }),
    doc: "Judges the pool (from the cache where the same question was answered) and saves the ratings (by llm:<model>, with reasons) as a new judgment list, or into the list `into` beside its people's (replacing this judge's earlier ratings there), on its scale. Progress as llm-judges:progress; llm-judges:cancel pauses it, and running it again resumes from the cache.",
  }),
  'llm-judges:prompt': operation<PromptView>()({
    example: {},
    input: z.strictObject({}),
    doc: "The prompt a judge is asked with: the workspace's judge-prompt.json where there is one, else the default; with its version (a hash of its two messages), which verdicts are cached under.",
  }),
  'llm-judges:set-prompt': operation<PromptView>()({
    example: { template: null },
    input: z.strictObject({ template: promptTemplateSchema.nullable() }),
    doc: "Saves the workspace's prompt (judge-prompt.json, written atomically; it needs {{query}} and {{item}} in its user message) or, with null, removes it so the default is used. A changed prompt is a new version: nothing cached under the old one is reused.",
  }),
  'llm-judges:cancel': operation<{ cancelled: boolean }>()({
    example: {},
    input: z.strictObject({}),
    doc: 'Pauses the judging run in progress: requests in flight are dropped, what was judged is kept in the cache.',
  }),
} as const;

export const llmJudgeEvents = {
  'llm-judges:progress': event<JudgeProgressView>(
    'How far a judging run is: pairs done of all, from the cache, without a verdict, failed, tokens and cost so far.',
  ),
};
