import { qualitySettings } from '../../shared/compare/quality-config';
import { indexRatings } from '../../shared/judgments/model';
import { runQuality } from '../../shared/metrics/quality';
import { readRun } from '../../shared/metrics/run-input';
import { EXIT, parse, UsageError, type Command } from '../command';
import { InputError, printJson, readInput } from '../input';
import { qualityFlags, readJudgments } from '../side-options';

export const metricsCommand: Command = {
  name: 'metrics',
  summary: 'Quality of a run against judgments: nDCG, DCG, P, AP, RR, recall and judged@k per query and on average',
  usage:
    'metrics --judgments FILE --run FILE [--k 10] [--gain exponential|linear] [--threshold 1] [--side a|b] [--ratings confirmed|all]\n' +
    '  --judgments  Quepid CSV (query,docid,rating), TREC qrels (qid 0 docid rel), RRE ratings JSON or a workspace judgment list, detected from the content (required)\n' +
    '  --run        a TREC run (qid Q0 docid rank score tag; ranked by score, ties by docid descending) or a batch/experiment JSON export (required)\n' +
    '  --k          cut-off for nDCG, DCG, P, recall and judged (default 10)\n' +
    '  --gain       exponential: 2^rel − 1 (default); linear: rel, as trec_eval\n' +
    "  --threshold  lowest rating that counts as relevant (default: the judgment list's own, else 1)\n" +
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
    const flags = qualityFlags(values, 10_000);
    const side = values.side ?? 'a';
    if (side !== 'a' && side !== 'b') throw new UsageError(`--side is a or b, got ${JSON.stringify(side)}`);

    const judgments = await readJudgments(values.judgments, io);
    // What the flags leave out, the list says (a workspace list's threshold), as everywhere else.
    const { k, gain, threshold, ratings: counted = 'confirmed' } = qualitySettings(flags, judgments.scale);
    const { text, name } = await readInput(values.run, io);
    const run = readRun(text, side);
    if (!run.ok) throw new InputError(`${name}${run.line !== undefined ? `:${run.line}` : ''}: ${run.message}`);
    const index = indexRatings(judgments.ratings, { trec: judgments.format === 'trec', ratings: counted });
    const report = runQuality(run.run, index, { k, gain, threshold });
    printJson(io, { ratings: counted, settings: { k, gain, threshold, judgments: judgments.source }, ...report });
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
