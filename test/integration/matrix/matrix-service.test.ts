import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { MatrixProgressView } from '../../../src/shared/matrix';
import { cellSummaries } from '../../../src/shared/matrix/measures';
import type { MatrixRun } from '../../../src/shared/matrix/report';
import { LOCAL_DEMO_ID } from '../../../src/shared/profiles';
import { call, demoCores, invoke } from '../../helpers/demo-core';

// The context matrix through the contract on Local demo: the grid's answers as events, each cell against the
// baseline, the emulator's clock as an axis on Local demo only, and what cannot be sent refused with its field.

const { start } = demoCores();
const TOKEN = 'demo-search-token-0001';

const grid = {
  base: { token: TOKEN, options: { offset: 0, limit: 10 } },
  queries: ['jacket', 'boots'],
  axes: [
    { name: 'segment', values: [null, 'premium', 'outlet'] },
    { name: 'weather', values: ['sun', 'rain'] },
  ],
  configurations: ['default', 'bestsellers'],
};

describe('the context matrix through the contract', () => {
  it('2 queries × 12 cells: every answer as an event, each cell held against the baseline of the same query', async () => {
    const core = await start(await mkdtemp(join(tmpdir(), 'wb-matrix-')));
    const events: MatrixProgressView[] = [];
    core.events.subscribe((name, payload) => name === 'matrix:progress' && events.push(payload as MatrixProgressView));
    const run = await call<MatrixRun>(core, 'matrix:run', { ...grid, baseline: 'config=default,weather=sun' });
    expect(run.cells).toHaveLength(12);
    expect(run.baseline).toBe('default · segment=none · weather=sun');
    expect(run.rows).toHaveLength(24);
    expect(run).toMatchObject({ requests: 24, failed: 0, stopped: false, k: 10 });
    expect(events).toHaveLength(24);
    expect(events.at(-1)).toMatchObject({ total: 24, done: 24, failed: 0 });
    expect(new Set(events.map((e) => `${e.answered!.query}|${e.answered!.cell}`)).size).toBe(24);
    // The answer the event carried is the row's.
    const last = events.at(-1)!.answered!;
    const row = run.rows.find((r) => r.query === last.query && r.cell === last.cell)!;
    expect(last.answer).toMatchObject({ ok: true, ids: row.ids });
    // Each cell's ids are the answer to its own request.
    const premiumRain = run.rows.find((r) => r.query === 'jacket' && r.cell === 'bestsellers · segment=premium · weather=rain')!;
    const direct = await call<{ response: { items: { id: string }[] } }>(core, 'search:run', {
      requestId: 'matrix-check',
      kind: 'search',
      transport: 'post',
      request: {
        token: TOKEN,
        query: 'jacket',
        configurationId: 'bestsellers',
        options: { offset: 0, limit: 10 },
        context: { variables: { segment: 'premium', weather: 'rain' } },
      },
    });
    expect(premiumRain.ids).toEqual(direct.response.items.map((i) => i.id));
    const summaries = cellSummaries(run.cells, run.rows);
    expect(summaries[0]).toMatchObject({ cell: run.baseline, compared: 2, meanChange: 0, topChanged: 0 });
    expect(summaries.find((s) => s.cell === 'default · segment=outlet · weather=sun')).toMatchObject({ meanChange: 0 });
    expect(summaries.find((s) => s.cell === 'default · segment=premium · weather=sun')!.meanChange).toBeGreaterThan(0);
  });

  it('the emulator’s clock is an axis on Local demo only; what cannot be sent is refused with its field', async () => {
    const core = await start(await mkdtemp(join(tmpdir(), 'wb-matrix-')));
    const hours = await call<MatrixRun>(core, 'matrix:run', {
      ...grid,
      queries: ['jacket'],
      axes: [],
      configurations: ['bestsellers'],
      hours: [10, 20],
      profileId: LOCAL_DEMO_ID,
    });
    expect(hours.rows.map((r) => r.cell)).toEqual(['bestsellers · hour=10', 'bestsellers · hour=20']);
    expect(hours.rows[1]!.rbo).toBeLessThan(1); // bestsellers' evening trigger

    const copy = await call<{ id: string }>(core, 'profiles:duplicate', { id: LOCAL_DEMO_ID });
    const refused = async (input: Record<string, unknown>) => {
      const r = await invoke(core, 'matrix:run', { ...grid, ...input });
      return r.ok ? null : r.error;
    };
    expect(await refused({ hours: [9], profileId: copy.id })).toMatchObject({
      code: 'validation',
      details: { field: 'hours' },
      message: expect.stringContaining('on Local demo only'),
    });
    expect(await refused({ axes: [{ name: '$SEARCH_QUERY', values: ['x'] }] })).toMatchObject({ details: { field: 'axes[0].name' } });
    expect(await refused({ axes: [{ name: 'since', values: ['2026-01-01'] }] })).toMatchObject({
      details: { field: 'axes[0].values[0]' },
    });
    expect(await refused({ base: {} })).toMatchObject({ details: { field: 'base.token' } });
    expect(await refused({ baseline: 'segment=vip' })).toMatchObject({ details: { field: 'baseline' } });
    expect(await refused({ profileId: 'no-such-profile' })).toMatchObject({ code: 'not-found', details: { field: 'profileId' } });
    expect(await refused({ queries: [] })).toMatchObject({ code: 'validation' });
    expect(await call(core, 'matrix:cancel', {})).toEqual({ cancelled: false });
  });

  it('cancel stops the matrix where it is: what was answered is kept, marked stopped', async () => {
    const core = await start(await mkdtemp(join(tmpdir(), 'wb-matrix-')));
    let cancelled: Promise<unknown> | undefined;
    core.events.subscribe((name) => {
      if (name === 'matrix:progress' && !cancelled) cancelled = call(core, 'matrix:cancel', {});
    });
    const run = await call<MatrixRun>(core, 'matrix:run', { ...grid, queries: ['jacket', 'boots', 'dress', 'tent', 'socks'] });
    expect(await cancelled).toEqual({ cancelled: true });
    expect(run.stopped).toBe(true);
    expect(run.requests).toBeGreaterThan(0);
    expect(run.requests).toBeLessThan(60);
    expect(run.rows.length).toBeLessThanOrEqual(run.requests);
    // The next matrix runs: the service is free again.
    expect((await call<MatrixRun>(core, 'matrix:run', { ...grid, queries: ['jacket'], axes: [] })).stopped).toBe(false);
  });
});
