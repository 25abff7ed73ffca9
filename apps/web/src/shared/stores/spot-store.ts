import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { siteJsonStorage } from '../storage/site-storage.ts';
import type { GtmConversionData } from './core-store.ts';

/** Spot state of spec §3. The page data lives in sessionStorage; the order tokens survive in localStorage. */
export type SpotState = {
  spotGtmConversionData: GtmConversionData | null;
  orderToken: string | null;
  savedSpotOrder: Record<string, unknown> | null;
  qrToken: string | null;
};

type SpotActions = {
  set: (patch: Partial<SpotState>) => void;
};

export const useSpotStore = create<SpotState & SpotActions>()(
  persist(
    (set) => ({
      spotGtmConversionData: null,
      orderToken: null,
      savedSpotOrder: null,
      qrToken: null,
      set: (patch) => set(patch),
    }),
    { name: 'spot', storage: siteJsonStorage(() => sessionStorage) },
  ),
);

type SpotTokensState = {
  orderTokens: string[];
  addOrderToken: (token: string) => void;
  removeOrderToken: (token: string) => void;
};

/** Spot order tokens are kept in localStorage so a visitor finds their spot orders after closing the tab. */
export const useSpotTokensStore = create<SpotTokensState>()(
  persist(
    (set) => ({
      orderTokens: [],
      addOrderToken: (token) =>
        set((state) => ({
          orderTokens: state.orderTokens.includes(token) ? state.orderTokens : [...state.orderTokens, token],
        })),
      removeOrderToken: (token) =>
        set((state) => ({ orderTokens: state.orderTokens.filter((each) => each !== token) })),
    }),
    { name: 'spotOrderTokens', storage: siteJsonStorage(() => localStorage) },
  ),
);
