import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { siteJsonStorage } from '../storage/site-storage.ts';
import type { GtmConversionData } from './order-types.ts';

/** Spot state of spec §3. The page data lives in sessionStorage; the order tokens survive in localStorage. */
export type SpotState = {
  spotGtmConversionData: GtmConversionData | null;
  orderToken: string | null;
  savedSpotOrder: Record<string, unknown> | null;
  qrToken: string | null;
  /**
   * The payment number of this spot order's checkout while it is away on a gateway's page (3-D Secure, a
   * wallet's cashier): the payment callbacks finish it on the spot screens (shared/stores/spot-payment-away.ts).
   */
  paymentNumber: string | null;
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
      paymentNumber: null,
      set: (patch) => set(patch),
    }),
    { name: 'spot', storage: siteJsonStorage(() => sessionStorage) },
  ),
);

/** A spot purchase as the visitor's phone remembers it: enough to list it and open its ticket page. */
export type SpotTicket = {
  reservationToken: string;
  reservationNumber: string;
  productName: string;
  productType: string;
  startsAt: string;
  endsAt: string;
  count: number;
};

type SpotTokensState = {
  orderTokens: string[];
  /** Paid spot orders, newest first: `/spot/ticket-inquiry` lists them after a reload or a closed tab. */
  tickets: SpotTicket[];
  addOrderToken: (token: string) => void;
  removeOrderToken: (token: string) => void;
  addTicket: (ticket: SpotTicket) => void;
};

/** A phone keeps this many spot purchases; older ones are in their mails. */
const MAX_SPOT_TICKETS = 20;

/** Spot order tokens are kept in localStorage so a visitor finds their spot orders after closing the tab. */
export const useSpotTokensStore = create<SpotTokensState>()(
  persist(
    (set) => ({
      orderTokens: [],
      tickets: [],
      addTicket: (ticket) =>
        set((state) => ({
          tickets: [
            ticket,
            ...state.tickets.filter((each) => each.reservationToken !== ticket.reservationToken),
          ].slice(0, MAX_SPOT_TICKETS),
        })),
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
