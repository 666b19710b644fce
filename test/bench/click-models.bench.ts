import { readFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  checkAgainstTruth,
  CLICK_MODEL_KINDS,
  fitClickModel,
  type PagePattern,
  pagePatternsSql,
  patternOf,
} from '../../src/shared/click-models';
import { fitOnStore } from '../../src/main/services/click-models';
import { importFile, TrafficStore } from '../../src/main/services/traffic';
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
    for (const model of CLICK_MODEL_KINDS) {
      // A store opened fresh for each model: nothing cached between them.
      const fresh = await TrafficStore.open(join(dir, 'store'));
      try {
        const { fit, ms } = await fitOnStore(fresh, model);
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
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
