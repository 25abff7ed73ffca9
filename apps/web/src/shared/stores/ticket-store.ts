import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { siteJsonStorage } from '../storage/site-storage.ts';

type Data = Record<string, unknown>;

/** Ticket state of spec §3: sharing and the date-change data, stored per site in sessionStorage. */
export type TicketState = {
  shareToken: string | null;
  changeDate: Data | null;
  changeDateResult: Data | null;
  changeDatePayment: Data | null;
  changeDatePaymentResult: Data | null;
};

type TicketActions = {
  set: (patch: Partial<TicketState>) => void;
  /** Date-change data and results are cleared separately from the order (spec §4). */
  clearChangeDate: () => void;
};

const initialTicketState: TicketState = {
  shareToken: null,
  changeDate: null,
  changeDateResult: null,
  changeDatePayment: null,
  changeDatePaymentResult: null,
};

export const useTicketStore = create<TicketState & TicketActions>()(
  persist(
    (set) => ({
      ...initialTicketState,
      set: (patch) => set(patch),
      clearChangeDate: () =>
        set({
          changeDate: null,
          changeDateResult: null,
          changeDatePayment: null,
          changeDatePaymentResult: null,
        }),
    }),
    { name: 'ticket', storage: siteJsonStorage(() => sessionStorage) },
  ),
);
