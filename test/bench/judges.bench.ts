import OpenAI from 'openai';
import { startEmulator } from '../../src/main/emulator';
import { DEMO_QUERIES, relevance } from '../../src/main/emulator/catalog/demo-queries';
import { JUDGE_API_KEY, JUDGE_MODEL } from '../../src/main/emulator/judge';
import { judgePairs, type JudgePair } from '../../src/main/services/llm-judges';
import { agreement } from '../../src/shared/judgments';
import { DEFAULT_TEMPLATE, renderPrompt, verdictFormat } from '../../src/shared/llm-judges';
import { printTable } from './table';

const PAIRS = 1_000;
const CONCURRENCY = 8;
const SCALE = { max: 3, threshold: 1 };
const pass = (ok: boolean) => (ok ? 'PASS' : 'FAIL');

/**
 * `npm run bench judges`: 1,000 (query, item) pairs of the Local demo judged by the emulator's judge, through the
 * workbench's run (pacing, the verdict's checks, the cache's keys) and through a plain loop of the `openai` client
 * sending the same prompts at the same concurrency — the peer; then the judge's agreement with the catalog's hidden
 * relevance at error rates 0, 0.1 and 0.3, counted directly and as the agreement view reports it.
 */
export async function benchJudges(): Promise<void> {
  const emulator = await startEmulator({ items: 20_000 });
  try {
    const base = `${emulator.url}/v1`;
    const pairs: JudgePair[] = [];
    for (const q of DEMO_QUERIES) {
      if (pairs.length >= PAIRS) break;
      const res = await fetch(`${emulator.url}/search`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token: 'demo-search-token-0001', query: q.query, options: { limit: 24 } }),
      });
      const body = (await res.json()) as { items?: { id: string; product?: Record<string, unknown> }[] };
      for (const item of body.items ?? []) pairs.push({ query: q.query, item: { id: item.id, fields: item.product ?? {} } });
    }
    pairs.length = Math.min(pairs.length, PAIRS);
    const truth = (p: JudgePair) => {
      const intent = DEMO_QUERIES.find((q) => q.query === p.query)!.intent;
      return relevance(intent, emulator.emulator.items[emulator.emulator.index.byId.get(p.item.id)!]!);
    };
    const judge = { baseUrl: base, model: JUDGE_MODEL, apiKey: JUDGE_API_KEY };
    const setJudge = (settings: Record<string, unknown>) =>
      fetch(`${emulator.url}/__emulator/judge`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(settings),
      });

    // Each path timed twice, alternating (the emulator answers in this process: its first answers warm it for both),
    // and each path's faster run kept.
    await setJudge({ errorRate: 0.1, seed: 7 });
    const client = new OpenAI({ baseURL: base, apiKey: JUDGE_API_KEY, maxRetries: 0 });
    const plainLoop = async (): Promise<number> => {
      let next = 0;
      let answered = 0;
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (next < pairs.length) {
            const p = pairs[next++]!;
            const m = renderPrompt(DEFAULT_TEMPLATE, { scale: SCALE, query: p.query, item: p.item });
            const answer = await client.chat.completions.create({
              model: JUDGE_MODEL,
              messages: [
                { role: 'system', content: m.system },
                { role: 'user', content: m.user },
              ],
              temperature: 0,
              seed: 42,
              response_format: verdictFormat(SCALE.max),
            });
            if (answer.choices[0]?.message.content) answered++;
          }
        }),
      );
      return answered;
    };
    let oursMs = Infinity;
    let plainMs = Infinity;
    let ours = await judgePairs({ judge, scale: SCALE, pairs: pairs.slice(0, 50), concurrency: CONCURRENCY });
    let answered = 0;
    for (let round = 0; round < 2; round++) {
      let t = performance.now();
      answered = await plainLoop();
      plainMs = Math.min(plainMs, performance.now() - t);
      t = performance.now();
      ours = await judgePairs({ judge, scale: SCALE, pairs, concurrency: CONCURRENCY });
      oursMs = Math.min(oursMs, performance.now() - t);
    }
    printTable(
      `Judging ${pairs.length.toLocaleString('en-US')} pairs on the emulator's judge, ${CONCURRENCY} at a time: the workbench's run against a plain loop of the openai client with the same prompts (the faster of two alternating runs each)`,
      ['path', 'pairs answered', 'requests', 'ms', 'pairs / s', 'goal: ≤ 1.25× the plain loop'],
      [
        [
          'workbench (judgePairs)',
          ours.ratings.length,
          ours.requests,
          Math.round(oursMs),
          Math.round((pairs.length / oursMs) * 1000),
          pass(oursMs <= 1.25 * plainMs),
        ],
        ['plain openai loop', answered, pairs.length, Math.round(plainMs), Math.round((pairs.length / plainMs) * 1000), '(peer)'],
      ],
    );

    const rows: (string | number)[][] = [];
    for (const errorRate of [0, 0.1, 0.3]) {
      await setJudge({ errorRate, seed: 7 });
      const run = await judgePairs({ judge, scale: SCALE, pairs, concurrency: CONCURRENCY });
      const byKey = new Map(pairs.map((p) => [`${p.query}\u0000${p.item.id}`, truth(p)]));
      const equal = run.ratings.filter((r) => byKey.get(`${r.query}\u0000${r.itemId}`) === r.rating).length;
      const view = agreement(
        [
          ...pairs.map((p) => ({ query: p.query, itemId: p.item.id, rating: truth(p), rater: 'truth' })),
          ...run.ratings.map((r) => ({ query: r.query, itemId: r.itemId, rating: r.rating, rater: 'judge' })),
        ],
        SCALE.max,
      );
      const exact = equal / run.ratings.length;
      const reported = view.overall.agreement ?? NaN;
      rows.push([
        errorRate,
        run.ratings.length,
        `${(exact * 100).toFixed(1)}%`,
        `${(reported * 100).toFixed(1)}%`,
        view.overall.weightedKappa?.toFixed(3) ?? '—',
        view.alpha?.toFixed(3) ?? '—',
        // The judge moves a share errorRate of its grades one step: exact agreement should be 1 − errorRate within
        // sampling noise (±3 binomial standard errors), and the view must report what was counted directly.
        pass(
          Math.abs(exact - (1 - errorRate)) <= 3 * Math.sqrt((errorRate * (1 - errorRate)) / run.ratings.length) + 1e-9 &&
            Math.abs(reported - exact) < 1e-9,
        ),
      ]);
    }
    printTable(
      "The emulator's judge against the catalog's hidden relevance (the truth): exact agreement counted directly and as the agreement view reports it, with its weighted κ and Krippendorff's α",
      ['error rate', 'pairs', 'exact (counted)', 'exact (agreement view)', 'weighted κ', 'α', 'goal: 1 − rate ± 3 s.e., view = counted'],
      rows,
    );
  } finally {
    await emulator.stop();
  }
}
