import { useCallback } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ProductOnDate } from '@kippu/contract/endpoints/catalogue-common';
import type { Product } from '@kippu/contract/endpoints/products';
import { formatPrice } from '@kippu/contract/format/price';
import { productsQuery } from '../../../shared/api/endpoints/products.ts';
import { useActiveLang } from '../../../shared/hooks/use-active-lang.ts';
import { byDisplayPosition } from '../../../shared/sort/by-display-position.ts';
import { useCoreStore } from '../../../shared/stores/core-store.ts';
import { LineupSkeleton } from './lineup-skeleton.tsx';
import { ProductCard, type ProductChoice } from './product-card.tsx';
import './product-lineup.css';

export type LineupChoice = {
  selectedUuid: string | null;
  onSelect: (product: Product) => void;
  /**
   * Date-before-product: the products on sale on the chosen date (GET /products/search2), undefined
   * while they load. Only these are listed, in that order, each with its stock status that day.
   */
  onDate?: { products: ProductOnDate[] | undefined; statusText: (product: ProductOnDate) => string };
};

/**
 * The site's products for the web channel as cards; with `choice`, a radio group the order form
 * picks its product from. Uses the product query the layout already runs, so it adds no request.
 * Failures are reported by the API client's error dialog; the list only says nothing could be shown.
 */
export function ProductLineup({ choice, label }: { choice?: LineupChoice; label: string }) {
  const { t } = useTranslation();
  const lang = useActiveLang();
  const products = useQuery(productsQuery(lang));
  // Prices wait for the site's currency rather than flash in a default one.
  const currency = useCoreStore((state) => state.configuration?.settings.currency);
  // Only formatPrice, not the shared formatter hook: the date formatters would grow the order route.
  const price = useCallback((amount: number) => formatPrice(amount, lang, currency), [lang, currency]);
  const onDate = choice?.onDate;

  if (products.isError) {
    return (
      <div className="lineup__notice">
        <p>{t('order_lineup_load_failed')}</p>
        <button type="button" className="button button--secondary" onClick={() => window.location.reload()}>
          {t('common_reload')}
        </button>
      </div>
    );
  }
  if (!products.data || !currency || (onDate && !onDate.products)) {
    return (
      <div aria-busy="true">
        <LineupSkeleton count={onDate ? 2 : 3} />
      </div>
    );
  }

  // Date-before-product lists the date's products (their order and status); otherwise all of them.
  const byUuid = new Map(products.data.map((product) => [product.uuid, product]));
  const rows: { product: Product; onDate?: ProductOnDate }[] = onDate
    ? onDate.products!.flatMap((entry) => {
        const product = byUuid.get(entry.uuid);
        return product ? [{ product, onDate: entry }] : [];
      })
    : [...products.data].sort(byDisplayPosition).map((product) => ({ product }));

  if (rows.length === 0) {
    return (
      <p className="lineup__notice">{t(onDate ? 'order_products_on_date_empty' : 'order_lineup_empty')}</p>
    );
  }

  const choiceFor = (product: Product, entry?: ProductOnDate): ProductChoice | undefined =>
    choice && {
      checked: choice.selectedUuid === product.uuid,
      disabled: entry ? entry.status !== 'available' && entry.status !== 'few' : false,
      onSelect: () => choice.onSelect(product),
      status: entry && onDate ? onDate.statusText(entry) : undefined,
    };

  const list = (
    <ul className="lineup__grid" aria-label={choice ? undefined : label}>
      {rows.map(({ product, onDate: entry }) => (
        <li key={product.uuid} className="lineup__item">
          <ProductCard product={product} price={price} choice={choiceFor(product, entry)} />
        </li>
      ))}
    </ul>
  );
  // The radios' group is a wrapper: a list given the radiogroup role would orphan its items.
  return choice ? (
    <div role="radiogroup" aria-label={label}>
      {list}
    </div>
  ) : (
    list
  );
}
