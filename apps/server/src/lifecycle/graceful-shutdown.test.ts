import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  installGracefulShutdown,
  SAME_REQUEST_WINDOW_MS,
  type GracefulShutdown,
} from './graceful-shutdown.ts';

/** A close() the test finishes by hand, to look at the process while it is still shutting down. */
function pendingClose() {
  let finish!: () => void;
  let fail!: (error: Error) => void;
  const close = vi.fn(
    () =>
      new Promise<void>((resolve, reject) => {
        finish = resolve;
        fail = reject;
      }),
  );
  return { close, finish: () => finish(), fail: (error: Error) => fail(error) };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('installGracefulShutdown', () => {
  let shutdown: GracefulShutdown | undefined;
  afterEach(() => {
    shutdown?.dispose();
    vi.useRealTimers();
  });

  it('closes on the first signal and exits 0 only once the close is done', async () => {
    const { close, finish } = pendingClose();
    const exit = vi.fn();
    shutdown = installGracefulShutdown({ close, exit, log: () => undefined });

    process.emit('SIGTERM');
    await settle();
    expect(close).toHaveBeenCalledTimes(1);
    expect(exit).not.toHaveBeenCalled();

    finish();
    await settle();
    expect(exit).toHaveBeenCalledWith(0);
  });

  it('treats SIGINT and SIGHUP like SIGTERM', async () => {
    for (const signal of ['SIGINT', 'SIGHUP'] as const) {
      const exit = vi.fn();
      const close = vi.fn(async () => undefined);
      shutdown = installGracefulShutdown({ close, exit, log: () => undefined });
      process.emit(signal);
      await settle();
      expect(close).toHaveBeenCalledTimes(1);
      expect(exit).toHaveBeenCalledWith(0);
      shutdown.dispose();
    }
  });

  it('forces the exit on a second signal during the shutdown', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { close } = pendingClose();
    const exit = vi.fn();
    shutdown = installGracefulShutdown({ close, exit, log: () => undefined });

    process.emit('SIGINT');
    vi.setSystemTime(Date.now() + SAME_REQUEST_WINDOW_MS + 1);
    process.emit('SIGINT');
    expect(close).toHaveBeenCalledTimes(1);
    expect(exit).toHaveBeenCalledWith(130);
  });

  it('takes one Ctrl-C delivered twice at once (terminal and npm) as one request', async () => {
    const { close } = pendingClose();
    const exit = vi.fn();
    shutdown = installGracefulShutdown({ close, exit, log: () => undefined });

    process.emit('SIGINT');
    process.emit('SIGINT');
    await settle();
    expect(close).toHaveBeenCalledTimes(1);
    expect(exit).not.toHaveBeenCalled();
  });

  it('exits 1 when the close fails or does not finish in time', async () => {
    const failing = pendingClose();
    const exit = vi.fn();
    const messages: string[] = [];
    shutdown = installGracefulShutdown({ close: failing.close, exit, log: (m) => messages.push(m) });
    process.emit('SIGTERM');
    failing.fail(new Error('pool already ended'));
    await settle();
    expect(exit).toHaveBeenCalledWith(1);
    expect(messages.at(-1)).toContain('pool already ended');
    shutdown.dispose();

    vi.useFakeTimers();
    const stuck = pendingClose();
    const exitStuck = vi.fn();
    shutdown = installGracefulShutdown({
      close: stuck.close,
      exit: exitStuck,
      log: () => undefined,
      timeoutMs: 5000,
    });
    process.emit('SIGTERM');
    vi.advanceTimersByTime(4999);
    expect(exitStuck).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(exitStuck).toHaveBeenCalledWith(1);
  });

  it('begin() starts the same shutdown with the exit code given (the database died)', async () => {
    const exit = vi.fn();
    shutdown = installGracefulShutdown({ close: async () => undefined, exit, log: () => undefined });
    expect(shutdown.started).toBe(false);
    shutdown.begin('the database stopped', 1);
    expect(shutdown.started).toBe(true);
    await settle();
    expect(exit).toHaveBeenCalledWith(1);
  });
});
