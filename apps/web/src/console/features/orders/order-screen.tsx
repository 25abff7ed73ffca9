import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ConsoleOrder } from '@kippu/contract/console/orders-schemas';
import { isPurchaseInProgress } from '@kippu/contract/enums';
import { consoleCall } from '../../shared/api/console-client.ts';
import { CONSOLE_ROUTES as R } from '../../shared/api/console-routes.ts';
import { useFormat } from '../../shared/format/use-format.ts';
import { useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';
import { hrefOf } from '../../shared/routing/console-paths.ts';
import { featureScreen, type FeatureScreenProps } from '../../shared/ui/feature-screen.tsx';
import { textIn } from '../../shared/ui/form-support.ts';
import { ErrorNotice, Loading, Page } from '../../shared/ui/ui.tsx';
import { CancelTicketsDialog } from './cancel-tickets-dialog.tsx';
import { DateChangeDialog } from './date-change-dialog.tsx';
import { MailsPanel } from './mails-panel.tsx';
import { MoneyPanel } from './money-panel.tsx';
import { canReadRefunds, canWriteOrders, canWriteRefunds, orderKeys } from './order-queries.ts';
import { PersonalDataPanel } from './personal-data-panel.tsx';
import { TimelinePanel } from './timeline-panel.tsx';
import { StatusBadge, useOrderWords } from './order-words.tsx';
import { TicketsPanel } from './tickets-panel.tsx';
import { VisitorPanel } from './visitor-panel.tsx';
import { TEXTS } from './texts.ts';
import './orders.css';

/** What is open over the page: a cancel (of these tickets, or all) or the change of date. */
type Open = { kind: 'cancel'; tickets: number[] | 'all' } | { kind: 'date' } | null;

/**
 * One order as staff need it on the telephone or at the counter: the visit, the visitor, tickets with their
 * check-in state, money in and out, coupons, mails, and one timeline; the actions the role may take.
 */
function Body({ session, params }: FeatureScreenProps) {
  const { t, lang } = useConsoleI18n();
  const f = useFormat();
  const words = useOrderWords();
  const site = params.site!;
  const id = Number(params.orderId);
  const [open, setOpen] = useState<Open>(null);
  const order = useQuery({
    queryKey: orderKeys.one(site, id),
    // An id that is not one answers the API's own error (invalid request), shown like any other.
    queryFn: () => consoleCall(R.consoleGetOrder, { params: { site, id: params.orderId! } }),
  });
  const data: ConsoleOrder | undefined = order.data?.order;
  const writeOrders = canWriteOrders(session);
  const writeRefunds = canWriteRefunds(session);
  const title = data
    ? t('orders_order_title', {
        number: data.reservation?.reservation_number ?? t('orders_order_id', { id: data.id }),
      })
    : t('orders_order');
  const reserved = data?.status === 'reserved';
  const erased = data !== undefined && data.personal_data_erased_at !== null;
  return (
    <Page
      title={title}
      actions={
        <a className="c-button" href={hrefOf('orders', { site })}>
          {t('orders_back')}
        </a>
      }
    >
      <ErrorNotice error={order.error} />
      {order.isPending ? <Loading /> : null}
      {data ? (
        <>
          <div className="c-orders-sections">
            <dl className="c-facts c-panel">
              <dt>{t('orders_status')}</dt>
              <dd>
                <StatusBadge status={data.status} />
              </dd>
              <dt>{t('orders_visit')}</dt>
              <dd>
                {textIn(data.product_names, lang)} · {f.dateTime(data.starts_at)}–{f.time(data.ends_at)}
              </dd>
              <dt>{t('orders_lines')}</dt>
              <dd>
                {data.lines
                  .map(
                    (line) =>
                      `${textIn(line.names, lang)} × ${f.count(line.quantity)} (${f.yen(line.unit_price)})`,
                  )
                  .join(', ')}
              </dd>
              <dt>{t('orders_price')}</dt>
              <dd>
                {f.yen(data.price)}
                {data.membership_discount > 0
                  ? ` ${t('orders_membership_discount', { amount: f.yen(data.membership_discount) })}`
                  : ''}
              </dd>
              <dt>{t('orders_channel')}</dt>
              <dd>
                {words.channel(data.channel)} · {data.lang}
              </dd>
              {data.partner_name !== null ? (
                <>
                  <dt>{t('orders_partner')}</dt>
                  <dd>{data.partner_name}</dd>
                </>
              ) : null}
              <dt>{t('orders_purchased_at')}</dt>
              <dd>{f.dateTime(data.reservation?.created_at ?? data.created_at)}</dd>
              {data.changed_from_order_id !== null ? (
                <>
                  <dt>{t('orders_changed_from')}</dt>
                  <dd>
                    <a href={hrefOf('order', { site, orderId: String(data.changed_from_order_id) })}>
                      {t('orders_order_id', { id: data.changed_from_order_id })}
                    </a>
                  </dd>
                </>
              ) : null}
              {data.changed_to_order_id !== null ? (
                <>
                  <dt>{t('orders_changed_to')}</dt>
                  <dd>
                    <a href={hrefOf('order', { site, orderId: String(data.changed_to_order_id) })}>
                      {t('orders_order_id', { id: data.changed_to_order_id })}
                    </a>
                  </dd>
                </>
              ) : null}
            </dl>
            <VisitorPanel site={site} order={data} canWrite={writeOrders} />
          </div>
          {reserved && (writeOrders || writeRefunds) ? (
            <div className="c-orders-toolbar">
              <button
                className="c-button c-button--danger"
                type="button"
                onClick={() => setOpen({ kind: 'cancel', tickets: 'all' })}
              >
                {t('orders_cancel_all')}
              </button>
              {writeOrders ? (
                <button className="c-button" type="button" onClick={() => setOpen({ kind: 'date' })}>
                  {t('orders_change_date')}
                </button>
              ) : null}
            </div>
          ) : null}
          <TicketsPanel
            site={site}
            order={data}
            canReadRefunds={canReadRefunds(session)}
            canCancel={reserved && (writeOrders || writeRefunds)}
            onCancel={(tickets) => setOpen({ kind: 'cancel', tickets })}
          />
          <MoneyPanel
            site={site}
            order={data}
            canReadRefunds={canReadRefunds(session)}
            canWriteRefunds={writeRefunds}
          />
          {/* After the erasure no mail can go to the visitor about this purchase (ADR 122). */}
          <MailsPanel site={site} order={data} canWrite={writeOrders && !erased} />
          <TimelinePanel order={data} />
          <PersonalDataPanel
            key={data.id}
            site={site}
            order={data}
            // An order held or being paid may still take the visitor's details: nothing to erase yet.
            canWrite={writeOrders && !isPurchaseInProgress(data.status)}
          />
          {open?.kind === 'cancel' ? (
            <CancelTicketsDialog
              site={site}
              order={data}
              tickets={open.tickets}
              canRefund={writeRefunds}
              canCancelWithout={writeOrders}
              onClose={() => setOpen(null)}
            />
          ) : null}
          {open?.kind === 'date' ? (
            <DateChangeDialog site={site} order={data} onClose={() => setOpen(null)} />
          ) : null}
        </>
      ) : null}
    </Page>
  );
}

export const OrderScreen = featureScreen(TEXTS, Body);
