import { useQuery } from '@tanstack/react-query';
import { consoleCall } from '../../shared/api/console-client.ts';
import { CONSOLE_ROUTES as R } from '../../shared/api/console-routes.ts';
import { useFormat } from '../../shared/format/use-format.ts';
import { useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';
import { DataTable, ErrorNotice, Loading } from '../../shared/ui/ui.tsx';
import { couponKeys } from './coupon-queries.ts';

/**
 * The uses a coupon or a batch holds: how many, the discount they gave, and the orders (their reservation
 * numbers only when the staff member may read orders).
 */
export function CouponUsesPanel({ site, kind, id }: { site: string; kind: 'coupon' | 'batch'; id: number }) {
  const { t } = useConsoleI18n();
  const f = useFormat();
  const uses = useQuery({
    queryKey: kind === 'coupon' ? couponKeys.uses(site, id) : couponKeys.batchUses(site, id),
    queryFn: () =>
      kind === 'coupon'
        ? consoleCall(R.consoleListCouponUses, { params: { site, id } })
        : consoleCall(R.consoleListCouponBatchUses, { params: { site, id } }),
  });
  return (
    <section aria-labelledby={`c-uses-${kind}`}>
      <h2 id={`c-uses-${kind}`}>{t('coupons_uses')}</h2>
      {uses.isPending ? <Loading /> : null}
      <ErrorNotice error={uses.error} />
      {uses.data ? (
        <>
          <p>
            {t('coupons_uses_summary', {
              count: f.count(uses.data.used_count),
              total: f.yen(uses.data.discount_total),
            })}
          </p>
          {uses.data.orders_visible ? null : <p className="c-field__hint">{t('coupons_orders_hidden')}</p>}
          <DataTable
            caption={t('coupons_uses_list')}
            rows={uses.data.uses}
            rowKey={(row) => `${row.code}-${row.ordered_at}-${row.reservation_number ?? ''}`}
            empty={t('coupons_no_uses')}
            columns={[
              ...(kind === 'batch'
                ? [
                    {
                      key: 'code',
                      header: t('coupons_code'),
                      cell: (row: { code: string }) => <code>{row.code}</code>,
                    },
                  ]
                : []),
              {
                key: 'order',
                header: t('coupons_reservation'),
                cell: (row) => row.reservation_number ?? '—',
              },
              {
                key: 'status',
                header: t('coupons_order_status'),
                cell: (row) => {
                  const key = `coupons_order_${row.order_status}`;
                  const text = t(key);
                  return text === key ? row.order_status : text;
                },
              },
              { key: 'at', header: t('coupons_ordered_at'), cell: (row) => f.dateTime(row.ordered_at) },
              {
                key: 'discount',
                header: t('coupons_discount'),
                numeric: true,
                cell: (row) => f.yen(row.discount),
              },
            ]}
          />
          {uses.data.truncated ? <p className="c-field__hint">{t('coupons_uses_truncated')}</p> : null}
        </>
      ) : null}
    </section>
  );
}
