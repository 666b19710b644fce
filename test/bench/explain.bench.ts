import { buildSide } from '../../src/shared/compare/sides';
import type { QueryRow } from '../../src/shared/compare/types';
import type { ExplainSides } from '../../src/shared/explain/differences';
import { explainQuery, explainSet, type ExplainAnswer } from '../../src/shared/explain/explain';
import { shopperQueries } from '../../src/main/emulator/engine/usage-log';
import type { SideSender } from '../../src/main/services/compare/runner';
import { searchSender } from '../../src/main/services/compare/sender';
import { kindedAnswer } from '../../src/shared/compare/kinds';
import { explainAnswer, planExplanation, runExplanation, type ExplainRun } from '../../src/main/services/explain/runner';
import { HttpClient } from '../../src/main/services/http/client';
import { SearchClient } from '../../src/main/services/search/search-client';
import { spawnEmulator } from './emulator.bench';
import { median, printTable } from './table';

const TOKEN = 'demo-search-token-0001';
const QUERIES = 60;
const CONCURRENCY = 8;
const ROUNDS = 5;

/** Side B differs from A in `n` parameters: configuration, two context variables, filter, sort, then more variables. */
function sidesWith(n: number): ExplainSides {
  const differences: Parameters<typeof buildSide>[0] = { label: 'B', token: TOKEN, variables: {} };
  const steps: ((b: typeof differences) => void)[] = [
    (b) => (b.configurationId = 'bestsellers'),
    (b) => (b.variables!['segment'] = 'premium'),
    (b) => (b.variables!['weather'] = 'rain'),
    (b) => (b.filter = 'price < 300'),
    (b) => (b.variables!['region'] = 'north'),
    (b) => (b.variables!['channel'] = 'app'),
  ];
  for (const step of steps.slice(0, n)) step(differences);
  return {
    base: { options: { offset: 0, limit: 24 } },
    a: buildSide({ label: 'A', token: TOKEN }),
    b: buildSide(differences),
  };
}

/** Queries no earlier round asked: the emulator caches a configuration's text matches, and every run here is uncached. */
function freshQueries(): () => QueryRow[] {
  const all = [...new Set(shopperQueries(42).map((q) => q.query))];
  let next = 0;
  return () => {
    if (next + QUERIES > all.length) throw new Error('the bench ran out of distinct shopper queries');
    const rows = all.slice(next, next + QUERIES).map((query, i) => ({ query, line: i + 1 }));
    next += QUERIES;
    return rows;
  };
}

/**
 * The explanation's own work on answers at hand, timed apart from any request: the plan and each query's
 * distinct requests, Shapley values per query, the query-set means with their 95% intervals (Student's t).
 */
function ownWork(sides: ExplainSides, rows: QueryRow[], answers: Map<string, ExplainAnswer>[]): number {
  const t0 = performance.now();
  const { differences, plan, queries } = planExplanation({ sides, rows });
  const perQuery = queries.map((q, i) => {
    const byMask = new Map<number, ExplainAnswer>();
    for (const [mask, key] of q.keyOf) byMask.set(mask, answers[i]!.get(key)!);
    return { index: q.index, query: q.query, explanation: explainQuery(plan, differences, byMask, 'rbo'), failed: false };
  });
  explainSet(differences, 'rbo', perQuery);
  return performance.now() - t0;
}

/**
 * `npm run bench explain`: what explaining costs beyond the service's own time. Each round sends, for fresh
 * queries, the distinct requests an explanation needs twice: plainly at the same concurrency (the peer: the
 * service's time for them, nothing else), and as `runExplanation` (plan, de-duplication, pacing, Shapley values
 * and the query-set means with their 95% intervals). Reported: requests per explained query, exact and
 * sampled, with Compare's two answers reused, and the wall-time overhead of the explanation over the peer.
 */
export async function benchExplain(): Promise<void> {
  // Two emulators, so the peer and the explanation send the same queries and each meets a service that has
  // never seen them (the emulator caches a configuration's text matches); they swap emulators every round.
  const emulators = [await spawnEmulator(20_000), await spawnEmulator(20_000)] as const;
  const http = new HttpClient({ connectionsPerOrigin: CONCURRENCY * 2 });
  try {
    const senders = emulators.map((e) => searchSender(new SearchClient(http), () => ({ baseUrl: e.url })));
    const next = freshQueries();
    const plain = async (sides: ExplainSides, rows: QueryRow[], send: SideSender) => {
      const jobs = planExplanation({ sides, rows }).queries.flatMap((q, query) => [...q.jobs.values()].map((job) => ({ query, job })));
      const answers = rows.map(() => new Map<string, ExplainAnswer>());
      const signal = new AbortController().signal;
      let i = 0;
      const t0 = performance.now();
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (i < jobs.length) {
            const { query, job } = jobs[i++]!;
            const answer = await send(job.target, { kind: 'search', request: job.request }, signal);
            if (!answer.ok) throw new Error(`the peer's request failed: ${answer.error.message}`);
            answers[query]!.set(job.key, explainAnswer(kindedAnswer('search', answer.response)));
          }
        }),
      );
      return { ms: performance.now() - t0, requests: jobs.length, answers };
    };
    const explain = async (
      sides: ExplainSides,
      rows: QueryRow[],
      send: SideSender,
      extra: Partial<Parameters<typeof runExplanation>[0]> = {},
    ) => {
      const t0 = performance.now();
      const run = await runExplanation({ sides, rows, measure: 'rbo', send, concurrency: CONCURRENCY, seed: 1, ...extra });
      const ms = performance.now() - t0;
      const failed = run.queries.filter((q) => q.error);
      if (failed.length) throw new Error(`explain failed for "${failed[0]!.query}": ${failed[0]!.error}`);
      return { ms, run };
    };

    // The sides name no address: each sender sends to its own emulator.
    const three = sidesWith(3);
    // Warm-up (JIT on every end), on queries the measured rounds never ask.
    const warm = next();
    await explain(three, warm, senders[0]!);
    await explain(three, warm, senders[1]!);

    const peerMs: number[] = [];
    const explainMs: number[] = [];
    const ownMs: number[] = [];
    let lastRun: ExplainRun | undefined;
    let peerRequests = 0;
    for (let r = 0; r < ROUNDS; r++) {
      const rows = next();
      const [forPeer, forExplain] = r % 2 === 0 ? [senders[0]!, senders[1]!] : [senders[1]!, senders[0]!];
      const [p, e] =
        r % 2 === 0
          ? [await plain(three, rows, forPeer), await explain(three, rows, forExplain)]
          : await (async () => {
              const e = await explain(three, rows, forExplain);
              return [await plain(three, rows, forPeer), e] as const;
            })();
      peerMs.push(p.ms);
      explainMs.push(e.ms);
      ownMs.push(ownWork(three, rows, p.answers));
      peerRequests = p.requests;
      lastRun = e.run;
    }
    const peer = median(peerMs);
    const mine = median(explainMs);
    const overhead = (mine - peer) / peer;
    const own = median(ownMs);
    const spread = explainMs.map((ms, i) => (ms - peerMs[i]!) / peerMs[i]!);
    const pct = (x: number) => `${x < 0 ? '−' : ''}${Math.abs(x * 100).toFixed(1)}%`;
    const send = senders[0]!;

    // As Compare calls it: request(∅) and request(D) are the answers already on screen.
    const rows = next();
    const known = new Map<string, ExplainAnswer>();
    const planned = planExplanation({ sides: three, rows });
    const full = 2 ** planned.differences.length - 1;
    await Promise.all(
      planned.queries.flatMap((q, i) =>
        (
          [
            [0, 'a'],
            [full, 'b'],
          ] as const
        ).map(async ([mask, side]) => {
          const job = q.jobs.get(q.keyOf.get(mask)!)!;
          const answer = await send(job.target, { kind: 'search', request: job.request }, new AbortController().signal);
          if (!answer.ok) throw new Error(answer.error.message);
          known.set(`${i}:${side}`, explainAnswer(kindedAnswer('search', answer.response)));
        }),
      ),
    );
    const reused = await explain(three, rows, send, { known: (index, side) => known.get(`${index}:${side}`) });

    const five = await explain(sidesWith(5), next(), send);
    const six = await explain(sidesWith(6), next(), send, { budget: 32 });

    const perQuery = (run: ExplainRun) => run.requests / run.queries.length;
    const sentPerQuery = (run: ExplainRun) => run.sent / run.queries.length;
    const pass = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
    const run3 = lastRun!;
    printTable(
      `Explain: ${QUERIES} uncached queries per run against the emulator (20,000 items), ${CONCURRENCY} at a time, rbo measure; wall ms the median of ${ROUNDS} rounds`,
      ['what', 'requests / query', 'sent / query', 'wall ms', 'goal', 'result'],
      [
        [
          "the same distinct requests sent plainly (peer: the service's time)",
          peerRequests / QUERIES,
          peerRequests / QUERIES,
          peer,
          '—',
          '—',
        ],
        ['3 differences, exact', perQuery(run3), sentPerQuery(run3), mine, '2³ = 8 per query, each sent once', pass(perQuery(run3) === 8)],
        [
          "3 differences, Compare's A and B reused",
          perQuery(reused.run),
          sentPerQuery(reused.run),
          reused.ms,
          '6 sent per query',
          pass(sentPerQuery(reused.run) === 6),
        ],
        ['5 differences, exact', perQuery(five.run), sentPerQuery(five.run), five.ms, '2⁵ = 32 per query', pass(perQuery(five.run) === 32)],
        [
          `6 differences, sampled (${six.run.permutations} orders, budget 32)`,
          perQuery(six.run),
          sentPerQuery(six.run),
          six.ms,
          '≤ 32 per query',
          pass(perQuery(six.run) <= 32 && !six.run.exact),
        ],
      ],
    );
    printTable(
      `Explain: the overhead beyond the service's time (3 differences, ${QUERIES} queries, ${ROUNDS} rounds)`,
      ['what', 'ms', 'of the service time', 'goal', 'result'],
      [
        [
          'explanation wall − peer wall (median; rounds ' + `${pct(Math.min(...spread))} … ${pct(Math.max(...spread))})`,
          mine - peer,
          pct(overhead),
          '— (two emulators: noise)',
          '—',
        ],
        ['its own work: plan, Shapley values, means and their intervals (median)', own, pct(own / peer), '—', '—'],
        [
          "its own work per explained query (the emulator's 8 answers take " + `${(peer / QUERIES).toFixed(1)} ms of wall per query)`,
          own / QUERIES,
          '—',
          '≤ 1 ms per query',
          pass(own / QUERIES <= 1),
        ],
      ],
    );
  } finally {
    await http.close();
    await Promise.all(emulators.map((e) => e.stop()));
  }
}
