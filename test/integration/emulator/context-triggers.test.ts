import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TOKEN, testEmulator, type TestEmulator } from '../../helpers/emulator';

let em: TestEmulator;
beforeAll(async () => {
  em = await testEmulator({ items: 12_000 });
});
afterAll(() => em.stop());

const QUERY = 'jacket';
/** The first 24 ids the demo tenant gives a query with these variables (and this clock). */
async function ranking(variables: Record<string, string>, options: { configurationId?: string; clock?: string } = {}) {
  const r = await em.post<{ items: { id: string }[] }>(
    '/search',
    {
      token: DEMO_TOKEN,
      query: QUERY,
      ...(options.configurationId ? { configurationId: options.configurationId } : {}),
      options: { offset: 0, limit: 24 },
      context: { variables },
    },
    options.clock !== undefined ? { 'x-emulator-clock': options.clock } : {},
  );
  expect(r.status).toBe(200);
  return r.body.items.map((i) => i.id);
}

describe('emulator: triggers on context variables, for the context matrix', () => {
  it('one per custom variable and one on two together: cells that differ, cells that do not, and an interaction', async () => {
    const grid: Record<string, string[]> = {};
    for (const segment of ['none', 'premium', 'outlet'])
      for (const weather of ['sun', 'rain'])
        grid[`${segment}/${weather}`] = await ranking({ ...(segment !== 'none' ? { segment } : {}), weather });
    const base = grid['none/sun']!;
    expect(grid['premium/sun']).not.toEqual(base); // segment = premium
    expect(grid['none/rain']).not.toEqual(base); // weather = rain
    expect(grid['outlet/sun']).toEqual(base); // outlet alone moves nothing
    // Outlet moves results only when it rains: the two variables together.
    expect(grid['outlet/rain']).not.toEqual(grid['none/rain']);
    expect(grid['premium/rain']).not.toEqual(grid['none/rain']);
  });

  it('x-emulator-clock sets one request’s clock: the hour $SEARCH_HOUR reads, nothing else', async () => {
    const morning = await ranking({}, { configurationId: 'bestsellers', clock: '10' });
    expect(await ranking({}, { configurationId: 'bestsellers', clock: '11' })).toEqual(morning);
    expect(await ranking({}, { configurationId: 'bestsellers', clock: '20' })).not.toEqual(morning); // evening picks
    expect(await ranking({}, { configurationId: 'bestsellers', clock: '2026-11-25T21:15:00+01:00' })).toEqual(
      await ranking({}, { configurationId: 'bestsellers', clock: '20' }),
    );
    // default has no trigger on the hour.
    expect(await ranking({}, { clock: '20' })).toEqual(await ranking({}, { clock: '10' }));
  });

  it('refuses a clock it cannot read, naming the header and the forms it takes', async () => {
    for (const clock of ['24', 'noon', '2026-11-25T20:30:00']) {
      const r = await em.post('/search', { token: DEMO_TOKEN, query: QUERY }, { 'x-emulator-clock': clock });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ code: 'invalid-clock', field: 'x-emulator-clock', message: expect.stringContaining('an hour 0–23') });
    }
  });
});
