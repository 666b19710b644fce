import { basename, extname } from 'node:path';
import { SearchClient } from '../../main/services/search';
import { suggestJudgments } from '../../main/services/judgments';
import { isJsonObject } from '../../shared/json-value';
import {
  compileRules,
  agreement,
  type AgreementReport,
  agreementOfList,
  MIN_SHARED,
  type PeopleVsClicks,
  type PairFigures,
  parseRaterCsv,
  TooManyRatersError,
  EXPORT_FORMATS,
  readCuts,
  type ExportFormat,
  formatJudgments,
  canonicalRatings,
  DEFAULT_SCALE,
  countedSources,
  indexRatings,
  judgmentListSchema,
  MAX_RATING_LIMIT,
  newJudgmentList,
  judgmentsConvertCli,
  judgmentsSuggestCli,
} from '../../shared/judgments';
import { flagHelp, flagOptions, flagSynopsis } from '../../shared/operations';
import { runClient, runOptions, SERVICE_FLAGS } from '../request-run';
import { fileProblem, qualityFlags, queryEntries, readJudgments } from '../side-options';
import { LLM_USAGE, llmCommand } from './llm-judges';
import { SHARED_FILE_MODE, writeFileAtomically } from '../../main/services/storage';
import { checkOut, type CliIo, type Command, EXIT, flagsInput, intOption, parse, UsageError } from '../command';
import { InputError, parseJsonInput, printJson, readInput } from '../input';
import { BATCH_CONCURRENCY, qualitySettings } from '../../shared/compare';
import { metricsCli, runQuality, readRun } from '../../shared/metrics';
import { FROM_TRAFFIC_USAGE, fromTrafficCommand } from './click-models';
import { clickModelsFitCli } from '../../shared/click-models';

const AGREEMENT_USAGE =
  '  agreement: how far the raters of FILE agree — a workspace judgment list (each rating\'s "by" is its rater) or CSV with the\n' +
  "             columns query,docid,rating,rater — as JSON: Krippendorff's alpha (ordinal, all raters, 95% bootstrap interval),\n" +
  "             per pair of raters the items both rated, exact and within-one agreement, Cohen's kappa unweighted and with\n" +
  '             quadratic weights (i − j)² / max², and the confusion matrix; "overall" pools every pair. A list holding\n' +
  '             clicks\' ratings (judgments from-traffic) adds "shoppers": per model the people (one rater) against its ratings,\n' +
  '             the same figures per query, and "apart": the items both rated, farthest apart first — the ones to look at\n' +
  "  --max        the highest rating, 1 to 9 (default: the list's scale, or 3 for CSV)\n" +
  `  --min-items  items both raters rated before a pair's figures are given (default ${MIN_SHARED}; below it they are null, with "needed")\n` +
  '  exit codes: 0 measured, 2 usage error, 3 the file could not be read\n' +
  '  example: search-workbench judgments agreement ratings-two-raters.csv --max 3';

const SUGGEST_USAGE =
  "  suggest:   runs each query of the query set on each --config, pools the top --k, rates every pooled item by the rules'\n" +
  "             first matching rule for the query's intent (its own in a workspace query set, else proposed from its text and\n" +
  "             the catalog's facet values), and writes a judgment list of suggestions, each with its rule's name\n" +
  '  --query-set  a workspace query set (with intents) or a query list (required)\n' +
  '  --rules      rating rules: [{ "when": FILTER, "rating": n, "name"? }] or { "rules": [...] }; $intent.<attribute> in a filter\n' +
  "               is the query's intent (required)\n" +
  '  --config     a configuration to pool from, repeatable (default: the tenant default)\n' +
  `${flagHelp(judgmentsSuggestCli, { width: 12 }).join('\n')}\n` +
  '  --out        the judgment list to write (default: standard output)\n' +
  '  exit codes: 0 written, 2 usage error, 3 a file could not be read or no request was answered\n' +
  '  example: search-workbench judgments suggest --query-set demo-shopper-queries.json --rules examples/rules/demo-rules.json \\\n' +
  '             --base-url http://127.0.0.1:8787 --token demo-search-token-0001 --config default --config bestsellers --k 20';

async function suggestCommand(argv: string[], io: CliIo): Promise<number> {
  const { values } = parse(
    argv,
    {
      'query-set': { type: 'string' },
      rules: { type: 'string' },
      ...SERVICE_FLAGS,
      config: { type: 'string', multiple: true },
      ...flagOptions(judgmentsSuggestCli),
      out: { type: 'string' },
      concurrency: { type: 'string' },
      timeout: { type: 'string' },
    },
    false,
  );
  if (!values['query-set']) throw new UsageError('judgments suggest needs --query-set FILE: a workspace query set or a query list.');
  if (!values.rules) throw new UsageError('judgments suggest needs --rules FILE: the rating rules.');
  if (!values['base-url']) throw new UsageError('judgments suggest needs --base-url: the service address before /search.');
  if (!values.token) throw new UsageError('judgments suggest needs --token: the search token.');
  const { k } = flagsInput(judgmentsSuggestCli, values);
  const pace = runOptions({ concurrency: values.concurrency, timeout: values.timeout }, BATCH_CONCURRENCY);
  await checkOut(values.out);
  const rulesText = await readInput(values.rules, io);
  const rulesJson = parseJsonInput(rulesText.text, rulesText.name);
  const compiled = compileRules(rulesJson);
  if (!compiled.ok) throw new InputError(`${rulesText.name}: ${compiled.message}`);
  const entries = await queryEntries(values['query-set'], io);
  const configurations = values.config?.length ? values.config.map((c) => c.trim() || undefined) : [undefined];
  const http = runClient(pace, 8);
  try {
    const outcome = await suggestJudgments({
      client: new SearchClient(http),
      baseUrl: values['base-url'],
      token: values.token,
      entries,
      configurations,
      k,
      rules: compiled.rules,
      concurrency: pace.concurrency,
      ...(pace.timeout ? { deadlineMs: pace.timeout } : {}),
    });
    for (const f of outcome.failed.slice(0, 5)) io.stderr(`${f.query} (${f.configurationId ?? 'default'}): ${f.message}`);
    if (outcome.answered === 0) {
      io.stderr('No request was answered: nothing to rate.');
      return EXIT.couldNotRun;
    }
    const max = Math.max(DEFAULT_SCALE.max, ...compiled.rules.map((r) => r.rule.rating));
    const rulesName = isJsonObject(rulesJson) && typeof rulesJson.name === 'string' ? rulesJson.name : basename(values.rules);
    const list = {
      ...newJudgmentList(`Suggestions: ${rulesName}`.slice(0, 200), { max, threshold: 1 }),
      ratings: canonicalRatings(outcome.ratings),
    };
    const content = `${JSON.stringify(list, null, 2)}\n`;
    if (values.out) await writeFileAtomically(values.out, content, { mode: SHARED_FILE_MODE });
    else io.stdout(content.replace(/\n$/, ''));
    const share = outcome.pooled ? ((outcome.ratings.length / outcome.pooled) * 100).toFixed(1) : '0.0';
    io.stderr(
      `${entries.length} queries × ${configurations.length} configuration${configurations.length === 1 ? '' : 's'}, top ${k}: ` +
        `${outcome.pooled} pooled items, ${outcome.ratings.length} rated by the rules (${share}%), ${outcome.pooled - outcome.ratings.length} left for people; ` +
        `${outcome.proposed.length} intents proposed from the query text${outcome.failed.length ? `; ${outcome.failed.length} requests failed` : ''}` +
        `${values.out ? ` → ${values.out}` : ''}.`,
    );
    return EXIT.ok;
  } finally {
    await http.close();
  }
}

/** A pair's figures, or nulls with how many more shared items are needed. */
function shown(f: PairFigures, min: number) {
  const { items, agreement: exact, withinOne, kappa, weightedKappa } = f;
  if (items >= min) return { items, agreement: exact, withinOne, kappa, weightedKappa };
  return { items, agreement: null, withinOne: null, kappa: null, weightedKappa: null, needed: min - items };
}

async function agreementCommand(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parse(argv, { max: { type: 'string' }, 'min-items': { type: 'string' } });
  if (!positionals[0]) throw new UsageError('judgments agreement needs FILE: a workspace judgment list, or CSV query,docid,rating,rater.');
  const min = intOption(values['min-items'], 'min-items', 1, 1_000_000) ?? MIN_SHARED;
  const { text, name } = await readInput(positionals[0], io);
  let report: AgreementReport;
  let shoppers: PeopleVsClicks[] = [];
  let max = intOption(values.max, 'max', 1, MAX_RATING_LIMIT);
  try {
    if (text.trimStart().startsWith('{')) {
      const list = judgmentListSchema.safeParse(parseJsonInput(text, name));
      if (!list.success) throw new InputError(`${name}: not a workspace judgment list (${list.error.issues[0]?.message ?? 'unreadable'}).`);
      max ??= list.data.scale.max;
      const above = list.data.ratings.find((r) => r.rating > max!);
      if (above) throw new InputError(`${name}: a rating of ${above.rating} is above --max ${max}.`);
      // As the app's agreement view reads a list: people's ratings (a rule's suggestion is nobody's opinion, an
      // adjudicated rating decides between them), then each click model's ratings against the people's.
      const read = agreementOfList(list.data.ratings, max);
      report = read;
      shoppers = read.shoppers;
    } else {
      max ??= 3;
      const read = parseRaterCsv(text, max);
      if (!read.ok) throw new InputError(fileProblem(name, read));
      report = agreement(read.ratings, max);
    }
  } catch (err) {
    // The app's words, after the file's name.
    if (err instanceof TooManyRatersError) throw new InputError(`${name}: ${err.message}`);
    throw err;
  }
  if (report.raters.length < 2)
    io.stderr(
      `${name}: ${report.raters.length === 1 ? `one rater (${report.raters[0]})` : 'no rating'}: agreement needs two raters on the same items.`,
    );
  const short = report.pairs.filter((p) => p.items < min);
  for (const p of short.slice(0, 10))
    io.stderr(`${p.raters.join(' and ')} both rated ${p.items} items: ${min - p.items} more are needed before their figures are given.`);
  if (short.length > 10) io.stderr(`… and ${short.length - 10} more pairs with fewer than ${min} items rated by both.`);
  const enough = report.pairable >= min;
  printJson(io, {
    alpha: enough ? report.alpha : null,
    alphaCi95: enough ? report.alphaCi95 : null,
    items: report.pairable,
    ...(enough ? {} : { needed: min - report.pairable }),
    max,
    raters: report.raters,
    pairs: report.pairs.map((p) => ({ raters: p.raters, ...shown(p, min), confusion: p.confusion })),
    overall: { ...shown(report.overall, min), confusion: report.overall.confusion },
    ...(shoppers.length
      ? {
          shoppers: shoppers.map(({ by, agreement: a, apart }) => {
            const enough = a.pairable >= min;
            return {
              by,
              alpha: enough ? a.alpha : null,
              alphaCi95: enough ? a.alphaCi95 : null,
              items: a.pairable,
              ...(enough ? {} : { needed: min - a.pairable }),
              overall: { ...shown(a.overall, min), confusion: a.overall.confusion },
              perQuery: a.perQuery.map((q) => ({ query: q.query, ...shown(q, min) })),
              apart,
            };
          }),
        }
      : {}),
  });
  return EXIT.ok;
}

const FORMAT_BY_EXTENSION: Record<string, ExportFormat> = { '.csv': 'quepid', '.qrels': 'trec', '.txt': 'trec', '.json': 'rre' };

export const judgmentsCommand: Command = {
  name: 'judgments',
  summary:
    "Convert judgments between Quepid CSV, TREC qrels, RRE ratings JSON (RRE's and Quepid's), Search Relevance Workbench JSON (and from a workspace list); how far raters agree; ratings from clicks",
  usage:
    `judgments convert IN --to quepid|trec|rre|rre-quepid|srw [--map C1,C2,C3] ${flagSynopsis(judgmentsConvertCli)} [--out FILE]\n` +
    '       judgments agreement FILE [--max 3] [--min-items 30]\n' +
    `       judgments suggest --query-set FILE --rules FILE --base-url U --token T [--config C]… ${flagSynopsis(judgmentsSuggestCli)} [--out FILE]\n` +
    `       judgments from-traffic --store DIR ${flagSynopsis(clickModelsFitCli, ['model', 'maxWidth'])} [--max 3] [--thresholds T1,T2,T3] [--into LIST] [--format json] --out FILE\n` +
    '  IN     the judgments file (format detected from the content), or - for standard input\n' +
    '  --to   the format to write (default: from the --out extension: .csv quepid, .qrels/.txt trec, .json rre);\n' +
    '         rre-quepid: RRE as Quepid writes it (queries at the top, documents by gain); srw: the Search Relevance\n' +
    "         Workbench's judgment JSON (type IMPORT_JUDGMENT), which it imports and this reads back unchanged\n" +
    "  --map  cut points for SRW's real-valued ratings (default: 0 to the file's highest value in --max + 1 equal\n" +
    '         parts), one per grade above 0: a value ≥ the g-th is grade g. Whole grades are kept as they are\n' +
    `${flagHelp(judgmentsConvertCli, { width: 6 }).join('\n')}\n` +
    '  --out  where to write it (default: standard output)\n' +
    '  Grades are read as written, any whole number ≥ 0 (a negative qrels grade is unjudged); Quepid rows with no\n' +
    '  rating are queries not rated yet, counted and left out\n' +
    '  example: search-workbench judgments convert ratings.csv --to trec --out ratings.qrels\n' +
    AGREEMENT_USAGE +
    '\n' +
    SUGGEST_USAGE +
    '\n' +
    LLM_USAGE +
    '\n' +
    FROM_TRAFFIC_USAGE,
  async run(argv, io) {
    const [sub, ...rest] = argv;
    if (sub === 'agreement') return agreementCommand(rest, io);
    if (sub === 'suggest') return suggestCommand(rest, io);
    if (sub === 'llm') return llmCommand(rest, io);
    // Ratings from shoppers' clicks: the click-models capability's command.
    if (sub === 'from-traffic') return fromTrafficCommand(rest, io);
    if (sub !== 'convert')
      throw new UsageError(
        sub
          ? `judgments has no subcommand ${JSON.stringify(sub)}: convert, agreement, suggest, llm or from-traffic.`
          : 'judgments needs a subcommand: convert, agreement, suggest, llm or from-traffic.',
      );
    const { values, positionals } = parse(rest, {
      to: { type: 'string' },
      out: { type: 'string' },
      map: { type: 'string' },
      ...flagOptions(judgmentsConvertCli),
    });
    const to = values.to ?? (values.out ? FORMAT_BY_EXTENSION[extname(values.out).toLowerCase()] : undefined);
    if (!to)
      throw new UsageError(`judgments convert needs --to ${EXPORT_FORMATS.join('|')} (or an --out file whose extension says which).`);
    if (!(EXPORT_FORMATS as readonly string[]).includes(to))
      throw new UsageError(`--to is ${EXPORT_FORMATS.join(', ')}, got ${JSON.stringify(to)}`);
    const { max } = flagsInput(judgmentsConvertCli, values);
    const cuts = values.map === undefined ? undefined : readCuts(values.map, max);
    if (typeof cuts === 'string') throw new UsageError(`--map: ${cuts}.`);
    await checkOut(values.out);
    const judgments = await readJudgments(positionals[0], io, { max, ...(cuts ? { cuts } : {}) });
    let content: string;
    try {
      content = formatJudgments(judgments.ratings, to as ExportFormat, judgments.source.name);
    } catch (err) {
      throw new InputError(`${judgments.name}: ${(err as Error).message}`);
    }
    if (values.out) await writeFileAtomically(values.out, content, { mode: SHARED_FILE_MODE });
    else io.stdout(content.replace(/\n$/, ''));
    io.stderr(
      `${judgments.name}: ${judgments.format}, ${judgments.ratings.length} ratings${judgments.duplicates ? ` (${judgments.duplicates} duplicate rows: the last one won)` : ''}${judgments.unjudged ? ` (${judgments.unjudged} lines with a negative grade read as unjudged, as trec_eval reads them)` : ''}${judgments.unrated?.length ? ` (${judgments.unrated.length} queries with no rating yet, left out)` : ''}${judgments.cuts ? ` (real-valued ratings cut at ${judgments.cuts.map((c) => Number(c.toFixed(4))).join(', ')})` : ''} → ${to}${values.out ? ` in ${values.out}` : ''}.`,
    );
    return EXIT.ok;
  },
};

export const metricsCommand: Command = {
  name: 'metrics',
  summary: 'Quality of a run against judgments: nDCG, DCG, P, AP, RR, recall and judged@k per query and on average',
  usage:
    `metrics --judgments FILE --run FILE [--k 10] [--gain exponential|linear] [--threshold 1] ${flagSynopsis(metricsCli)} [--ratings people|people+rules|people+clicks|people+llm|clicks|all]\n` +
    '  --judgments  Quepid CSV (query,docid,rating), TREC qrels (qid 0 docid rel), RRE ratings JSON or a workspace judgment list, detected from the content (required)\n' +
    '  --run        a TREC run (qid Q0 docid rank score tag; ranked by score, ties by docid descending) or a batch/experiment JSON export (required)\n' +
    '  --k          cut-off for nDCG, DCG, P, recall and judged (default 10); judged@k is the share of the items\n' +
    '               returned in the top k that are rated (as ir_measures: five returned, all rated, is 1)\n' +
    '  --gain       exponential: 2^rel − 1 (default); linear: rel, as trec_eval\n' +
    "  --threshold  lowest rating that counts as relevant, as trec_eval's -l (default: the judgment list's own, else 1)\n" +
    `${flagHelp(metricsCli, { width: 12 }).join('\n')}\n` +
    "  The mean is over the run's judged queries, as trec_eval's: a query judged with nothing relevant counts as 0 (AP,\n" +
    '  RR, recall), one with no judgment is left out; a negative qrels grade is unjudged. stderr says how many.\n' +
    "  --ratings    people: people's ratings only (default; also written confirmed); people+rules, people+clicks and\n" +
    "               people+llm: rules' suggestions, clicks' ratings (judgments from-traffic) or language model judges' ratings\n" +
    "               (judgments llm) count too where nobody rated; clicks: clicks' only; all: people's, else clicks' or judges',\n" +
    "               else rules' (the report says which)\n" +
    '  example: search-workbench metrics --judgments ratings.csv --run run.txt --k 10',
  async run(argv, io) {
    const { values } = parse(
      argv,
      {
        judgments: { type: 'string' },
        run: { type: 'string' },
        k: { type: 'string' },
        gain: { type: 'string' },
        threshold: { type: 'string' },
        ...flagOptions(metricsCli),
        ratings: { type: 'string' },
      },
      false,
    );
    if (!values.judgments) throw new UsageError('metrics needs --judgments FILE (Quepid CSV, TREC qrels, RRE JSON or a workspace list).');
    if (!values.run) throw new UsageError('metrics needs --run FILE (a TREC run or a batch/experiment JSON export).');
    const flags = qualityFlags(values, 10_000);
    const { side } = flagsInput(metricsCli, values);

    const judgments = await readJudgments(values.judgments, io);
    // What the flags leave out, the list says (a workspace list's threshold), as everywhere else.
    const { k, gain, threshold, ratings: counted = 'confirmed' } = qualitySettings(flags, judgments.scale);
    const { text, name } = await readInput(values.run, io);
    const run = readRun(text, side);
    if (!run.ok) throw new InputError(fileProblem(name, run));
    const index = indexRatings(judgments.ratings, { trec: judgments.format === 'trec', ratings: counted });
    const report = runQuality(run.run, index, { k, gain, threshold });
    printJson(io, { ratings: counted, settings: { k, gain, threshold, judgments: judgments.source }, ...report });
    const suggested = judgments.ratings.filter((r) => r.rule !== undefined).length;
    if (suggested)
      io.stderr(
        countedSources(counted).rules
          ? `${suggested} of the ratings are rules' suggestions, counted where nobody rated (--ratings ${counted}).`
          : `${suggested} of the ratings are rules' suggestions, left out (--ratings people+rules counts them).`,
      );
    // As trec_eval says it: how many queries the mean is over, and which conventions put them there.
    const inMean = Object.keys(report.queries).length;
    io.stderr(
      `The mean is over ${inMean} ${inMean === 1 ? 'query' : 'queries'}` +
        (report.noRelevant.length
          ? `, ${report.noRelevant.length} of them with no relevant judgment (counted as 0, as trec_eval counts them)`
          : '') +
        `; relevant from grade ${threshold} (--threshold, trec_eval's -l).`,
    );
    if (report.unjudged.length) io.stderr(`${report.unjudged.length} queries of the run have no judgment at all: left out of the mean.`);
    if (report.missing.length) io.stderr(`${report.missing.length} judged queries are not in the run.`);
    return EXIT.ok;
  },
};
