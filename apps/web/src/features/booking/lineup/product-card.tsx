import { useTranslation } from 'react-i18next';
import type { Product } from '@kippu/contract/endpoints/products';
import { byDisplayPosition } from '../../../shared/sort/by-display-position.ts';
import { priceSummary } from './price-summary.ts';
import { EntryRuleIcon } from './entry-rule-icon.tsx';
import { ProductDescription } from './product-description.tsx';

/** How entry works for each product type; a line under the name, since the names often say the type. */
const TYPE_KEYS: Record<Product['product_type'], string> = {
  time: 'product_type_time',
  date: 'product_type_date',
  period: 'product_type_period',
};

/** One product of the lineup. Not a control yet: choosing a product arrives with the order form. */
export function ProductCard({ product, price }: { product: Product; price: (amount: number) => string }) {
  const { t } = useTranslation();
  const idBase = `product-${product.uuid}`;
  const summary = priceSummary(product.option_values);
  const priceText = (amount: number) => (amount === 0 ? t('order_lineup_price_free') : price(amount));

  return (
    <article className="product-card" aria-labelledby={`${idBase}-name`}>
      <div className="product-card__head">
        <h3 id={`${idBase}-name`} className="product-card__name">
          {product.name}
        </h3>
        <p className="product-card__entry">
          <EntryRuleIcon type={product.product_type} />
          {t(TYPE_KEYS[product.product_type])}
        </p>
        {summary ? (
          <p className="product-card__summary">
            {summary.kind === 'from'
              ? t('order_lineup_price_from', { price: priceText(summary.amount) })
              : priceText(summary.kind === 'free' ? 0 : summary.amount)}
          </p>
        ) : null}
      </div>

      {product.description.trim() ? (
        <ProductDescription id={`${idBase}-description`} text={product.description} />
      ) : null}

      {product.option_values.length > 0 ? (
        <ul className="product-card__prices" aria-label={t('order_lineup_ticket_types')}>
          {[...product.option_values].sort(byDisplayPosition).map((option) => (
            <li key={option.id} className="product-card__price-row">
              <span className="product-card__option">{option.name}</span>
              <span className="product-card__price">{priceText(option.price)}</span>
            </li>
          ))}
        </ul>
      ) : null}

      {product.caution.trim() ? (
        <p className="product-card__caution">
          <span className="product-card__caution-label">{t('order_lineup_caution')}</span>
          {product.caution}
        </p>
      ) : null}
    </article>
  );
}
