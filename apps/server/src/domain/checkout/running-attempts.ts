/**
 * The attempts whose gateway call (and the storing of its outcome) is running in this process right now
 * (ADR 047). A repeated checkout that finds an attempt of this very process `created` but not in here knows
 * for certain that nothing will finish it (its call ended and storing the outcome failed), so it asks the
 * gateway at once instead of waiting for a call that is over. Other processes are judged by their lock.
 */
const running = new Set<number>();

export const runningAttempts = {
  has: (paymentId: number) => running.has(paymentId),
  /** Marks it running ahead of `during` (checkout does so before its attempt is committed). */
  add: (paymentId: number) => void running.add(paymentId),
  delete: (paymentId: number) => void running.delete(paymentId),
  /** Marks the attempt running for the duration of `work`. */
  async during<T>(paymentId: number, work: () => Promise<T>): Promise<T> {
    running.add(paymentId);
    try {
      return await work();
    } finally {
      running.delete(paymentId);
    }
  },
};
