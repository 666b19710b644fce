import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { startEmulator } from '../../src/main/emulator';
import { estimateOnStore, replayLogOnStore, trueClicksAtK } from '../../src/main/services/estimates';
import { HttpClient } from '../../src/main/services/http';
import { SearchClient } from '../../src/main/services/search';
import { DEMO_TRAFFIC, StoreQueries, TrafficStore } from '../../src/main/services/traffic';
import type { ReplayModel } from '../../src/shared/estimates';
import type { TrafficTruth } from '../../src/shared/traffic';
import { printTable } from './table';

const ROOT = join(import.meta.dirname, '..', '..');
const GOAL_MS = 10_000;
const TOKEN = DEMO_TRAFFIC.simulation.token;

/** The peer an A/B test reads: clicks in the first 10 per first page actually served by `configuration` in the log. */
async function loggedClicks(store: TrafficStore, configuration: string): Promise<number | null> {
  const [row] = await store.duck.all(
    `SELECT count(*) AS searches, coalesce(sum(c.n), 0) AS clicks FROM searches s
     LEFT JOIN (SELECT search_id, count(*) AS n FROM events WHERE action = 'click' AND position BETWEEN 1 AND 10 GROUP BY search_id) c
       ON c.search_id = s.search_id
     WHERE coalesce(s.page, 1) = 1 AND len(s.hit_ids) > 0 AND s.configuration_id = $c`,
    { c: configuration },
  );
  const searches = Number(row?.searches ?? 0);
  return searches ? Number(row?.clicks ?? 0) / searches : null;
}

/**
 * `npm run bench estimates`: the demo's week (20,000 sessions drawn under DBN, logged under default and new-arrivals)
 * replayed for B = new-arrivals and bestsellers with each model: every estimator's error against B's true clicks@10
 * (the simulator's truth, test/fixtures/traffic/demo-truth.json), its interval's width, whether it holds the truth, and
 * the time after B's rankings are fetched (goal 10 s), beside the peer an A/B test would read where B served shoppers.
 */
export async function benchEstimates(): Promise<void> {
  const truth = JSON.parse(await readFile(join(ROOT, 'test', 'fixtures', 'traffic', 'demo-truth.json'), 'utf8')) as TrafficTruth;
  // The clock pinned: bestsellers has a trigger on the hour, and the estimate and the truth must see one page.
  const emulator = await startEmulator({ items: DEMO_TRAFFIC.items, now: () => Date.parse('2026-11-04T12:00:00Z') });
  const http = new HttpClient({ connectionsPerOrigin: 16 });
  const search = new SearchClient(http);
  const store = await TrafficStore.open(join(ROOT, 'examples', 'workspace', 'traffic'));
  const rows: (string | number)[][] = [];
  const timing: (string | number)[][] = [];
  const outcomes: (string | number)[][] = [];
  try {
    const { contexts } = await replayLogOnStore(new StoreQueries(store), { filter: {}, configuration: 'default', k: 10 }, async (c) =>
      c.map(() => []),
    );
    const trueOf = (configurationId: string) =>
      trueClicksAtK(search, { baseUrl: emulator.searchUrl, token: TOKEN, configurationId, truth, contexts, k: 10 });
    const truthA = await trueOf('default');
    const trueA = truthA.clicks;
    for (const b of ['new-arrivals', 'bestsellers']) {
      const truthB = await trueOf(b);
      const trueB = truthB.clicks;
      const peer = await loggedClicks(store, b);
      for (const model of ['pbm', 'dbn'] as ReplayModel[]) {
        const report = await estimateOnStore({ search }, new StoreQueries(store), {
          filter: {},
          configuration: 'default',
          source: { kind: 'service', baseUrl: emulator.searchUrl, token: TOKEN, configurationId: b },
          model,
          k: 10,
        });
        for (const e of report.estimates)
          rows.push([
            b,
            model,
            e.estimator,
            e.b.value.toFixed(4),
            trueB.toFixed(4),
            `${((e.b.value / trueB - 1) * 100).toFixed(1)}%`,
            (e.b.ci95[1] - e.b.ci95[0]).toFixed(4),
            e.b.ci95[0] <= trueB && trueB <= e.b.ci95[1] ? 'yes' : 'no',
            `${(e.delta.value >= 0 ? '+' : '') + e.delta.value.toFixed(4)} (true ${(trueB - trueA >= 0 ? '+' : '') + (trueB - trueA).toFixed(4)})`,
            `${Math.round(e.coverage * 100)}%`,
          ]);
        for (const o of report.outcomes) {
          const [tb, ta] = [truthB[o.outcome], truthA[o.outcome]];
          outcomes.push([
            b,
            model,
            o.outcome,
            o.b.value.toFixed(4),
            tb.toFixed(4),
            `${((o.b.value / tb - 1) * 100).toFixed(1)}%`,
            o.b.ci95[0] <= tb && tb <= o.b.ci95[1] ? 'yes' : 'no',
            `${(o.delta.value >= 0 ? '+' : '') + o.delta.value.toFixed(4)} (true ${(tb - ta >= 0 ? '+' : '') + (tb - ta).toFixed(4)})`,
          ]);
        }
        const t = report.interleaving;
        rows.push([
          b,
          model,
          'interleave',
          `won ${t.wins}, lost ${t.losses}`,
          '',
          '',
          '',
          '',
          `${(t.delta.value * 100).toFixed(1)}% of searches`,
          '',
        ]);
        timing.push([
          b,
          model,
          report.searches,
          report.ms.rankings,
          report.ms.log + report.ms.estimate,
          report.ms.log + report.ms.estimate <= GOAL_MS ? 'PASS' : 'FAIL',
        ]);
      }
      if (peer !== null)
        rows.push([
          b,
          '—',
          'peer: clicks@10 logged under B',
          peer.toFixed(4),
          trueB.toFixed(4),
          `${((peer / trueB - 1) * 100).toFixed(1)}%`,
          '',
          '',
          '',
          '',
        ]);
    }
  } finally {
    store.close();
    await http.close();
    await emulator.stop();
  }
  printTable(
    `Estimates on the demo's week: B's clicks@10 on default's ${Number(timing[0]?.[2] ?? 0).toLocaleString('en-US')} first pages against the simulator's truth (drawn under DBN; PBM is a model that does not match it)`,
    ['B', 'model', 'estimator', 'B', 'true B', 'error', '95% width', 'holds truth', 'B − A', 'coverage'],
    rows,
  );
  printTable(
    "Estimates on the demo's week by the model: B's click-through, add-to-carts and purchases per search against the simulator's truth",
    ['B', 'model', 'outcome', 'B', 'true B', 'error', 'holds truth', 'B − A'],
    outcomes,
  );
  printTable(
    'Estimates: time after B’s rankings are fetched (reading the store, fitting, 60 bootstrap replicates refitting the model, every estimator and the interleaving replay), goal 10 s',
    ['B', 'model', "A's searches", "B's rankings ms (not in the goal)", 'estimate ms', 'goal 10 s'],
    timing,
  );
}
