import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/**
 * Prints the five slowest browser tests and the sample seed after a run, so a test creeping up on
 * its budget shows before it fails on a busy machine, and a random sample can be replayed.
 */
export default class SlowestReporter implements Reporter {
  private readonly times: { title: string; ms: number; budget: number }[] = [];

  onTestEnd(test: TestCase, result: TestResult): void {
    this.times.push({
      title: `${test.location.file.split('/').pop()} › ${test.titlePath().slice(3).join(' › ')}`,
      ms: result.duration,
      budget: test.timeout,
    });
  }

  onEnd(result: FullResult): void {
    const slowest = [...this.times].sort((a, b) => b.ms - a.ms).slice(0, 5);
    console.log('\nSlowest five browser tests (time / budget):');
    for (const t of slowest) console.log(`  ${(t.ms / 1000).toFixed(1)} s / ${t.budget / 1000} s  ${t.title}`);
    console.log(`Random samples used TEST_SEED=${process.env.TEST_SEED} (set it to replay them); ${result.status}.`);
  }
}
