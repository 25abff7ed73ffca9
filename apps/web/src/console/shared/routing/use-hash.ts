import { useSyncExternalStore } from 'react';

const subscribe = (onChange: () => void) => {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
};

/** The location's hash, re-rendering on every change (the console routes by hash, like the visitor app). */
export function useHash(): string {
  return useSyncExternalStore(subscribe, () => window.location.hash);
}

export function navigate(hash: string): void {
  if (window.location.hash !== hash) window.location.hash = hash;
}
