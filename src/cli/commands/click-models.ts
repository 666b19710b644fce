import {
  type ClickModelFit,
  clickModelsFitCli,
  type clickRatings,
  iterationsName,
  type ModelSelection,
  selectionWords,
  parseThresholds,
  withClickRatings,
} from '../../shared/click-models';
import { DEFAULT_SCALE, judgmentListSchema, newJudgmentList, type JudgmentList } from '../../shared/judgments';
import { ClickModelsService } from '../../main/services/click-models';
import { writeJsonAtomically } from '../../main/services/storage';
import { checkOut, type CliIo, EXIT, flagsInput, intOption, parse, UsageError } from '../command';
import { flagHelp, flagOptions } from '../../shared/operations';
import { InputError, parseJsonInput, printJson, readInput } from '../input';
import { withTraffic } from '../traffic-options';

/**
 * `judgments from-traffic`: the judgments command that fits a click model on the traffic store and writes its ratings
 * as a judgment list — the click-models capability's command (the judgments command hands it the arguments).
 */
/** Click models are a verb of judgments on the command line: what a user types. */
export const commandVerb = 'judgments from-traffic';

export const FROM_TRAFFIC_USAGE =
  '  from-traffic: fits a click model on the traffic store and rates each (query, item) from what shoppers did, corrected for\n' +
  '             where they looked; writes a judgment list whose ratings are by clicks:<model>, each with its estimate, 95%\n' +
  '             interval and evidence (expected examinations); an item whose interval is wider than --max-width is listed\n' +
  '             as needing traffic, with the examinations it lacks, never rated\n' +
  '  --store      the traffic store folder (required)\n' +
  `${flagHelp(clickModelsFitCli, { width: 12, only: ['model', 'maxWidth'] }).join('\n')}\n` +
  "  --max        the highest rating (default: the --into list's scale, else 3)\n" +
  "  --thresholds the estimate each rating above 0 starts at, comma-separated (default: matching people's ratings in --into,\n" +
  '               else equal shares)\n' +
  "  --into       a workspace judgment list: its people's ratings set the default thresholds, and the written list is it\n" +
  "               with these ratings beside its own (an earlier run's ratings of the same model replaced; default: a new list)\n" +
  `${flagHelp(clickModelsFitCli, { width: 12, only: ['filter.from', 'filter.to', 'filter.segment', 'filter.configuration'] }).join('\n')}\n` +
  '  --format     json: { model, selection? (with auto: { heldOut, fitted, models: [{ model, logLikelihood, perplexity,\n' +
  '               perplexityByRank }] }), positions, continuation?, maxWidth, thresholds, items: [{ query, docid, estimate, ci95,\n' +
  '               impressions, examinations, clicks, rating | null, lacks }] } to standard output (default: a summary)\n' +
  '  --out        the judgment list to write (required)\n' +
  '  exit codes: 0 written, 2 usage error, 3 the store or --into could not be read\n' +
  '  example: search-workbench judgments from-traffic --store examples/workspace/traffic --model pbm --out clicks-pbm.json';

async function intoList(path: string, io: CliIo): Promise<JudgmentList> {
  const { text, name } = await readInput(path, io);
  const list = judgmentListSchema.safeParse(parseJsonInput(text, name));
  if (!list.success) throw new InputError(`${name}: not a workspace judgment list (${list.error.issues[0]?.message ?? 'unreadable'}).`);
  return list.data;
}

const fixed = (x: number) => Number(x.toFixed(6));

/** The JSON the command prints: the fit (and with auto, the selection) and its ratings, an item per (query, docid). */
function fitJson(fit: ClickModelFit, rated: ReturnType<typeof clickRatings>, selection: ModelSelection | undefined) {
  return {
    model: fit.model,
    ...(selection
      ? {
          selection: {
            heldOut: selection.heldOut,
            fitted: selection.fitted,
            models: selection.models.map((m) => ({
              model: m.model,
              logLikelihood: fixed(m.logLikelihood),
              perplexity: fixed(m.perplexity),
              perplexityByRank: m.perplexityByRank.map(fixed),
            })),
          },
        }
      : {}),
    searches: fit.searches,
    patterns: fit.patterns,
    iterations: fit.iterations,
    converged: fit.converged,
    positions: fit.model === 'coec' ? undefined : fit.positions.map((p) => ({ rank: p.rank, examination: fixed(p.examination) })),
    ...(fit.model === 'coec' ? { rankCtr: fit.positions.map((p) => ({ rank: p.rank, ctr: fixed(p.examination) })) } : {}),
    ...(fit.continuation !== undefined ? { continuation: fixed(fit.continuation) } : {}),
    maxWidth: rated.maxWidth,
    thresholds: rated.thresholds,
    items: rated.items.map((i) => ({
      query: i.query,
      docid: i.itemId,
      estimate: fixed(i.estimate),
      ci95: [fixed(i.ci95[0]), fixed(i.ci95[1])],
      impressions: i.impressions,
      examinations: fixed(i.examinations),
      clicks: i.clicks,
      rating: i.rating,
      lacks: i.lacks,
    })),
  };
}

export async function fromTrafficCommand(argv: string[], io: CliIo): Promise<number> {
  const { values } = parse(
    argv,
    {
      store: { type: 'string' },
      ...flagOptions(clickModelsFitCli),
      max: { type: 'string' },
      thresholds: { type: 'string' },
      into: { type: 'string' },
      format: { type: 'string' },
      out: { type: 'string' },
    },
    false,
  );
  // The model, the widest interval rated and the traffic the app's operation fits on, with their limits and defaults.
  const { model, maxWidth, filter } = flagsInput(clickModelsFitCli, values);
  if (!values.out) throw new UsageError('judgments from-traffic needs --out FILE: the judgment list to write.');
  if (values.format !== undefined && values.format !== 'json')
    throw new UsageError(`--format is json, got ${JSON.stringify(values.format)}`);
  await checkOut(values.out);
  const into = values.into ? await intoList(values.into, io) : undefined;
  const maxFlag = intOption(values.max, 'max', 1, 9);
  const max = into?.scale.max ?? maxFlag ?? DEFAULT_SCALE.max;
  let thresholds: number[] | undefined;
  if (values.thresholds !== undefined) {
    const read = parseThresholds(values.thresholds, max);
    if (!read.ok) throw new UsageError(`--thresholds: ${read.message}`);
    thresholds = read.values;
  }
  // The app's own fitting and rating, on the store given.
  const { rated, fit: fitted } = await withTraffic(
    values.store,
    (traffic) =>
      new ClickModelsService({ traffic }).rate({
        model,
        filter,
        ...(maxFlag !== undefined ? { max: maxFlag } : {}),
        maxWidth,
        ...(thresholds ? { thresholds } : {}),
        ...(into ? { into } : {}),
      }),
    (field) => ({ max: '--max', thresholds: '--thresholds', from: '--from', to: '--to' })[field],
  );
  const { fit, ms, selection } = fitted;
  const base = into ?? newJudgmentList(`Clicks (${fit.model})`, { max, threshold: Math.min(DEFAULT_SCALE.threshold, max) });
  const list = withClickRatings(base, rated);
  await writeJsonAtomically(values.out, list);
  if (values.format === 'json') printJson(io, fitJson(fit, rated, selection));
  if (selection) io.stderr(selectionWords(selection));
  const ratedCount = rated.items.length - rated.needsTraffic;
  io.stderr(
    `${fit.model}: ${fit.searches.toLocaleString('en-US')} first pages (${fit.patterns.toLocaleString('en-US')} patterns) counted in ${ms.count} ms, fitted in ${ms.fit} ms` +
      (fit.iterations ? ` (${fit.iterations} ${iterationsName(fit.model)}${fit.converged ? '' : ', stopped at the cap'})` : '') +
      `; ${ratedCount.toLocaleString('en-US')} (query, item) pairs rated (95% interval at most ${maxWidth} wide), ` +
      `${rated.needsTraffic.toLocaleString('en-US')} need traffic. Thresholds (${rated.thresholds.from}): ${rated.thresholds.values.join(', ')}. ` +
      `Written to ${values.out} as ${rated.by}.`,
  );
  return EXIT.ok;
}
