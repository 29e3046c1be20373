/**
 * Prints one plain closing line, `tests: N passed, N failed[, N skipped]`, after vitest's own
 * summary: CI reads that line to know how many tests ran, whatever the runner. Before it, the
 * tests that used more than a third of their time limit: the ones a busier machine would fail
 * next (CI runners are shared), to give a longer limit or less work before they do.
 */
import type { Reporter, TestModule } from 'vitest/node';

export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>): void {
    let passed = 0;
    let failed = unhandledErrors.length;
    let skipped = 0;
    const nearLimit: string[] = [];
    for (const mod of testModules) {
      // A file that failed to load has no tests, but is a failure all the same.
      if (mod.state() === 'failed' && [...mod.children.allTests()].length === 0) failed++;
      for (const test of mod.children.allTests()) {
        const state = test.result().state;
        const took = test.diagnostic()?.duration ?? 0;
        const limit = test.options.timeout;
        if (limit && took > limit / 3) nearLimit.push(`  ${mod.relativeModuleId} > ${test.fullName}: ${(took / 1000).toFixed(1)} s of ${limit / 1000} s`);
        if (state === 'passed') passed++;
        else if (state === 'failed') failed++;
        else skipped++;
      }
    }
    if (nearLimit.length) process.stdout.write(`\ntests that used over a third of their time limit:\n${nearLimit.join('\n')}\n`);
    process.stdout.write(`\ntests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`);
  }
}
