import { AppError } from './app-error.ts';

/**
 * A counting semaphore for one process: at most `limit` holders at once, at most `maxWaiting` waiting in
 * arrival order; one more is refused with too_many_requests (429) at once rather than queued, so a flood
 * costs neither memory nor an ever-growing wait for everyone behind it (issue 27).
 */
export class Semaphore {
  private active = 0;
  private peakActive = 0;
  private runs = 0;
  private refused = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly limit: number,
    private readonly maxWaiting = Number.POSITIVE_INFINITY,
  ) {
    if (!Number.isInteger(limit) || limit < 1) throw new Error(`semaphore limit must be a positive integer`);
    if (!(maxWaiting >= 0)) throw new Error(`semaphore maxWaiting must not be negative`);
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    await this.acquire();
    try {
      return await work();
    } finally {
      this.release();
    }
  }

  /** Holders now, the most there ever were at once, how many wait, how many ever held it, how many were refused. */
  stats(): { active: number; peak: number; waiting: number; runs: number; refused: number } {
    return {
      active: this.active,
      peak: this.peakActive,
      waiting: this.waiting.length,
      runs: this.runs,
      refused: this.refused,
    };
  }

  resetPeak(): void {
    this.peakActive = this.active;
  }

  private acquire(): Promise<void> {
    if (this.active < this.limit) {
      this.take();
      return Promise.resolve();
    }
    if (this.waiting.length >= this.maxWaiting) {
      this.refused++;
      return Promise.reject(new AppError('too_many_requests'));
    }
    return new Promise((resolve) => this.waiting.push(() => (this.take(), resolve())));
  }

  private take(): void {
    this.runs++;
    this.active++;
    this.peakActive = Math.max(this.peakActive, this.active);
  }

  private release(): void {
    this.active--;
    this.waiting.shift()?.();
  }
}
