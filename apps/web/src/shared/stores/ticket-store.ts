import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { siteJsonStorage } from '../storage/site-storage.ts';

type Data = Record<string, unknown>;

/** A change of date, by the two tokens its routes carry. */
export type ChangeTokens = { reservationToken: string; timechangeToken: string };

/** Ticket state of spec §3: sharing and the date-change data, stored per site in sessionStorage. */
export type TicketState = {
  shareToken: string | null;
  changeDate: Data | null;
  changeDateResult: Data | null;
  changeDatePayment: Data | null;
  changeDatePaymentResult: Data | null;
  /**
   * The change of date whose top-up is away on a gateway's page (3-D Secure), with the payment number its
   * checkout answered: the payment callbacks and the error navigation finish it on the change's screens
   * (shared/stores/change-payment-away.ts).
   */
  changeDatePaymentAway: (ChangeTokens & { paymentNumber: string }) | null;
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
  changeDatePaymentAway: null,
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
          changeDatePaymentAway: null,
        }),
    }),
    { name: 'ticket', storage: siteJsonStorage(() => sessionStorage) },
  ),
);
