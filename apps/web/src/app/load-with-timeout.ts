import { lazy, type ComponentType } from 'react';

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

/** A screen loaded on demand (its own chunk) with the load time-out. */
export function lazyScreen(load: () => Promise<{ default: ComponentType }>, ms = SCREEN_LOAD_TIMEOUT_MS) {
  return lazy(() => withTimeout(load(), ms));
}
