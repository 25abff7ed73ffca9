/**
 * Waits for `work` at most `ms` milliseconds, whether it succeeds or fails: for start-up steps that may
 * go faster when they can (a chunk, the first data), never slower than the time given.
 */
export function waitAtMost(work: Promise<unknown>, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    work.then(done, done);
  });
}
