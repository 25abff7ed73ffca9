export interface RepeatingJob {
  /** Stops scheduling and waits for a run in flight, so a graceful shutdown never cuts one off. */
  stop(): Promise<void>;
}

/**
 * Runs `runOnce` every `intervalMs` on a chained timer, so runs never overlap in one process, and again
 * at once while it answers true (a full batch: more is due), so a backlog drains quickly. The background
 * workers (hold sweeper, mail worker) share it; safety across processes is theirs (SKIP LOCKED).
 */
export function startRepeatingJob(options: {
  intervalMs: number;
  runOnce: () => Promise<boolean>;
  onError: (error: unknown) => void;
}): RepeatingJob {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;

  const tick = async () => {
    try {
      while (!stopped && (await options.runOnce()));
    } catch (error) {
      options.onError(error);
    }
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = tick().finally(schedule);
    }, options.intervalMs);
    timer.unref();
  };
  schedule();

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
