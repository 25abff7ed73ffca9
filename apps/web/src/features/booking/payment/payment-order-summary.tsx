import { useTranslation } from 'react-i18next';
import type { TemporaryOrder } from '@kippu/contract/endpoints/orders';
import type { Currency } from '@kippu/contract/format/price';
import { visitWhen } from '@kippu/contract/format/visit-when';
import { useFormatters } from '../../../shared/format/use-formatters.ts';
import { useActiveLang } from '../../../shared/hooks/use-active-lang.ts';
import './payment-order-summary.css';

/**
 * What is being paid for, above the methods (issue 32): the product, when, each ticket type and add-on with
 * its count, the coupons and membership discount taken off, and the amount to pay (the order's price, the
 * server's truth) as the summary's last line. Compact: the full breakdown with change links is the confirm
 * step's.
 */
export function PaymentOrderSummary({
  order,
  currency,
}: {
  order: TemporaryOrder;
  currency: Currency | undefined;
}) {
  const { t } = useTranslation();
  const lang = useActiveLang();
  const format = useFormatters();
  const product = order.main_product;
  const when = visitWhen(product.sale_type, product.reservation_from, product.reservation_to, lang);
  const lines = [
    ...product.order_options.map((option) => ({ key: `o${option.id}`, ...option })),
    ...order.set_products.map((addOn) => ({
      key: `s${addOn.product_name}`,
      name: addOn.product_name,
      ...addOn,
    })),
  ];
  const discounts = order.coupons.map((coupon) => ({
    key: `c${coupon.id}`,
    label: t('confirm_discount_coupon', { name: coupon.coupon_name }),
    amount: coupon.coupon_discount,
  }));
  const promotion = order.membership_promotion;
  if (promotion && promotion.membership_discount > 0) {
    discounts.push({
      key: 'membership',
      label: t('confirm_discount_membership', { name: promotion.name }),
      amount: promotion.membership_discount,
    });
  }

  return (
    <section className="payment-summary" aria-labelledby="payment-summary-title">
      <h2 id="payment-summary-title" className="payment-summary__title">
        {t('payment_summary_title')}
      </h2>
      <p className="payment-summary__product">{product.product_name}</p>
      <p className="payment-summary__when">
        <span>{when.date}</span>
        {when.time ? <span className="payment-summary__time">{when.time}</span> : null}
      </p>
      <ul className="payment-summary__lines" aria-label={t('confirm_ticket_types')}>
        {lines.map((line) => (
          <li key={line.key}>
            <span>{t('confirm_ticket_line', { name: line.name, count: line.quantity })}</span>
            <span className="payment-summary__price">
              {format.price(line.add_cost * line.quantity, currency)}
            </span>
          </li>
        ))}
      </ul>
      {discounts.length > 0 ? (
        <ul className="payment-summary__lines payment-summary__lines--discounts">
          {discounts.map((discount) => (
            <li key={discount.key}>
              <span>{discount.label}</span>
              <span className="payment-summary__price">{format.price(-discount.amount, currency)}</span>
            </li>
          ))}
        </ul>
      ) : null}
      <p className="payment-amount payment-summary__total">
        <span className="payment-amount__label">{t('payment_amount')}</span>
        <span className="payment-amount__value">{format.price(order.price, currency)}</span>
      </p>
    </section>
  );
}
