import { useCoreStore } from '../shared/stores/core-store.ts';
import { useSpotStore, useSpotTokensStore } from '../shared/stores/spot-store.ts';
import { useTicketStore } from '../shared/stores/ticket-store.ts';

/** The persisted stores of spec §3, by the name their storage key carries (`kippu.<site>.<name>`). */
export const PERSISTED_STORES = {
  core: useCoreStore,
  ticket: useTicketStore,
  spot: useSpotStore,
  spotOrderTokens: useSpotTokensStore,
} as const;

/**
 * Every stored value, derived from what the stores persist (their `partialize`, else their whole state): a key
 * a store starts to persist shows up by itself. Values kept outside a store are listed in STORAGE_FILES.
 */
export function persistedKeys(): string[] {
  return Object.entries(PERSISTED_STORES).flatMap(([name, store]) => {
    const state = store.getInitialState() as Record<string, unknown>;
    const partialize = store.persist.getOptions().partialize as
      ((all: Record<string, unknown>) => Record<string, unknown>) | undefined;
    const kept = partialize ? partialize(state) : state;
    return Object.entries(kept)
      .filter(([, value]) => typeof value !== 'function')
      .map(([key]) => `${name}.${key}`);
  });
}

/**
 * Every file that writes the browser's storage (it calls `siteKey(` or `siteJsonStorage(`), with the stored
 * values it holds, or why they are not spec §3's. A new file that stores something fails the test until it is
 * listed here (and its values have entries).
 */
export const STORAGE_FILES: Record<string, { keys: string[] } | { notSpec: string }> = {
  'shared/storage/site-storage.ts': { notSpec: 'the namespacing helpers themselves' },
  'shared/stores/core-store.ts': { keys: [] },
  'shared/stores/ticket-store.ts': { keys: [] },
  'shared/stores/spot-store.ts': { keys: [] },
  'shared/stores/toast-store.ts': { keys: ['toastCache'] },
  'features/first-visit/first-visit-flags.ts': { keys: ['appDownloadModalShown', 'tutorialShown'] },
  'shared/kiosk/kiosk-store.ts': { notSpec: "a kiosk device's own state (ADR 081), not a visitor's" },
  'features/booking/waiting-room/pending-order.ts': {
    notSpec: "the waiting room's pending order and admission (ADR 096), after spec §3",
  },
  'features/check-in/gate/gate-key-store.ts': { notSpec: "a gate device's key, staff state" },
  'features/check-in/gate/offline-gate.ts': { notSpec: "the offline gate's lists, staff state" },
};

/** The stored values of spec §3 the registry must cover. */
export function storedKeys(): string[] {
  const outside = Object.values(STORAGE_FILES).flatMap((file) => ('keys' in file ? file.keys : []));
  return [...persistedKeys(), ...outside];
}

/** Loads every persisted store from storage, as a page load does. */
export async function loadStores(): Promise<void> {
  await Promise.all(Object.values(PERSISTED_STORES).map((store) => store.persist.rehydrate()));
}

/** Writes `state` as the persisted store `name` keeps it, merged with what is there already. */
export function keep(name: keyof typeof PERSISTED_STORES, state: Record<string, unknown>): void {
  const store = PERSISTED_STORES[name];
  const storage = store.persist.getOptions().storage!;
  const before = storage.getItem(name) as { state: Record<string, unknown>; version?: number } | null;
  void storage.setItem(name, { state: { ...before?.state, ...state }, version: before?.version ?? 0 });
}
