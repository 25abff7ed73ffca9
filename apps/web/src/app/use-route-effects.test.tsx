import { act, render } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SCROLL_DELAY_MS, useRouteEffects } from './use-route-effects.ts';

function Shell() {
  useRouteEffects();
  return <Outlet />;
}

const routes = [
  {
    path: '/',
    element: <Shell />,
    children: [
      { path: 'first', element: <p>first</p> },
      { path: 'second', element: <p>second</p> },
    ],
  },
];

let scrollTo: ReturnType<typeof vi.fn>;

beforeEach(() => {
  vi.useFakeTimers();
  scrollTo = vi.fn();
  vi.stubGlobal('scrollTo', scrollTo);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Spec §2: "The page scrolls smoothly to the top 200 ms after a route change" (issue 32, item 32). */
describe('the scroll to the top after a route change', () => {
  it('is smooth, to the top, and happens 200 ms after the change, not before', async () => {
    expect(SCROLL_DELAY_MS).toBe(200);
    const router = createMemoryRouter(routes, { initialEntries: ['/first'] });
    render(<RouterProvider router={router} />);
    act(() => vi.advanceTimersByTime(SCROLL_DELAY_MS));
    scrollTo.mockClear();

    await act(() => router.navigate('/second'));
    act(() => vi.advanceTimersByTime(SCROLL_DELAY_MS - 1));
    expect(scrollTo).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(scrollTo).toHaveBeenCalledTimes(1);
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
  });

  it('a second change within 200 ms restarts the wait: one scroll, 200 ms after the last change', async () => {
    const router = createMemoryRouter(routes, { initialEntries: ['/first'] });
    render(<RouterProvider router={router} />);
    act(() => vi.advanceTimersByTime(SCROLL_DELAY_MS));
    scrollTo.mockClear();

    await act(() => router.navigate('/second'));
    act(() => vi.advanceTimersByTime(150));
    await act(() => router.navigate('/first'));
    act(() => vi.advanceTimersByTime(150));
    expect(scrollTo).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(50));
    expect(scrollTo).toHaveBeenCalledTimes(1);
  });

  it('a change of the query alone (same screen) does not scroll', async () => {
    const router = createMemoryRouter(routes, { initialEntries: ['/first'] });
    render(<RouterProvider router={router} />);
    act(() => vi.advanceTimersByTime(SCROLL_DELAY_MS));
    scrollTo.mockClear();

    await act(() => router.navigate('/first?step=2'));
    act(() => vi.advanceTimersByTime(SCROLL_DELAY_MS * 2));
    expect(scrollTo).not.toHaveBeenCalled();
  });
});
