import type { TFunction } from 'i18next';
import type { StockStatus } from '@kippu/contract/enums';

/** Whether a date, product or slot with this status can be chosen. */
export const isOpen = (status: StockStatus): boolean => status === 'available' || status === 'few';

/** The words for a stock status; 'few' carries the few-in-stock count (spec §9) when the server gives it. */
export function stockStatusText(t: TFunction, status: StockStatus, count: number | null): string {
  switch (status) {
    case 'available':
      return t('order_stock_available');
    case 'few':
      return count === null ? t('order_stock_few_plain') : t('order_stock_few', { count });
    case 'sold_out':
      return t('order_stock_sold_out');
    case 'not_on_sale':
      return t('order_stock_not_on_sale');
  }
}
