import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main';
import { rbo } from '../../../src/shared/diff/metrics';
import type { MatrixJson } from '../../../src/shared/matrix/report';
import { captureIo } from '../../helpers/cli-io';
import { byTag, parseHtml, words } from '../../helpers/html';
import { DEMO_TOKEN, testEmulator, type TestEmulator } from '../../helpers/emulator';

let em: TestEmulator;
let dir: string;
beforeAll(async () => {
  em = await testEmulator({ items: 12_000 });
  dir = await mkdtemp(join(tmpdir(), 'wb-matrix-'));
});
afterAll(async () => {
  await em?.stop();
  await rm(dir, { recursive: true, force: true });
});

async function matrix(args: string[]) {
  const io = captureIo();
  const code = await main(['matrix', '--base-url', em.url, '--token', DEMO_TOKEN, ...args], io);
  const out = io.out.join('\n');
  return { code, out, err: io.err.join('\n'), json: (code === 0 && out.startsWith('{') ? JSON.parse(out) : null) as MatrixJson };
}

/** The first k ids the emulator gives a request, asked here directly. */
async function ids(body: Record<string, unknown>, k = 10): Promise<string[]> {
  const r = await em.search({ options: { offset: 0, limit: k }, ...body });
  return (r.body.items as { id: string }[]).map((i) => i.id);
}

const AXES = ['--axis', 'segment=none,premium,outlet', '--axis', 'weather=sun,rain'];

describe('search-workbench matrix against the emulator', () => {
  it('a 3×2 grid for one query: each cell the answer of its request, held against the baseline cell', async () => {
    const { code, json, err } = await matrix(['--query', 'jacket', ...AXES]);
    expect(code, err).toBe(0);
    expect(err).toContain('6 cells × 1 query = 6 requests; baseline (default) · segment=none · weather=sun');
    expect(json.baseline).toEqual({ key: '(default) · segment=none · weather=sun', configurationId: '', variables: { weather: 'sun' } });
    expect(json.cells.map((c) => c.variables)).toEqual([
      { weather: 'sun' },
      { weather: 'rain' },
      { segment: 'premium', weather: 'sun' },
      { segment: 'premium', weather: 'rain' },
      { segment: 'outlet', weather: 'sun' },
      { segment: 'outlet', weather: 'rain' },
    ]);
    // Each cell's ids are what the emulator answers that request; its rbo is against the baseline's, as Compare's.
    const base = await ids({ query: 'jacket', context: { variables: { weather: 'sun' } } });
    for (const cell of json.cells) {
      const own = await ids({ query: 'jacket', context: { variables: cell.variables } });
      expect(cell.ids).toEqual(own);
      expect(cell.change).toBeCloseTo(1 - rbo(own, base), 12);
      expect(cell.count).toBeGreaterThan(0);
    }
    const by = (segment: string | undefined, weather: string) =>
      json.cells.find((c) => c.variables.segment === segment && c.variables.weather === weather)!;
    expect(by(undefined, 'sun').change).toBe(0);
    expect(by('outlet', 'sun').change).toBe(0); // outlet alone moves nothing
    expect(by('premium', 'sun').change).toBeGreaterThan(0);
    expect(by('outlet', 'rain').ids).not.toEqual(by(undefined, 'rain').ids); // the interaction
  });

  it('two configurations and a query set, a chosen baseline; CSV one row per cell × query, HTML the grid', async () => {
    const queries = join(dir, 'queries.txt');
    await writeFile(queries, 'jacket\nrain boots\nbackpack\n');
    const csv = join(dir, 'm.csv');
    const args = [
      '--queries',
      queries,
      ...AXES,
      '--config',
      'default',
      '--config',
      'bestsellers',
      '--baseline',
      'config=default,weather=rain',
    ];
    const run = await matrix([...args, '--out', csv]);
    expect(run.code, run.err).toBe(0);
    expect(run.out).toBe(`36 requests, 0 failed · CSV: ${csv}`);
    const lines = (await readFile(csv, 'utf8')).trim().split('\r\n');
    expect(lines[0]).toBe('query,configuration,segment,weather,baseline,count,change,top_changed,top_ids,error');
    expect(lines).toHaveLength(1 + 3 * 12);
    const baselineRows = lines.filter((l) => l.split(',')[4] === 'yes');
    expect(baselineRows).toHaveLength(3);
    for (const row of baselineRows) expect(row).toMatch(/^[a-z ]+,default,none,rain,yes,\d+,0,no,/);
    const html = join(dir, 'm.html');
    expect((await matrix([...args, '--out', html])).code).toBe(0);
    const page = parseHtml(await readFile(html, 'utf8'));
    const policy = byTag(page, 'meta').find((m) => m.attributes['http-equiv'] === 'Content-Security-Policy');
    expect(policy?.attributes.content).toMatch(/^default-src 'none';/);
    expect(byTag(page, 'script')).toEqual([]);
    expect(words(byTag(page, 'div', 'muted')[0]!)).toContain('12 cells × 3 queries');
    expect(byTag(page, 'tr')).toHaveLength(1 + 12);
    const json = await matrix(args);
    expect(json.json.baseline.key).toBe('default · segment=none · weather=rain');
    expect(json.json.cells).toHaveLength(36);
    expect(new Set(json.json.cells.map((c) => c.configurationId))).toEqual(new Set(['default', 'bestsellers']));
  });

  it('the emulator’s clock as an axis (emulator only): bestsellers’ evening trigger moves the evening cells', async () => {
    const { code, json, err } = await matrix(['--query', 'jacket', '--config', 'bestsellers', '--hours', '10,11,20']);
    expect(code, err).toBe(0);
    const [ten, eleven, twenty] = json.cells;
    expect(ten).toMatchObject({ hour: 10, change: 0 });
    expect(eleven).toMatchObject({ hour: 11, change: 0 });
    expect(twenty!.hour).toBe(20);
    expect(twenty!.change).toBeGreaterThan(0);
  });

  it('refuses what it cannot run, naming the option (exit 2); no answer at all is exit 3', async () => {
    const reserved = await matrix(['--query', 'x', '--axis', '$SEARCH_HOUR=1,2']);
    expect(reserved.code).toBe(2);
    expect(reserved.err).toContain('--axis $SEARCH_HOUR: $SEARCH_HOUR is a system variable');
    expect((await matrix(['--query', 'x', '--axis', 'segment=a,a'])).err).toContain(
      '--axis segment (value 2): segment: a is listed twice.',
    );
    expect((await matrix(['--query', 'x', '--axis', 'segment'])).err).toContain('--axis is NAME=v1,v2');
    expect((await matrix(['--query', 'x', '--hours', '25'])).code).toBe(2);
    expect((await matrix(['--query', 'x', '--baseline', 'colour=red', ...AXES])).err).toContain('colour, which is not an axis');
    expect((await matrix(['--query', 'x', '--out', 'm.txt'])).err).toContain('--out must end in .json, .csv or .html');
    expect((await matrix([...AXES])).code).toBe(2);
    const io = captureIo();
    expect(await main(['matrix', '--base-url', em.url, '--token', 'no-such-token', '--query', 'x', ...AXES], io)).toBe(3);
    expect(io.err.join('\n')).toContain('No request of the matrix was answered');
  });

  it('--hours against a service that is not the emulator is refused before anything is sent', async () => {
    let asked = 0;
    const server: Server = createServer((req, res) => {
      asked++;
      res.writeHead(404).end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    try {
      const io = captureIo();
      expect(await main(['matrix', '--base-url', url, '--token', 't', '--query', 'x', '--hours', '9,21'], io)).toBe(2);
      expect(io.err.join('\n')).toContain(`--hours: The emulator's clock is an axis on Local demo only: ${url} is a real service`);
      expect(asked).toBe(1); // the probe, and no search
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});
