import type { Reporter, TestCase } from 'vitest/node';

/**
 * Prints, after the summary, every test skipped with a reason (`ctx.skip(reason)`),
 * so a skipped keychain test says why in the output anyone reads, not only in a report file.
 */
export default class SkipReasons implements Reporter {
  private readonly skipped: { name: string; note: string }[] = [];

  onTestCaseResult(testCase: TestCase): void {
    const result = testCase.result();
    if (result.state === 'skipped' && result.note) this.skipped.push({ name: testCase.fullName, note: result.note });
  }

  onTestRunEnd(): void {
    if (this.skipped.length === 0) return;
    process.stdout.write(`\n Skipped, with the reason:\n`);
    for (const { name, note } of this.skipped) process.stdout.write(`   ↓ ${name}: ${note}\n`);
  }
}
