import { constants } from 'node:os';

/** SIGHUP too: closing the terminal would otherwise kill the server without stopping its database. */
export const SHUTDOWN_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
type ShutdownSignal = (typeof SHUTDOWN_SIGNALS)[number];

/**
 * One Ctrl-C may arrive twice: from the terminal and forwarded by a parent (npm, a shell). Repeats this
 * close together are that one request, not a second one; a person pressing twice is slower.
 */
export const SAME_REQUEST_WINDOW_MS = 100;
/** A shutdown that takes longer than this is stuck: exit anyway. */
export const SHUTDOWN_TIMEOUT_MS = 30_000;

export interface GracefulShutdownOptions {
  /** Stops everything in order; the process exits when it settles. */
  close: () => Promise<void>;
  log: (message: string) => void;
  timeoutMs?: number;
  /** process.exit, replaced in tests. */
  exit?: (code: number) => void;
}

export interface GracefulShutdown {
  /** Whether a shutdown has begun (a start still under way should not go on). */
  readonly started: boolean;
  /** Begins the shutdown as a signal would (e.g. the database died); the process then exits with `exitCode`. */
  begin(reason: string, exitCode?: number): void;
  /** Removes the signal handlers (tests). */
  dispose(): void;
}

/**
 * The first SIGINT, SIGTERM or SIGHUP runs `close` and exits 0 when it is done (1 if it failed or took
 * longer than `timeoutMs`). A second signal during the shutdown exits at once with 128 + the signal's
 * number; the process's exit handlers still run (the embedded database is told to stop).
 */
export function installGracefulShutdown({
  close,
  log,
  timeoutMs = SHUTDOWN_TIMEOUT_MS,
  exit = (code) => process.exit(code),
}: GracefulShutdownOptions): GracefulShutdown {
  let startedAt: number | undefined;

  const begin = (reason: string, exitCode = 0) => {
    if (startedAt !== undefined) return;
    startedAt = Date.now();
    log(`${reason}: stopping (finishing requests and workers, then the database); signal again to force`);
    const deadline = setTimeout(() => {
      log(`the shutdown did not finish within ${timeoutMs / 1000} s: exiting anyway`);
      exit(1);
    }, timeoutMs);
    close().then(
      () => {
        clearTimeout(deadline);
        exit(exitCode);
      },
      (error: unknown) => {
        clearTimeout(deadline);
        log(`the shutdown failed: ${error instanceof Error ? error.message : String(error)}`);
        exit(1);
      },
    );
  };

  const onSignal = (signal: ShutdownSignal) => {
    if (startedAt === undefined) return begin(signal);
    if (Date.now() - startedAt < SAME_REQUEST_WINDOW_MS) return;
    log(`${signal} during the shutdown: exiting now`);
    exit(128 + constants.signals[signal]);
  };
  const handlers = SHUTDOWN_SIGNALS.map((signal) => [signal, () => onSignal(signal)] as const);
  for (const [signal, handler] of handlers) process.on(signal, handler);

  return {
    get started() {
      return startedAt !== undefined;
    },
    begin,
    dispose() {
      for (const [signal, handler] of handlers) process.off(signal, handler);
    },
  };
}
