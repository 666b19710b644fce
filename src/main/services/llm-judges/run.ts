import { setMaxListeners } from 'node:events';
import type { Rating, Scale } from '../../../shared/judgments';
import {
  addTokens,
  costOf,
  DEFAULT_TEMPLATE,
  estimateTokens,
  FREE,
  itemJson,
  type JudgeProgressView,
  LLM_BY,
  type Prices,
  type PromptTemplate,
  renderPrompt,
  templateVersion,
  type Tokens,
  VERDICT_TOKENS,
} from '../../../shared/llm-judges';
import { JudgeClient, type JudgeEndpoint } from './ask';
import { VerdictCache } from './cache';

/** One question: a query (with its intent) and an item as the judge is shown it. */
export interface JudgePair {
  query: string;
  intent?: Record<string, unknown>;
  item: { id: string; fields: Record<string, unknown> };
}

export interface JudgeRun {
  judge: JudgeEndpoint;
  scale: Scale;
  pairs: readonly JudgePair[];
  template?: PromptTemplate;
  concurrency: number;
  /** 'auto': request starts paced from the endpoint's own refusals (as `--concurrency auto` paces searches). */
  pace?: 'auto';
  /** Where verdicts are kept between runs; none: every pair is asked. */
  cacheDir?: string;
  prices?: Prices;
  /** The run stops before a request that could take its counted cost past this. */
  maxCost?: number;
  seed?: number;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** How far the run is, as the window's progress event carries it. */
  onProgress?: (progress: JudgeProgressView) => void;
}

export interface JudgeEstimate {
  /** Pairs to ask (not cached). */
  toAsk: number;
  cached: number;
  tokens: Tokens;
  cost: number;
}

export interface JudgeOutcome {
  /** One rating per pair with a verdict, `by: "llm:<model>"`, with the judge's reason. */
  ratings: Rating[];
  /** Pairs whose answers did not read (twice), or were off the scale: never turned into ratings. */
  noVerdict: { query: string; itemId: string; problem: string }[];
  /** Pairs the endpoint refused or could not be asked (after retries). */
  failed: { query: string; itemId: string; problem: string; status?: number }[];
  /** Pairs answered from the cache, sending nothing. */
  cached: number;
  /** Requests sent, retries included. */
  requests: number;
  tokens: Tokens;
  cost: number;
  estimate: JudgeEstimate;
  templateVersion: string;
  /** Why the run stopped before the last pair: its cost limit, or a cancel. */
  stopped?: 'max-cost' | 'cancelled';
}

/** The default seed sent to endpoints that take one. */
export const JUDGE_SEED = 42;

/** Each pair's prompt and cache key, and what the run would cost before anything is sent. */
async function prepare(run: JudgeRun) {
  const template = run.template ?? DEFAULT_TEMPLATE;
  const version = templateVersion(template);
  const cache = run.cacheDir
    ? await VerdictCache.open(run.cacheDir, { endpoint: run.judge.baseUrl, model: run.judge.model, templateVersion: version })
    : undefined;
  const questions = run.pairs.map((pair) => {
    const messages = renderPrompt(template, { scale: run.scale, query: pair.query, intent: pair.intent, item: pair.item });
    const key = VerdictCache.key(pair.query, pair.intent, itemJson(pair.item));
    return { pair, messages, key, cached: cache?.get(key) };
  });
  let tokens: Tokens = { prompt: 0, completion: 0 };
  for (const q of questions)
    if (!q.cached) tokens = addTokens(tokens, { prompt: estimateTokens(q.messages.system + q.messages.user), completion: VERDICT_TOKENS });
  const toAsk = questions.filter((q) => !q.cached).length;
  const estimate: JudgeEstimate = { toAsk, cached: questions.length - toAsk, tokens, cost: costOf(tokens, run.prices ?? FREE) };
  return { questions, cache, version, estimate };
}

/** What a run would send and cost: nothing is asked. */
export async function estimateJudging(run: JudgeRun): Promise<JudgeEstimate> {
  return (await prepare(run)).estimate;
}

/**
 * Judges every pair once: from the cache where the same question was answered before, else by asking the judge,
 * `concurrency` at a time. Verdicts are cached as they come and the cache is written when the run ends, however it
 * ends. The counted cost is from each answer's `usage`.
 */
export async function judgePairs(run: JudgeRun): Promise<JudgeOutcome> {
  const { questions, cache, version, estimate } = await prepare(run);
  const prices = run.prices ?? FREE;
  const abort = new AbortController();
  setMaxListeners(0, abort.signal);
  run.signal?.addEventListener('abort', () => abort.abort(), { once: true });
  const client = new JudgeClient(run.judge, {
    seed: run.seed ?? JUDGE_SEED,
    ...(run.timeoutMs ? { timeoutMs: run.timeoutMs } : {}),
    ...(run.pace ? { pace: run.pace } : {}),
  });
  const at = new Date().toISOString();
  const by = `${LLM_BY}${run.judge.model}`;
  const ratings: (Rating | undefined)[] = new Array(questions.length);
  const noVerdict: JudgeOutcome['noVerdict'] = [];
  const failed: JudgeOutcome['failed'] = [];
  let tokens: Tokens = { prompt: 0, completion: 0 };
  let cost = 0;
  let cached = 0;
  let requests = 0;
  let done = 0;
  let next = 0;
  let stopped: JudgeOutcome['stopped'];
  const progress = () =>
    run.onProgress?.({ done, total: questions.length, cached, noVerdict: noVerdict.length, failed: failed.length, tokens, cost });
  // What the next request may cost at most, from the estimate of its own prompt: the limit is never crossed knowingly.
  const mayCost = (q: (typeof questions)[number]) =>
    costOf({ prompt: estimateTokens(q.messages.system + q.messages.user), completion: VERDICT_TOKENS }, prices);
  try {
    await Promise.all(
      Array.from({ length: Math.max(1, Math.min(run.concurrency, questions.length)) }, async () => {
        while (next < questions.length && !abort.signal.aborted) {
          const index = next++;
          const q = questions[index]!;
          const rated = (rating: number, reason: string): Rating => ({
            query: q.pair.query,
            itemId: q.pair.item.id,
            rating,
            by,
            at,
            reason,
          });
          if (q.cached) {
            cached++;
            ratings[index] = rated(q.cached.rating, q.cached.reason);
          } else {
            if (run.maxCost !== undefined && cost + mayCost(q) > run.maxCost) {
              stopped = 'max-cost';
              abort.abort();
              break;
            }
            const asked = await client.ask(q.messages, run.scale.max, abort.signal);
            requests += asked.requests;
            tokens = addTokens(tokens, asked.tokens);
            cost = costOf(tokens, prices);
            if (asked.ok) {
              ratings[index] = rated(asked.rating, asked.reason);
              cache?.set(q.key, { rating: asked.rating, reason: asked.reason, ...asked.tokens });
            } else if (abort.signal.aborted) break;
            else if (asked.kind === 'no-verdict') noVerdict.push({ query: q.pair.query, itemId: q.pair.item.id, problem: asked.problem });
            else
              failed.push({
                query: q.pair.query,
                itemId: q.pair.item.id,
                problem: asked.problem,
                ...(asked.status ? { status: asked.status } : {}),
              });
          }
          done++;
          progress();
        }
      }),
    );
  } finally {
    await cache?.save();
  }
  if (!stopped && run.signal?.aborted) stopped = 'cancelled';
  return {
    ratings: ratings.filter((r): r is Rating => r !== undefined),
    noVerdict,
    failed,
    cached,
    requests,
    tokens,
    cost,
    estimate,
    templateVersion: version,
    ...(stopped ? { stopped } : {}),
  };
}
