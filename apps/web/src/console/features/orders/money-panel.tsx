import type { ConsoleOrder } from '@kippu/contract/console/orders-schemas';
import { useFormat } from '../../shared/format/use-format.ts';
import { useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';
import { textIn } from '../../shared/ui/form-support.ts';
import { DataTable } from '../../shared/ui/ui.tsx';
import { useOrderWords } from './order-words.tsx';
import { RefundsTable } from './refunds-table.tsx';

/** Money in and out: the payments (with their numbers), the refunds, and the coupons that took money off. */
export function MoneyPanel({
  site,
  order,
  canReadRefunds,
  canWriteRefunds,
}: {
  site: string;
  order: ConsoleOrder;
  canReadRefunds: boolean;
  canWriteRefunds: boolean;
}) {
  const { t, lang } = useConsoleI18n();
  const f = useFormat();
  const words = useOrderWords();
  return (
    <section className="c-orders-money">
      <DataTable
        caption={t('orders_payments')}
        rows={order.payments}
        rowKey={(payment) => payment.id}
        empty={t('orders_no_payments')}
        columns={[
          {
            key: 'method',
            header: t('orders_payment_method'),
            cell: (payment) => words.method(payment.method),
          },
          {
            key: 'amount',
            header: t('orders_amount'),
            numeric: true,
            cell: (payment) => f.yen(payment.amount),
          },
          { key: 'status', header: t('state'), cell: (payment) => words.payment(payment.status) },
          {
            key: 'number',
            header: t('orders_payment_number'),
            breakAnywhere: true,
            cell: (payment) => (
              <>
                <code>{payment.payment_number}</code>
                {payment.masked_card_number ? (
                  <div className="c-muted">{payment.masked_card_number}</div>
                ) : null}
              </>
            ),
          },
          {
            key: 'at',
            header: t('orders_paid_at'),
            cell: (payment) => f.dateTime(payment.confirmed_at ?? payment.created_at),
          },
        ]}
      />
      <RefundsTable
        site={site}
        order={order}
        canReadRefunds={canReadRefunds}
        canWriteRefunds={canWriteRefunds}
      />
      {order.coupons.length > 0 ? (
        <DataTable
          caption={t('orders_coupons')}
          rows={order.coupons}
          rowKey={(coupon) => coupon.code}
          empty={t('orders_no_coupons')}
          columns={[
            { key: 'code', header: t('orders_coupon_code'), cell: (coupon) => <code>{coupon.code}</code> },
            {
              key: 'name',
              header: t('orders_coupon_name'),
              cell: (coupon) => textIn(coupon.names, lang) || coupon.campaign,
            },
            {
              key: 'discount',
              header: t('orders_discount'),
              numeric: true,
              cell: (coupon) => f.yen(coupon.discount),
            },
          ]}
        />
      ) : null}
    </section>
  );
}
