import type { StockStatus } from '@kippu/contract';

/** Best first: a date or product shows the best status among its slots. */
const RANK: Record<StockStatus, number> = { available: 3, few: 2, sold_out: 1, not_on_sale: 0 };

/**
 * Status of one slot. `sellable` is false when the slot is switched off, its product is outside its
 * sale window, or the slot is past its sale cut-off (shared/slot-sale.ts).
 */
export function slotStatus(sellable: boolean, remaining: number, fewThreshold: number): StockStatus {
  if (!sellable) return 'not_on_sale';
  if (remaining <= 0) return 'sold_out';
  if (remaining <= fewThreshold) return 'few';
  return 'available';
}

export interface AggregateStatus {
  status: StockStatus;
  /** Most tickets left in one slot when the status is 'few', else null. */
  count: number | null;
}

/** Accumulates slots into the status of a date or a product. Nothing added: not on sale. */
export class StatusAccumulator {
  private best: StockStatus = 'not_on_sale';
  private fewCount = 0;

  add(status: StockStatus, remaining: number): void {
    if (RANK[status] > RANK[this.best]) this.best = status;
    if (status === 'few') this.fewCount = Math.max(this.fewCount, remaining);
  }

  result(): AggregateStatus {
    return { status: this.best, count: this.best === 'few' ? this.fewCount : null };
  }
}
