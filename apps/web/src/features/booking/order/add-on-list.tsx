import { useTranslation } from 'react-i18next';
import type { SetProduct } from '@kippu/contract/endpoints/catalogue-set-products';
import { byDisplayPosition } from '../../../shared/sort/by-display-position.ts';
import type { OrderSelection } from './order-selection.ts';
import { QuantityStepper } from './quantity-stepper.tsx';

/** Optional add-ons (set products) of the chosen slot; at most one of each per ticket. */
export function AddOnList({
  addOns,
  counts,
  maxEach,
  onChange,
  price,
}: {
  addOns: SetProduct[];
  counts: OrderSelection['addOns'];
  maxEach: number;
  onChange: (counts: OrderSelection['addOns']) => void;
  price: (amount: number) => string;
}) {
  const { t } = useTranslation();
  return (
    <div className="add-ons">
      <h3 className="add-ons__title" id="order-add-ons-title">
        {t('order_add_ons_title')}
      </h3>
      <p className="order-note order-note--small">{t('order_add_ons_note')}</p>
      <ul className="quantity-list" aria-labelledby="order-add-ons-title">
        {[...addOns].sort(byDisplayPosition).map((addOn) => (
          <li key={addOn.uuid} className="quantity-row">
            <span className="quantity-row__name">
              {addOn.name}
              <span className="quantity-row__price">{price(addOn.price)}</span>
              {addOn.description.trim() ? (
                <span className="quantity-row__description">{addOn.description}</span>
              ) : null}
            </span>
            <QuantityStepper
              name={addOn.name}
              count={counts[addOn.uuid] ?? 0}
              canAdd={(counts[addOn.uuid] ?? 0) < maxEach}
              onChange={(count) => onChange({ ...counts, [addOn.uuid]: count })}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}
