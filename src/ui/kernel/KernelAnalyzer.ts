import type { KernelLaunch } from '../../engine';
import type { KernelAnswer, KernelQuestion } from './kernelMessages';

/**
 * The page's side of the kernel worker: asks it to analyse a source, one question at a time, and
 * hears only the answer to the latest one asked (a question asked while one runs waits, and a
 * later one replaces it), so that typing never queues analyses nobody will read.
 */
export class KernelAnalyzer {
  private readonly worker = new Worker(new URL('./kernelWorker.ts', import.meta.url), { type: 'module' });
  private asked = 0;
  private running: number | null = null;
  private waiting: KernelQuestion | null = null;

  constructor(private readonly onAnswer: (answer: KernelAnswer) => void) {
    this.worker.addEventListener('message', (event: MessageEvent<KernelAnswer>) => {
      this.running = null;
      if (this.waiting) this.post(this.waiting);
      else if (event.data.id === this.asked) {
        this.onAnswer(event.data);
      }
    });
    this.worker.addEventListener('error', () => {
      this.running = null;
      this.onAnswer({ id: this.asked, failure: 'the analyzer could not start (its code did not arrive)' });
    });
  }

  /** Asks for `source` run with `launch`; the answer comes to `onAnswer`, unless another question comes first. */
  analyze(source: string, launch: KernelLaunch): void {
    const question = { id: ++this.asked, source, launch };
    if (this.running === null) this.post(question);
    else this.waiting = question;
  }

  private post(question: KernelQuestion): void {
    this.waiting = null;
    this.running = question.id;
    this.worker.postMessage(question);
  }
}
