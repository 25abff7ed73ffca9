import { useMemo } from 'react';
import type { ConsoleOrder, OrderTimelineEntry } from '@kippu/contract/console/orders-schemas';
import { actorName } from '../../shared/actors/actor-name.ts';
import { useFormat } from '../../shared/format/use-format.ts';
import { HTML_LANG, useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';
import { DataTable } from '../../shared/ui/ui.tsx';
import { useOrderWords } from './order-words.tsx';
import { timelineDetails, type DetailFormat } from './timeline-details.ts';

/**
 * The order's one timeline, newest first as the server merges it (status moves, payments, mails,
 * check-ins, refunds, audit events): each entry's kind, time, who did it and its detail in words
 * (timeline-details.ts).
 */
export function TimelinePanel({ order }: { order: ConsoleOrder }) {
  const { t, lang } = useConsoleI18n();
  const f = useFormat();
  const words = useOrderWords();
  const format = useMemo<DetailFormat>(() => {
    const list = new Intl.ListFormat(HTML_LANG[lang], { style: 'narrow', type: 'unit' });
    return { t, yen: f.yen, count: f.count, dateTime: f.dateTime, list: (items) => list.format(items) };
  }, [t, f, lang]);
  // As the audit log names them (shared/actors: a job's or a visitor's label in words).
  const actor = (entry: OrderTimelineEntry) => (entry.actor ? actorName(t, entry.actor) : '—');
  // Each detail as a label and its value (a description list, so a screen reader says which is which).
  const detail = (entry: OrderTimelineEntry) => {
    const items = timelineDetails(entry, format);
    return items.length === 0 ? null : (
      <dl className="c-orders-detail">
        {items.map((item) => (
          <div key={item.key}>
            <dt>{item.label}</dt>
            <dd>{item.value}</dd>
          </div>
        ))}
      </dl>
    );
  };
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
