import type { MouseEvent } from 'react';
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

/** Makes a card one option of the order form's product choice (a radio named by the product). */
export type ProductChoice = {
  checked: boolean;
  /** Sold out or not on sale on the chosen date. */
  disabled: boolean;
  onSelect: () => void;
  /** Stock status on the chosen date (date-before-product), e.g. "Only 3 left". */
  status?: string;
};

/** One product of the lineup; with `choice`, a selectable card (the whole card is a click target). */
export function ProductCard({
  product,
  price,
  choice,
}: {
  product: Product;
  price: (amount: number) => string;
  choice?: ProductChoice;
}) {
  const { t } = useTranslation();
  const idBase = `product-${product.uuid}`;
  const summary = priceSummary(product.option_values);
  const priceText = (amount: number) => (amount === 0 ? t('order_lineup_price_free') : price(amount));
  const selectable = choice && !choice.disabled;
  // Clicks on the card's own buttons (Read more) do not choose it; the radio handles keyboard choice.
  const onCardClick = (event: MouseEvent<HTMLElement>) => {
    if (!selectable || (event.target as Element).closest('button, input, a')) return;
    choice.onSelect();
  };

  const classes = ['product-card'];
  if (choice) classes.push('product-card--choice');
  if (choice?.checked) classes.push('product-card--selected');
  if (choice?.disabled) classes.push('product-card--unavailable');

  return (
    <article className={classes.join(' ')} aria-labelledby={`${idBase}-name`} onClick={onCardClick}>
      <div className="product-card__head">
        <div className="product-card__title-row">
          <h3 id={`${idBase}-name`} className="product-card__name">
            {product.name}
          </h3>
          {choice ? (
            <input
              type="radio"
              name="order-product"
              className="product-card__radio"
              value={product.uuid}
              checked={choice.checked}
              disabled={choice.disabled}
              aria-labelledby={`${idBase}-name`}
              aria-describedby={choice.status ? `${idBase}-status` : undefined}
              onChange={choice.onSelect}
            />
          ) : null}
        </div>
        {choice?.status ? (
          <p id={`${idBase}-status`} className="product-card__status">
            {choice.status}
          </p>
        ) : null}
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
