import { mkdtemp, readFile, symlink, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Activity } from '@attraqt/activity';
import { NodeHttpClient } from '@attraqt/http-client-node';
import { activityProblem, type TrackedActivity } from '../../../src/main/emulator/tracker';
import { DEMO_TOKEN, testEmulator, type TestEmulator } from '../../helpers/emulator';

// The official client's own schema check, the oracle for ours.
const officialValidate = createRequire(import.meta.url)('@attraqt/activity/dist/models/validateSchema') as (a: unknown) => boolean;

const GOOD = [
  { action: 'view', target: { product: 'SKU-1' } },
  { action: 'click', target: { product: 'SKU-1' }, metadata: { query: 'jacket', position: 3, promoted: false, tags: ['a'] } },
  { action: 'purchase', target: { product: 'SKU-1' }, metadata: { price: 59.9, quantity: 2, currency: 'EUR', orderId: 'o-1' } },
  { action: 'add-to-cart', opposite: true, target: {}, sourceId: 's', timestamp: '2026-11-01T10:00:00Z', segments: ['vip'] },
  { action: 'search', target: {}, user: { identities: { sessionid: 's-1' }, segments: ['x'], traits: { age: 3 } }, extra: 1 },
];
const BAD = [
  null,
  [],
  'click',
  { target: { product: 'SKU-1' } },
  { action: 'click' },
  { action: 7, target: {} },
  { action: 'click', target: { product: 1 } },
  { action: 'click', target: [] },
  { action: 'click', target: {}, opposite: 'yes' },
  { action: 'click', target: {}, sourceId: 1 },
  { action: 'click', target: {}, timestamp: 1 },
  { action: 'click', target: {}, segments: [1] },
  { action: 'click', target: {}, metadata: { price: '9.99' } },
  { action: 'click', target: {}, metadata: { quantity: '1' } },
  { action: 'click', target: {}, metadata: { currency: 1 } },
  { action: 'click', target: {}, metadata: { nested: { a: 1 } } },
  { action: 'click', target: {}, metadata: { gone: null } },
  { action: 'click', target: {}, user: {} },
  { action: 'click', target: {}, user: { identities: { sessionid: 1 } } },
  { action: 'click', target: {}, user: { identities: {}, segments: 'x' } },
  { action: 'click', target: {}, user: { identities: {}, traits: [] } },
];

describe('the tracker’s checks', () => {
  it('accept and refuse what the official client’s schema does', () => {
    for (const a of GOOD) expect([a, activityProblem(a)]).toEqual([a, null]);
    for (const a of BAD) {
      expect(officialValidate(a), JSON.stringify(a)).toBe(false);
      expect(activityProblem(a), JSON.stringify(a)).not.toBeNull();
    }
    for (const a of GOOD) expect(officialValidate(a), JSON.stringify(a)).toBe(true);
  });
});

describe('the emulated tracker', () => {
  let em: TestEmulator;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'wb-tracker-'));
    em = await testEmulator({ dataDir });
  });
  afterAll(() => em.stop());

  /** The official client, its requests sent to the emulator's collect address instead of the real one. */
  const client = (trackerKey: string) => {
    const { collectUrl } = em.info();
    const http = new NodeHttpClient();
    const activity = new Activity();
    activity.init(
      { trackerKey },
      { send: (request) => http.send({ ...request, url: request.url.replace(/^https?:\/\/[^/]+/, collectUrl) }) },
    );
    activity.setUserIdentities({ sessionid: 'session-1' });
    return activity;
  };
  const jsonl = async () =>
    (await readFile(join(dataDir, 'activities.jsonl'), 'utf8'))
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as TrackedActivity);

  it('the info names the collect address and each tenant’s key, and nothing else that starts so', () => {
    const info = em.info();
    expect(info.collectUrl).toBe(`${em.url}/collect`);
    expect(info.tenants.map((t) => t.trackerKey)).toEqual(['demo-tracker-key-0001', 'outlet-tracker-key-0001']);
    const names = (o: object): string[] => Object.entries(o).flatMap(([k, v]) => [k, ...(v && typeof v === 'object' ? names(v) : [])]);
    expect(
      names(info)
        .filter((k) => /^(tracker|collect)/i.test(k))
        .sort(),
    ).toEqual(['collectUrl', 'trackerKey', 'trackerKey']);
  });

  it('keeps what the official client sends, in memory and in the data folder, with the user merged in', async () => {
    const before = em.emulator.tracker.kept.length;
    const response = await client('demo-tracker-key-0001').send([
      { action: 'view', target: { product: 'SKU-100001' } },
      { action: 'click', target: { product: 'SKU-100001' }, metadata: { query: 'jacket', position: 1 } },
    ])!;
    expect(response.status).toBe(202);
    expect(JSON.parse(response.body as string)).toEqual({ accepted: 2 });
    const kept = em.emulator.tracker.kept.slice(before);
    expect(kept.map((k) => [k.tenant, k.activity.action, (k.activity.user as { identities: object }).identities])).toEqual([
      ['demo', 'view', { sessionid: 'session-1' }],
      ['demo', 'click', { sessionid: 'session-1' }],
    ]);
    expect((await jsonl()).slice(-2)).toEqual(kept);
  });

  it('refuses a batch with one bad activity, naming its index and field, and keeps none of it', async () => {
    const before = em.emulator.tracker.kept.length;
    const lines = (await jsonl()).length;
    const r = await em.call('POST', '/collect/demo-tracker-key-0001', [
      { action: 'view', target: { product: 'SKU-1' } },
      { action: 'click', target: { product: 7 } },
    ]);
    expect(r.status).toBe(400);
    expect(r.body.message).toContain('activities[1].target.product must be a string');
    expect(r.body.field).toBe('[1].target.product');
    expect((await em.call('POST', '/collect/demo-tracker-key-0001', { action: 'view', target: {} })).status).toBe(400);
    const unknown = await em.call('POST', '/collect/nobody-knows-this-key', [{ action: 'view', target: {} }]);
    expect([unknown.status, unknown.body.code]).toEqual([404, 'unknown-tracker-key']);
    expect(em.emulator.tracker.kept.length).toBe(before);
    expect((await jsonl()).length).toBe(lines);
  });

  it('autocomplete learns from tracked searches', async () => {
    const suggest = async () =>
      (await em.call('POST', '/search/autocomplete', { token: DEMO_TOKEN, query: 'boots wat' })).body.suggestions.map(
        (s: { suggestion: string }) => s.suggestion,
      );
    expect(await suggest()).not.toContain('boots waterproof');
    const r = await client('demo-tracker-key-0001').send({ action: 'search', target: {}, metadata: { query: 'Boots  Waterproof' } })!;
    expect(r.status).toBe(202);
    expect(await suggest()).toContain('boots waterproof');
  });

  it('never appends through a symbolic link', async () => {
    const other = await mkdtemp(join(tmpdir(), 'wb-tracker-link-'));
    const victim = join(other, 'victim.txt');
    await writeFile(victim, 'keep me');
    const linked = await testEmulator({ dataDir: other });
    await symlink(victim, join(other, 'activities.jsonl'));
    const r = await linked.call('POST', '/collect/demo-tracker-key-0001', [{ action: 'view', target: {} }]);
    expect(r.status).toBe(500);
    expect(await readFile(victim, 'utf8')).toBe('keep me');
    await linked.stop();
  });
});
