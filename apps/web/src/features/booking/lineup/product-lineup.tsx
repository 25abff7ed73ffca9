import { useCallback } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatPrice } from '@kippu/contract/format/price';
import { productsQuery } from '../../../shared/api/endpoints/products.ts';
import { useActiveLang } from '../../../shared/hooks/use-active-lang.ts';
import { byDisplayPosition } from '../../../shared/sort/by-display-position.ts';
import { useCoreStore } from '../../../shared/stores/core-store.ts';
import { LineupSkeleton } from './lineup-skeleton.tsx';
import { ProductCard } from './product-card.tsx';
import './product-lineup.css';

/**
 * The site's products for the web channel, as cards (the first slice of the order screen). Uses the
 * product query the layout already runs, so it adds no request. Failures are reported by the API
 * client's error dialog; the section only says that nothing could be shown.
 */
export function ProductLineup() {
  const { t } = useTranslation();
  const lang = useActiveLang();
  const products = useQuery(productsQuery(lang));
  // Prices wait for the site's currency rather than flash in a default one.
  const currency = useCoreStore((state) => state.configuration?.settings.currency);
  // Only formatPrice, not the shared formatter hook: the date formatters would grow the order route.
  const price = useCallback((amount: number) => formatPrice(amount, lang, currency), [lang, currency]);

  let content;
  if (products.isError) {
    content = (
      <div className="lineup__notice">
        <p>{t('order_lineup_load_failed')}</p>
        <button type="button" className="button button--secondary" onClick={() => window.location.reload()}>
          {t('common_reload')}
        </button>
      </div>
    );
  } else if (!products.data || !currency) {
    content = <LineupSkeleton />;
  } else if (products.data.length === 0) {
    content = <p className="lineup__notice">{t('order_lineup_empty')}</p>;
  } else {
    content = (
      <ul className="lineup__grid">
        {[...products.data].sort(byDisplayPosition).map((product) => (
          <li key={product.uuid} className="lineup__item">
            <ProductCard product={product} price={price} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section
      className="lineup"
      aria-labelledby="lineup-title"
      aria-busy={!products.data && !products.isError}
    >
      <h2 id="lineup-title" className="lineup__title">
        {t('order_lineup_title')}
      </h2>
      {content}
    </section>
  );
}
