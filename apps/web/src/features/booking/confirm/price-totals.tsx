import { useTranslation } from 'react-i18next';
import type { TemporaryOrder } from '@kippu/contract/endpoints/orders';
import type { Currency } from '@kippu/contract/format/price';
import { useFormatters } from '../../../shared/format/use-formatters.ts';
import { orderTotals } from '../../../shared/purchase/order-totals.ts';

/** Subtotal, each discount (coupons, a membership promotion) and the total to pay. */
export function PriceTotals({ order, currency }: { order: TemporaryOrder; currency: Currency }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const { subtotal, total } = orderTotals(order);
  const promotion = order.membership_promotion;

  return (
    <dl className="confirm-totals">
      <div className="confirm-totals__row">
        <dt>{t('confirm_subtotal')}</dt>
        <dd>{format.price(subtotal, currency)}</dd>
      </div>
      {order.coupons.map((coupon) => (
        <div key={coupon.id} className="confirm-totals__row confirm-totals__row--discount">
          <dt>{t('confirm_discount_coupon', { name: coupon.coupon_name })}</dt>
          <dd>{format.price(-coupon.coupon_discount, currency)}</dd>
        </div>
      ))}
      {promotion && promotion.membership_discount > 0 ? (
        <div className="confirm-totals__row confirm-totals__row--discount">
          <dt>{t('confirm_discount_membership', { name: promotion.name })}</dt>
          <dd>{format.price(-promotion.membership_discount, currency)}</dd>
        </div>
      ) : null}
      <div className="confirm-totals__row confirm-totals__row--total">
        <dt>{t('confirm_total')}</dt>
        <dd data-testid="confirm-total">{format.price(total, currency)}</dd>
      </div>
    </dl>
  );
}
