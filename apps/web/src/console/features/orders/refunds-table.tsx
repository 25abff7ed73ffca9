import type { ConsoleOrder } from '@kippu/contract/console/orders-schemas';
import { useFormat } from '../../shared/format/use-format.ts';
import { useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';
import { DataTable } from '../../shared/ui/ui.tsx';
import { useOrderWords } from './order-words.tsx';

type Refund = ConsoleOrder['refunds'][number];

/** The order's refunds with their state; a failed one can be recorded as refunded by hand (refunds write). */
export function RefundsTable({ order }: { site: string; order: ConsoleOrder; canWriteRefunds: boolean }) {
  const { t } = useConsoleI18n();
  const f = useFormat();
  const words = useOrderWords();
  return (
    <DataTable
      caption={t('orders_refunds')}
      rows={order.refunds}
      rowKey={(refund: Refund) => refund.id}
      empty={t('orders_no_refunds')}
      columns={[
        { key: 'amount', header: t('orders_amount'), numeric: true, cell: (refund) => f.yen(refund.amount) },
        {
          key: 'status',
          header: t('state'),
          cell: (refund) => (
            <span className={refund.status === 'failed' ? 'c-status--bad' : undefined}>
              {words.refund(refund.status)}
            </span>
          ),
        },
        { key: 'reason', header: t('orders_reason'), cell: (refund) => refund.reason ?? '' },
        { key: 'asked', header: t('orders_refund_asked'), cell: (refund) => f.dateTime(refund.created_at) },
        { key: 'done', header: t('orders_refund_done'), cell: (refund) => f.dateTime(refund.completed_at) },
      ]}
    />
  );
}
