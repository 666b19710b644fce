import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { TestCase, TestModule } from 'vitest/node';
import { formatSeconds, formatSummary, groupSkips, slowestFiles, type SuiteStep } from '../../helpers/test-summary';
import VitestSummary from '../../setup/vitest-summary';

const testCase = (fullName: string, result: { state: string; note?: string }) =>
  ({ fullName, result: () => result }) as unknown as TestCase;

const suite = (name: string, counts: Partial<NonNullable<SuiteStep['summary']>>, exitCode = 0): SuiteStep => ({
  name,
  exitCode,
  seconds: 125.4,
  summary: { passed: 0, failed: 0, skipped: 0, errors: 0, interrupted: false, skips: [], ...counts },
});

describe('the test summary says why a test was skipped', () => {
  it("lists each test skipped with a reason after Vitest's summary, and writes the counts and each file's time for npm test", async () => {
    const file = join(await mkdtemp(join(tmpdir(), 'wb-summary-')), 'vitest-summary.json');
    const out: string[] = [];
    const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      out.push(String(chunk));
      return true;
    });
    try {
      const reporter = new VitestSummary({ file });
      const diagnostic = { collectDuration: 200, setupDuration: 50, duration: 1250 };
      reporter.onTestModuleEnd({ relativeModuleId: 'test/unit/x.test.ts', diagnostic: () => diagnostic } as unknown as TestModule);
      reporter.onTestCaseResult(testCase('secret store > round-trips', { state: 'skipped', note: 'no keychain here' }));
      reporter.onTestCaseResult(testCase('other > skipped without a reason', { state: 'skipped' }));
      reporter.onTestCaseResult(testCase('other > passed', { state: 'passed' }));
      reporter.onTestCaseResult(testCase('other > failed', { state: 'failed' }));
      reporter.onTestRunEnd([], [], 'failed');
    } finally {
      write.mockRestore();
    }
    expect(out.join('')).toBe('\n Skipped, with the reason:\n   ↓ secret store > round-trips: no keychain here\n');
    const written = JSON.parse(await readFile(file, 'utf8'));
    expect(written).toEqual({
      passed: 1,
      failed: 1,
      skipped: 2,
      files: 1,
      errors: 0,
      interrupted: false,
      skips: [
        { name: 'secret store > round-trips', reason: 'no keychain here' },
        { name: 'other > skipped without a reason', reason: 'skipped without a reason' },
      ],
      slowest: [{ file: 'test/unit/x.test.ts', seconds: 1.5 }],
    });
  });
});

describe("npm test's closing summary", () => {
  const steps = [
    { name: 'lint + format', state: 'passed', seconds: 12.3, exitCode: 0 },
    { name: 'typecheck + build', state: 'passed', seconds: 31, exitCode: 0 },
  ] as const;

  it('one line a suite with its counts, the browser, and each skip reason once with how many', () => {
    const unit = suite('unit + integration', {
      passed: 943,
      skipped: 1,
      files: 108,
      skips: [{ name: 'keychain', reason: 'no keychain here' }],
    });
    const e2e = suite('end-to-end', {
      passed: 22,
      skipped: 2,
      skips: [
        { name: 'a', reason: 'electron project: No Electron binary' },
        { name: 'b', reason: 'electron project: No Electron binary' },
      ],
    });
    e2e.detail = 'in Chromium 153.0.8010.0 at /x/chromium (packaged)';
    const { text, passed } = formatSummary([...steps], [unit, e2e]);
    expect(passed).toBe(true);
    expect(text).toContain('lint + format       passed (12.3 s)');
    expect(text).toContain('unit + integration  943 passed, 0 failed, 1 skipped (2 min 05 s, 108 files)');
    expect(text).toContain('end-to-end          22 passed, 0 failed, 2 skipped (2 min 05 s)\n                    in Chromium 153.0.8010.0');
    expect(text).toContain(
      'skipped, with the reason:\n  unit + integration: 1 × no keychain here\n  end-to-end: 2 × electron project: No Electron binary\n',
    );
    expect(text.trimEnd().endsWith('npm test passed.')).toBe(true);
  });

  it('lists each suite’s slowest files, slowest first, at most fifteen, before the verdict', () => {
    const times = Array.from({ length: 20 }, (_, i) => ({ file: `test/f${i}.test.ts`, seconds: i * 1.5 }));
    const slowest = slowestFiles(times);
    expect(slowest).toHaveLength(15);
    expect(slowest[0]).toEqual({ file: 'test/f19.test.ts', seconds: 28.5 });
    expect(slowest.at(-1)).toEqual({ file: 'test/f5.test.ts', seconds: 7.5 });
    const { text } = formatSummary([...steps], [suite('unit + integration', { passed: 3, slowest: slowestFiles(times, 2) })]);
    expect(text).toContain(
      'unit + integration: the 2 slowest files\n     28.5 s  test/f19.test.ts\n     27.0 s  test/f18.test.ts\nnpm test passed.',
    );
  });

  it('fails when a suite failed, ran nothing, or did not report; and when a step failed', () => {
    const ok = suite('unit + integration', { passed: 3 });
    expect(formatSummary([...steps], [ok]).passed).toBe(true);
    expect(formatSummary([...steps], [suite('u', { passed: 3, failed: 1 }, 1)]).passed).toBe(false);
    const none = formatSummary([...steps], [suite('end-to-end', {})]);
    expect(none.passed).toBe(false);
    expect(none.text).toContain('FAILED: 0 passed, 0 failed, 0 skipped, no test ran');
    const silent = formatSummary([...steps], [{ name: 'end-to-end', exitCode: 3, seconds: 1, summary: undefined }]);
    expect(silent.text).toContain('FAILED: did not report (exit code 3)');
    expect(formatSummary([{ ...steps[0], state: 'failed', exitCode: 1 }, steps[1]], [ok]).passed).toBe(false);
    expect(formatSummary([...steps], []).passed).toBe(false);
    expect(formatSummary([...steps], [suite('u', { passed: 3, errors: 1 })]).text).toContain('1 error outside tests');
  });

  it('groups skip reasons, most frequent first; formats durations', () => {
    expect(groupSkips([{ reason: 'b' }, { reason: 'a' }, { reason: 'b' }])).toEqual([
      { reason: 'b', count: 2 },
      { reason: 'a', count: 1 },
    ]);
    expect([9.04, 59.96, 60, 359.6].map(formatSeconds)).toEqual(['9.0 s', '1 min 00 s', '1 min 00 s', '6 min 00 s']);
  });
});
