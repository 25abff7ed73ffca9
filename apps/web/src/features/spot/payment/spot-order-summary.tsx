import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TemporaryOrder } from '@kippu/contract/endpoints/orders';
import { ApiError } from '../../../shared/api/api-client.ts';
import { useFormatters } from '../../../shared/format/use-formatters.ts';
import { useCoreStore } from '../../../shared/stores/core-store.ts';
import { applySpotCoupon, spotOrderKey } from '../api/spot-calls.ts';
import { SpotPanel } from '../spot-frame.tsx';

/** When the held tickets are for: the slot's time, or the day for a day ticket. */
function useVisitText(order: TemporaryOrder): string {
  const format = useFormatters();
  const { main_product: product } = order;
  const day = format.date(product.reservation_from);
  return product.sale_type === 'time'
    ? `${day} ${format.timeRange(product.reservation_from, product.reservation_to)}`
    : day;
}

/** The held spot order: what, when, the ticket lines, coupons and the amount to pay; a coupon field. */
export function SpotOrderSummary({ orderToken, order }: { orderToken: string; order: TemporaryOrder }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const queryClient = useQueryClient();
  const currency = useCoreStore((state) => state.configuration?.settings.currency);
  const couponId = useId();
  const [code, setCode] = useState('');
  const [applying, setApplying] = useState(false);
  const visit = useVisitText(order);

  const apply = async () => {
    if (!code.trim() || applying) return;
    setApplying(true);
    try {
      await applySpotCoupon(orderToken, code.trim());
      setCode('');
      await queryClient.invalidateQueries({ queryKey: spotOrderKey(orderToken) });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
    } finally {
      setApplying(false);
    }
  };

  return (
    <SpotPanel title={t('confirm_tickets_title')} id="spot-summary">
      <p className="spot-summary__product">{order.main_product.product_name}</p>
      <p className="spot-summary__when">{visit}</p>
      <ul className="spot-summary__lines">
        {order.main_product.order_options.map((option) => (
          <li key={option.id}>
            <span>{t('confirm_ticket_line', { name: option.name, count: option.quantity })}</span>
            <span>{format.price(option.add_cost * option.quantity, currency)}</span>
          </li>
        ))}
        {order.set_products.map((addOn, index) => (
          <li key={`set-${index}`}>
            <span>{t('confirm_ticket_line', { name: addOn.product_name, count: addOn.quantity })}</span>
            <span>{format.price(addOn.add_cost * addOn.quantity, currency)}</span>
          </li>
        ))}
        {order.coupons.map((coupon) => (
          <li key={coupon.id} className="spot-summary__discount">
            <span>{t('confirm_discount_coupon', { name: coupon.coupon_name })}</span>
            <span>−{format.price(coupon.coupon_discount, currency)}</span>
          </li>
        ))}
      </ul>
      <p className="spot-summary__total">
        <span>{t('payment_amount')}</span>
        <strong>{format.price(order.price, currency)}</strong>
      </p>
      <div className="spot-coupon">
        <label htmlFor={couponId} className="form-field__label">
          {t('confirm_coupon_code')}
        </label>
        <div className="spot-coupon__row">
          <input
            id={couponId}
            className="form-field__input"
            value={code}
            autoComplete="off"
            autoCapitalize="characters"
            onChange={(event) => setCode(event.target.value)}
          />
          <button
            type="button"
            className="button button--secondary"
            disabled={applying}
            onClick={() => void apply()}
          >
            {applying ? t('confirm_coupon_applying') : t('confirm_coupon_apply')}
          </button>
        </div>
      </div>
    </SpotPanel>
  );
}
