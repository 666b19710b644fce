/**
 * `npm run validate`: estimates on traffic against the truth the simulator knows, at full size — shoppers drawn from a
 * click model over a hidden relevance, 4,000 sessions under default and new-arrivals; B's true clicks@10 is what those
 * shoppers would have clicked on B's page in expectation. The estimates must land near it where the log covers B's
 * items, get the sign of a real difference right, and their intervals must hold it in most of 20 seeds. `npm test`
 * runs one smaller log (test/integration/estimates/truth.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main';
import { estimateOnStore } from '../../src/main/services/estimates';
import { StoreQueries, TrafficStore } from '../../src/main/services/traffic';
import { captureIo } from '../helpers/cli-io';
import { DEMO_TOKEN } from '../helpers/emulator';
import { truthBench, type EstimateJson, type TruthBench } from '../helpers/traffic-truth';

let bench: TruthBench;
beforeAll(async () => {
  bench = await truthBench();
});
afterAll(async () => {
  await bench?.close();
});

describe('traffic estimate against the simulator’s truth', () => {
  it.each([
    ['dbn' as const, 3],
    ['pbm' as const, 4],
  ])(
    'traffic drawn under %s (seed %i): model and DR within a tenth of B’s true clicks@10 where coverage is at least a half, the sign right where the truth differs by a twentieth',
    async (model, seed) => {
      const { storeDir, truth } = await bench.traffic(seed, 4000, model);
      for (const b of ['new-arrivals', 'bestsellers']) {
        const io = captureIo();
        const code = await main(
          [
            ...['traffic', 'estimate', '--store', storeDir, '--a-config', 'default', '--b-config', b],
            ...['--base-url', bench.url, '--token', DEMO_TOKEN, '--click-model', model, '--estimator', 'all', '--format', 'json'],
          ],
          io,
        );
        expect(code, io.err.join('\n')).toBe(0);
        const all = JSON.parse(io.out.join('\n')) as EstimateJson[];
        expect(all.map((e) => e.estimator)).toEqual(['model', 'ips', 'snips', 'dr', 'interleave']);
        const truths = await bench.truthOf(storeDir, truth, b);
        const t = { a: truths.a.clicks, b: truths.b.clicks };
        const trueDelta = t.b - t.a;
        for (const e of all.filter((x) => x.estimator === 'model' || x.estimator === 'dr')) {
          const error = e.b.value / t.b - 1;
          if (e.coverage >= 0.5) expect(Math.abs(error), `${b} ${e.estimator}: ${e.b.value} against ${t.b}`).toBeLessThan(0.1);
          if (Math.abs(trueDelta) >= 0.05 * t.a) expect(Math.sign(e.delta.value), `${b} ${e.estimator} B − A`).toBe(Math.sign(trueDelta));
        }
        // Click-through, add-to-carts and purchases by the model: within a tenth of B's truth too, where coverage allows.
        const store = await TrafficStore.open(storeDir);
        try {
          const report = await estimateOnStore({ search: bench.search }, new StoreQueries(store), {
            filter: {},
            configuration: 'default',
            source: { kind: 'service', baseUrl: bench.url, token: DEMO_TOKEN, configurationId: b },
            model,
            k: 10,
            replicates: 0,
          });
          expect(report.outcomes.map((o) => o.outcome)).toEqual(['ctr', 'carts', 'purchases']);
          for (const o of report.outcomes) {
            const error = o.b.value / truths.b[o.outcome] - 1;
            console.log(
              `${model} ${b} ${o.outcome}: ${o.b.value.toFixed(4)} against ${truths.b[o.outcome].toFixed(4)} (${(error * 100).toFixed(1)}%), A ${o.a.value.toFixed(4)} against ${truths.a[o.outcome].toFixed(4)}`,
            );
            if (report.coverage >= 0.5) expect(Math.abs(error), `${b} ${o.outcome}`).toBeLessThan(0.1);
          }
        } finally {
          store.close();
        }
        // Coverage: new-arrivals' items are in the log (it served half the shoppers); bestsellers' mostly are not.
        if (b === 'new-arrivals') expect(all[0]!.coverage).toBeGreaterThan(0.9);
        else expect(all[0]!.coverage).toBeLessThan(0.7);
      }
    },
    240_000,
  );

  it('the 95% interval of DR holds B’s true clicks@10 in at least 16 of 20 seeds (default → new-arrivals, PBM)', async () => {
    let held = 0;
    const misses: string[] = [];
    for (let seed = 101; seed <= 120; seed++) {
      const { storeDir, truth } = await bench.traffic(seed, 600, 'pbm');
      const store = await TrafficStore.open(storeDir);
      try {
        const report = await estimateOnStore({ search: bench.search }, new StoreQueries(store), {
          filter: {},
          configuration: 'default',
          source: { kind: 'service', baseUrl: bench.url, token: DEMO_TOKEN, configurationId: 'new-arrivals' },
          model: 'pbm',
          k: 10,
        });
        const t = { b: (await bench.truthOf(storeDir, truth, 'new-arrivals')).b.clicks };
        const dr = report.estimates.find((e) => e.estimator === 'dr')!;
        if (dr.b.ci95[0] <= t.b && t.b <= dr.b.ci95[1]) held++;
        else
          misses.push(
            `seed ${seed}: ${dr.b.value.toFixed(4)} [${dr.b.ci95.map((x) => x.toFixed(4)).join(', ')}] against ${t.b.toFixed(4)}`,
          );
      } finally {
        store.close();
      }
    }
    console.log(`DR's interval held the truth in ${held} of 20 seeds${misses.length ? `; missed:\n${misses.join('\n')}` : ''}`);
    expect(held, misses.join('\n')).toBeGreaterThanOrEqual(16);
  }, 600_000);
});
