import { mkdtemp, readFile, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main';
import { startEmulator, type RunningEmulator } from '../../src/main/emulator';
import { captureIo } from '../helpers/cli-io';
import { DEMO_TOKEN } from '../helpers/emulator';
import { parseXml, type XmlElement } from '../helpers/xml';

// `search-workbench test` against the emulator: the demo suite in the repository on two configurations, with the
// emulator's clock pinned at two hours of the day (bestsellers has an evening trigger: the outcomes must not move);
// the exit codes 0/1/2/3, JUnit read as XML, a masked attribute, requests that cannot run.

const DEMO_SUITE = resolve(import.meta.dirname, '../../examples/workspace');
const at = (hour: number) => () => Date.parse(`2026-11-20T${String(hour).padStart(2, '0')}:30:00Z`);
let morning: RunningEmulator;
let evening: RunningEmulator;
beforeAll(async () => {
  [morning, evening] = await Promise.all([startEmulator({ now: at(10) }), startEmulator({ now: at(20) })]);
});
afterAll(async () => {
  await Promise.all([morning?.stop(), evening?.stop()]);
});

async function test(args: string[], em: RunningEmulator = morning) {
  const io = captureIo();
  const code = await main(['test', ...args, '--base-url', em.url, '--token', DEMO_TOKEN], io);
  return { code, out: io.out.join(''), err: io.err.join('\n') };
}

type Row = { file: string; request: string; name: string; type: string; status: string; message: string; url: string };
const rows = (out: string) => JSON.parse(out) as Row[];
const statuses = (out: string) => rows(out).map((r) => `${r.request} · ${r.name}: ${r.status}`);

describe('search-workbench test', () => {
  it('the demo suite passes on default and fails in four explainable places on bestsellers, the same at 10:30 and 20:30', async () => {
    const outcomes: Record<string, string[]> = {};
    for (const [hour, em] of [
      ['10:30', morning],
      ['20:30', evening],
    ] as const) {
      const fine = await test([DEMO_SUITE, '--config', 'default', '--reporter', 'json'], em);
      expect(fine.code, fine.err).toBe(0);
      expect(rows(fine.out)).toHaveLength(29);
      expect(rows(fine.out).every((r) => r.status === 'passed')).toBe(true);
      const best = await test([DEMO_SUITE, '--config', 'bestsellers', '--reporter', 'json'], em);
      expect(best.code).toBe(1);
      outcomes[hour] = statuses(best.out);
      expect(
        rows(best.out)
          .filter((r) => r.status === 'failed')
          .map((r) => `${r.request} · ${r.name}`),
      ).toEqual([
        'Backpack: the Halden Ascent first · SKU-115970 at rank 1',
        'Rain jacket: the kids’ jacket we promote · The Tessel kids’ rain jacket stays in the top 3',
        'Trail running shoes · Nothing out of stock in the top 10',
        'Trail running shoes · The Northvale Summit leads the Korvo Switchback',
      ]);
    }
    expect(outcomes['20:30']).toEqual(outcomes['10:30']);
    // Every assertion type is in the demo suite.
    const types = new Set(rows((await test([DEMO_SUITE, '--reporter', 'json'])).out).map((r) => r.type));
    expect([...types].sort()).toEqual([
      'above',
      'atRank',
      'count',
      'facet',
      'group',
      'inTop',
      'matchInTop',
      'noneInTop',
      'notEmpty',
      'notInTop',
      'redirect',
      'suggestion',
      'time',
    ]);
  });

  it('pretty output: failures first with what was seen and the GET URL to reproduce it', async () => {
    const r = await test([DEMO_SUITE, '--config', 'bestsellers']);
    expect(r.code).toBe(1);
    const lines = r.out.split('\n');
    expect(lines[0]).toBe(`Search Workbench test: 12 requests, 29 assertions against ${morning.url}, configuration bestsellers`);
    expect(lines[2]).toMatch(/^✗ .*demo-suite-backpack\.json — Backpack: the Halden Ascent first \(\d+ ms\)$/);
    expect(r.out).toContain('  ✗ expected Nothing out of stock in the top 10 — 1 of the top 10 match stock = 0: SKU-114798 (rank 8)');
    expect(r.out).toContain(`    ${morning.url}/search/${DEMO_TOKEN}?encoded=`);
    expect(lines.at(-2)).toMatch(/^29 assertions: 25 passed, 4 failed, 0 could not run · 12 requests in [\d.]+ s · exit 1$/);
  });

  it('JUnit: one testsuite per file named by its path, one testcase per assertion, failures with the URL', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'wb-junit-'));
    const out = join(dir, 'junit.xml');
    const r = await test([DEMO_SUITE, '--config', 'bestsellers', '--reporter', 'junit', '--out', out]);
    expect(r.code).toBe(1);
    expect(r.out).toContain('29 assertions: 25 passed, 4 failed'); // the pretty report still goes to stdout
    const root = parseXml(await readFile(out, 'utf8'));
    expect(root.name).toBe('testsuites');
    expect(root.attributes).toMatchObject({ tests: '29', failures: '4', errors: '0' });
    const suites = root.children;
    expect(suites.every((s) => s.name === 'testsuite')).toBe(true);
    expect(suites).toHaveLength(10);
    for (const s of suites) {
      for (const attr of ['name', 'tests', 'failures', 'errors', 'time'])
        expect(s.attributes[attr], `${s.attributes.name} ${attr}`).toBeDefined();
      // Named from the folder the suite was found in, wherever the run starts.
      expect(s.attributes.name).toMatch(/^(requests|query-sets)\/demo-suite-[\w-]+\.json$/);
      expect(Number(root.attributes.time)).toBeGreaterThanOrEqual(Number(s.attributes.time));
      expect(Number(s.attributes.tests)).toBe(s.children.length);
      expect(Number(s.attributes.failures)).toBe(s.children.filter((c) => c.children.some((x) => x.name === 'failure')).length);
      for (const c of s.children) {
        expect(c.name).toBe('testcase');
        expect(Object.keys(c.attributes).sort()).toEqual(['classname', 'name', 'time']);
      }
    }
    const backpack = suites.find((s) => s.attributes.name!.endsWith('demo-suite-backpack.json'))!;
    const failed = backpack.children.find((c: XmlElement) => c.children.length > 0)!;
    expect(failed.attributes).toMatchObject({ classname: 'Backpack: the Halden Ascent first', name: 'SKU-115970 at rank 1' });
    const failure = failed.children[0]!;
    expect(failure.name).toBe('failure');
    expect(failure.attributes.message).toMatch(
      /^expected SKU-115970 at rank 1 — SKU-115970 is not in the answer's first 24 items; rank 1 is SKU-/,
    );
    expect(failure.text).toContain(`${morning.url}/search/${DEMO_TOKEN}?encoded=`);
  });

  describe('suites written here', () => {
    let dir: string;
    const request = (name: string, body: Record<string, unknown>, expect: unknown[], kind = 'search') =>
      `${JSON.stringify({ format: 'search-workbench-request', version: 1, name, savedAt: '2026-11-01T00:00:00Z', kind, request: { token: 'from-file', ...body }, expect })}\n`;
    beforeAll(async () => {
      dir = await mkdtemp(join(tmpdir(), 'wb-suite-'));
      await mkdir(join(dir, 'node_modules/pkg'), { recursive: true });
      await writeFile(join(dir, 'node_modules/pkg/x.json'), request('Never read', { query: 'tent' }, [{ type: 'count', max: -1 }]));
      await writeFile(join(dir, 'package.json'), '{ "name": "shop-config" }');
      await writeFile(join(dir, 'README.md'), '# not JSON');
      await mkdir(join(dir, 'masked'));
      await writeFile(
        join(dir, 'masked/backpack.json'),
        request('Backpack, masked', { query: 'backpack', options: { customResponseMask: 'id, product(title)' } }, [
          { type: 'noneInTop', filter: 'stock = 0', k: 10 },
          { type: 'inTop', id: 'SKU-115970', k: 40 },
        ]),
      );
      await mkdir(join(dir, 'broken'));
      await writeFile(
        join(dir, 'broken/bad-sort.json'),
        request('Sorted by an attribute the service does not sort on', { query: 'tent', options: { sortBy: [{ attribute: 'colour' }] } }, [
          { type: 'notEmpty' },
        ]),
      );
      await writeFile(join(dir, 'broken/too-deep.json'), request('Too deep', { query: 'tent' }, [{ type: 'inTop', id: 'x', k: 5000 }]));
    });

    it('a filter on a masked attribute fails saying so; depth is raised and said; other files are skipped, not errors', async () => {
      const r = await test([join(dir, 'masked'), join(dir, 'package.json'), '--config', 'default']);
      expect(r.code).toBe(1);
      expect(r.out).toContain('the response mask (id, product(title)) removed stock from the items, so stock = 0 cannot be checked');
      expect(r.out).toContain('note: asked for 40 items (the request asks for 10) to check the top 40');
      expect(r.out).toContain('✓ SKU-115970 in the top 40 — SKU-115970 is at rank 1, within the top 40');
      expect(r.out).toMatch(/- .*package\.json: not a Search Workbench file \(no "format"\)/);
    });

    it('a folder is searched recursively, skipping node_modules; a request the service refuses and a file over a limit exit 3', async () => {
      const r = await test([dir, '--reporter', 'json']);
      expect(r.code).toBe(3);
      const all = rows(r.out);
      expect(all.some((x) => x.request === 'Never read')).toBe(false);
      const refused = all.find((x) => x.request === 'Sorted by an attribute the service does not sort on')!;
      expect(refused).toMatchObject({ status: 'error' });
      expect(refused.message).toMatch(/^the request could not run: .*colour is not registered/);
      const tooDeep = all.find((x) => x.file.endsWith('too-deep.json'))!;
      expect(tooDeep).toMatchObject({
        status: 'error',
        request: null,
        message: expect.stringMatching(/too-deep\.json: expect\[0\]\.k: k must be at most 1000\./),
      });
    });

    it('an unreachable service exits 3 after its retries, naming the cause', async () => {
      const io = captureIo();
      const code = await main(['test', join(dir, 'masked'), '--base-url', 'http://127.0.0.1:9', '--token', DEMO_TOKEN], io);
      expect(code).toBe(3);
      expect(io.out.join('')).toMatch(/! could not run: .*\(after 4 tries\)/);
    });

    it('usage errors exit 2 and say what to give; a path with no assertions exits 3', async () => {
      const noToken = captureIo();
      expect(await main(['test', dir, '--base-url', morning.url], noToken)).toBe(2);
      expect(noToken.err.join('')).toContain('test needs --token');
      expect((await test([dir, '--reporter', 'xml'])).code).toBe(2);
      expect((await test([dir, '--concurrency', '0'])).code).toBe(2);
      const empty = await mkdtemp(join(tmpdir(), 'wb-empty-'));
      const none = await test([empty]);
      expect(none.code).toBe(3);
      expect(none.out).toContain('No assertions found in');
    });
  });
});
