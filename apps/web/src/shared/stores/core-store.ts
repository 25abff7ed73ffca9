import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { LangCode } from '@kippu/contract/enums';
import type { Language } from '@kippu/contract/endpoints/langs';
import type { Product } from '@kippu/contract/endpoints/products';
import type { PaymentMethodItem } from '@kippu/contract/endpoints/payment-methods';
import type { ConfigurationResponse } from '@kippu/contract/site-settings';
import type { TemporaryOrder } from '@kippu/contract/endpoints/orders';
import { clearSiteStorage, siteJsonStorage } from '../storage/site-storage.ts';
import { VISITOR_KEYS } from '../storage/visitor-keys.ts';
import { useSpotStore, useSpotTokensStore } from './spot-store.ts';
import { useTicketStore } from './ticket-store.ts';
import type { GtmConversionData, SavedOrder } from './order-types.ts';

export type { ProductOption, SavedOrder, GtmConversionData } from './order-types.ts';
export type AccordionOpenFlags = {
  productList: boolean;
  calendarList: boolean;
  timeSpans: boolean;
  optionValues: boolean;
};
type PageData = Record<string, unknown>;
/** A member's price on the order (spec §3 "membership promotion data": its name and the amount it took off). */
export type MembershipPromotion = NonNullable<TemporaryOrder['membership_promotion']>;
/**
 * The mail link this tab followed (spec §3 mail token) with the order whose address it confirmed: kept
 * together, so the sign-in step knows whether the order now in progress is the one confirmed (a new hold
 * replaces the order token and leaves this behind).
 */
export type ConfirmedMail = { token: string; orderToken: string };

/** Core state of spec §3. Server lists are kept in memory; the rest is stored per site in sessionStorage. */
export type CoreState = {
  defaultLangCode: LangCode | null;
  langCode: LangCode | null;
  productList: Product[];
  mailToken: ConfirmedMail | null;
  orderToken: string | null;
  paymentNumber: string | null;
  savedOrder: SavedOrder | null;
  gtmConversionData: GtmConversionData | null;
  accordionOpenFlags: AccordionOpenFlags;
  languages: Language[];
  savedSignIn: PageData | null;
  savedPayment: PageData | null;
  paymentMethods: PaymentMethodItem[];
  spotPaymentMethods: PaymentMethodItem[];
  completeData: PageData | null;
  /** The finished order's membership promotion, stored with its completion data and shown from there. */
  membershipPromotion: MembershipPromotion | null;
  gtmData: PageData | null;
  dPayStateCode: string | null;
  configuration: ConfigurationResponse | null;
};

type CoreActions = {
  set: (patch: Partial<CoreState>) => void;
  /** Saving the order page also records the conversion data (spec §4). */
  saveOrder: (order: SavedOrder) => void;
  /** Clears the saved order, sign-in and payment pages. */
  resetOrder: () => void;
  /**
   * Clears tokens, saved pages, conversion and completion data, and all of this site's storage; the
   * stores' memory follows, so a reload finds exactly what the screen had. Only the language stays.
   */
  fullReset: () => void;
};

const initialAccordionFlags: AccordionOpenFlags = {
  productList: true,
  calendarList: false,
  timeSpans: false,
  optionValues: false,
};

const initialCoreState: CoreState = {
  defaultLangCode: null,
  langCode: null,
  productList: [],
  mailToken: null,
  orderToken: null,
  paymentNumber: null,
  savedOrder: null,
  gtmConversionData: null,
  accordionOpenFlags: initialAccordionFlags,
  languages: [],
  savedSignIn: null,
  savedPayment: null,
  paymentMethods: [],
  spotPaymentMethods: [],
  completeData: null,
  membershipPromotion: null,
  gtmData: null,
  dPayStateCode: null,
  configuration: null,
};

const PERSISTED_KEYS = [
  'defaultLangCode',
  'langCode',
  'mailToken',
  'orderToken',
  'paymentNumber',
  'savedOrder',
  'gtmConversionData',
  'savedSignIn',
  'savedPayment',
  'completeData',
  'membershipPromotion',
  'dPayStateCode',
] as const satisfies readonly (keyof CoreState)[];

export const useCoreStore = create<CoreState & CoreActions>()(
  persist(
    (set) => ({
      ...initialCoreState,
      set: (patch) => set(patch),
      saveOrder: (order) =>
        set({
          savedOrder: order,
          gtmConversionData: {
            options: order.productOptions,
            timeSpanId: order.productOptions[0]?.productTimespanID ?? null,
          },
        }),
      resetOrder: () => set({ savedOrder: null, savedSignIn: null, savedPayment: null }),
      fullReset: () => {
        // Storage first, then memory: each persisted store writes back what it keeps. The other way round
        // (as before) left tokens in memory that a reload no longer found (issue 7).
        clearSiteStorage(sessionStorage);
        // The first-visit flags are the visitor's, not the order's: kept, like the language (ADR 105 addendum).
        clearSiteStorage(localStorage, VISITOR_KEYS);
        set({
          orderToken: null,
          paymentNumber: null,
          savedOrder: null,
          savedSignIn: null,
          savedPayment: null,
          gtmConversionData: null,
          completeData: null,
          membershipPromotion: null,
          // Their storage went too, so memory lets go of them as well.
          mailToken: null,
          dPayStateCode: null,
        });
        useTicketStore.setState(useTicketStore.getInitialState(), true);
        // The spot QR token says where a spot visitor started: the session time-out goes back there.
        useSpotStore.setState((spot) => ({ ...useSpotStore.getInitialState(), qrToken: spot.qrToken }), true);
        // Paid spot tickets are no flow state: a time-out in the next purchase must not lose them (ADR 031).
        useSpotTokensStore.setState(
          (spot) => ({ ...useSpotTokensStore.getInitialState(), tickets: spot.tickets }),
          true,
        );
      },
    }),
    {
      name: 'core',
      storage: siteJsonStorage(() => sessionStorage),
      partialize: (state) => Object.fromEntries(PERSISTED_KEYS.map((key) => [key, state[key]])),
    },
  ),
);
