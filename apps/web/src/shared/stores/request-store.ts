import { create } from 'zustand';

/** In-flight request counters (spec §3, §4): GETs count as fetching, other methods as requesting. */
export type RequestState = {
  fetching: number;
  requesting: number;
  errResponseData: unknown;
  start: (method: string) => void;
  finish: (method: string) => void;
  setErrResponseData: (data: unknown) => void;
};

const counterOf = (method: string) => (method.toUpperCase() === 'GET' ? 'fetching' : 'requesting');

export const useRequestStore = create<RequestState>()((set) => ({
  fetching: 0,
  requesting: 0,
  errResponseData: null,
  start: (method) => set((state) => ({ [counterOf(method)]: state[counterOf(method)] + 1 })),
  finish: (method) => set((state) => ({ [counterOf(method)]: Math.max(0, state[counterOf(method)] - 1) })),
  setErrResponseData: (errResponseData) => set({ errResponseData }),
}));

export const selectIsBusy = (state: RequestState) => state.fetching + state.requesting > 0;
