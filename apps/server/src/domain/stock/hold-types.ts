import type { LangCode, SalesChannel } from '@kippu/contract';

/**
 * The hold's own types (ADR 007), apart from the holder (hold-stock.ts) and its statements
 * (hold-statements.ts), so the two import these and not each other (ADR 061: no cycle, type-only or not).
 */

/** Everything needed to hold stock for one temporary order; product-level checks are already done. */
export interface HoldRequest {
  siteCode: string;
  channel: SalesChannel;
  lang: LangCode;
  productId: number;
  timeSpanId: number;
  quantity: number;
  /** Gross price: sum of lines plus sum of set products. */
  price: number;
  holdMinutes: number;
  lines: { optionValueId: number; quantity: number; unitPrice: number }[];
  setProducts: { setProductId: number; quantity: number; unitPrice: number }[];
  /**
   * Who holds, for the per-client caps (plugins/client-key.ts): the visitor's key when the request carried a
   * valid visitor id, else its address's (ADR 094); null: not capped (staff, kiosk, partner channels).
   */
  clientKey: string | null;
  /** The address's key, for the address's ceiling over all its visitors (ADR 094); null: none. */
  addressKey: string | null;
  /** The site's hold caps (ADR 015, 094). */
  caps: HoldCaps;
}

/**
 * How much one client (a visitor, or an address's cookieless share) may hold at once on a site, and all
 * clients of one address together; null: no cap (`sites` columns, migrations 0520 and 1010).
 */
export interface HoldCaps {
  openOrdersPerClient: number | null;
  ticketsPerClientSlot: number | null;
  openOrdersPerAddress: number | null;
  ticketsPerAddressSlot: number | null;
}

export interface HeldOrder {
  orderToken: string;
  expiresAt: Date;
  price: number;
}

export interface StockHolder {
  /**
   * THE way stock is taken (ADR 007). Holds `request.quantity` tickets of the slot and creates the
   * temporary order ('holding'), or rejects with AppError: record_not_found (span unknown or of
   * another product), not_on_sale (slot off sale or past its sale cut-off), no_stock_registered (capacity 0),
   * too_many_holds (the client's hold caps), out_of_stock. Never oversells, with any number of callers and
   * server processes.
   */
  hold(request: HoldRequest): Promise<HeldOrder>;
}

/**
 * A hold under no per-client caps (partner bookings, a time change of a made purchase): spread into the
 * request, so a cap added to HoldCaps later is switched off here once, not forgotten in one caller.
 */
export const NO_CLIENT_CAPS: Readonly<Pick<HoldRequest, 'clientKey' | 'addressKey' | 'caps'>> = Object.freeze({
  clientKey: null,
  addressKey: null,
  caps: Object.freeze({
    openOrdersPerClient: null,
    ticketsPerClientSlot: null,
    openOrdersPerAddress: null,
    ticketsPerAddressSlot: null,
  }),
});
