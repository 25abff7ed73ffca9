import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import type { StoreApi } from 'zustand';
import { useCoreStore } from '../shared/stores/core-store.ts';
import { useDialogStore } from '../shared/stores/dialog-store.ts';
import { useRequestStore } from '../shared/stores/request-store.ts';

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
