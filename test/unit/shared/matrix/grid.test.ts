import { describe, expect, it } from 'vitest';
import {
  buildCells,
  cellCount,
  checkMatrix,
  findBaseline,
  parseAxisArg,
  typeAxisValue,
  type MatrixSpec,
} from '../../../../src/shared/matrix/grid';
import { cellSummaries, matrixRows, type CellAnswer } from '../../../../src/shared/matrix/measures';
import { changeBand, matrixCsv, matrixJson, type MatrixRun } from '../../../../src/shared/matrix/report';
import { matrixHtml } from '../../../../src/report';
import { byTag, parseHtml, words } from '../../../helpers/html';

const segment = { name: 'segment', values: [null, 'premium', 'outlet'] };
const weather = { name: 'weather', values: ['sun', 'rain'] };
const spec = (over: Partial<MatrixSpec> = {}): MatrixSpec => ({
  queries: ['rain jacket'],
  axes: [segment, weather],
  configurations: ['default'],
  ...over,
});

describe('the context matrix grid', () => {
  it('is every combination of the axes’ values × each configuration, the last axis varying fastest; none is absent', () => {
    const cells = buildCells(spec());
    expect(cells.map((c) => c.key)).toEqual([
      'default · segment=none · weather=sun',
      'default · segment=none · weather=rain',
      'default · segment=premium · weather=sun',
      'default · segment=premium · weather=rain',
      'default · segment=outlet · weather=sun',
      'default · segment=outlet · weather=rain',
    ]);
    expect(cells[0]).toEqual({
      key: 'default · segment=none · weather=sun',
      configurationId: 'default',
      variables: { weather: 'sun' },
      values: { segment: null, weather: 'sun' },
    });
    expect(cells[3]!.variables).toEqual({ segment: 'premium', weather: 'rain' });
    const two = buildCells(spec({ configurations: ['default', 'bestsellers'], hours: [9, 21] }));
    expect(two).toHaveLength(24);
    expect(cellCount(spec({ configurations: ['default', 'bestsellers'], hours: [9, 21] }))).toBe(24);
    expect(two[1]).toMatchObject({ key: 'default · segment=none · weather=sun · hour=21', hour: 21 });
    expect(two[12]!.configurationId).toBe('bestsellers');
    // No axis at all: one cell per configuration, nothing sent.
    expect(buildCells(spec({ axes: [] }))).toEqual([{ key: 'default', configurationId: 'default', variables: {}, values: {} }]);
    expect(buildCells(spec({ axes: [], configurations: [''] }))[0]!.key).toBe('(default)');
  });

  it('refuses what cannot be sent, each problem with its field and the fix', () => {
    expect(checkMatrix(spec())).toEqual([]);
    expect(checkMatrix(spec({ axes: [{ name: '$SEARCH_HOUR', values: [1, 2] }] }))).toEqual([
      {
        field: 'axes[0].name',
        message:
          '$SEARCH_HOUR is a system variable: the service sets it, so it cannot be an axis. On Local demo, use the emulator’s clock (hour) instead.',
      },
    ]);
    expect(checkMatrix(spec({ axes: [segment, { name: 'segment', values: ['x'] }] }))).toEqual([
      { field: 'axes[1].name', message: 'segment is an axis twice: give it one list of values.' },
    ]);
    const bad = checkMatrix(
      spec({
        axes: [
          { name: 'segment', values: ['premium', 'premium'] },
          { name: 'since', values: ['2026-01-01', '2026-01-01T00:00:00Z', { a: 1 } as never] },
          { name: ' ', values: [] },
        ],
      }),
    );
    expect(bad.map((p) => p.field)).toEqual([
      'axes[0].values[1]',
      'axes[1].values[0]',
      'axes[1].values[2]',
      'axes[2].name',
      'axes[2].values',
    ]);
    expect(bad[0]!.message).toBe('segment: premium is listed twice.');
    expect(bad[1]!.message).toMatch(/since/);
    expect(bad[2]!.message).toMatch(/context variables may be text/);
    expect(checkMatrix(spec({ hours: [24, 3, 3] })).map((p) => p.field)).toEqual(['hours[0]', 'hours']);
    expect(checkMatrix(spec({ queries: [] }))[0]!.field).toBe('queries');
    expect(checkMatrix(spec({ queries: Array.from({ length: 51 }, (_, i) => `q${i}`) }))[0]!.message).toMatch(/at most 50 queries, not 51/);
    expect(checkMatrix(spec({ configurations: [] }))[0]!.field).toBe('configurations');
    expect(checkMatrix(spec({ configurations: ['a', 'a'] }))[0]!.field).toBe('configurations[1]');
    // The budget: cells × queries, said before anything is sent.
    const big = spec({
      queries: Array.from({ length: 50 }, (_, i) => `q${i}`),
      axes: [
        { name: 'a', values: Array.from({ length: 10 }, (_, i) => `v${i}`) },
        { name: 'b', values: Array.from({ length: 11 }, (_, i) => `v${i}`) },
      ],
    });
    expect(checkMatrix(big)).toEqual([
      {
        field: 'axes',
        message: 'This grid is 110 cells × 50 queries = 5,500 requests, over the 5,000 a matrix sends: drop values or queries.',
      },
    ]);
  });

  it('reads --axis values as typed: none absent, numbers, booleans, a JSON string for text that looks like one', () => {
    expect(parseAxisArg('segment=none,premium,outlet')).toEqual({ name: 'segment', values: [null, 'premium', 'outlet'] });
    expect(parseAxisArg('n=1,2.5,true,"3","a,b","none",x y')).toEqual({ name: 'n', values: [1, 2.5, true, '3', 'a,b', 'none', 'x y'] });
    expect(parseAxisArg('s=none, "a, b" , c')).toEqual({ name: 's', values: [null, 'a, b', 'c'] });
    expect(parseAxisArg('segment')).toMatchObject({ error: expect.stringContaining('NAME=v1,v2') });
    expect(parseAxisArg('=a')).toMatchObject({ error: expect.stringContaining('NAME=v1,v2') });
    expect(parseAxisArg('s="a"b')).toMatchObject({ error: expect.stringContaining('followed by a comma') });
    expect(typeAxisValue(' none ')).toBeNull();
    expect(typeAxisValue('"x\\"y"')).toBe('x"y');
  });

  it('finds the baseline cell by its values; an axis left out takes its first value', () => {
    const s = spec({ configurations: ['default', 'bestsellers'] });
    const cells = buildCells(s);
    expect(findBaseline(cells, s)).toBe(cells[0]);
    expect(findBaseline(cells, s, 'bestsellers · segment=premium · weather=rain')).toBe(cells[9]);
    expect(findBaseline(cells, s, 'weather=rain')).toMatchObject({ key: 'default · segment=none · weather=rain' });
    expect(findBaseline(cells, s, 'segment=outlet, weather=sun, config=bestsellers')).toMatchObject({
      key: 'bestsellers · segment=outlet · weather=sun',
    });
    expect(findBaseline(cells, s, 'colour=red')).toMatchObject({ error: expect.stringContaining('not an axis (axes: segment, weather)') });
    expect(findBaseline(cells, s, 'segment=vip')).toMatchObject({ error: expect.stringContaining('No cell of the grid is segment=vip') });
    expect(findBaseline(cells, s, 'segment')).toMatchObject({ error: expect.stringContaining('NAME=value') });
  });
});

describe('the matrix measures', () => {
  const s = spec({ axes: [{ name: 'segment', values: [null, 'premium', 'outlet'] }] });
  const cells = buildCells(s);
  const [none, premium, outlet] = cells.map((c) => c.key) as [string, string, string];
  const answers = new Map<string, CellAnswer>([
    [`q1|${none}`, { ok: true, ids: ['a', 'b', 'c'], count: 3 }],
    [`q1|${premium}`, { ok: true, ids: ['b', 'a', 'c'], count: 3 }],
    [`q1|${outlet}`, { ok: false, error: 'The service answered 503' }],
    [`q2|${none}`, { ok: true, ids: ['x', 'y'], count: 2 }],
    [`q2|${premium}`, { ok: true, ids: ['x', 'y'], count: 2 }],
    [`q2|${outlet}`, { ok: true, ids: ['z'], count: 1 }],
  ]);
  const rows = matrixRows(['q1', 'q2'], cells, none, (q, c) => answers.get(`${q}|${c}`), 10);

  it('holds each cell against the baseline cell of the same query', () => {
    expect(rows).toHaveLength(6);
    expect(rows[0]).toEqual({ query: 'q1', cell: none, ids: ['a', 'b', 'c'], count: 3, rbo: 1, topChanged: false });
    expect(rows[1]!.topChanged).toBe(true);
    expect(rows[1]!.rbo).toBeGreaterThan(0.5);
    expect(rows[1]!.rbo).toBeLessThan(1);
    expect(rows[2]).toMatchObject({ cell: outlet, rbo: null, topChanged: null, error: 'The service answered 503' });
    expect(rows[5]).toMatchObject({ rbo: 0, topChanged: true });
    // Not answered yet: no row.
    expect(matrixRows(['q3'], cells, none, () => undefined)).toEqual([]);
    // Depth k: only the first k count.
    expect(matrixRows(['q1'], cells, none, (q, c) => answers.get(`${q}|${c}`), 1)[1]).toMatchObject({ ids: ['b'], rbo: 0 });
  });

  it('sums each cell over the queries: mean 1 − RBO, top changes, failures', () => {
    const [b, p, o] = cellSummaries(cells, rows);
    expect(b).toEqual({ cell: none, compared: 2, meanChange: 0, topChanged: 0, failed: 0 });
    expect(p!.compared).toBe(2);
    expect(p!.meanChange).toBeCloseTo((1 - rows[1]!.rbo!) / 2, 12);
    expect(p!.topChanged).toBe(1);
    expect(o).toEqual({ cell: outlet, compared: 1, meanChange: 1, topChanged: 1, failed: 1 });
  });
});

describe('the matrix exports', () => {
  const s = spec({ queries: ['=cmd()', '<b>'], axes: [{ name: 'segment', values: [null, '<i>x</i>'] }] });
  const cells = buildCells(s);
  const answers: Record<string, CellAnswer> = {
    [`=cmd()|${cells[0]!.key}`]: { ok: true, ids: ['a', 'b'], count: 2 },
    [`=cmd()|${cells[1]!.key}`]: { ok: true, ids: ['b', 'a'], count: 2 },
    [`<b>|${cells[0]!.key}`]: { ok: true, ids: ['c'], count: 1 },
    [`<b>|${cells[1]!.key}`]: { ok: false, error: 'The service answered <503>' },
  };
  const run: MatrixRun = {
    queries: s.queries,
    axes: s.axes,
    configurations: s.configurations,
    cells,
    baseline: cells[0]!.key,
    k: 10,
    rows: matrixRows(s.queries, cells, cells[0]!.key, (q, c) => answers[`${q}|${c}`]),
    requests: 4,
    failed: 1,
    stopped: false,
  };

  it('JSON: the baseline and one entry per (query, cell), failures with their error', () => {
    const json = matrixJson(run);
    expect(json.baseline).toEqual({ key: 'default · segment=none', configurationId: 'default', variables: {} });
    expect(json.axes).toEqual([{ name: 'segment', values: ['none', '<i>x</i>'] }]);
    expect(json.cells).toHaveLength(4);
    expect(json.cells[3]).toEqual({
      query: '<b>',
      configurationId: 'default',
      variables: { segment: '<i>x</i>' },
      ids: [],
      count: null,
      change: null,
      error: 'The service answered <503>',
    });
    // One name and one direction with the app's grid and the CSV: a cell that did not move reads 0 everywhere.
    expect(json.cells[0]!.change).toBe(0);
    expect(json.cells[1]!.change).toBeGreaterThan(0);
    expect(json.cells.some((cell) => 'rbo' in cell)).toBe(false);
    const csv = matrixCsv(run).split('\r\n');
    expect(Number(csv[2]!.split(',')[5])).toBeCloseTo(json.cells[1]!.change!, 12);
  });

  it('CSV: formulas defused, the baseline marked; HTML: every text escaped, no script, nothing fetched', async () => {
    const csv = matrixCsv(run).split('\r\n');
    expect(csv[0]).toBe('query,configuration,segment,baseline,count,change,top_changed,top_ids,error');
    expect(csv[1]).toBe("'=cmd(),default,none,yes,2,0,no,a b,");
    expect(csv[2]).toMatch(/^'=cmd\(\),default,<i>x<\/i>,,2,0\.\d+,yes,b a,$/);
    const page = parseHtml(await matrixHtml(run));
    expect(byTag(page, 'i')).toEqual([]);
    expect(byTag(page, 'th').map(words)).toContain('<i>x</i>');
    expect(byTag(page, 'td', 'none').map(words)).toContain('The service answered <503>');
    expect(byTag(page, 'script')).toEqual([]);
    const policy = byTag(page, 'meta').find((m) => m.attributes['http-equiv'] === 'Content-Security-Policy');
    expect(policy?.attributes.content).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect([null, 0, 0.1, 0.3, 0.9].map(changeBand)).toEqual(['none', 'same', 'low', 'mid', 'high']);
  });
});
