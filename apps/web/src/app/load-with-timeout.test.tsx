import { act, render, screen } from '@testing-library/react';
import { Suspense, type ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyScreen, SCREEN_LOAD_TIMEOUT_MS, withTimeout } from './load-with-timeout.ts';

describe('screen load time-out (spec §9: 120000 ms)', () => {
  afterEach(() => vi.useRealTimers());

  it('rejects a load that takes longer than 120 s', async () => {
    vi.useFakeTimers();
    const never = new Promise<never>(() => undefined);
    const result = withTimeout(never);
    const settled = vi.fn();
    result.catch(settled);
    await vi.advanceTimersByTimeAsync(SCREEN_LOAD_TIMEOUT_MS - 1);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toHaveBeenCalledOnce();
  });

  it('resolves a load that finishes in time', async () => {
    await expect(withTimeout(Promise.resolve('ok'), 50)).resolves.toBe('ok');
  });

  it('a screen that times out shows the route error element', async () => {
    vi.useFakeTimers();
    const Slow = lazyScreen(() => new Promise(() => undefined));
    const router = createMemoryRouter([
      {
        path: '/',
        errorElement: <p>load failed</p>,
        element: (
          <Suspense fallback={<p>loading</p>}>
            <Slow />
          </Suspense>
        ),
      },
    ]);
    render(<RouterProvider router={router} />);
    expect(screen.getByText('loading')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(SCREEN_LOAD_TIMEOUT_MS));
    expect(screen.getByText('load failed')).toBeTruthy();
  });
});

describe('lazyScreen once loaded', () => {
  const renderInSuspense = (Screen: ReturnType<typeof lazyScreen>) =>
    render(
      <Suspense fallback={<p>loading</p>}>
        <Screen />
      </Suspense>,
    );

  it('renders at once after preload, without its placeholder', async () => {
    const Loaded = lazyScreen(() => Promise.resolve({ default: () => <p>the screen</p> }));
    await Loaded.preload();
    renderInSuspense(Loaded);
    expect(screen.queryByText('loading')).toBeNull();
    expect(screen.getByText('the screen')).toBeTruthy();
  });

  it('shows its placeholder first when rendered before the load (what preload avoids)', async () => {
    const NotLoaded = lazyScreen(() => Promise.resolve({ default: () => <p>the other screen</p> }));
    renderInSuspense(NotLoaded);
    expect(screen.getByText('loading')).toBeTruthy();
    expect(await screen.findByText('the other screen')).toBeTruthy();
  });

  it('a failed preload does not stop a later render from loading the screen', async () => {
    const load = vi
      .fn<() => Promise<{ default: () => ReactElement }>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue({ default: () => <p>back online</p> });
    const Flaky = lazyScreen(load);
    await expect(Flaky.preload()).resolves.toBeUndefined();
    renderInSuspense(Flaky);
    expect(await screen.findByText('back online')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
