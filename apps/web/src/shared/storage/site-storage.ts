import { createJSONStorage, type StateStorage } from 'zustand/middleware';
import { currentSite } from '../site/detect-site.ts';

/** Every stored key is namespaced by site (`kippu.BORDERLESS.core`) so two sites never share state. */
export function siteKey(name: string): string {
  return `kippu.${currentSite()}.${name}`;
}

/** A zustand StateStorage that prefixes keys with the current site at call time. */
function siteStorage(getStorage: () => Storage): StateStorage {
  return {
    getItem: (name) => getStorage().getItem(siteKey(name)),
    setItem: (name, value) => getStorage().setItem(siteKey(name), value),
    removeItem: (name) => getStorage().removeItem(siteKey(name)),
  };
}

/** The `storage` option of a persisted store: JSON in `getStorage()`, under the current site's keys. */
export function siteJsonStorage<S>(getStorage: () => Storage) {
  return createJSONStorage<S>(() => siteStorage(getStorage));
}

/**
 * Removes every key of the current site from one storage (full reset, spec §4), except the names in `keep`
 * (the visitor's own keys, such as the first-visit flags: ADR 105 addendum).
 */
export function clearSiteStorage(storage: Storage, keep: readonly string[] = []): void {
  const prefix = siteKey('');
  const kept = new Set(keep.map(siteKey));
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i += 1) {
    const key = storage.key(i);
    if (key?.startsWith(prefix) && !kept.has(key)) keys.push(key);
  }
  keys.forEach((key) => storage.removeItem(key));
}
