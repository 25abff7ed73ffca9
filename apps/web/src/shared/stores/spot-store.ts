import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { siteJsonStorage } from '../storage/site-storage.ts';
import type { GtmConversionData } from './order-types.ts';

/**
 * What the visitor chose on the spot order page: the product (the poster's or another of the venue's, ADR
 * 109), the slot, tickets and add-ons per id. Kept as they choose, so a reload shows the same choice.
 */
export type SavedSpotOrder = {
  productUuid: string;
  timeSpanId: number | null;
  counts: Record<number, number>;
  setCounts: Record<string, number>;
};

/** Spot state of spec §3. The page data lives in sessionStorage; the order tokens survive in localStorage. */
export type SpotState = {
  spotGtmConversionData: GtmConversionData | null;
  orderToken: string | null;
  /** The spot order page's selection, restored after a reload (spec §3 "spot order page data"). */
  savedSpotOrder: SavedSpotOrder | null;
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

/** A spot hold this phone made (spec §3 "spot order token(s)"), until its hold lapses. */
export type SpotOrderTokenEntry = { token: string; expiresAt: string };

type SpotTokensState = {
  /** This phone's spot holds not yet paid or lapsed, oldest first (`/spot/ticket-inquiry` shows them). */
  orderTokens: SpotOrderTokenEntry[];
  /** Paid spot orders, newest first: `/spot/ticket-inquiry` lists them after a reload or a closed tab. */
  tickets: SpotTicket[];
  addOrderToken: (token: string, expiresAt?: string) => void;
  removeOrderToken: (token: string) => void;
  addTicket: (ticket: SpotTicket) => void;
  /** Drops lapsed holds and tickets whose visit ended long ago (they are in the visitor's mail). */
  prune: (now?: Date) => void;
};

/** A phone keeps this many spot purchases; older ones are in their mails. */
const MAX_SPOT_TICKETS = 20;
/** A spot ticket stays listed this long after its visit ended: long enough for a receipt or a second look. */
export const SPOT_TICKET_KEEP_DAYS = 30;
/** A hold whose expiry the phone did not learn (stored before it was kept) lasts at most this long. */
const UNKNOWN_HOLD_MS = 15 * 60_000;

/** Entries of an older shape (plain token strings, whose expiry is unknown) count as lapsed. */
const isLiveHold = (entry: unknown, now: Date): entry is SpotOrderTokenEntry =>
  typeof entry === 'object' &&
  entry !== null &&
  typeof (entry as SpotOrderTokenEntry).token === 'string' &&
  Date.parse((entry as SpotOrderTokenEntry).expiresAt) > now.getTime();

const isRecentTicket = (ticket: SpotTicket, now: Date) =>
  !(Date.parse(ticket.endsAt) < now.getTime() - SPOT_TICKET_KEEP_DAYS * 86_400_000);

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
      addOrderToken: (token, expiresAt = new Date(Date.now() + UNKNOWN_HOLD_MS).toISOString()) =>
        set((state) => ({
          orderTokens: [...state.orderTokens.filter((each) => each.token !== token), { token, expiresAt }],
        })),
      removeOrderToken: (token) =>
        set((state) => ({ orderTokens: state.orderTokens.filter((each) => each.token !== token) })),
      prune: (now = new Date()) =>
        set((state) => ({
          orderTokens: state.orderTokens.filter((entry) => isLiveHold(entry, now)),
          tickets: state.tickets.filter((ticket) => isRecentTicket(ticket, now)),
        })),
    }),
    {
      name: 'spotOrderTokens',
      storage: siteJsonStorage(() => localStorage),
      // Whatever a phone kept, lapsed holds and old tickets go as soon as the app reads the list.
      onRehydrateStorage: () => (state) => state?.prune(),
    },
  ),
);
