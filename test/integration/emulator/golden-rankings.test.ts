import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { demoConfig } from '../../../src/main/emulator/config';
import { Emulator } from '../../../src/main/emulator/emulator';
import { runSearch } from '../../../src/main/emulator/engine/search';
import { shopperQueries } from '../../../src/main/emulator/engine/usage-log';
import { DEMO_QUERIES } from '../../../src/main/emulator/catalog/demo-queries';

/**
 * The demo tenant's rankings, frozen: the top 24 ids of ~200 queries under
 * every configuration, on the 20,000-item demo catalog. Demo judgments,
 * experiments and other suites rest on these rankings, so any change to the
 * emulator's text engine must reproduce them exactly. `UPDATE_GOLDEN=1`
 * records the file again (only on purpose, with the reason in the commit).
 */
const FILE = join(import.meta.dirname, '../../fixtures/golden-rankings.json');
const ITEMS = 20_000;
const TOP = 24;

/** Typos shoppers make: dropped, doubled and swapped letters — the engine's fuzzy path. */
const MISSPELLINGS = [
  'runnig shoes',
  'jakcet',
  'hoddie',
  'sneeker',
  'sandles',
  'tshirt',
  'hikng boots',
  'rain jackt',
  'down jaket',
  'parkka',
  'windbraker',
  'jeens',
  'backpak',
  'sweatshrit',
  'leggins',
  'fleec',
  'merion wool',
  'waterprof jacket',
  'trail runing shoes',
  'womens sandels',
  'mens hodie',
  'kids sneakrs',
  'blak jacket',
  'bleu jeans',
  'gren hoodie',
  'shorst',
];

function queries(): string[] {
  const popular = shopperQueries(42)
    .sort((a, b) => b.weight - a.weight || (a.query < b.query ? -1 : 1))
    .slice(0, 90)
    .map((q) => q.query);
  return [...new Set([...DEMO_QUERIES.map((q) => q.query), ...popular, ...MISSPELLINGS])];
}

async function rankings(): Promise<{ queries: string[]; configurations: string[]; top: Record<string, Record<string, string[]>> }> {
  const config = demoConfig();
  config.catalog = { ...config.catalog, items: ITEMS };
  const emulator = await Emulator.create(config, () => Date.parse('2026-06-01T00:00:00Z'));
  const tenant = emulator.tenants.get('demo')!;
  const configurations = [...tenant.configurations.keys()];
  const list = queries();
  const top: Record<string, Record<string, string[]>> = {};
  const ctx = { baseUrl: 'http://127.0.0.1:1', now: new Date('2026-06-01T00:00:00Z') };
  for (const configurationId of configurations) {
    top[configurationId] = {};
    for (const query of list) {
      const answer = runSearch(tenant, { token: 'demo-search-token-0001', query, configurationId, options: { limit: TOP } }, ctx);
      top[configurationId]![query] = (answer.items ?? []).map((item) => item.id);
    }
  }
  return { queries: list, configurations, top };
}

describe('golden rankings of the demo tenant', () => {
  it(`reproduces the top ${TOP} of every query under every configuration at ${ITEMS.toLocaleString('en-US')} items`, async () => {
    const now = await rankings();
    expect(now.queries.length).toBeGreaterThanOrEqual(190);
    if (process.env.UPDATE_GOLDEN === '1' || !existsSync(FILE)) {
      if (process.env.CI) throw new Error(`${FILE} is missing; record it with UPDATE_GOLDEN=1 and commit it.`);
      await writeFile(FILE, `${JSON.stringify({ items: ITEMS, depth: TOP, ...now }, null, 1)}\n`);
    }
    const golden = JSON.parse(await readFile(FILE, 'utf8')) as Awaited<ReturnType<typeof rankings>>;
    expect(now.configurations).toEqual(golden.configurations);
    expect(now.queries).toEqual(golden.queries);
    // Compared per configuration and query, so a failure names which ranking moved.
    for (const c of golden.configurations)
      for (const q of golden.queries)
        expect({ configuration: c, query: q, ids: now.top[c]![q] }).toEqual({ configuration: c, query: q, ids: golden.top[c]![q] });
    // Most queries answer something, so the file holds rankings and not a list of empty answers.
    const answered = golden.queries.filter((q) => (golden.top.default![q] ?? []).length > 0).length;
    expect(answered).toBeGreaterThan(150);
  }, 120_000);
});
