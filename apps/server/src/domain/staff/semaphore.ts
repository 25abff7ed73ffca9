/**
 * A counting semaphore for one process: at most `limit` holders at once, the rest wait in arrival order.
 * Password hashing takes ~19 MiB and tens of milliseconds of a core each; without a cap a sign-in flood
 * would take the cores the hold path needs (issue 27).
 */
export class Semaphore {
  private active = 0;
  private peakActive = 0;
  private runs = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly limit: number) {
    if (!Number.isInteger(limit) || limit < 1) throw new Error(`semaphore limit must be a positive integer`);
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    await this.acquire();
    try {
      return await work();
    } finally {
      this.release();
    }
  }

  /** Holders now, the most there ever were at once, how many wait, and how many ever held it. */
  stats(): { active: number; peak: number; waiting: number; runs: number } {
    return { active: this.active, peak: this.peakActive, waiting: this.waiting.length, runs: this.runs };
  }

  resetPeak(): void {
    this.peakActive = this.active;
  }

  private acquire(): Promise<void> {
    if (this.active < this.limit) {
      this.take();
      return Promise.resolve();
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
