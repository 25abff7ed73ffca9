import { useTranslation } from 'react-i18next';
import type { TemporaryOrder } from '@kippu/contract/endpoints/orders';
import type { Currency } from '@kippu/contract/format/price';
import { useFormatters } from '../../../shared/format/use-formatters.ts';
import { visitWhen } from '@kippu/contract/format/visit-when';
import { useActiveLang } from '../../../shared/hooks/use-active-lang.ts';

/** What is being bought: the product, when (in the visitor's language), ticket types × counts and add-ons. */
export function TicketSummary({ order, currency }: { order: TemporaryOrder; currency: Currency }) {
  const { t } = useTranslation();
  const lang = useActiveLang();
  const format = useFormatters();
  const product = order.main_product;
  const when = visitWhen(product.sale_type, product.reservation_from, product.reservation_to, lang);

  return (
    <>
      <p className="confirm-product">{product.product_name}</p>
      <p className="confirm-when">
        <span>{when.date}</span>
        {when.time ? <span className="confirm-when__time">{when.time}</span> : null}
      </p>
      <ul className="confirm-lines" aria-label={t('confirm_ticket_types')}>
        {product.order_options.map((option) => (
          <li key={option.id} className="confirm-line">
            <span>{t('confirm_ticket_line', { name: option.name, count: option.quantity })}</span>
            <span className="confirm-line__price">
              {format.price(option.add_cost * option.quantity, currency)}
            </span>
          </li>
        ))}
      </ul>
      {order.set_products.length > 0 ? (
        <ul className="confirm-lines confirm-lines--add-ons" aria-label={t('confirm_add_ons')}>
          {order.set_products.map((addOn) => (
            <li key={addOn.product_name} className="confirm-line">
              <span>{t('confirm_ticket_line', { name: addOn.product_name, count: addOn.quantity })}</span>
              <span className="confirm-line__price">
                {format.price(addOn.add_cost * addOn.quantity, currency)}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {product.caution ? <p className="checkout-note">{product.caution}</p> : null}
    </>
  );
}
