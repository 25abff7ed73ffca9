import type { ConsoleOrder, OrderTimelineEntry } from '@kippu/contract/console/orders-schemas';
import { useFormat } from '../../shared/format/use-format.ts';
import { useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';
import { DataTable } from '../../shared/ui/ui.tsx';
import { useOrderWords } from './order-words.tsx';

/** Detail keys the row says already (this order, the entry's own object). */
const SAID_ELSEWHERE = new Set(['object_type', 'object_id', 'order_id']);
/** Detail keys that are yen. */
const YEN = new Set(['amount', 'price', 'paid', 'collected', 'waived', 'price_difference', 'discount']);

/**
 * The order's one timeline, newest first as the server merges it (status moves, payments, mails,
 * check-ins, refunds, audit events): each entry's kind, time and who did it.
 */
export function TimelinePanel({ order }: { order: ConsoleOrder }) {
  const { t } = useConsoleI18n();
  const f = useFormat();
  const words = useOrderWords();
  const actor = (entry: OrderTimelineEntry) => {
    if (!entry.actor) return '—';
    const { kind, label, staff_id, device_id } = entry.actor;
    // As the audit log names them (the shell's audit_* words).
    const who =
      label ??
      (staff_id !== null
        ? t('audit_actor_staff_id', { id: staff_id })
        : device_id !== null
          ? t('audit_actor_device_id', { id: device_id })
          : null);
    return who ? `${t(`audit_actor_${kind}`)} · ${who}` : t(`audit_actor_${kind}`);
  };
  const detail = (entry: OrderTimelineEntry) =>
    Object.entries(entry.detail)
      .filter(([key, value]) => value !== null && value !== '' && !SAID_ELSEWHERE.has(key))
      .map(
        ([key, value]) =>
          `${key}: ${typeof value === 'number' && YEN.has(key) ? f.yen(value) : String(value)}`,
      )
      .join(' · ');
  return (
    <section>
      <DataTable
        caption={t('orders_timeline')}
        rows={order.timeline}
        rowKey={(entry) => `${entry.source}-${entry.id}`}
        empty={t('orders_no_timeline')}
        columns={[
          {
            key: 'at',
            header: t('orders_at'),
            cell: (entry) => <span className="c-orders-nowrap">{f.dateTime(entry.at)}</span>,
          },
          { key: 'source', header: t('orders_source'), cell: (entry) => words.source(entry.source) },
          {
            key: 'what',
            header: t('orders_what'),
            cell: (entry) => words.timeline(entry.source, entry.what),
          },
          { key: 'actor', header: t('orders_actor'), cell: (entry) => actor(entry) },
          { key: 'detail', header: t('orders_detail'), breakAnywhere: true, cell: (entry) => detail(entry) },
        ]}
      />
    </section>
  );
}
