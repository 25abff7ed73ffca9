import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import type { StoreApi } from 'zustand';
import { useCoreStore } from '../shared/stores/core-store.ts';
import { useDialogStore } from '../shared/stores/dialog-store.ts';
import { useRequestStore } from '../shared/stores/request-store.ts';

// findBy*/waitFor wait longer than the library's 1 s: a lazy route's first import is transformed on demand,
// which takes seconds when CI shares two cores with other jobs (it failed flow-guards.test.tsx there).
// Only waits get longer; a screen that never appears still fails.
configure({ asyncUtilTimeout: 8_000 });

// The api client checks each answer against the contract and imports every contract module on the first
// call (api-client.ts checkAnswer). Done inside a test, that first import took most of a findBy's 8 s on a
// busy machine and failed the first test of a file (review finding 22). Loaded here, before the tests.
beforeAll(() => import('@kippu/contract/endpoints/all'), 120_000);

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
