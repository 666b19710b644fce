import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../src/main/core';
import type { CatalogItem } from '../../../src/main/emulator/catalog/generate';
import { DEMO_QUERIES, relevance } from '../../../src/main/emulator/catalog/demo-queries';
import { DEMO_FILES } from '../../../src/main/services/demo/demo-workspace';
import { DEMO_SUITE, demoSuiteFiles } from '../../../src/main/services/demo/demo-suite';
import { METRIC_NAMES } from '../../../src/shared/metrics/quality';

const item = (over: Partial<CatalogItem>): CatalogItem => ({
  id: 'SKU-1',
  title: 'Northvale Tempo Rain Jacket',
  description: '',
  brand: 'Northvale',
  category: 'Jackets',
  categoryPath: 'Clothing > Outerwear > Jackets',
  department: 'Clothing',
  gender: 'Women',
  colour: 'Black',
  sizes: [],
  material: 'nylon',
  price: 100,
  discountRate: 0,
  rating: 4,
  reviewCount: 3,
  stock: 5,
  created: '2026-01-01T00:00:00Z',
  tags: ['waterproof'],
  kind: 'product',
  recommended: false,
  ...over,
});

describe('demo relevance rule', () => {
  it('grades by category, named product, attributes and stock — never by any configuration’s score', () => {
    const jackets = { categories: ['Jackets'] };
    expect(relevance(jackets, item({}))).toBe(3);
    expect(relevance({ ...jackets, noun: 'Rain Jacket' }, item({}))).toBe(3);
    expect(relevance({ ...jackets, noun: 'Down Jacket' }, item({}))).toBe(2);
    expect(
      relevance(
        { ...jackets, noun: 'Rain Jacket' },
        item({ category: 'Kids Jackets', categoryPath: 'Kids > Clothing > Kids Jackets', title: 'Tessel Puddle Kids Rain Jacket' }),
      ),
    ).toBe(1);
    // A sibling category of the same family.
    expect(
      relevance(
        { categories: ['Road Running Shoes'] },
        item({ category: 'Trail Running Shoes', categoryPath: 'Shoes > Running > Trail Running Shoes' }),
      ),
    ).toBe(1);
    expect(relevance(jackets, item({ category: 'Jeans', categoryPath: 'Clothing > Bottoms > Jeans' }))).toBe(0);
    // Attributes: all fit, some, none.
    expect(relevance({ ...jackets, colour: 'Black', gender: 'Women' }, item({}))).toBe(3);
    expect(relevance({ ...jackets, colour: 'Red', gender: 'Women' }, item({}))).toBe(2);
    expect(relevance({ ...jackets, colour: 'Red' }, item({}))).toBe(1);
    expect(relevance({ ...jackets, gender: 'Men' }, item({ gender: 'Unisex' }))).toBe(3);
    expect(relevance({ ...jackets, tag: 'waterproof' }, item({ tags: [] }))).toBe(1);
    // A brand query is about the brand alone.
    expect(relevance({ brand: 'Northvale' }, item({}))).toBe(3);
    expect(relevance({ brand: 'Korvo' }, item({}))).toBe(0);
    // Out of stock: at most marginal. Guides and queries the shop cannot answer: 0.
    expect(relevance(jackets, item({ stock: 0 }))).toBe(1);
    expect(relevance(jackets, item({ kind: 'content' }))).toBe(0);
    expect(relevance({ nothing: true }, item({}))).toBe(0);
  });

  it('covers the shapes of a real search log in at least 100 queries', () => {
    expect(DEMO_QUERIES.length).toBeGreaterThanOrEqual(100);
    expect(new Set(DEMO_QUERIES.map((q) => q.query)).size).toBe(DEMO_QUERIES.length);
    const count = (test: (q: (typeof DEMO_QUERIES)[number]) => boolean) => DEMO_QUERIES.filter(test).length;
    expect(count((q) => !!q.intent.brand && !q.intent.categories)).toBeGreaterThanOrEqual(5);
    expect(count((q) => !!q.intent.colour)).toBeGreaterThanOrEqual(15);
    expect(count((q) => !!q.intent.gender)).toBeGreaterThanOrEqual(5);
    expect(count((q) => /misspelt|one word/.test(q.note))).toBeGreaterThanOrEqual(8);
    expect(count((q) => !!q.intent.nothing)).toBeGreaterThanOrEqual(5);
    expect(count((q) => !!q.unjudged)).toBeGreaterThanOrEqual(10);
    expect(DEMO_QUERIES.every((q) => q.note.length > 0)).toBe(true);
  });
});

describe('the demo workspace on the Local demo catalog (20,000 items)', () => {
  let dataDir: string;
  let core: Core;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'wb-demo-'));
    core = await createCore({ dataDir, transport: 'browser', keychain: false, localDemo: { items: 20_000 } });
  }, 120_000);
  afterAll(async () => {
    await core?.dispose();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('is written on first start: the query set, its judgments, an experiment and the regression suite', async () => {
    const listing = await core.services.workspace.listing();
    expect(listing.items['query-sets'].map((i) => i.file).sort()).toEqual([DEMO_FILES.querySet, 'demo-suite-queries.json']);
    // The repository's examples/workspace/ is this workspace: the suite's files byte for byte as kept there, and the
    // demo query set, judgments and experiment byte for byte as the app writes them (so README's examples run).
    const examples = resolve(import.meta.dirname, '../../../examples/workspace');
    const rewrite = 'run npx tsx test/helpers/write-demo-workspace.ts';
    expect(listing.items.requests.map((i) => i.file).sort()).toEqual(Object.keys(DEMO_SUITE.requests).sort());
    for (const { path, text } of demoSuiteFiles()) {
      expect(await readFile(join(examples, path), 'utf8'), `examples/workspace/${path}: ${rewrite}`).toBe(text);
      const [kind, file] = path.split('/') as ['requests' | 'query-sets', string];
      expect(JSON.parse(await readFile(join(core.services.workspace.kindFolder(kind), file), 'utf8'))).toEqual(JSON.parse(text));
    }
    for (const [kind, file] of [
      ['query-sets', DEMO_FILES.querySet],
      ['judgments', DEMO_FILES.judgments],
      ['experiments', DEMO_FILES.experiment],
    ] as const)
      expect(await readFile(join(examples, kind, file), 'utf8'), `examples/workspace/${kind}/${file}: ${rewrite}`).toBe(
        await readFile(join(core.services.workspace.kindFolder(kind), file), 'utf8'),
      );
    expect(listing.items.judgments[0]).toMatchObject({ file: DEMO_FILES.judgments, name: 'Demo judgments' });
    expect(listing.items.experiments[0]).toMatchObject({
      file: DEMO_FILES.experiment,
      summary: `default vs new-arrivals · ${DEMO_FILES.querySet} · ${DEMO_FILES.judgments} · not run yet`,
    });
    const list = await core.services.judgments.read(DEMO_FILES.judgments);
    expect(list.ratings.length).toBeGreaterThan(2000);
    // Graded: irrelevant (another category, a guide), marginal (out of stock, a sibling category) and perfect.
    const grades = new Set(list.ratings.map((r) => r.rating));
    for (const g of [0, 1, 3]) expect(grades).toContain(g);
    // The queries left for the judging queue have no rating.
    const unjudged = new Set(DEMO_QUERIES.filter((q) => q.unjudged).map((q) => q.query));
    expect(list.ratings.some((r) => unjudged.has(r.query))).toBe(false);
  });

  it('shows a significant and a non-significant metric when run: new-arrivals costs nDCG, not the first relevant rank', async () => {
    const { id } = await core.services.experiments.run(DEMO_FILES.experiment);
    const progress = await core.services.compare.finished(id);
    expect(progress).toMatchObject({ status: 'done', failed: 0 });
    const { quality } = await core.services.compare.quality(id);
    expect(quality!.paired).toBeGreaterThanOrEqual(80);
    const significant = METRIC_NAMES.filter((m) => quality!.metrics[m].significant);
    expect(significant).toContain('ndcg');
    expect(quality!.metrics.ndcg.delta).toBeLessThan(0);
    expect(quality!.metrics.rr.significant).toBe(false);
  }, 120_000);

  it('is added back on request where missing, and never over a file', async () => {
    expect(await core.services.demoFiles.add()).toEqual({ written: [] });
    await core.services.workspace.delete('judgments', DEMO_FILES.judgments);
    expect(await core.services.demoFiles.add()).toEqual({ written: [`judgments/${DEMO_FILES.judgments}`] });
    // The first-run marker: a restart does not write the files again once the user deleted them.
    expect(JSON.parse(await readFile(join(dataDir, 'demo-workspace.json'), 'utf8')).files).toHaveLength(3 + demoSuiteFiles().length);
  });
});
