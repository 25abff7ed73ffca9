import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** Spec §9: a screen that has not loaded within 120 s fails and shows the error page. */
export const SCREEN_LOAD_TIMEOUT_MS = 120_000;

export function withTimeout<T>(load: Promise<T>, ms = SCREEN_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`screen load timed out after ${ms} ms`)), ms);
    load.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

type ScreenModule = { default: ComponentType };

/** A screen loaded on demand; `preload` starts its load ahead of the first render (resolves either way). */
export type LazyScreen = LazyExoticComponent<ComponentType> & { preload: () => Promise<void> };

/**
 * A screen loaded on demand (its own chunk) with the load time-out. Once its chunk has loaded (`preload`,
 * or an earlier render), it renders at once: React.lazy suspends on a first render even when the module is
 * there, and a suspended first render shows the placeholder for at least React's 300 ms fallback throttle
 * before the screen (issue 12). A then that calls back at once is how React.lazy takes a loaded module.
 */
export function lazyScreen(load: () => Promise<ScreenModule>, ms = SCREEN_LOAD_TIMEOUT_MS): LazyScreen {
  let loaded: ScreenModule | undefined;
  let loading: Promise<ScreenModule> | undefined;
  const start = () => (loading ??= withTimeout(load(), ms).then((module) => (loaded = module)));
  const Screen = lazy(() => {
    if (!loaded) return start();
    const module = loaded;
    const loadedAlready = { then: (onLoaded: (value: ScreenModule) => unknown) => onLoaded(module) };
    return loadedAlready as unknown as Promise<ScreenModule>;
  });
  return Object.assign(Screen, {
    // A failed load is not reported here: rendering the screen tries again and shows the route's error.
    preload: () =>
      start().then(
        () => undefined,
        () => {
          loading = undefined;
        },
      ),
  });
}
