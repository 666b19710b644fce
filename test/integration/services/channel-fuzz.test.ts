import { mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../src/main/core';
import { channelNames, type Channel, contract } from '../../../src/shared/ipc/contract';
import { LOCAL_DEMO_ID } from '../../../src/shared/profiles';

/**
 * The router fuzzed: every channel, fed its own valid input with each field
 * in turn replaced by a malformed value (wrong types, huge text, deep
 * nesting, prototype keys, NUL, path separators), plus malformed inputs as a
 * whole. Every answer must be a value or a typed error — never `internal` —
 * the core must stay alive, and no file may appear outside the data folder.
 */

const MARKER = `wb-fuzz-${process.pid}`;
let core: Core;
let dataDir: string;
let outside: string;
const logs: string[] = [];

/**
 * A valid input per channel, which the fuzzer mutates field by field: the operation's own example (declared with it,
 * checked against its schema when it compiles), else one made here from what only the test knows — its data folder,
 * Local demo's profile id, a batch it starts.
 */
function samples(): Record<Channel, unknown> {
  const made = madeSamples();
  return Object.fromEntries(
    channelNames.map((name) => [name, name in made ? made[name as keyof typeof made] : (contract[name] as { example?: unknown }).example]),
  ) as Record<Channel, unknown>;
}

function madeSamples() {
  const request = { token: 'demo-search-token', query: 'jacket', options: { limit: 5, filter: 'brand = "Nord"' } };
  const side = (label: string, configurationId?: string) => ({
    label,
    profileId: LOCAL_DEMO_ID,
    overrides: configurationId ? { configurationId } : {},
  });
  const id = 'fuzz-batch';
  return {
    'settings:update': { theme: 'dark', requestTimeoutMs: 10_000, workspaceDir: dataDir, activeJudgments: 'fuzz.json' },
    'profiles:update': { id: LOCAL_DEMO_ID, fields: { name: 'Local demo', environment: 'demo' } },
    'profiles:duplicate': { id: LOCAL_DEMO_ID },
    'profiles:set-active': { id: LOCAL_DEMO_ID },
    'profiles:export': { id: LOCAL_DEMO_ID },
    'search:run': { requestId: 'fuzz-1', profileId: LOCAL_DEMO_ID, kind: 'search', request },
    'catalog:active': { profileId: LOCAL_DEMO_ID },
    'catalog:test-connection': { profileId: LOCAL_DEMO_ID },
    'token:status': { profileId: LOCAL_DEMO_ID },
    'saved:save': { name: 'Fuzzed request', overwrite: true, kind: 'search', request },
    'saved:read': { file: 'fuzzed-request.json' },
    'saved:delete': { file: 'fuzzed-request.json' },
    'compare:start': {
      name: 'fuzz',
      base: { options: { limit: 3 } },
      sides: { a: side('A'), b: side('B', 'bestsellers') },
      rows: [{ query: 'jacket', line: 1 }],
      concurrency: 2,
    },
    'compare:get': { id },
    'compare:control': { id, action: 'cancel' },
    'compare:result': { id, index: 0 },
    'compare:export': { id, format: 'csv' },
    'compare:quality': { id },
    'compare:delete': { id },
    'workspace:delete': { kind: 'requests', file: 'fuzzed-request.json' },
    'experiments:create': {
      experiment: {
        name: 'fuzz',
        querySet: 'fuzz.json',
        judgments: 'fuzz.json',
        limit: 5,
        concurrency: 2,
        sides: { a: side('A'), b: side('B', 'bestsellers') },
        quality: { k: 5 },
      },
    },
    'explain:query': {
      base: { options: { limit: 5 } },
      sides: {
        a: side('A'),
        b: { ...side('B', 'bestsellers'), overrides: { configurationId: 'bestsellers', options: { filter: 'price < 50' } } },
      },
      query: 'jacket',
      measure: 'rbo',
      known: { a: { ranking: ['SKU-1'], count: 1 } },
    },
    'explain:batch': { id, measure: 'rbo' },
    'traffic:import': { files: [join(outside, 'no-such-log.jsonl')] },
  };
}

function deep(levels: number, array = false): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < levels; i++) value = array ? [value] : { a: value };
  return value;
}

/** Values that no field wants, or that a careless handler would take into the file system. */
function badValues(): unknown[] {
  return [
    LEFT_OUT,
    undefined,
    null,
    0,
    -1,
    1.5,
    Number.MAX_SAFE_INTEGER + 2,
    true,
    '',
    ' ',
    'x'.repeat(1_000_000),
    'a\0b',
    `${MARKER}\0.json`,
    `../../${MARKER}.json`,
    `..\\..\\${MARKER}.json`,
    `${MARKER}/x.json`,
    join(outside, `${MARKER}.json`),
    '/etc/passwd',
    'C:\\Windows\\win.ini',
    'CON',
    '\u202egnp.json',
    [],
    [null, 1, 'x'],
    {},
    deep(20_000),
    deep(20_000, true),
    deep(70),
    JSON.parse('{"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}}'),
    { toString: 'not a function', valueOf: 1, hasOwnProperty: 'x' },
    '\n',
    '😀'.repeat(10_000),
    -0,
    1e308,
    'null',
    Array.from({ length: 10_000 }, (_, i) => i),
  ];
}

/** Paths to every value inside a sample, down to a few levels (arrays by their first element). */
function paths(value: unknown, prefix: (string | number)[] = [], depth = 0): (string | number)[][] {
  if (depth > 4 || value === null || typeof value !== 'object') return [];
  const out: (string | number)[][] = [];
  const entries: [string | number, unknown][] = Array.isArray(value) ? (value.length ? [[0, value[0]]] : []) : Object.entries(value);
  for (const [key, child] of entries) {
    out.push([...prefix, key]);
    out.push(...paths(child, [...prefix, key], depth + 1));
  }
  return out;
}

const LEFT_OUT = Symbol('left out');

/** The sample with one value replaced (or left out; `undefined` stays as a key set to undefined, as structured clone carries it). */
function replaced(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  if (replacement === LEFT_OUT) delete node[last];
  else node[last] = replacement;
  return copy;
}

/** Objects of a sample with a prototype-polluting key added. */
function withPrototypeKeys(value: unknown): unknown[] {
  const out: unknown[] = [];
  for (const path of [[], ...paths(value)]) {
    const copy = structuredClone(value) as Record<string, unknown>;
    let node: unknown = copy;
    for (const key of path) node = (node as Record<string | number, unknown>)[key];
    if (!node || typeof node !== 'object' || Array.isArray(node)) continue;
    for (const key of ['__proto__', 'constructor', 'prototype'])
      Object.defineProperty(node, key, { value: { polluted: true }, enumerable: true, configurable: true, writable: true });
    out.push(copy);
  }
  return out;
}

function inputsFor(channel: Channel, sample: unknown): unknown[] {
  const bad = badValues();
  const inputs: unknown[] = [undefined, null, 42, 'text', [], [sample], deep(20_000), 'x'.repeat(1_000_000)];
  for (const path of paths(sample)) for (const value of bad) inputs.push(replaced(sample, path, value));
  inputs.push(...withPrototypeKeys(sample));
  inputs.push(sample);
  void channel;
  return inputs;
}

async function entriesNamed(dir: string, marker: string, recursive = false): Promise<string[]> {
  try {
    const entries = await readdir(dir, { recursive });
    return entries.filter((e) => e.includes(marker)).map((e) => join(dir, e));
  } catch {
    return [];
  }
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'wb-fuzz-data-'));
  outside = await mkdtemp(join(tmpdir(), 'wb-fuzz-outside-'));
  core = await createCore({
    dataDir,
    transport: 'browser',
    keychain: false,
    localDemo: { items: 300 },
    demoWorkspace: false,
    log: (m, err) => logs.push(`${m}: ${err instanceof Error ? err.message : String(err)}`),
  });
  await core.services.localDemo?.ready;
}, 60_000);

afterAll(async () => {
  await core.dispose();
});

describe('every channel fuzzed with malformed input', () => {
  it('has a valid sample for every channel, so a new channel is fuzzed too: its example, or one made here', () => {
    const all = samples();
    expect(channelNames.filter((name) => all[name] === undefined)).toEqual([]);
    for (const name of channelNames) expect(contract[name].input.safeParse(all[name]).success, name).toBe(true);
  });

  it('answers only values or typed errors, stays alive, and writes nothing outside the data folder', async () => {
    const all = samples();
    const tally = { channels: 0, inputs: 0, ok: 0, typed: 0, untyped: 0 };
    const codes = new Map<string, number>();
    const untyped: string[] = [];
    const unnamed: string[] = [];
    for (const channel of channelNames) {
      tally.channels += 1;
      for (const input of inputsFor(channel, all[channel])) {
        tally.inputs += 1;
        const result = await core.router.invoke(channel, input, { transport: 'browser' });
        if (result.ok) {
          tally.ok += 1;
          continue;
        }
        const { code, message } = result.error;
        codes.set(code, (codes.get(code) ?? 0) + 1);
        const raw = /^\s*[[{]/.test(message) || message.includes('"code":') || /\n\s+at /.test(message);
        if (code === 'internal' || raw || !message) {
          tally.untyped += 1;
          untyped.push(`${channel}: ${code}: ${message.slice(0, 200)}`);
        } else tally.typed += 1;
        const details = result.error.details as { field?: string; issues?: unknown[] } | undefined;
        if (code === 'validation' && !details?.field && !details?.issues?.length) unnamed.push(`${channel}: ${message.slice(0, 160)}`);
      }
    }
    console.log(`channel fuzz: ${JSON.stringify(tally)} codes ${JSON.stringify(Object.fromEntries(codes))}`);
    expect(untyped).toEqual([]);
    expect([...new Set(unnamed)]).toEqual([]);
    expect(logs.filter((l) => l.includes('failed'))).toEqual([]);
    expect(tally.channels).toBe(channelNames.length);
    expect(tally.inputs).toBeGreaterThan(5000);
    expect(tally.typed).toBeGreaterThan(4000);

    // Still alive, and the prototype of every object untouched.
    expect(await core.router.invoke('app:ping', { text: 'alive' }, { transport: 'browser' })).toMatchObject({
      ok: true,
      value: { pong: 'alive' },
    });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();

    // Nothing named by the fuzzer exists anywhere it pointed.
    const places = [process.cwd(), dirname(process.cwd()), dirname(dirname(process.cwd())), '/', dirname(dataDir), '/etc'];
    const found = (await Promise.all([...places.map((p) => entriesNamed(p, MARKER)), entriesNamed(outside, MARKER, true)])).flat();
    expect(found).toEqual([]);
    expect(await readdir(outside)).toEqual([]);
  }, 600_000);
});
