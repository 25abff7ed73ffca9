import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ConsoleOrder } from '@kippu/contract/console/orders-schemas';
import { consoleCall } from '../../shared/api/console-client.ts';
import { CONSOLE_ROUTES as R } from '../../shared/api/console-routes.ts';
import { useFormat } from '../../shared/format/use-format.ts';
import { useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';
import { textIn } from '../../shared/ui/form-support.ts';
import { DataTable } from '../../shared/ui/ui.tsx';
import { orderKeys } from './order-queries.ts';
import { useOrderWords } from './order-words.tsx';

type Ticket = ConsoleOrder['tickets'][number];

/**
 * The order's tickets with where each stands at the gate; a valid one (not yet in) can be chosen for a
 * cancel, which the dialog answers with its amounts. Used and void tickets are shown but not chosen.
 */
export function TicketsPanel({
  site,
  order,
  canReadRefunds,
  canCancel,
  onCancel,
}: {
  site: string;
  order: ConsoleOrder;
  canReadRefunds: boolean;
  canCancel: boolean;
  onCancel: (tickets: number[]) => void;
}) {
  const { t, lang } = useConsoleI18n();
  const f = useFormat();
  const words = useOrderWords();
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  // A valid ticket already in a refund (waiting for approval, or being refunded) is not chosen again.
  const preview = useQuery({
    queryKey: orderKeys.refundPreview(site, order.id),
    queryFn: () => consoleCall(R.consoleRefundPreview, { params: { site, id: String(order.id) } }),
    enabled: canReadRefunds && order.refunds.length > 0,
  });
  const inRefund = new Set(
    (preview.data?.tickets ?? [])
      .filter((ticket) => ticket.status === 'valid' && !ticket.refundable)
      .map((ticket) => ticket.id),
  );
  const valid = (ticket: Ticket) => ticket.status === 'valid' && !inRefund.has(ticket.id);
  const picked = order.tickets
    .filter((ticket) => valid(ticket) && chosen.has(ticket.id))
    .map((ticket) => ticket.id);
  const toggle = (id: number) =>
    setChosen((before) => {
      const next = new Set(before);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const name = (ticket: Ticket) => `${f.count(ticket.sequence)} ${textIn(ticket.ticket_type_names, lang)}`;
  return (
    <section>
      {canCancel ? (
        <div className="c-orders-table-actions">
          <button
            className="c-button c-button--small c-button--danger"
            type="button"
            disabled={picked.length === 0}
            onClick={() => onCancel(picked)}
          >
            {t('orders_cancel_selected', { count: picked.length })}
          </button>
        </div>
      ) : null}
      <DataTable
        caption={t('orders_tickets')}
        rows={order.tickets}
        rowKey={(ticket) => ticket.id}
        empty={t('orders_no_tickets')}
        columns={[
          ...(canCancel
            ? [
                {
                  key: 'pick',
                  header: t('orders_choose'),
                  cell: (ticket: Ticket) => (
                    <input
                      type="checkbox"
                      className="c-orders-check"
                      checked={valid(ticket) && chosen.has(ticket.id)}
                      disabled={!valid(ticket)}
                      aria-label={t('orders_choose_ticket', { name: name(ticket) })}
                      onChange={() => toggle(ticket.id)}
                    />
                  ),
                },
              ]
            : []),
          {
            key: 'sequence',
            header: t('orders_ticket_number'),
            numeric: true,
            cell: (ticket) => f.count(ticket.sequence),
          },
          {
            key: 'type',
            header: t('orders_ticket_type'),
            cell: (ticket) => textIn(ticket.ticket_type_names, lang),
          },
          {
            key: 'state',
            header: t('orders_check_in_state'),
            cell: (ticket) => (
              <span
                className={
                  ticket.status === 'void' ? 'c-muted' : ticket.status === 'used' ? 'c-status--ok' : undefined
                }
              >
                {words.ticket(ticket.status)}
                {inRefund.has(ticket.id) ? (
                  <div className="c-muted">{t('orders_ticket_in_refund')}</div>
                ) : null}
              </span>
            ),
          },
          {
            key: 'at',
            header: t('orders_checked_in_at'),
            cell: (ticket) => f.dateTime(ticket.checked_in_at),
          },
          {
            key: 'shared',
            header: t('orders_shared'),
            cell: (ticket) => (ticket.shared ? t('yes') : t('no')),
          },
        ]}
      />
    </section>
  );
}
