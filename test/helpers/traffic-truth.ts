/**
 * Simulated shopper traffic with the truth the simulator knows, for the estimates' truth tests (`npm test`'s small
 * one and `npm run validate`'s many seeds): shoppers drawn from a click model over a hidden relevance, logged under
 * default and new-arrivals, imported into a store; and the true clicks@10 (click-through, add-to-carts, purchases)
 * of any configuration on the searches logged under A.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { replayLogOnStore, trueClicksAtK } from '../../src/main/services/estimates';
import { HttpClient } from '../../src/main/services/http';
import { SearchClient } from '../../src/main/services/search';
import { importFile, simulateTraffic, StoreQueries, TrafficStore } from '../../src/main/services/traffic';
import type { ClickModelName, TrafficTruth } from '../../src/shared/traffic';
import { DEMO_TOKEN, testEmulator } from './emulator';

export interface TruthBench {
  url: string;
  search: SearchClient;
  /** Simulated traffic under default and new-arrivals, imported into a store: its folder and its truth. */
  traffic: (seed: number, sessions: number, model: ClickModelName) => Promise<{ storeDir: string; truth: TrafficTruth }>;
  /** A's and B's true outcomes on A's replayed searches. */
  truthOf: (storeDir: string, truth: TrafficTruth, b: string) => Promise<{ a: Outcomes; b: Outcomes }>;
  close: () => Promise<void>;
}
type Outcomes = Awaited<ReturnType<typeof trueClicksAtK>>;

export async function truthBench(): Promise<TruthBench> {
  // The clock pinned: bestsellers has a trigger on the hour, and B's pages must be the same for the estimate and the truth.
  const em = await testEmulator({ items: 6000, now: () => Date.parse('2026-11-04T12:00:00Z') });
  const dir = await mkdtemp(join(tmpdir(), 'wb-estimates-'));
  const http = new HttpClient({ connectionsPerOrigin: 16 });
  const search = new SearchClient(http);

  const traffic: TruthBench['traffic'] = async (seed, sessions, model) => {
    const out = join(dir, `${model}-${seed}-${sessions}`);
    await simulateTraffic(
      { http, search },
      {
        baseUrl: em.url,
        token: DEMO_TOKEN,
        trackerKey: 'demo-tracker-key-0001',
        sessions,
        days: 7,
        seed,
        configurations: ['default', 'new-arrivals'],
        clickModel: model,
        start: '2026-11-01',
        out,
      },
    );
    const storeDir = join(out, 'store');
    const store = await TrafficStore.open(storeDir);
    try {
      for (const f of ['queries.jsonl', 'events.jsonl']) await importFile(store, join(out, f));
    } finally {
      store.close();
    }
    return { storeDir, truth: JSON.parse(await readFile(join(out, 'truth.json'), 'utf8')) as TrafficTruth };
  };

  const truthOf: TruthBench['truthOf'] = async (storeDir, truth, b) => {
    const store = await TrafficStore.open(storeDir);
    try {
      const { contexts } = await replayLogOnStore(new StoreQueries(store), { filter: {}, configuration: 'default', k: 10 }, async (c) =>
        c.map(() => []),
      );
      const at = (configurationId: string) =>
        trueClicksAtK(search, { baseUrl: em.url, token: DEMO_TOKEN, configurationId, truth, contexts, k: 10 });
      return { a: await at('default'), b: await at(b) };
    } finally {
      store.close();
    }
  };

  return {
    url: em.url,
    search,
    traffic,
    truthOf,
    close: async () => {
      await http.close();
      await em.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** What `traffic estimate --format json` prints for one estimator. */
export interface EstimateJson {
  estimator: string;
  a: { value: number };
  b: { value: number; ci95: [number, number] };
  delta: { value: number; ci95: [number, number]; p: number };
  coverage: number;
  searches: number;
}
