/**
 * A filter or mask nested thousands deep (inside the 10,000-character limit) overflowed the stack and ended the
 * whole run. The parsers stop at MAX_FILTER_NESTING / MAX_MASK_NESTING levels with the usual diagnostic: the run
 * goes on, its report is written, and the message names the file, the assertion (or rule) and the position.
 */
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main';
import { demoCores, call } from '../helpers/demo-core';
import { MAX_FILTER_NESTING, parseFilter } from '../../src/shared/filter';
import { MAX_MASK_NESTING, parseMask } from '../../src/shared/mask';
import { captureIo, runCli } from '../helpers/cli-io';
import { DEMO_TOKEN, emulatorAndFolder, searchCount, type TestEmulator } from '../helpers/emulator';
import { parseXml } from '../helpers/xml';
import type { SuiteRunView } from '../../src/shared/assertions';

const deepFilter = (levels: number) => `${'('.repeat(levels)}price >= 0${')'.repeat(levels)}`;
const deepMask = (levels: number) => `${'a('.repeat(levels)}b${')'.repeat(levels)}`;

let em: TestEmulator;
let dir: string;

const fixture = emulatorAndFolder('wb-nesting-');
beforeAll(async () => {
  ({ em, dir } = fixture);
  await mkdir(join(dir, 'suite'));
  const request = (name: string, filter: string) => ({
    format: 'search-workbench-request',
    version: 1,
    savedAt: '2026-11-26T00:00:00.000Z',
    name,
    kind: 'search',
    transport: 'post',
    request: { token: DEMO_TOKEN, query: 'jacket' },
    expect: [{ type: 'notEmpty' }, { type: 'matchInTop', name: 'deep', filter, k: 5 }],
  });
  // 4,990 levels: 9,980 parentheses and the rule, within the 10,000 characters a filter may have.
  expect(deepFilter(4990).length).toBeLessThanOrEqual(10_000);
  await writeFile(join(dir, 'suite', 'a-deep.json'), JSON.stringify(request('deep', deepFilter(4990))));
  await writeFile(join(dir, 'suite', 'b-fine.json'), JSON.stringify(request('fine', deepFilter(3))));
});

const run = runCli;

describe('the parsers have a nesting limit', () => {
  it(`filters: ${MAX_FILTER_NESTING} levels parse, one more is a diagnostic with its position; 4,990 do not overflow`, () => {
    expect(parseFilter(deepFilter(MAX_FILTER_NESTING)).ast).not.toBeNull();
    for (const levels of [MAX_FILTER_NESTING + 1, 2500, 4990]) {
      const parsed = parseFilter(deepFilter(levels));
      expect(parsed.ast).toBeNull();
      expect(parsed.diagnostics[0]).toMatchObject({
        code: 'too-deep',
        start: MAX_FILTER_NESTING,
        message: `Parentheses nest more than ${MAX_FILTER_NESTING} levels deep at line 1, column ${MAX_FILTER_NESTING + 1}: write the rule with fewer levels.`,
      });
    }
  });

  it(`masks: ${MAX_MASK_NESTING} levels parse, one more (or 5,000) is a diagnostic`, () => {
    expect(parseMask(deepMask(MAX_MASK_NESTING)).selections).not.toBeNull();
    for (const levels of [MAX_MASK_NESTING + 1, 5000]) {
      const parsed = parseMask(deepMask(levels));
      expect(parsed.selections).toBeNull();
      expect(parsed.diagnostics[0]).toMatchObject({
        code: 'too-deep',
        message: expect.stringContaining(`more than ${MAX_MASK_NESTING} levels`),
      });
    }
  });
});

describe('a suite, a rules file and a filter check with a deep filter', () => {
  it('test: the run finishes, the JUnit report is written, the deep assertion fails naming the file and the position', async () => {
    const out = join(dir, 'junit.xml');
    const r = await run(['test', join(dir, 'suite'), '--base-url', em.url, '--token', DEMO_TOKEN, '--reporter', 'junit', '--out', out]);
    expect(r.code, r.err).toBe(1);
    expect(r.err).not.toMatch(/call stack/);
    const suites = parseXml(await readFile(out, 'utf8')).children;
    // (Named by their path from where the command ran: the last part is the file.)
    expect(suites.map((s) => s.attributes.name!.split('/').at(-1))).toEqual(['a-deep.json', 'b-fine.json']);
    const failure = suites[0]!.children.find((c) => c.attributes.name === 'deep')!.children[0]!;
    expect(failure.attributes.message).toContain(
      'the filter does not parse: Parentheses nest more than 100 levels deep at line 1, column 101',
    );
    expect(suites[1]!.attributes.failures).toBe('0');
  });

  it('judgments suggest: a deep rule is refused before any request, naming the rule, exit 3', async () => {
    await writeFile(join(dir, 'rules.json'), JSON.stringify([{ name: 'deep one', when: deepFilter(2500), rating: 3 }]));
    await writeFile(join(dir, 'set.txt'), 'jacket\n');
    const before = await searchCount(em);
    const r = await run([
      'judgments',
      'suggest',
      '--query-set',
      join(dir, 'set.txt'),
      '--rules',
      join(dir, 'rules.json'),
      '--base-url',
      em.url,
      '--token',
      DEMO_TOKEN,
    ]);
    expect(r.code).toBe(3);
    expect(r.err).toContain('rule 1 (deep one): Parentheses nest more than 100 levels deep at line 1, column 101');
    expect(await searchCount(em)).toBe(before);
  });

  it('filter check: 2,500 levels is a diagnostic (exit 1), not a crash', async () => {
    const io = captureIo();
    const code = await main(['filter', 'check', deepFilter(2500)], io);
    expect(code).toBe(1);
    expect(JSON.parse(io.out.join('\n'))).toMatchObject({
      ok: false,
      diagnostics: [{ severity: 'error', message: expect.stringContaining('Parentheses nest more than 100 levels deep'), start: 100 }],
    });
  });

  it('the emulator answers a deep filter with 400 and the position, and stays up', async () => {
    const res = await em.search({ query: 'jacket', options: { filter: deepFilter(4990) } });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('more than 100 levels deep');
    expect((await em.search({ query: 'jacket' })).status).toBe(200);
  });
});

describe("the app's suite run", () => {
  const cores = demoCores();
  it('assertions:run over the same folder answers every outcome (no "internal"), the deep one failed with the position', async () => {
    const core = await cores.start(await mkdtemp(join(tmpdir(), 'wb-nesting-app-')));
    const view = await call<SuiteRunView>(core, 'assertions:run', { folder: join(dir, 'suite') });
    const deep = view.results.find((r) => r.file === 'a-deep.json')!.assertions.find((a) => a.label === 'deep')!;
    expect(deep).toMatchObject({ status: 'failed', message: expect.stringContaining('Parentheses nest more than 100 levels deep') });
    expect(view.summary.failed).toBe(1);
  });
});
