import { poolTopK } from '../../main/services/judgments';
import { DEFAULT_JUDGE_MASK, judgePairs, type JudgePair } from '../../main/services/llm-judges';
import { SearchClient } from '../../main/services/search';
import { SHARED_FILE_MODE, writeFileAtomically } from '../../main/services/storage';
import { canonicalRatings, DEFAULT_SCALE, MAX_RATING_LIMIT, newJudgmentList } from '../../shared/judgments';
import { type PromptTemplate, promptTemplateSchema } from '../../shared/llm-judges';
import { parseMask } from '../../shared/mask';
import { checkOut, type CliIo, EXIT, intOption, parse, UsageError } from '../command';
import { InputError, parseJsonInput, printJson, readInput } from '../input';
import { runClient, runOptions, SERVICE_FLAGS } from '../request-run';
import { queryEntries } from '../side-options';

/** Requests to the judge in flight by default. */
const JUDGE_CONCURRENCY = 4;
/** The pool's depth when no --k is given. */
const JUDGE_K = 10;
/** Where the judge's key is read from when no --judge-key-env is given. */
const DEFAULT_KEY_ENV = 'OPENAI_API_KEY';

export const LLM_USAGE =
  '  llm:       pools the top --k of each query of the query set on each --config (as suggest does) and asks a language\n' +
  '             model judge — any OpenAI-compatible endpoint (OpenAI, Azure OpenAI, Ollama /v1, vLLM, LM Studio,\n' +
  "             llama.cpp's server, Local demo's judge) — to rate each (query, item) pair once; writes a judgment list\n" +
  '             whose ratings are by "llm:<model>" with the judge\'s reason. An answer that does not read or is off the\n' +
  '             scale is asked once more, then counted as no verdict (never a rating)\n' +
  '  --judge-url      the endpoint before /chat/completions, e.g. https://api.openai.com/v1 (required)\n' +
  '  --judge-model    the model (required)\n' +
  '  --judge-key-env  the environment variable holding its API key (default OPENAI_API_KEY; a local model may need none)\n' +
  `  --mask           the fields the judge is shown, as a response mask (default "${DEFAULT_JUDGE_MASK}")\n` +
  '  --max            the scale, 0 to --max (default 3; the threshold is 1)\n' +
  "  --prompt         a prompt file (a workspace's judge-prompt.json, or { system, user }) instead of the default; its user\n" +
  '                   message needs {{query}} and {{item}}; {{scale}} and {{intent}} are filled too\n' +
  '  --cache          a folder where verdicts are kept: a re-run asks nothing already answered for the same item,\n' +
  '                   query, endpoint, model and prompt\n' +
  '  --price-in, --price-out  prices per million input and output tokens (default 0: a local model)\n' +
  '  --max-cost       stops before a request that could take the cost past it (exit 1; what was judged is written)\n' +
  '  --format json    prints { items, requests, cached, noVerdict, tokens: { prompt, completion }, cost, … }\n' +
  '  exit codes: 0 written, 1 stopped at --max-cost, 2 usage error, 3 a file could not be read (the query set, the prompt),\n' +
  '             no search answered or the judge cannot be reached\n' +
  '  example: search-workbench judgments llm --query-set examples/workspace/query-sets/demo-shopper-queries.json \\\n' +
  '             --base-url http://127.0.0.1:8787 --token demo-search-token-0001 \\\n' +
  '             --judge-url http://127.0.0.1:8787/v1 --judge-model demo-judge \\\n' +
  '             --judge-key-env DEMO_JUDGE_KEY --k 5 --out llm.json';

/** A prompt file: the workspace's format, or its two messages alone; a template the judge could not use is refused. */
async function readPrompt(arg: string, io: CliIo): Promise<PromptTemplate> {
  const { text, name } = await readInput(arg, io);
  const parsed = promptTemplateSchema.safeParse(pick(parseJsonInput(text, name)));
  if (!parsed.success) throw new InputError(`${name}: not a judge prompt (${parsed.error.issues[0]?.message ?? 'unreadable'}).`);
  return parsed.data;
}

const pick = (value: unknown) =>
  value && typeof value === 'object' ? { system: (value as PromptTemplate).system, user: (value as PromptTemplate).user } : value;

function price(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0 || value.trim() === '')
    throw new UsageError(`--${flag} is a price per million tokens, 0 or more, got ${JSON.stringify(value)}`);
  return n;
}

/** `judgments llm`: the pool, the judge's verdicts, a judgment list. */
export async function llmCommand(argv: string[], io: CliIo): Promise<number> {
  const { values } = parse(
    argv,
    {
      'query-set': { type: 'string' },
      ...SERVICE_FLAGS,
      config: { type: 'string', multiple: true },
      k: { type: 'string' },
      'judge-url': { type: 'string' },
      'judge-model': { type: 'string' },
      'judge-key-env': { type: 'string' },
      mask: { type: 'string' },
      prompt: { type: 'string' },
      max: { type: 'string' },
      cache: { type: 'string' },
      'price-in': { type: 'string' },
      'price-out': { type: 'string' },
      'max-cost': { type: 'string' },
      concurrency: { type: 'string' },
      timeout: { type: 'string' },
      format: { type: 'string' },
      out: { type: 'string' },
    },
    false,
  );
  const need = (flag: string, what: string) => {
    if (!values[flag as keyof typeof values]) throw new UsageError(`judgments llm needs --${flag}: ${what}.`);
  };
  need('query-set', 'a workspace query set or a query list');
  need('base-url', 'the search service address before /search');
  need('token', 'the search token');
  need('judge-url', 'the judge endpoint before /chat/completions (e.g. https://api.openai.com/v1)');
  need('judge-model', "the judge's model");
  need('out', 'the judgment list to write');
  if (values.format !== undefined && values.format !== 'json')
    throw new UsageError(`--format is json, got ${JSON.stringify(values.format)}`);
  let judgeUrl: URL;
  try {
    judgeUrl = new URL(values['judge-url']!);
  } catch {
    throw new UsageError(`--judge-url is not a URL: ${JSON.stringify(values['judge-url'])}`);
  }
  if (judgeUrl.protocol !== 'http:' && judgeUrl.protocol !== 'https:')
    throw new UsageError(`--judge-url must be http or https, got ${judgeUrl.protocol}`);
  const mask = values.mask ?? DEFAULT_JUDGE_MASK;
  const parsedMask = parseMask(mask);
  if (parsedMask.selections === null) throw new UsageError(`--mask: ${parsedMask.diagnostics[0]?.message ?? 'not a response mask'}`);
  const k = intOption(values.k, 'k', 1, 100) ?? JUDGE_K;
  const max = intOption(values.max, 'max', 1, MAX_RATING_LIMIT) ?? DEFAULT_SCALE.max;
  const prices = { input: price(values['price-in'], 'price-in') ?? 0, output: price(values['price-out'], 'price-out') ?? 0 };
  const maxCost = price(values['max-cost'], 'max-cost');
  const keyVar = values['judge-key-env'] ?? DEFAULT_KEY_ENV;
  if (values['judge-key-env'] !== undefined && process.env[keyVar] === undefined)
    throw new UsageError(`--judge-key-env names ${keyVar}, which is not set: export the judge's API key in it.`);
  const pace = runOptions({ concurrency: values.concurrency, timeout: values.timeout }, JUDGE_CONCURRENCY);
  await checkOut(values.out);
  const template = values.prompt ? await readPrompt(values.prompt, io) : undefined;
  const entries = await queryEntries(values['query-set']!, io);
  const configurations = values.config?.length ? values.config.map((c) => c.trim() || undefined) : [undefined];

  const http = runClient(pace, 8);
  let pooled: Awaited<ReturnType<typeof poolTopK>>;
  try {
    pooled = await poolTopK({
      client: new SearchClient(http),
      baseUrl: values['base-url']!,
      token: values.token!,
      entries,
      configurations,
      k,
      mask,
      concurrency: pace.concurrency,
      ...(pace.timeout ? { deadlineMs: pace.timeout } : {}),
    });
  } finally {
    await http.close();
  }
  for (const f of pooled.failed.slice(0, 5)) io.stderr(`${f.query} (${f.configurationId ?? 'default'}): ${f.message}`);
  if (pooled.answered === 0) {
    io.stderr('No search was answered: nothing to judge.');
    return EXIT.couldNotRun;
  }
  const pairs: JudgePair[] = entries.flatMap((entry, i) =>
    [...pooled.pools[i]!].map(([id, fields]) => ({
      query: entry.query,
      ...(entry.intent ? { intent: entry.intent as Record<string, unknown> } : {}),
      item: { id, fields },
    })),
  );
  const scale = { max, threshold: 1 };
  const outcome = await judgePairs({
    judge: { baseUrl: judgeUrl.href.replace(/\/+$/, ''), model: values['judge-model']!, apiKey: process.env[keyVar] ?? 'none' },
    scale,
    pairs,
    ...(template ? { template } : {}),
    concurrency: pace.concurrency,
    ...(pace.auto ? { pace: 'auto' as const } : {}),
    prices,
    ...(maxCost !== undefined ? { maxCost } : {}),
    ...(values.cache ? { cacheDir: values.cache } : {}),
    ...(pace.timeout ? { timeoutMs: pace.timeout } : {}),
  });
  const asked = pairs.length - outcome.cached;
  if (asked > 0 && outcome.failed.length === asked && outcome.ratings.length === outcome.cached) {
    io.stderr(`The judge could not be reached: ${outcome.failed[0]!.problem}`);
    return EXIT.couldNotRun;
  }
  for (const f of outcome.failed.slice(0, 5)) io.stderr(`${f.query} / ${f.itemId}: the judge failed: ${f.problem}`);
  for (const n of outcome.noVerdict.slice(0, 5)) io.stderr(`${n.query} / ${n.itemId}: no verdict: ${n.problem}`);
  const list = {
    ...newJudgmentList(`Judge ${values['judge-model']}`.slice(0, 200), scale),
    ratings: canonicalRatings(outcome.ratings),
  };
  await writeFileAtomically(values.out!, `${JSON.stringify(list, null, 2)}\n`, { mode: SHARED_FILE_MODE });
  const summary = {
    items: pairs.length,
    rated: outcome.ratings.length,
    requests: outcome.requests,
    cached: outcome.cached,
    noVerdict: outcome.noVerdict.length,
    failed: outcome.failed.length,
    tokens: outcome.tokens,
    cost: outcome.cost,
    estimate: outcome.estimate,
    templateVersion: outcome.templateVersion,
    ...(outcome.stopped ? { stopped: outcome.stopped } : {}),
    out: values.out,
  };
  if (values.format === 'json') printJson(io, summary);
  io.stderr(
    `${entries.length} queries × ${configurations.length} configuration${configurations.length === 1 ? '' : 's'}, top ${k}: ${pairs.length} pairs; ` +
      `${outcome.ratings.length} rated (${outcome.cached} from the cache), ${outcome.noVerdict.length} no verdict, ${outcome.failed.length} failed; ` +
      `${outcome.requests} requests, ${outcome.tokens.prompt.toLocaleString('en-US')} + ${outcome.tokens.completion.toLocaleString('en-US')} tokens` +
      `${prices.input || prices.output ? `, cost ${outcome.cost.toFixed(4)}` : ''} → ${values.out}.`,
  );
  if (outcome.stopped === 'max-cost') {
    io.stderr(
      `Stopped at --max-cost ${maxCost}: ${pairs.length - outcome.ratings.length - outcome.noVerdict.length - outcome.failed.length} pairs were not asked.`,
    );
    return EXIT.failed;
  }
  return EXIT.ok;
}
