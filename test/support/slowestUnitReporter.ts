import type { Reporter, TestCase } from 'vitest/node';

/**
 * Prints the five slowest unit tests beside their budgets after a run, as the browser tests'
 * reporter does, so a test creeping up on its budget shows before it fails on a busy machine.
 */
export default class SlowestUnitReporter implements Reporter {
  private readonly times: { title: string; ms: number; budget: number | undefined }[] = [];

  onTestCaseResult(test: TestCase): void {
    const ms = test.diagnostic()?.duration;
    if (ms === undefined) return;
    const title = `${test.module.moduleId.split('/').pop()} › ${test.fullName}`;
    this.times.push({ title, ms, budget: test.options.timeout });
  }

  onTestRunEnd(): void {
    const slowest = [...this.times].sort((a, b) => b.ms - a.ms).slice(0, 5);
    console.log('\nSlowest five tests (time / budget):');
    for (const t of slowest)
      console.log(`  ${(t.ms / 1000).toFixed(1)} s / ${t.budget === undefined ? '?' : t.budget / 1000} s  ${t.title}`);
  }
}
