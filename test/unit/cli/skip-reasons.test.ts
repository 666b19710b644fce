import { describe, expect, it, vi } from 'vitest';
import type { TestCase } from 'vitest/node';
import SkipReasons from '../../setup/skip-reasons';

const testCase = (fullName: string, result: { state: string; note?: string }) =>
  ({ fullName, result: () => result }) as unknown as TestCase;

describe('the test summary says why a test was skipped', () => {
  it('lists each test skipped with a reason after the summary, and nothing when none was', () => {
    const out: string[] = [];
    const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      out.push(String(chunk));
      return true;
    });
    try {
      const reporter = new SkipReasons();
      reporter.onTestCaseResult(testCase('secret store > round-trips', { state: 'skipped', note: 'no keychain here' }));
      reporter.onTestCaseResult(testCase('other > skipped without a reason', { state: 'skipped' }));
      reporter.onTestCaseResult(testCase('other > passed', { state: 'passed' }));
      reporter.onTestRunEnd();
      new SkipReasons().onTestRunEnd();
    } finally {
      write.mockRestore();
    }
    expect(out.join('')).toBe('\n Skipped, with the reason:\n   ↓ secret store > round-trips: no keychain here\n');
  });
});
