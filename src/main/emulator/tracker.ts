import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { nestingDepth } from '../../shared/json-value';
import { EmulatorError } from './errors';
import type { RateLimit } from './rate-limit';
import type { Tenant } from './engine/tenant';

/**
 * The service's tracker, emulated: `POST <collectUrl>/<trackerKey>` with a JSON array of activities, exactly as
 * the official `@attraqt/activity` client sends them, checked against the same rules as that client's schema.
 * A bad activity is a 400 naming its index and field, and nothing of that batch is kept. Tracked searches feed the
 * tenant's usage log, which autocomplete suggests from.
 */

/** One activity as the tracker keeps it: the activity as sent, which tenant's key it came on, and when. */
export interface TrackedActivity {
  receivedAt: string;
  tenant: string;
  activity: Record<string, unknown>;
}

/** Activities one request may carry: the official client sends one array per call. */
export const MAX_ACTIVITIES_PER_REQUEST = 10_000;
/**
 * Activities kept in memory per emulator, the latest (the JSON Lines file keeps them all): a flood of posts costs the
 * emulator — and the app it runs in for Local demo — no more memory than this.
 */
export const MAX_KEPT_ACTIVITIES = 10_000;

/** Levels an activity may nest (a metadata list of objects is four): what the traffic import reads, too. */
export const MAX_ACTIVITY_DEPTH = 32;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Where an activity breaks the client's schema (`action` and `target` required, `target` strings only…), or null. */
export function activityProblem(value: unknown): { field: string; message: string } | null {
  if (!isRecord(value)) return { field: '', message: 'must be an object with action and target' };
  if (nestingDepth(value, MAX_ACTIVITY_DEPTH) > MAX_ACTIVITY_DEPTH)
    return { field: '', message: `nests objects and lists more than ${MAX_ACTIVITY_DEPTH} levels deep` };
  if (typeof value.action !== 'string') return { field: 'action', message: 'is required, a string (e.g. "click")' };
  if (!isRecord(value.target)) return { field: 'target', message: 'is required, an object of strings (e.g. { "product": "SKU-1" })' };
  for (const [k, v] of Object.entries(value.target))
    if (typeof v !== 'string') return { field: `target.${k}`, message: 'must be a string' };
  if (value.opposite !== undefined && typeof value.opposite !== 'boolean') return { field: 'opposite', message: 'must be true or false' };
  for (const key of ['sourceId', 'timestamp'] as const)
    if (value[key] !== undefined && typeof value[key] !== 'string') return { field: key, message: 'must be a string' };
  const strings = (list: unknown, field: string) =>
    list === undefined || (Array.isArray(list) && list.every((s) => typeof s === 'string'))
      ? null
      : { field, message: 'must be a list of strings' };
  const segments = strings(value.segments, 'segments');
  if (segments) return segments;
  if (value.metadata !== undefined) {
    if (!isRecord(value.metadata)) return { field: 'metadata', message: 'must be an object' };
    for (const [k, v] of Object.entries(value.metadata)) {
      const field = `metadata.${k}`;
      if ((k === 'price' || k === 'quantity') && typeof v !== 'number') return { field, message: 'must be a number' };
      if ((k === 'currency' || k === 'market' || k === 'orderId') && typeof v !== 'string') return { field, message: 'must be a string' };
      if (!Array.isArray(v) && !['string', 'number', 'boolean'].includes(typeof v))
        return { field, message: 'must be a string, a number, true or false, or a list' };
    }
  }
  if (value.user !== undefined) {
    const user = value.user;
    if (!isRecord(user)) return { field: 'user', message: 'must be an object with identities' };
    if (!isRecord(user.identities))
      return { field: 'user.identities', message: 'is required, an object of strings (e.g. { "sessionid": "…" })' };
    for (const [k, v] of Object.entries(user.identities))
      if (typeof v !== 'string') return { field: `user.identities.${k}`, message: 'must be a string' };
    const userSegments = strings(user.segments, 'user.segments');
    if (userSegments) return userSegments;
    if (user.traits !== undefined && !isRecord(user.traits)) return { field: 'user.traits', message: 'must be an object' };
  }
  return null;
}

/** A request's body as a batch of activities, or the error naming the first bad one by index and field. */
export function checkActivities(body: unknown): Record<string, unknown>[] {
  if (!Array.isArray(body))
    throw new EmulatorError(400, 'invalid-activities', 'The body must be a JSON array of activities, as the tracker client sends them.');
  if (body.length > MAX_ACTIVITIES_PER_REQUEST)
    throw new EmulatorError(
      400,
      'too-many-activities',
      `A request carries at most ${MAX_ACTIVITIES_PER_REQUEST} activities; it had ${body.length}.`,
    );
  body.forEach((activity, index) => {
    const problem = activityProblem(activity);
    if (problem) {
      const field = `[${index}]${problem.field ? `.${problem.field}` : ''}`;
      throw new EmulatorError(400, 'invalid-activity', `activities${field} ${problem.message}; nothing of this request was kept.`, field);
    }
  });
  return body as Record<string, unknown>[];
}

/** The query a tracked search carries, by the names storefronts use (`metadata.query`, `target.query`), if any. */
export function trackedQuery(activity: Record<string, unknown>): string | undefined {
  if (activity.action !== 'search' || activity.opposite === true) return undefined;
  const metadata = isRecord(activity.metadata) ? activity.metadata : {};
  const target = isRecord(activity.target) ? activity.target : {};
  const query = metadata.query ?? target.query;
  return typeof query === 'string' && query.trim() !== '' ? query : undefined;
}

/** Appends lines to a log file: created 0600, never through a symbolic link or into anything but a regular file. */
async function appendLines(file: string, text: string): Promise<void> {
  const handle = await open(file, constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | constants.O_NOFOLLOW, 0o600);
  try {
    if (!(await handle.stat()).isFile()) throw new Error(`${file} is not a regular file`);
    await handle.writeFile(text);
  } finally {
    await handle.close();
  }
}

/** What the tracker received: in memory, and in `activities.jsonl` of the data folder when there is one. */
export class Tracker {
  readonly kept: TrackedActivity[] = [];
  private writes: Promise<void> = Promise.resolve();

  constructor(private readonly dataDir?: string) {}

  /** Keeps one batch whole: in memory at once, on disk in the order batches came. */
  async keep(batch: TrackedActivity[]): Promise<void> {
    for (const entry of batch) this.kept.push(entry);
    if (this.kept.length > MAX_KEPT_ACTIVITIES) this.kept.splice(0, this.kept.length - MAX_KEPT_ACTIVITIES);
    if (!this.dataDir || batch.length === 0) return;
    const file = join(this.dataDir, 'activities.jsonl');
    const text = batch.map((entry) => JSON.stringify(entry)).join('\n') + '\n';
    const write = this.writes.then(() => appendLines(file, text));
    // A failed append fails its own post; the next post tries again.
    this.writes = write.catch(() => undefined);
    await write;
  }
}

/** The collect address, relative to the emulator's own: `${collectUrl}/${trackerKey}` is where activities go. */
export const COLLECT_PATH = '/collect';

/** What the collect route needs of the emulator (the emulator itself, named by shape: it holds the tracker). */
export interface TrackerHost {
  readonly tracker: Tracker;
  /** The request-rate limit the search endpoints keep: the collect endpoint keeps it too. */
  readonly rateLimit: RateLimit;
  now(): number;
  count(endpoint: string): void;
  tenantForTrackerKey(key: string): Tenant;
}

export function registerTracker(app: FastifyInstance, emulator: TrackerHost): void {
  app.post<{ Params: { trackerKey: string } }>(`${COLLECT_PATH}/:trackerKey`, async (request, reply) => {
    emulator.count('collect');
    const limited = emulator.rateLimit.refusal();
    if (limited)
      throw new EmulatorError(429, 'rate-limited', limited.message, undefined, undefined, { 'Retry-After': String(limited.wait) });
    const tenant = emulator.tenantForTrackerKey(request.params.trackerKey);
    const activities = checkActivities(request.body);
    const receivedAt = new Date(emulator.now()).toISOString();
    await emulator.tracker.keep(activities.map((activity) => ({ receivedAt, tenant: tenant.config.id, activity })));
    for (const activity of activities) {
      const query = trackedQuery(activity);
      const at = typeof activity.timestamp === 'string' ? Date.parse(activity.timestamp) : Number.NaN;
      if (query) tenant.usage.record(query, undefined, Number.isNaN(at) ? emulator.now() : at);
    }
    return reply.code(202).send({ accepted: activities.length });
  });
}
