import { readFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  checkAgainstTruth,
  CLICK_MODEL_KINDS,
  type ClickModelFit,
  FIT,
  fitClickModel,
  fitDbn,
  type PagePattern,
  pagePatternsSql,
  patternOf,
} from '../../src/shared/click-models';
import { fitOnStore } from '../../src/main/services/click-models';
import { importFile, StoreQueries, TrafficStore } from '../../src/main/services/traffic';
import type { TrafficTruth } from '../../src/shared/traffic';
import { printTable } from './table';
import { EVENTS, writeLog } from './traffic.bench';

const ROOT = join(import.meta.dirname, '..', '..');

/** Every search its own pattern (count 1): what fitting without grouping the pages first iterates over. */
const unGrouped = (patterns: readonly PagePattern[]): PagePattern[] =>
  patterns.flatMap((p) => Array.from({ length: p.count }, () => ({ ...p, count: 1 })));

/**
 * `npm run bench click-models`: each model fitted on the demo's week against the truth it was drawn from (its error and
 * its time, beside the same fit over every search ungrouped, the peer), then on 10 million events (the traffic bench's
 * synthetic log): the count in DuckDB and the fit, against the goal of 30 s.
 */
export async function benchClickModels(): Promise<void> {
  const truth = JSON.parse(await readFile(join(ROOT, 'test', 'fixtures', 'traffic', 'demo-truth.json'), 'utf8')) as TrafficTruth;
  const demo = await TrafficStore.open(join(ROOT, 'examples', 'workspace', 'traffic'));
  let patterns: PagePattern[];
  try {
    const sql = pagePatternsSql();
    patterns = (await demo.duck.all(sql.text, sql.params)).map(patternOf);
  } finally {
    demo.close();
  }
  const searches = patterns.reduce((s, p) => s + p.count, 0);
  const rows: (string | number)[][] = [];
  for (const model of CLICK_MODEL_KINDS) {
    const t = performance.now();
    const fit = fitClickModel(model, patterns);
    const ms = performance.now() - t;
    const p = performance.now();
    fitClickModel(model, unGrouped(patterns));
    const peerMs = performance.now() - p;
    const check = checkAgainstTruth(fit, { ...truth.clickModel, relevance: truth.relevance }, 100);
    const f = (x: number | null) => (x === null ? '—' : x.toFixed(3));
    rows.push([
      model,
      ms,
      peerMs,
      fit.iterations,
      f(check.positionError),
      f(check.tau),
      f(check.attractivenessTau),
      f(check.meanAbsoluteError),
      check.items,
    ]);
  }
  printTable(
    `Click models on the demo's week (${searches.toLocaleString('en-US')} first pages in ${patterns.length.toLocaleString('en-US')} patterns, drawn under DBN; truth: test/fixtures/traffic/demo-truth.json); error against the truth over items with ≥ 100 impressions, reported without a goal (PBM and COEC are fitted on logs not drawn under their assumptions)`,
    [
      'model',
      'fit ms',
      'peer: every search ungrouped, ms',
      'iterations (PBM: Newton steps; DBN: EM)',
      'θ_k/θ_1 error (PBM)',
      "Kendall's τ of the estimate",
      'τ of attractiveness',
      'mean abs. error',
      'items',
    ],
    rows,
  );

  const dir = await mkdtemp(join(tmpdir(), 'wb-bench-click-models-'));
  try {
    const files = await writeLog(dir);
    const store = await TrafficStore.open(join(dir, 'store'));
    await importFile(store, files.queries, undefined, { outcomes: false });
    await importFile(store, files.events, undefined, { outcomes: false });
    store.close();
    const big: (string | number)[][] = [];
    let dbn: ClickModelFit | undefined;
    for (const model of CLICK_MODEL_KINDS) {
      // A store opened fresh for each model: nothing cached between them.
      const fresh = await TrafficStore.open(join(dir, 'store'));
      try {
        const { fit, ms } = await fitOnStore(new StoreQueries(fresh), model);
        if (model === 'dbn') dbn = fit;
        const total = ms.count + ms.fit;
        big.push([
          model,
          fit.searches,
          fit.patterns,
          ms.count,
          ms.fit,
          fit.iterations,
          total,
          '≤ 30,000 ms',
          total <= 30_000 ? 'PASS' : 'FAIL',
        ]);
      } finally {
        fresh.close();
      }
    }
    printTable(
      `Click models on ${EVENTS.toLocaleString('en-US')} events (the traffic bench's synthetic week): page patterns counted by DuckDB, then the fit`,
      ['model', 'first pages', 'patterns', 'patterns counted and read, ms', 'fit ms', 'iterations', 'total ms', 'goal', 'result'],
      big,
    );
    if (dbn) await dbnAgainstConverged(join(dir, 'store'), dbn);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * DBN's usual stop (FIT.dbn; the fit the table above timed) against the same fit run on until no parameter moves by the tolerance: how far the
 * estimates it reports lie from where EM settles, over items shown at least 20 times (the ratings' evidence bar), in
 * absolute terms and as a share of each item's own 95% interval.
 */
async function dbnAgainstConverged(storeDir: string, usual: ClickModelFit): Promise<void> {
  const store = await TrafficStore.open(storeDir);
  let pages;
  try {
    pages = await new StoreQueries(store).firstPages();
  } finally {
    store.close();
  }
  const t = performance.now();
  const settled = fitDbn(pages, { tolerance: FIT.dbn.tolerance, maxIterations: 5_000 });
  const settledMs = performance.now() - t;
  let items = 0;
  let sum = 0;
  let largest = 0;
  let largestShare = 0;
  let overTenth = 0;
  usual.items.forEach((item, u) => {
    const end = settled.items[u]!;
    if (item.impressions < 20) return;
    const apart = Math.abs(item.estimate - end.estimate);
    const share = apart / Math.max(1e-12, end.ci95[1] - end.ci95[0]);
    items++;
    sum += apart;
    largest = Math.max(largest, apart);
    largestShare = Math.max(largestShare, share);
    if (share > 0.1) overTenth++;
  });
  printTable(
    `DBN's stop (${FIT.dbn.maxIterations} EM steps' work at most) against the same fit run on to convergence, over the ${items.toLocaleString('en-US')} items shown ≥ 20 times; reported without a goal`,
    [
      'stop',
      'EM steps',
      'converged',
      'mean |Δ estimate|',
      'largest |Δ|',
      "largest |Δ| / its interval's width",
      'items > 10% of their width',
      'ms',
    ],
    [
      [
        'usual',
        usual.iterations,
        usual.converged ? 'yes' : 'no (cap)',
        (sum / items).toExponential(2),
        largest.toFixed(4),
        largestShare.toFixed(3),
        overTenth,
        '—',
      ],
      ['run on', settled.iterations, settled.converged ? 'yes' : 'no (cap)', '—', '—', '—', '—', settledMs],
    ],
  );
}
