import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Reporter, TestCase, TestModule, TestRunEndReason } from 'vitest/node';
import { countsOf, slowestFiles, type SuiteSummary } from '../helpers/test-summary';

export const VITEST_SUMMARY = join(import.meta.dirname, '..', '..', 'test-results', 'vitest-summary.json');

/**
 * Prints, after Vitest's own summary, every test skipped with a reason (`ctx.skip(reason)`) so a skipped
 * keychain test says why in the output anyone reads; and writes the counts, reasons and the slowest files to
 * test-results/vitest-summary.json, which `npm test`'s closing summary reads.
 */
export default class VitestSummary implements Reporter {
  private readonly outcomes: ('passed' | 'failed' | 'skipped')[] = [];
  private readonly skipped: { name: string; reason: string }[] = [];
  private files = 0;
  private readonly times: { file: string; seconds: number }[] = [];

  private readonly file: string;

  /** Vitest passes the reporter's options object (empty when none is configured). */
  constructor(options: { file?: string } = {}) {
    this.file = options.file ?? VITEST_SUMMARY;
  }

  onTestModuleEnd(module: TestModule): void {
    this.files += 1;
    // What the file cost its worker: importing it (collect), its hooks and tests (duration), and its setup file.
    const d = module.diagnostic();
    this.times.push({ file: module.relativeModuleId, seconds: (d.collectDuration + d.setupDuration + d.duration) / 1000 });
  }

  onTestCaseResult(testCase: TestCase): void {
    const result = testCase.result();
    if (result.state === 'pending') return;
    this.outcomes.push(result.state);
    if (result.state === 'skipped') this.skipped.push({ name: testCase.fullName, reason: result.note ?? 'skipped without a reason' });
  }

  onTestRunEnd(_modules: readonly TestModule[], errors: readonly unknown[], reason: TestRunEndReason): void {
    const noted = this.skipped.filter((s) => s.reason !== 'skipped without a reason');
    if (noted.length > 0) {
      process.stdout.write(`\n Skipped, with the reason:\n`);
      for (const { name, reason: why } of noted) process.stdout.write(`   ↓ ${name}: ${why}\n`);
    }
    const summary: SuiteSummary = {
      ...countsOf(this.outcomes),
      files: this.files,
      errors: errors.length,
      interrupted: reason === 'interrupted',
      skips: this.skipped,
      slowest: slowestFiles(this.times),
    };
    mkdirSync(dirname(this.file), { recursive: true });
    writeFileSync(this.file, `${JSON.stringify(summary, null, 2)}\n`);
  }
}
