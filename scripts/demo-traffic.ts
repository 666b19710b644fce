/**
 * Writes the Local demo's week of shopper traffic: examples/workspace/traffic/ (the Parquet store a new install's
 * workspace gets) and test/fixtures/traffic/demo-truth.json (the truth it was drawn from, for tests and benches only),
 * by running the simulator against the demo emulator (20,000 items, seed 42) — `npx tsx scripts/demo-traffic.ts`.
 * The command and seed are recorded beside the store in made-by.json; a test regenerates a day and compares.
 */
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmulator } from '../src/main/emulator';
import { HttpClient } from '../src/main/services/http';
import { SearchClient } from '../src/main/services/search';
import { DEMO_TRAFFIC, importFile, simulateTraffic, TrafficStore } from '../src/main/services/traffic';

const root = join(import.meta.dirname, '..');
const store = join(root, 'examples', 'workspace', 'traffic');

async function main(): Promise<void> {
  const emulator = await startEmulator({ items: DEMO_TRAFFIC.items });
  const http = new HttpClient({ connectionsPerOrigin: 16 });
  const out = await mkdtemp(join(tmpdir(), 'demo-traffic-'));
  const started = Date.now();
  try {
    const summary = await simulateTraffic(
      { http, search: new SearchClient(http) },
      { ...DEMO_TRAFFIC.simulation, baseUrl: emulator.searchUrl, out, command: DEMO_TRAFFIC.command },
      (p) => {
        if (p.sessions % 1000 === 0) process.stderr.write(`${p.sessions}/${p.total} sessions\n`);
      },
    );
    await rm(store, { recursive: true, force: true });
    const opened = await TrafficStore.open(store);
    try {
      for (const file of summary.files.slice(0, 2)) await importFile(opened, file, undefined, { outcomes: false });
    } finally {
      opened.close();
    }
    // The ledger names where this machine imported from and when: not part of what the demo ships.
    await rm(join(store, 'imports.json'), { force: true });
    await writeFile(
      join(store, 'made-by.json'),
      `${JSON.stringify({ command: DEMO_TRAFFIC.command, ...DEMO_TRAFFIC.simulation, emulator: { items: DEMO_TRAFFIC.items, seed: 42 } }, null, 2)}\n`,
    );
    await mkdir(join(root, 'test', 'fixtures', 'traffic'), { recursive: true });
    await copyFile(join(out, 'truth.json'), join(root, 'test', 'fixtures', 'traffic', 'demo-truth.json'));
    process.stderr.write(
      `${summary.sessions} sessions, ${summary.searches} searches, ${summary.events} events in ${((Date.now() - started) / 1000).toFixed(0)} s\n`,
    );
  } finally {
    await rm(out, { recursive: true, force: true });
    await http.close();
    await emulator.stop();
  }
}

void main();
