import { type AbTest, assign } from '../../../shared/abtest';
import { lstat, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { failure } from '../../../shared/errors';
import { trackerAddress } from '../../../shared/profiles';
import {
  type ClickModelName,
  clickModel,
  dayOfSession,
  eventActivity,
  actionOrderKey,
  type PageRequest,
  type SearchRow,
  searchActivity,
  type ServedPage,
  type SimulatedSession,
  type SimulationOptions,
  simulateSession,
  toUbiEvent,
  toUbiQuery,
  truthOf,
  zipfSampler,
} from '../../../shared/traffic';
import { CLOCK_HEADER } from '../../emulator/clock';
import { DEMO_AB_TEST, DEMO_AB_TEST_FILE, DEMO_QUERIES, relevance } from '../demo';
import type { HttpClient } from '../http';
import { abortableSleep, retryAfterMs, withRetries } from '../pacing';
import type { SearchClient } from '../search';
import { SHARED_FILE_MODE, writeFileAtomically, writePiecesAtomically } from '../storage';

export interface SimulateInput {
  baseUrl: string;
  token: string;
  trackerKey: string;
  sessions: number;
  days: number;
  seed: number;
  /** Configurations shoppers are split over, by user (the tenant's default when empty). */
  configurations: string[];
  clickModel: ClickModelName;
  /** YYYY-MM-DD. */
  start: string;
  out: string;
  /** The share of first pages shown with adjacent pairs swapped (0.1 by default). */
  randomized?: number;
  /** Only the sessions that fall on this day (YYYY-MM-DD) of the same run: to regenerate one day of it. */
  onlyDay?: string;
  /** Sending to a service that is not the emulator (its tenant's analytics get the simulated shoppers). */
  realService?: { collectUrl?: string; region?: 'eu' | 'dev' | 'ap1' | 'ap2' };
  /** Recorded in the truth file: the command that made the traffic. */
  command?: string;
  /** An A/B test the shoppers are bucketed by (`--ab-test`): each user's variation says what they are served. */
  abTest?: Pick<AbTest, 'id' | 'variations'>;
  concurrency?: number;
  signal?: AbortSignal;
}

export interface SimulateProgress {
  sessions: number;
  total: number;
  searches: number;
}

export interface SimulateSummary {
  sessions: number;
  searches: number;
  events: number;
  activities: number;
  files: string[];
}

export const PAGE_SIZE = 20;
const TRACKER_BATCH = 1000;

interface Target {
  emulator: boolean;
  collect: string;
}

/** Whether the address is the emulator (its info answers), and where its tracker takes activities. */
async function targetOf(http: HttpClient, input: SimulateInput): Promise<Target> {
  const base = input.baseUrl.replace(/\/+$/, '');
  const probe = await http.send({ method: 'GET', url: `${base}/__emulator/info`, headers: [] });
  let info: { collectUrl?: unknown } | undefined;
  if (probe.ok && probe.status === 200) {
    try {
      info = JSON.parse(probe.text) as { collectUrl?: unknown };
    } catch {
      info = undefined;
    }
  }
  if (info && typeof info.collectUrl === 'string') {
    return { emulator: true, collect: `${info.collectUrl.replace(/\/+$/, '')}/${encodeURIComponent(input.trackerKey)}` };
  }
  if (!input.realService)
    throw failure(
      'validation',
      `${input.baseUrl} is not the emulator: simulated shoppers sent to a real service pollute that tenant's search analytics and its tracker. Run against Local demo (search-workbench emulator), or give --real-service to send them anyway.`,
      { field: 'baseUrl' },
    );
  const collect = trackerAddress({
    trackerKey: input.trackerKey,
    trackerRegion: input.realService.region ?? 'eu',
    collectUrl: input.realService.collectUrl ?? '',
  });
  return { emulator: false, collect: collect! };
}

/**
 * Runs simulated shopping sessions against a service and writes what they did — UBI queries and events, the same as
 * tracker activities (also sent to the tracker), and the truth they were drawn from — into `out`.
 */
/** Shoppers bucketed as the storefront buckets them: each user's variation, its configuration and its segment. */
function abTestShoppers(test: Pick<AbTest, 'id' | 'variations'>): NonNullable<SimulationOptions['abTest']> {
  return {
    id: test.id,
    variationOf: (userId) => {
      const a = assign(test, userId);
      return { id: a.variationId, configurationId: a.configurationId, segment: a.variables.segment };
    },
  };
}

export async function simulateTraffic(
  deps: { http: HttpClient; search: SearchClient },
  input: SimulateInput,
  onProgress?: (p: SimulateProgress) => void,
): Promise<SimulateSummary> {
  const target = await targetOf(deps.http, input);
  await outFolder(input.out);
  const options: SimulationOptions = {
    seed: input.seed,
    sessions: input.sessions,
    days: input.days,
    start: input.start,
    configurations: input.configurations.length ? input.configurations : [''],
    vocabulary: DEMO_QUERIES.map((q, i) => ({ text: q.query, intent: i })),
    model: clickModel(input.clickModel),
    randomized: input.randomized ?? 0.1,
    pageSize: PAGE_SIZE,
    ...(input.abTest ? { abTest: abTestShoppers(input.abTest) } : {}),
  };
  const base = input.baseUrl.replace(/\/+$/, '');
  const serve = async (request: PageRequest, intent: number): Promise<ServedPage> => {
    const outcome = await deps.search.run(
      base,
      'search',
      {
        token: input.token,
        query: request.query,
        ...(request.configurationId ? { configurationId: request.configurationId } : {}),
        ...(request.segment ? { context: { variables: { segment: request.segment } } } : {}),
        options: { offset: (request.page - 1) * PAGE_SIZE, limit: PAGE_SIZE, ...(request.filter ? { filter: request.filter } : {}) },
      },
      // The emulator answers as at the search's own time (its triggers read the hour), so a run is the same every time.
      {
        lean: true,
        ...(target.emulator ? { extraHeaders: { [CLOCK_HEADER]: request.at } } : {}),
        ...(input.signal ? { signal: input.signal } : {}),
      },
    );
    const items = outcome.response.items ?? [];
    return {
      ids: items.map((i) => i.id),
      grades: items.map((i) => trueGrade(intent, i)),
      prices: items.map((i) => (typeof i.product?.price === 'number' ? i.product.price : 0)),
      total: outcome.response.metadata?.count ?? items.length,
    };
  };
  const pick = zipfSampler(options.vocabulary.length, options.seed);
  const indexes = Array.from({ length: input.sessions }, (_, i) => i).filter(
    (i) => !input.onlyDay || dayOfSession(options, i) === input.onlyDay,
  );
  const sessions: SimulatedSession[] = new Array(indexes.length);
  let done = 0;
  let searches = 0;
  let next = 0;
  const worker = async () => {
    while (next < indexes.length) {
      const slot = next++;
      const session = await simulateSession(options, indexes[slot]!, serve, pick);
      sessions[slot] = session;
      done++;
      searches += session.searches.length;
      onProgress?.({ sessions: done, total: indexes.length, searches });
    }
  };
  await Promise.all(Array.from({ length: Math.min(input.concurrency ?? 8, Math.max(1, indexes.length)) }, worker));
  return writeOutputs(deps.http, target, input, options, sessions);
}

/** The hidden grade (0–3) of an item the service answered, for a shopper who typed for vocabulary entry `intent`. */
export function trueGrade(intent: number, item: { id: string; product?: Record<string, unknown> }): number {
  return relevance(DEMO_QUERIES[intent]!.intent, {
    ...(item.product ?? {}),
    id: item.id,
    kind: (item.product?.kind as string) ?? 'product',
  } as never);
}

async function writeOutputs(
  http: HttpClient,
  target: Target,
  input: SimulateInput,
  options: SimulationOptions,
  sessions: SimulatedSession[],
): Promise<SimulateSummary> {
  const rows: SearchRow[] = sessions.flatMap((s) => s.searches.map((x) => x.row)).sort(byTime);
  const events = sessions
    .flatMap((s) => s.events)
    .map((e) => ({ ...e, order: actionOrderKey(e) }))
    .sort((a, b) => byTime(a, b) || (a.order < b.order ? -1 : 1));
  const queryOf = new Map(rows.map((r) => [r.searchId, r]));
  const activities = [
    ...rows.map((r) => ({ ts: r.ts, key: r.searchId, activity: searchActivity(r) })),
    ...events.map((e) => ({ ts: e.ts, key: e.order, activity: eventActivity(e, queryOf.get(e.searchId ?? '')?.segment ?? null) })),
  ].sort((a, b) => (a.ts < b.ts ? -1 : a.ts > b.ts ? 1 : a.key < b.key ? -1 : 1));
  await sendActivities(
    http,
    target.collect,
    activities.map((a) => a.activity),
    input.signal,
  );
  const lines = (values: unknown[]) => values.map((v) => `${JSON.stringify(v)}\n`);
  const files = ['queries.jsonl', 'events.jsonl', 'activities.jsonl', 'truth.json'].map((f) => join(input.out, f));
  await writePiecesAtomically(files[0]!, lines(rows.map(toUbiQuery)), { mode: SHARED_FILE_MODE });
  await writePiecesAtomically(files[1]!, lines(events.map((e) => toUbiEvent(e, queryOf.get(e.searchId ?? '')?.query ?? null))), {
    mode: SHARED_FILE_MODE,
  });
  await writePiecesAtomically(files[2]!, lines(activities.map((a) => a.activity)), { mode: SHARED_FILE_MODE });
  const truth = truthOf(options, sessions, {
    ...(input.command ? { command: input.command } : {}),
    ...(input.onlyDay ? { onlyDay: input.onlyDay } : {}),
  });
  await writeFileAtomically(files[3]!, `${JSON.stringify(truth, null, 1)}\n`, { mode: SHARED_FILE_MODE });
  return { sessions: sessions.length, searches: rows.length, events: events.length, activities: activities.length, files };
}

const byTime = (a: { ts: string; searchId: string | null }, b: { ts: string; searchId: string | null }) =>
  a.ts < b.ts ? -1 : a.ts > b.ts ? 1 : (a.searchId ?? '') < (b.searchId ?? '') ? -1 : (a.searchId ?? '') > (b.searchId ?? '') ? 1 : 0;

/** How a batch the tracker refused with 429 is sent again: after its Retry-After (at most a minute), 20 times in all. */
const TRACKER_RETRY = { attempts: 20, baseDelayMs: 1000, maxDelayMs: 60_000 };

async function sendActivities(http: HttpClient, collect: string, activities: unknown[], signal?: AbortSignal): Promise<void> {
  const never = new AbortController().signal;
  for (let i = 0; i < activities.length; i += TRACKER_BATCH) {
    const body = JSON.stringify(activities.slice(i, i + TRACKER_BATCH));
    // A tracker that rate-limits says when to come back: the batch waits and goes again.
    const sent = await withRetries(
      async () => {
        const outcome = await http.send({
          method: 'POST',
          url: collect,
          headers: [['content-type', 'application/json']],
          body,
          ...(signal ? { signal } : {}),
        });
        const again = outcome.ok && outcome.status === 429;
        const afterMs = again ? Math.min(retryAfterMs(outcome.headers['retry-after'], Date.now()) ?? 1000, TRACKER_RETRY.maxDelayMs) : 0;
        return { value: outcome, ...(again ? { retry: { afterMs } } : {}) };
      },
      {
        policy: TRACKER_RETRY,
        sleep: (ms) => abortableSleep(ms, signal ?? never),
        stopped: () => signal?.aborted === true,
      },
    );
    if (!sent.ok) throw failure(sent.error.code, `The tracker at ${collect} could not be reached: ${sent.error.message}`);
    if (sent.status >= 300) throw failure('http', `The tracker at ${collect} answered ${sent.status}: ${sent.text.slice(0, 300)}`);
  }
}

/** The output folder: made when missing; a link or a file there is refused. */
async function outFolder(dir: string): Promise<void> {
  const info = await lstat(dir).catch(() => undefined);
  if (!info) await mkdir(dir, { recursive: true, mode: 0o755 });
  else if (info.isSymbolicLink() || !info.isDirectory())
    throw failure('validation', `${dir} is not a folder (a link or a file): --out is the folder the traffic is written to.`, {
      field: 'out',
    });
}

/**
 * The Local demo's shipped week of traffic (examples/workspace/traffic): what made it, so a test can make any day of
 * it again and compare.
 */
export const DEMO_TRAFFIC = {
  items: 20_000,
  simulation: {
    token: 'demo-search-token-0001',
    trackerKey: 'demo-tracker-key-0001',
    sessions: 20_000,
    days: 7,
    seed: 1,
    configurations: [] as string[],
    /** Users bucketed by the demo's A/B test: half on default (the control), half on new-arrivals. */
    abTest: { id: DEMO_AB_TEST.id, variations: DEMO_AB_TEST.variations },
    clickModel: 'dbn' as const,
    start: '2026-11-01',
  },
  command: `search-workbench traffic simulate --base-url <Local demo> --token demo-search-token-0001 --tracker-key demo-tracker-key-0001 --sessions 20000 --days 7 --seed 1 --click-model dbn --start 2026-11-01 --ab-test ab-tests/${DEMO_AB_TEST_FILE}`,
};
