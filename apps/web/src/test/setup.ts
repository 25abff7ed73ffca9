import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import type { StoreApi } from 'zustand';
import { useCoreStore } from '../shared/stores/core-store.ts';
import { useDialogStore } from '../shared/stores/dialog-store.ts';
import { useRequestStore } from '../shared/stores/request-store.ts';

// findBy*/waitFor wait longer than the library's 1 s: a lazy route's first import is transformed on demand,
// which takes seconds when CI shares two cores with other jobs (it failed flow-guards.test.tsx there).
// Only waits get longer; a screen that never appears still fails.
configure({ asyncUtilTimeout: 8_000 });

const resetStore = <S>(store: StoreApi<S>) => store.setState(store.getInitialState(), true);

// Each test starts from the stores' initial state and empty storage, whatever the previous one left.
afterEach(() => {
  cleanup();
  resetStore(useCoreStore);
  resetStore(useDialogStore);
  resetStore(useRequestStore);
  sessionStorage.clear();
  localStorage.clear();
});
