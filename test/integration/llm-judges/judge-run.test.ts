import { createServer, type Server } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_QUERIES, relevance } from '../../../src/main/emulator/catalog/demo-queries';
import { judgePairs, type JudgePair } from '../../../src/main/services/llm-judges';
import { testEmulator, type TestEmulator } from '../../helpers/emulator';

/**
 * A small OpenAI-compatible server with fixed answers: each item's verdict by its id, a 429 with Retry-After on
 * the first request for `busy`, malformed JSON always for `bad` and once for `flaky`, usage 100 + 10 tokens.
 */
function fakeJudge() {
  const seen = new Map<string, number>();
  let requests = 0;
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      requests++;
      const { messages } = JSON.parse(body) as { messages: { role: string; content: string }[] };
      const id = [...messages.at(-1)!.content.matchAll(/"id": "([^"]+)"/g)].at(-1)![1]!;
      const n = (seen.get(id) ?? 0) + 1;
      seen.set(id, n);
      if (id === 'busy' && n === 1) {
        res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '1' });
        return res.end(JSON.stringify({ error: { message: 'slow down', type: 'rate_limit_exceeded' } }));
      }
      const content =
        id === 'bad' || (id === 'flaky' && n === 1)
          ? 'Rating: two'
          : JSON.stringify({ rating: Number(id.slice(-1)) || 1, reason: `fixed ${id}` });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id: 'x',
          object: 'chat.completion',
          created: 0,
          model: 'fixed',
          choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
          usage: { prompt_tokens: 100, completion_tokens: 10, total_tokens: 110 },
        }),
      );
    });
  });
  return { server, requests: () => requests };
}

const pair = (id: string): JudgePair => ({ query: 'trail shoes', item: { id, fields: { title: `Item ${id}` } } });

describe('judging through an OpenAI-compatible endpoint', () => {
  const fake = fakeJudge();
  let url = '';
  let dir = '';
  beforeAll(async () => {
    await new Promise<void>((done) => fake.server.listen(0, '127.0.0.1', done));
    const address = fake.server.address() as { port: number };
    url = `http://127.0.0.1:${address.port}/v1`;
    dir = await mkdtemp(join(tmpdir(), 'wb-llm-'));
  });
  afterAll(async () => {
    fake.server.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('rates as the judge answered, waits out a 429, makes malformed answers no verdict, costs what usage says, and asks nothing twice', async () => {
    const pairs = ['item-2', 'item-3', 'busy', 'flaky', 'bad', 'item-0'].map(pair);
    const run = {
      judge: { baseUrl: url, model: 'fixed', apiKey: 'k' },
      scale: { max: 3, threshold: 1 },
      pairs,
      concurrency: 2,
      cacheDir: dir,
      prices: { input: 1, output: 10 },
    };
    const first = await judgePairs(run);
    const byItem = Object.fromEntries(first.ratings.map((r) => [r.itemId, r]));
    expect(Object.fromEntries(Object.entries(byItem).map(([id, r]) => [id, r.rating]))).toEqual({
      'item-2': 2,
      'item-3': 3,
      busy: 1,
      flaky: 1,
      'item-0': 1,
    });
    expect(byItem['item-2']).toMatchObject({ by: 'llm:fixed', reason: 'fixed item-2', query: 'trail shoes' });
    expect(first.noVerdict).toEqual([{ query: 'trail shoes', itemId: 'bad', problem: expect.stringMatching(/not JSON/) }]);
    expect(first.failed).toEqual([]);
    // Six pairs, one 429 retried, one malformed answer asked again and one asked twice in vain: 9 requests.
    expect(first.requests).toBe(9);
    expect(fake.requests()).toBe(9);
    // Every answered request's usage is counted (the 429 had none): 8 × (100 + 10).
    expect(first.tokens).toEqual({ prompt: 800, completion: 80 });
    expect(first.cost).toBeCloseTo((800 * 1 + 80 * 10) / 1_000_000, 12);

    // A run over the pairs that got verdicts sends nothing; the whole set again asks only the one without a verdict
    // (twice): a verdict is never taken from nothing.
    const judged = await judgePairs({ ...run, pairs: pairs.filter((p) => p.item.id !== 'bad') });
    expect(judged.requests).toBe(0);
    expect(judged.cached).toBe(5);
    expect(fake.requests()).toBe(9);
    const second = await judgePairs(run);
    expect(fake.requests()).toBe(11);
    expect(second.requests).toBe(2);
    expect(second.cached).toBe(5);
    expect(second.ratings.map((r) => [r.itemId, r.rating])).toEqual(first.ratings.map((r) => [r.itemId, r.rating]));
    expect(second.noVerdict.map((n) => n.itemId)).toEqual(['bad']);
  });

  it('stops before a request that could pass the cost limit', async () => {
    const before = fake.requests();
    const outcome = await judgePairs({
      judge: { baseUrl: url, model: 'fixed', apiKey: 'k' },
      scale: { max: 3, threshold: 1 },
      pairs: ['item-1', 'item-2', 'item-3'].map(pair),
      concurrency: 1,
      prices: { input: 1000, output: 1000 },
      maxCost: 0.3,
    });
    expect(outcome.stopped).toBe('max-cost');
    expect(fake.requests() - before).toBe(1);
    expect(outcome.cost).toBeLessThanOrEqual(0.3);
  });
});

describe("Local demo's judge", () => {
  let em: TestEmulator;
  beforeAll(async () => {
    em = await testEmulator();
  });
  afterAll(async () => {
    await em.stop();
  });

  const demoPairs = async (queries: number): Promise<JudgePair[]> => {
    const pairs: JudgePair[] = [];
    for (const q of DEMO_QUERIES.slice(0, queries)) {
      const answer = await em.search({ query: q.query, options: { limit: 5 } });
      for (const item of answer.body.items) pairs.push({ query: q.query, item: { id: item.id, fields: { title: item.product.title } } });
    }
    return pairs;
  };
  const truthOf = (p: JudgePair) =>
    relevance(DEMO_QUERIES.find((q) => q.query === p.query)!.intent, em.emulator.items[em.emulator.index.byId.get(p.item.id)!]!);

  it('is named in /__emulator/info and refuses a wrong key', async () => {
    const info = await em.get('/__emulator/info');
    expect(info.body.judge).toMatchObject({ baseUrl: `${em.url}/v1`, model: 'demo-judge', errorRate: 0.1 });
    const refused = await em.post(
      '/v1/chat/completions',
      { model: 'demo-judge', messages: [{ role: 'user', content: 'x' }] },
      { authorization: 'Bearer nope' },
    );
    expect(refused.status).toBe(401);
    expect(refused.body.error.code).toBe('invalid_api_key');
  });

  it("rates every item as the catalog's hidden relevance at error rate 0, and moves about the rate's share at 0.3", async () => {
    const { judge } = (await em.get('/__emulator/info')).body;
    const pairs = await demoPairs(12);
    const run = {
      judge: { baseUrl: judge.baseUrl, model: judge.model, apiKey: judge.apiKey },
      scale: { max: 3, threshold: 1 },
      pairs,
      concurrency: 4,
    };
    await em.post('/__emulator/judge', { errorRate: 0 });
    const exact = await judgePairs(run);
    expect(exact.ratings).toHaveLength(pairs.length);
    for (const r of exact.ratings) expect(r.rating).toBe(truthOf(pairs.find((p) => p.query === r.query && p.item.id === r.itemId)!));
    expect(exact.tokens.prompt).toBeGreaterThan(0);

    await em.post('/__emulator/judge', { errorRate: 0.3, seed: 3 });
    const noisy = await judgePairs(run);
    const moved = noisy.ratings.filter((r) => r.rating !== truthOf(pairs.find((p) => p.query === r.query && p.item.id === r.itemId)!));
    expect(moved.length / pairs.length).toBeGreaterThan(0.12);
    expect(moved.length / pairs.length).toBeLessThan(0.5);
    // Every move is one step.
    for (const r of moved) expect(Math.abs(r.rating - truthOf(pairs.find((p) => p.query === r.query && p.item.id === r.itemId)!))).toBe(1);
  });

  it('answers 429 with Retry-After over its rate, and a run still gets every verdict', async () => {
    const { judge } = (await em.get('/__emulator/info')).body;
    await em.post('/__emulator/judge', { errorRate: 0, perSecond: 20 });
    const pairs = (await demoPairs(3)).slice(0, 8);
    const outcome = await judgePairs({
      judge: { baseUrl: judge.baseUrl, model: judge.model, apiKey: judge.apiKey },
      scale: { max: 3, threshold: 1 },
      pairs,
      concurrency: 4,
    });
    const stats = (await em.get('/__emulator/judge')).body;
    await em.post('/__emulator/judge', { perSecond: null });
    expect(stats.stats.rateLimited).toBeGreaterThan(0);
    expect(outcome.ratings).toHaveLength(pairs.length);
    expect(outcome.failed).toEqual([]);
  });
});
