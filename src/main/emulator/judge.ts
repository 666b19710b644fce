import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { queryKey } from '../../shared/judgments';
import { fnv1a } from '../../shared/llm-judges';
import { describeIssues, zodIssues } from '../../shared/zod';
import { DEMO_QUERIES, relevance } from './catalog/demo-queries';
import type { CatalogItem } from './catalog/generate';
import { Random } from './catalog/random';
import { RateLimit } from './rate-limit';

/**
 * The emulator's judge: an OpenAI-compatible chat completions endpoint that rates the item a prompt names from the
 * catalog's own hidden relevance — the grade the shopper simulator and the demo ratings use — with a stated confusion,
 * so Local demo has a judge and every measure of a judge can be checked against a known truth.
 *
 * It reads the prompt the way a model would be asked to: the query is the `Query: "…"` line and the item the last
 * `"id"` of the last user message. With probability `errorRate` (drawn from the seed, the query and the item, so the
 * same question gets the same answer) the grade is moved one step; `brandBias` adds to one brand's grades.
 */
export const judgeSettingsSchema = z.strictObject({
  errorRate: z.number().min(0).max(1),
  seed: z
    .number()
    .int()
    .min(0)
    .max(2 ** 31),
  brandBias: z.strictObject({ brand: z.string().min(1), by: z.number().int().min(-3).max(3) }).nullable(),
  /** Requests a second before 429 with Retry-After; null: no limit. */
  perSecond: z.number().int().min(1).max(1_000_000).nullable(),
});
export type JudgeSettings = z.output<typeof judgeSettingsSchema>;

export const JUDGE_MODEL = 'demo-judge';
/** The demo judge's API key: not a secret (the emulator answers on loopback only), but asked for, as an endpoint does. */
export const JUDGE_API_KEY = 'demo-judge-key-0001';
export const JUDGE_PATH = '/v1';
export const DEFAULT_JUDGE: JudgeSettings = { errorRate: 0.1, seed: 7, brandBias: null, perSecond: null };

/** The truth's scale: relevance() grades 0–3. */
const TRUTH_MAX = 3;

export class EmulatorJudge {
  private settings: JudgeSettings = { ...DEFAULT_JUDGE };
  private readonly limit = new RateLimit();
  readonly stats = { requests: 0, rateLimited: 0, promptTokens: 0, completionTokens: 0 };

  current(): JudgeSettings {
    return { ...this.settings };
  }

  set(settings: Partial<JudgeSettings>): JudgeSettings {
    this.settings = { ...this.settings, ...settings };
    this.limit.set(this.settings.perSecond);
    return this.current();
  }

  /** The grade on a scale of 0..max for a query and an item, with the reason given. */
  rate(query: string, item: CatalogItem | undefined, max: number): { rating: number; reason: string } {
    if (!item) return { rating: 0, reason: 'There is no such item in the catalog.' };
    const key = queryKey(query);
    const demo = DEMO_QUERIES.find((q) => queryKey(q.query) === key);
    if (!demo) return { rating: 0, reason: `The demo judge knows the Local demo's queries only; ${JSON.stringify(query)} is not one.` };
    const truth = relevance(demo.intent, item);
    let grade = Math.round((truth * max) / TRUTH_MAX);
    const { errorRate, seed, brandBias } = this.settings;
    const random = new Random(hashOf(`${seed}\u0000${key}\u0000${item.id}`));
    if (random.next() < errorRate) {
      const up = grade === 0 || (grade < max && random.next() < 0.5);
      grade += up ? 1 : -1;
    }
    if (brandBias && item.brand === brandBias.brand) grade = Math.min(max, Math.max(0, grade + brandBias.by));
    return { rating: grade, reason: `${item.title} (${item.category}, ${item.brand}) for ${JSON.stringify(query)}: ${demo.note}` };
  }

  /** Takes a request's turn: null, or the seconds to wait. */
  refused(): number | null {
    const wait = this.limit.take();
    if (wait !== null) this.stats.rateLimited++;
    return wait;
  }
}

const hashOf = (text: string): number => parseInt(fnv1a(text), 16);

/** An error as OpenAI's API sends one. */
function apiError(reply: FastifyReply, status: number, message: string, code: string, headers: Record<string, string> = {}) {
  return reply
    .code(status)
    .headers(headers)
    .type('application/json; charset=utf-8')
    .send({ error: { message, type: status === 429 ? 'rate_limit_exceeded' : 'invalid_request_error', param: null, code } });
}

const completionSchema = z.looseObject({
  model: z.string(),
  messages: z.array(z.looseObject({ role: z.string(), content: z.unknown() })).min(1),
  response_format: z.unknown().optional(),
});

/** A message's text: a string, or the text parts of a list of parts. */
function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content))
    return content
      .map((p) => (p && typeof p === 'object' && typeof (p as { text?: unknown }).text === 'string' ? (p as { text: string }).text : ''))
      .join('');
  return '';
}

/** The scale's maximum the request's JSON schema asks for (properties.rating.maximum), else the truth's 3. */
function askedMax(format: unknown): number {
  const max = (format as { json_schema?: { schema?: { properties?: { rating?: { maximum?: unknown } } } } } | undefined)?.json_schema
    ?.schema?.properties?.rating?.maximum;
  return typeof max === 'number' && Number.isInteger(max) && max >= 1 && max <= 100 ? max : TRUTH_MAX;
}

const tokens = (text: string) => Math.ceil(text.length / 4);

/** What the judge's routes read of the emulator (its judge, catalog, clock and request counts). */
export interface JudgeHost {
  judge: EmulatorJudge;
  items: readonly CatalogItem[];
  index: { byId: Map<string, number> };
  now: () => number;
  count: (endpoint: string) => void;
}

/** `POST /v1/chat/completions` and `GET /v1/models`, answered as an OpenAI-compatible endpoint answers. */
export function registerJudge(app: FastifyInstance, emulator: JudgeHost): void {
  const judge = emulator.judge;
  const authorized = (request: FastifyRequest, reply: FastifyReply): boolean => {
    if (request.headers.authorization === `Bearer ${JUDGE_API_KEY}`) return true;
    apiError(reply, 401, `Incorrect API key provided: the demo judge's key is ${JUDGE_API_KEY} (GET /__emulator/info).`, 'invalid_api_key');
    return false;
  };

  app.get(`${JUDGE_PATH}/models`, async (request, reply) => {
    emulator.count('judge');
    if (!authorized(request, reply)) return reply;
    return { object: 'list', data: [{ id: JUDGE_MODEL, object: 'model', created: 0, owned_by: 'search-workbench-emulator' }] };
  });

  app.post(`${JUDGE_PATH}/chat/completions`, async (request, reply) => {
    emulator.count('judge');
    judge.stats.requests++;
    if (!authorized(request, reply)) return reply;
    const wait = judge.refused();
    if (wait !== null)
      return apiError(reply, 429, `Rate limit reached for ${JUDGE_MODEL}: try again in ${wait} s.`, 'rate_limit_exceeded', {
        'Retry-After': String(wait),
      });
    const parsed = completionSchema.safeParse(request.body);
    if (!parsed.success) return apiError(reply, 400, describeIssues(zodIssues(parsed.error)), 'invalid_request');
    const body = parsed.data;
    if (body.model !== JUDGE_MODEL)
      return apiError(
        reply,
        404,
        `The model ${JSON.stringify(body.model)} does not exist: the demo judge is ${JUDGE_MODEL}.`,
        'model_not_found',
      );
    const last = [...body.messages].reverse().find((m) => m.role === 'user');
    const text = textOf(last?.content);
    const query = /^Query: (".*")\s*$/m.exec(text);
    const ids = [...text.matchAll(/"id"\s*:\s*("(?:[^"\\]|\\.)*")/g)];
    let verdict: { rating: number; reason: string };
    if (!query || ids.length === 0)
      verdict = { rating: 0, reason: 'The prompt names no query (a line Query: "…") or no item ("id": "…").' };
    else {
      const id = JSON.parse(ids.at(-1)![1]!) as string;
      const index = emulator.index.byId.get(id);
      verdict = judge.rate(
        JSON.parse(query[1]!) as string,
        index === undefined ? undefined : emulator.items[index],
        askedMax(body.response_format),
      );
    }
    const content = JSON.stringify(verdict);
    const usage = { prompt_tokens: tokens(body.messages.map((m) => textOf(m.content)).join('\n')), completion_tokens: tokens(content) };
    judge.stats.promptTokens += usage.prompt_tokens;
    judge.stats.completionTokens += usage.completion_tokens;
    return reply.type('application/json; charset=utf-8').send({
      id: `chatcmpl-demo-${judge.stats.requests}`,
      object: 'chat.completion',
      created: Math.floor(emulator.now() / 1000),
      model: JUDGE_MODEL,
      choices: [{ index: 0, message: { role: 'assistant', content, refusal: null }, finish_reason: 'stop', logprobs: null }],
      usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
    });
  });
}

/** The operator's view of the judge: `GET` and `POST /__emulator/judge`. */
export function registerJudgeOperator(ops: FastifyInstance, emulator: Pick<JudgeHost, 'judge'>, fail: (message: string) => never): void {
  ops.get('/judge', async () => ({ ...emulator.judge.current(), stats: emulator.judge.stats }));
  ops.post('/judge', async (request) => {
    const parsed = judgeSettingsSchema.partial().safeParse(request.body ?? {});
    if (!parsed.success) fail(describeIssues(zodIssues(parsed.error)));
    return emulator.judge.set(parsed.data as Partial<JudgeSettings>);
  });
}
