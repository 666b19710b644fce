import { parseJudgments } from '../../shared/judgments/formats';
import { indexRatings, MAX_RATING_LIMIT } from '../../shared/judgments/model';
import { runQuality, type Gain } from '../../shared/metrics/quality';
import { readRun } from '../../shared/metrics/run-input';
import { EXIT, intOption, parse, UsageError, type CliIo, type Command } from '../command';
import { InputError, printJson, readInput } from '../input';

/** A judgments file of any known format (a workspace list included), or an error naming the file and line. */
export async function readJudgments(arg: string | undefined, io: CliIo, max = MAX_RATING_LIMIT) {
  const { text, name } = await readInput(arg, io);
  const read = parseJudgments(text, { max });
  if (!read.ok) throw new InputError(`${name}${read.line !== undefined ? `:${read.line}` : ''}: ${read.message}`);
  return { ...read, name };
}

export const metricsCommand: Command = {
  name: 'metrics',
  summary: 'Quality of a run against judgments: nDCG, DCG, P, AP, RR, recall and judged@k per query and on average',
  usage:
    'metrics --judgments FILE --run FILE [--k 10] [--gain exponential|linear] [--threshold 1] [--side a|b] [--ratings confirmed|all]\n' +
    '  --judgments  Quepid CSV (query,docid,rating), TREC qrels (qid 0 docid rel), RRE ratings JSON or a workspace judgment list, detected from the content (required)\n' +
    '  --run        a TREC run (qid Q0 docid rank score tag; ranked by score, ties by docid descending) or a batch/experiment JSON export (required)\n' +
    '  --k          cut-off for nDCG, DCG, P, recall and judged (default 10)\n' +
    '  --gain       exponential: 2^rel − 1 (default); linear: rel, as trec_eval\n' +
    '  --threshold  lowest rating that counts as relevant (default 1)\n' +
    '  --side       which side of a JSON export is the run (default a)\n' +
    "  --ratings    confirmed: people's ratings only (default); all: rating rules' suggestions count too (the report says which)\n" +
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
        side: { type: 'string' },
        ratings: { type: 'string' },
      },
      false,
    );
    if (!values.judgments) throw new UsageError('metrics needs --judgments FILE (Quepid CSV, TREC qrels, RRE JSON or a workspace list).');
    if (!values.run) throw new UsageError('metrics needs --run FILE (a TREC run or a batch/experiment JSON export).');
    const k = intOption(values.k, 'k', 1, 10_000) ?? 10;
    const threshold = intOption(values.threshold, 'threshold', 1, MAX_RATING_LIMIT) ?? 1;
    const gain = values.gain ?? 'exponential';
    if (gain !== 'exponential' && gain !== 'linear') throw new UsageError(`--gain is exponential or linear, got ${JSON.stringify(gain)}`);
    const side = values.side ?? 'a';
    if (side !== 'a' && side !== 'b') throw new UsageError(`--side is a or b, got ${JSON.stringify(side)}`);
    const counted = values.ratings ?? 'confirmed';
    if (counted !== 'confirmed' && counted !== 'all')
      throw new UsageError(`--ratings is confirmed or all, got ${JSON.stringify(values.ratings)}`);

    const judgments = await readJudgments(values.judgments, io);
    const { text, name } = await readInput(values.run, io);
    const run = readRun(text, side);
    if (!run.ok) throw new InputError(`${name}${run.line !== undefined ? `:${run.line}` : ''}: ${run.message}`);
    const index = indexRatings(judgments.ratings, { trec: judgments.format === 'trec', ratings: counted });
    const report = runQuality(run.run, index, { k, gain: gain satisfies Gain, threshold });
    printJson(io, { ratings: counted, ...report });
    const suggested = judgments.ratings.filter((r) => r.rule !== undefined).length;
    if (suggested)
      io.stderr(
        counted === 'all'
          ? `${suggested} of the ratings are rules' suggestions, counted (--ratings all).`
          : `${suggested} of the ratings are rules' suggestions, left out (--ratings all counts them).`,
      );
    if (report.unjudged.length)
      io.stderr(`${report.unjudged.length} queries of the run have no relevant judgment (R = 0): left out of the mean.`);
    if (report.missing.length) io.stderr(`${report.missing.length} judged queries are not in the run.`);
    return EXIT.ok;
  },
};
