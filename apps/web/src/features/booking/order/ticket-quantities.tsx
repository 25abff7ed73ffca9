import { useTranslation } from 'react-i18next';
import type { Product } from '@kippu/contract/endpoints/products';
import { byDisplayPosition } from '../../../shared/sort/by-display-position.ts';
import type { OrderSelection } from './order-selection.ts';
import { QuantityStepper } from './quantity-stepper.tsx';

/** The product's ticket types with their prices and steppers; the total stays within min..max. */
export function TicketQuantities({
  product,
  max,
  tickets,
  total,
  onChange,
  price,
}: {
  product: Product;
  max: number;
  tickets: OrderSelection['tickets'];
  /** Tickets chosen so far (the sum of `tickets`). */
  total: number;
  onChange: (tickets: OrderSelection['tickets']) => void;
  price: (amount: number) => string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <ul className="quantity-list" aria-label={t('order_ticket_types')}>
        {[...product.option_values].sort(byDisplayPosition).map((option) => (
          <li key={option.id} className="quantity-row">
            <span className="quantity-row__name">
              {option.name}
              <span className="quantity-row__price">
                {option.price === 0 ? t('order_lineup_price_free') : price(option.price)}
              </span>
            </span>
            <QuantityStepper
              name={option.name}
              count={tickets[option.id] ?? 0}
              canAdd={total < max}
              onChange={(count) => onChange({ ...tickets, [option.id]: count })}
            />
          </li>
        ))}
      </ul>
      <p className="order-note order-note--small">
        {product.min_quantity > 1
          ? t('order_tickets_range', { min: product.min_quantity, max })
          : t('order_tickets_max', { max })}
      </p>
    </>
  );
}
