import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import type { FullResult, Reporter, Suite, TestError } from '@playwright/test/reporter';
import { slowestFiles, type SuiteSummary } from '../helpers/test-summary';

const ROOT = join(import.meta.dirname, '..', '..');
export const E2E_SUMMARY = join(ROOT, 'test-results', 'e2e-summary.json');

/**
 * Writes the end-to-end counts and every skip with its reason (and its project: "electron: No Electron
 * binary: …") to test-results/e2e-summary.json, which `npm test`'s closing summary reads.
 */
/** Each spec file's time: its tests' durations added up, every try (the wall time on two workers is about half). */
function specTimes(tests: readonly ReturnType<Suite['allTests']>[number][]): { file: string; seconds: number }[] {
  const byFile = new Map<string, number>();
  for (const t of tests) {
    const file = relative(ROOT, t.location.file);
    byFile.set(file, (byFile.get(file) ?? 0) + t.results.reduce((sum, r) => sum + r.duration, 0) / 1000);
  }
  return [...byFile].map(([file, seconds]) => ({ file, seconds }));
}

export default class PlaywrightSummary implements Reporter {
  private root: Suite | undefined;
  private errors = 0;

  onBegin(_config: unknown, suite: Suite): void {
    this.root = suite;
  }

  onError(_error: TestError): void {
    this.errors += 1;
  }

  onEnd(result: FullResult): void {
    const tests = this.root?.allTests() ?? [];
    const outcomes = tests.map((t) => t.outcome());
    const skips = tests
      .filter((t) => t.outcome() === 'skipped')
      .map((t) => {
        const last = t.results[t.results.length - 1];
        const note = [...(last?.annotations ?? []), ...t.annotations].find((a) => a.type === 'skip' || a.type === 'fixme');
        const project = t.parent.project()?.name;
        return {
          name: `${project ? `[${project}] ` : ''}${t.titlePath().filter(Boolean).slice(1).join(' › ')}`,
          reason: `${project ? `${project} project: ` : ''}${note?.description ?? 'skipped without a reason'}`,
        };
      });
    const summary: SuiteSummary = {
      passed: outcomes.filter((o) => o === 'expected' || o === 'flaky').length,
      failed: outcomes.filter((o) => o === 'unexpected').length,
      skipped: skips.length,
      flaky: outcomes.filter((o) => o === 'flaky').length,
      errors: this.errors,
      interrupted: result.status === 'interrupted' || result.status === 'timedout',
      skips,
      slowest: slowestFiles(specTimes(tests)),
    };
    mkdirSync(dirname(E2E_SUMMARY), { recursive: true });
    writeFileSync(E2E_SUMMARY, `${JSON.stringify(summary, null, 2)}\n`);
  }
}
