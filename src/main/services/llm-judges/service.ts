import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import type { Notice } from '../../../shared/app';
import { failure } from '../../../shared/errors';
import { canonicalRatings, DEFAULT_SCALE, type JudgmentList, judgmentListSchema, LLM_BY, newJudgmentList } from '../../../shared/judgments';
import {
  DEMO_JUDGE_ID,
  type Judge,
  type JudgeEstimateView,
  type JudgeProgressView,
  type JudgeRunView,
  judgeSchema,
  type JudgeView,
  DEFAULT_TEMPLATE,
  PROMPT_FILE,
  PROMPT_FORMAT,
  promptFileSchema,
  type PromptTemplate,
  type PromptView,
  templateProblem,
  templateVersion,
} from '../../../shared/llm-judges';
import { parseMask } from '../../../shared/mask';
import { querySetSchema } from '../../../shared/workspace';
import { JUDGE_API_KEY, JUDGE_MODEL, JUDGE_PATH } from '../../emulator/judge';
import { poolTopK } from '../judgments';
import { type LocalDemo, type ProfileService, readyProfile } from '../profiles';
import type { SearchClient } from '../search';
import type { SecretStore } from '../secrets';
import { JsonDocument, readTextFile, writeJsonAtomically } from '../storage';
import type { Workspace } from '../workspace';
import type { JudgeEndpoint } from './ask';
import { estimateJudging, type JudgePair, judgePairs, type JudgeRun } from './run';

/** The fields a judge is shown when no mask is given: what tells a product apart, without its long description. */
export const DEFAULT_JUDGE_MASK = 'id, product(title, brand, category, colour, gender, material, price, tags)';
/** The workspace folder verdicts are cached in (one file per judge, model and prompt). */
export const JUDGE_CACHE_FOLDER = 'judge-cache';

const judgesFileSchema = z.strictObject({ judges: z.array(judgeSchema).max(100) });
const keyName = (id: string) => `judge:${id}:apiKey`;

export interface JudgeRunInput {
  judge: string;
  querySet: string;
  profileId?: string | undefined;
  configurations: string[];
  k: number;
  mask?: string | undefined;
  maxCost?: number | undefined;
  concurrency: number;
  /** A workspace judgment list: its scale, and where the ratings go beside its people's. */
  into?: string | undefined;
}

/**
 * Language model judges for the app: the judges it keeps (their keys in the OS keychain), the Local demo's own, and
 * judging a query set's pool with one — estimated first, run with progress, paused by a cancel and resumed from the
 * cache, saved into the workspace as a judgment list.
 */
export class JudgeService {
  private readonly doc: JsonDocument<typeof judgesFileSchema>;
  private judges: Judge[] = [];
  private running: AbortController | undefined;

  constructor(
    private readonly deps: {
      dataDir: string;
      secrets: SecretStore;
      workspace: Workspace;
      profiles: ProfileService;
      localDemo: LocalDemo | undefined;
      search: SearchClient;
      remember: (secret: string) => void;
      onProgress: (progress: JudgeProgressView) => void;
    },
  ) {
    this.doc = new JsonDocument({
      file: join(deps.dataDir, 'judges.json'),
      schema: judgesFileSchema,
      version: 1,
      defaults: () => ({ judges: [] }),
    });
  }

  /** The saved judges; a file that cannot be read is set aside and said (a notice), never overwritten. */
  async load(): Promise<Notice | undefined> {
    const outcome = await this.doc.load();
    this.judges = outcome.value.judges;
    return outcome.notice;
  }

  async list(): Promise<JudgeView[]> {
    const views: JudgeView[] = [];
    const demo = this.demoEndpoint();
    if (demo)
      views.push({
        id: DEMO_JUDGE_ID,
        name: 'Local demo judge',
        baseUrl: demo.baseUrl,
        model: demo.model,
        priceIn: 0,
        priceOut: 0,
        hasKey: true,
        demo: { errorRate: this.deps.localDemo!.emulator!.emulator.judge.current().errorRate },
      });
    for (const j of this.judges) views.push({ ...j, hasKey: await this.deps.secrets.has(keyName(j.id)) });
    return views;
  }

  async save(input: Judge & { apiKey?: string | undefined }): Promise<JudgeView[]> {
    const { apiKey, ...judge } = input;
    const others = this.judges.filter((j) => j.id !== judge.id);
    if (others.some((j) => j.name === judge.name))
      throw failure('validation', `A judge is already named ${JSON.stringify(judge.name)}: give this one another name.`, { field: 'name' });
    if (apiKey !== undefined) {
      if (apiKey === '') await this.deps.secrets.delete(keyName(judge.id));
      else {
        this.deps.remember(apiKey);
        await this.deps.secrets.set(keyName(judge.id), apiKey);
      }
    }
    this.judges = [...others, judge];
    await this.doc.save({ judges: this.judges });
    return this.list();
  }

  async remove(id: string): Promise<JudgeView[]> {
    if (!this.judges.some((j) => j.id === id))
      throw failure('not-found', `There is no saved judge ${JSON.stringify(id)}.`, { field: 'id' });
    this.judges = this.judges.filter((j) => j.id !== id);
    await this.doc.save({ judges: this.judges });
    await this.deps.secrets.delete(keyName(id));
    return this.list();
  }

  /** The workspace's prompt file, or the default: a file that does not read as one is said, never used half-read. */
  private async template(): Promise<{ template: PromptTemplate; source: PromptView['source'] }> {
    const file = join(this.deps.workspace.folder, PROMPT_FILE);
    let text: string;
    try {
      text = await readTextFile(file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { template: DEFAULT_TEMPLATE, source: 'default' };
      throw err;
    }
    let parsed: ReturnType<typeof promptFileSchema.safeParse>;
    try {
      parsed = promptFileSchema.safeParse(JSON.parse(text));
    } catch {
      throw failure('validation', `${PROMPT_FILE} in the workspace is not JSON: fix it, or remove it to use the default prompt.`, {
        field: 'prompt',
      });
    }
    if (!parsed.success)
      throw failure(
        'validation',
        `${PROMPT_FILE} in the workspace is not a judge prompt (${parsed.error.issues[0]?.message}): fix it, or remove it to use the default.`,
        {
          field: 'prompt',
        },
      );
    const template = { system: parsed.data.system, user: parsed.data.user };
    const problem = templateProblem(template);
    if (problem) throw failure('validation', `${PROMPT_FILE} in the workspace: ${problem}.`, { field: 'prompt' });
    return { template, source: 'workspace' };
  }

  async prompt(): Promise<PromptView> {
    const { template, source } = await this.template();
    return { ...template, version: templateVersion(template), source };
  }

  /** Writes the workspace's prompt (atomically), or removes it so the default is used again. */
  async setPrompt(template: PromptTemplate | null): Promise<PromptView> {
    const file = join(this.deps.workspace.folder, PROMPT_FILE);
    if (template === null) await rm(file, { force: true });
    else {
      await mkdir(this.deps.workspace.folder, { recursive: true });
      await writeJsonAtomically(file, { format: PROMPT_FORMAT, version: 1, system: template.system, user: template.user });
    }
    return this.prompt();
  }

  private demoEndpoint(): JudgeEndpoint | undefined {
    const running = this.deps.localDemo?.emulator;
    return running ? { baseUrl: `${running.url}${JUDGE_PATH}`, model: JUDGE_MODEL, apiKey: JUDGE_API_KEY } : undefined;
  }

  /** A judge's endpoint with its key, and its prices. */
  private async endpoint(id: string): Promise<{ endpoint: JudgeEndpoint; prices: { input: number; output: number } }> {
    if (id === DEMO_JUDGE_ID) {
      await this.deps.localDemo?.ready;
      const demo = this.demoEndpoint();
      if (!demo) throw failure('validation', 'Local demo is not running: its judge answers only while it does.', { field: 'judge' });
      return { endpoint: demo, prices: { input: 0, output: 0 } };
    }
    const judge = this.judges.find((j) => j.id === id);
    if (!judge) throw failure('not-found', `There is no judge ${JSON.stringify(id)}: pick one, or save it first.`, { field: 'judge' });
    const apiKey = (await this.deps.secrets.get(keyName(id))) ?? '';
    if (apiKey) this.deps.remember(apiKey);
    return {
      endpoint: { baseUrl: judge.baseUrl.replace(/\/+$/, ''), model: judge.model, apiKey: apiKey || 'none' },
      prices: { input: judge.priceIn, output: judge.priceOut },
    };
  }

  /** The pool of a query set on a profile, as the judge will be asked about it, and the run's settings. */
  private async prepare(
    input: JudgeRunInput,
    signal?: AbortSignal,
  ): Promise<{ run: JudgeRun; failed: JudgeEstimateView['failed']; into: JudgmentList | undefined }> {
    const mask = input.mask?.trim() || DEFAULT_JUDGE_MASK;
    if (parseMask(mask).selections === null)
      throw failure('validation', `The fields shown: ${parseMask(mask).diagnostics[0]?.message ?? 'not a response mask'}`, {
        field: 'mask',
      });
    const { endpoint, prices } = await this.endpoint(input.judge);
    const { template } = await this.template();
    const set = await this.deps.workspace.read('query-sets', input.querySet, querySetSchema);
    const profile = await readyProfile(this.deps.profiles, this.deps.localDemo, input.profileId);
    const token = profile.searchTokens[0]?.token;
    if (!token)
      throw failure('validation', `${profile.name} has no search token: add one to the profile (Profiles → Edit) to pool items.`, {
        field: 'profileId',
      });
    const into = input.into ? await this.deps.workspace.read('judgments', input.into, judgmentListSchema) : undefined;
    const entries = set.queries.map((q) => ({ query: q.query, ...(q.intent ? { intent: q.intent } : {}) }));
    const pooled = await poolTopK({
      client: this.deps.search,
      baseUrl: profile.searchUrl,
      token,
      entries,
      configurations: input.configurations.map((c) => c.trim() || undefined),
      k: input.k,
      mask,
      concurrency: 4,
      ...(signal ? { signal } : {}),
    });
    if (pooled.answered === 0)
      throw failure(
        'network',
        `No search was answered, so there is nothing to judge: ${pooled.failed[0]?.message ?? 'the query set is empty'}`,
        { field: 'profileId' },
      );
    const pairs: JudgePair[] = entries.flatMap((entry, i) =>
      [...pooled.pools[i]!].map(([id, fields]) => ({
        query: entry.query,
        ...(entry.intent ? { intent: entry.intent as Record<string, unknown> } : {}),
        item: { id, fields },
      })),
    );
    return {
      run: {
        judge: endpoint,
        scale: into?.scale ?? DEFAULT_SCALE,
        pairs,
        template,
        concurrency: input.concurrency,
        cacheDir: join(this.deps.workspace.folder, JUDGE_CACHE_FOLDER),
        prices,
        ...(input.maxCost !== undefined ? { maxCost: input.maxCost } : {}),
      },
      failed: pooled.failed.slice(0, 5),
      into,
    };
  }

  async estimate(input: JudgeRunInput): Promise<JudgeEstimateView> {
    const { run, failed } = await this.prepare(input);
    const e = await estimateJudging(run);
    return { pairs: run.pairs.length, toAsk: e.toAsk, cached: e.cached, tokens: e.tokens, cost: e.cost, failed };
  }

  async run(input: JudgeRunInput & { name: string }): Promise<JudgeRunView> {
    if (this.running) throw failure('validation', 'A judge is already at work: pause it, or wait for it to finish.', { field: 'judge' });
    const abort = new AbortController();
    this.running = abort;
    try {
      const { run, failed, into } = await this.prepare(input, abort.signal);
      const outcome = await judgePairs({ ...run, signal: abort.signal, onProgress: (p) => this.deps.onProgress(p) });
      let file: string;
      if (into && input.into) {
        // Beside the list's own ratings: this judge's earlier ones give way to the new (another judge's stay).
        const by = `${LLM_BY}${run.judge.model}`;
        const list = { ...into, ratings: canonicalRatings([...into.ratings.filter((r) => r.by !== by), ...outcome.ratings]) };
        file = input.into;
        await this.deps.workspace.write('judgments', file, judgmentListSchema, list, { overwrite: true });
      } else {
        const list = { ...newJudgmentList(input.name, DEFAULT_SCALE), ratings: canonicalRatings(outcome.ratings) };
        file = await this.deps.workspace.freeFile('judgments', input.name);
        await this.deps.workspace.write('judgments', file, judgmentListSchema, list, { overwrite: false });
      }
      return {
        file,
        pairs: run.pairs.length,
        toAsk: outcome.estimate.toAsk,
        cached: outcome.cached,
        tokens: outcome.tokens,
        cost: outcome.cost,
        failed,
        rated: outcome.ratings.length,
        noVerdict: outcome.noVerdict.length,
        failedPairs: outcome.failed.length,
        requests: outcome.requests,
        ...(outcome.stopped ? { stopped: outcome.stopped } : {}),
        problems: [...outcome.noVerdict, ...outcome.failed].slice(0, 10),
      };
    } finally {
      this.running = undefined;
    }
  }

  cancel(): { cancelled: boolean } {
    if (!this.running) return { cancelled: false };
    this.running.abort();
    return { cancelled: true };
  }
}
