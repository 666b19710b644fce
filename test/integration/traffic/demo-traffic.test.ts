import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../../src/main/emulator';
import { HttpClient } from '../../../src/main/services/http';
import { SearchClient } from '../../../src/main/services/search';
import { DEMO_TRAFFIC, importFile, simulateTraffic, TrafficStore } from '../../../src/main/services/traffic';
import { sqlText } from '../../../src/main/services/traffic/duck';
import type { TrafficTruth } from '../../../src/shared/traffic';

/**
 * The Local demo's shipped week of traffic is what its recorded command makes: one day of it made again, against the
 * same emulator, gives the very rows the shipped Parquet files hold for those sessions.
 */
const ROOT = join(import.meta.dirname, '../../..');
const SHIPPED = join(ROOT, 'examples', 'workspace', 'traffic');
const DAY = '2026-11-03';

let emulator: RunningEmulator;
let dir: string;
beforeAll(async () => {
  emulator = await startEmulator({ items: DEMO_TRAFFIC.items });
  dir = await mkdtemp(join(tmpdir(), 'wb-demo-traffic-'));
});
afterAll(async () => {
  await emulator?.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('the demo traffic', () => {
  it('records the command and seed that made it', async () => {
    const madeBy = JSON.parse(await readFile(join(SHIPPED, 'made-by.json'), 'utf8'));
    expect(madeBy).toMatchObject({ command: DEMO_TRAFFIC.command, ...DEMO_TRAFFIC.simulation });
  });

  // A day of shoppers simulated against the emulator and imported: about 15 s on 2 busy cores, so the limit is the one
  // a hung run needs, not the machine's speed.
  it(`made again for ${DAY}: the same searches and events as shipped`, async () => {
    const http = new HttpClient({ connectionsPerOrigin: 16 });
    const out = join(dir, 'out');
    try {
      await simulateTraffic(
        { http, search: new SearchClient(http) },
        { ...DEMO_TRAFFIC.simulation, baseUrl: emulator.searchUrl, out, onlyDay: DAY },
      );
    } finally {
      await http.close();
    }
    const again = await TrafficStore.open(join(dir, 'store'));
    const shipped = await TrafficStore.open(SHIPPED);
    try {
      for (const file of ['queries.jsonl', 'events.jsonl']) await importFile(again, join(out, file));
      const sessions = (await again.duck.all('SELECT DISTINCT session_id FROM searches ORDER BY 1')).map((r) => String(r.session_id));
      expect(sessions.length).toBeGreaterThan(2000);
      // The shipped store's rows of the sessions made again (each store reads only its own folder: the ids go as values).
      const made = sessions.map((id) => sqlText(id)).join(', ');
      const rows = async (store: TrafficStore, table: 'searches' | 'events') =>
        // `application` is read from UBI since the shipped store was made (which app logged the line): its files have none.
        store.duck.all(`SELECT * EXCLUDE (source, application) FROM ${table} WHERE session_id IN (${made}) ORDER BY ALL`);
      for (const table of ['searches', 'events'] as const) {
        const madeAgain = await rows(again, table);
        expect(madeAgain.length).toBeGreaterThan(1000);
        expect(await rows(shipped, table)).toEqual(madeAgain);
      }
    } finally {
      again.close();
      shipped.close();
    }
  }, 120_000);

  it("the truth's click-through is what the shipped store counts, per configuration", async () => {
    const truth = JSON.parse(await readFile(join(ROOT, 'test', 'fixtures', 'traffic', 'demo-truth.json'), 'utf8')) as TrafficTruth;
    const store = await TrafficStore.open(SHIPPED);
    try {
      const { rows } = await store.report('configuration');
      expect(rows.map((r) => r.group).sort()).toEqual(Object.keys(truth.configurations));
      for (const row of rows) {
        const t = truth.configurations[row.group!]!;
        expect(row.searches).toBe(t.searches);
        expect(row.ctrAtK).toBeCloseTo(t.observedCtrAtK, 6);
        // What the run drew is within sampling error of what the model expects (four standard errors).
        expect(Math.abs(row.ctrAtK - t.expectedCtrAtK)).toBeLessThan(
          4 * Math.sqrt((t.expectedCtrAtK * (1 - t.expectedCtrAtK)) / t.searches),
        );
      }
    } finally {
      store.close();
    }
  });
});
