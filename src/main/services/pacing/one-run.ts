import { failure } from '../../../shared/errors';

/**
 * One run at a time, cancellable: a second start while one runs is a conflict (with `busy` as its message), and
 * cancel aborts the signal the running work was given. Suites, explanations and matrices run this way.
 */
export class OneRun {
  private running: AbortController | null = null;

  constructor(private readonly busy: string) {}

  async start<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T> {
    if (this.running) throw failure('conflict', this.busy);
    const abort = new AbortController();
    this.running = abort;
    try {
      return await work(abort.signal);
    } finally {
      this.running = null;
    }
  }

  cancel(): { cancelled: boolean } {
    if (!this.running) return { cancelled: false };
    this.running.abort();
    return { cancelled: true };
  }
}
