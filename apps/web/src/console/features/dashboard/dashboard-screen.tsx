import { useQuery } from '@tanstack/react-query';
import { DASHBOARD_POLL_MS, type Dashboard } from '@kippu/contract/console/operations-dashboard';
import { consoleCall } from '../../shared/api/console-client.ts';
import { CONSOLE_ROUTES } from '../../shared/api/console-routes.ts';
import { useFormat } from '../../shared/format/use-format.ts';
import { useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';
import { DataTable, ErrorNotice, Loading, Page } from '../../shared/ui/ui.tsx';

/** A share of a whole as a bar with its number beside it (no chart library: a span of that width). */
function FillBar({ value, of }: { value: number; of: number }) {
  const { percent } = useFormat();
  const share = of > 0 ? Math.min(1, value / of) : 0;
  return (
    <span>
      <span className="c-bar" aria-hidden="true">
        <span
          className={share >= 1 ? 'c-bar__fill c-bar__fill--full' : 'c-bar__fill'}
          style={{ width: `${share * 100}%` }}
        />
      </span>
      {percent(share)}
    </span>
  );
}

type CapacityRow = Dashboard['capacity'][number];

/**
 * The fill of today's and the next days' slots: one row per day (its slots together), each day's slots
 * behind a disclosure, so a week of half-hour slots stays one screen.
 */
function CapacityByDay({ rows }: { rows: readonly CapacityRow[] }) {
  const { t } = useConsoleI18n();
  const f = useFormat();
  const days = [...new Set(rows.map((row) => row.date))].sort();
  return (
    <section className="c-panel c-panel--wide" aria-labelledby="c-capacity-title">
      <h2 id="c-capacity-title">{t('dashboard_capacity')}</h2>
      {days.length === 0 ? <p>{t('dashboard_no_slots')}</p> : null}
      {days.map((day) => {
        const slots = rows.filter((row) => row.date === day);
        const taken = slots.reduce((sum, row) => sum + row.sold + row.held, 0);
        const capacity = slots.reduce((sum, row) => sum + row.capacity, 0);
        return (
          <details key={day} className="c-day">
            <summary>
              <span className="c-day__date">{f.day(day)}</span>
              <FillBar value={taken} of={capacity} />
              <span className="c-muted">
                {t('dashboard_day_totals', {
                  taken: f.count(taken),
                  capacity: f.count(capacity),
                  slots: f.count(slots.length),
                })}
              </span>
            </summary>
            <DataTable
              caption={t('dashboard_day_slots', { date: f.day(day) })}
              rows={slots}
              rowKey={(row) => `${row.site}-${row.time_span_id}`}
              empty={t('dashboard_no_slots')}
              columns={[
                { key: 'time', header: t('dashboard_time'), cell: (row) => f.time(row.starts_at) },
                { key: 'product', header: t('dashboard_product'), cell: (row) => row.product_name },
                { key: 'sold', header: t('dashboard_sold'), numeric: true, cell: (row) => f.count(row.sold) },
                { key: 'held', header: t('dashboard_held'), numeric: true, cell: (row) => f.count(row.held) },
                {
                  key: 'capacity',
                  header: t('dashboard_capacity_col'),
                  numeric: true,
                  cell: (row) => f.count(row.capacity),
                },
                {
                  key: 'fill',
                  header: t('dashboard_fill'),
                  cell: (row) => <FillBar value={row.sold + row.held} of={row.capacity} />,
                },
              ]}
            />
          </details>
        );
      })}
    </section>
  );
}

/**
 * Today at a site: sales by channel and payment method, who is expected, in and not yet here per slot, the
 * fill of today's and the next days' slots, and payments to look at. Asks again every few seconds (the
 * contract's DASHBOARD_POLL_MS) while the tab is in sight, so an entry at the gate shows without a reload; a hidden
 * tab stops asking (TanStack's default) and catches up when it is shown again.
 */
export function DashboardScreen({ params }: { params: Record<string, string> }) {
  const { t } = useConsoleI18n();
  const f = useFormat();
  const site = params.site ?? 'all';
  const dashboard = useQuery({
    queryKey: ['console', 'dashboard', site],
    queryFn: () => consoleCall(CONSOLE_ROUTES.consoleDashboard, { query: { site } }),
    refetchInterval: DASHBOARD_POLL_MS,
  });
  const data = dashboard.data;
  // Every site together: each row says whose it is.
  const siteColumn =
    site === 'all'
      ? [{ key: 'site', header: t('site_picker'), cell: (row: { site: string }) => row.site }]
      : [];
  return (
    <Page title={t('dashboard_title')}>
      {dashboard.isPending ? <Loading /> : null}
      <ErrorNotice error={dashboard.error} />
      {data ? (
        <>
          <p className="c-muted" aria-live="polite">
            {t('dashboard_updated', { time: f.time(data.generated_at), date: f.day(data.date) })}
          </p>
          <dl className="c-cards">
            <div className="c-card">
              <dt>{t('dashboard_orders')}</dt>
              <dd>{f.count(data.totals.orders)}</dd>
            </div>
            <div className="c-card">
              <dt>{t('dashboard_tickets')}</dt>
              <dd>{f.count(data.totals.tickets)}</dd>
            </div>
            <div className="c-card">
              <dt>{t('dashboard_net')}</dt>
              <dd>{f.yen(data.totals.net)}</dd>
            </div>
            <div className="c-card">
              <dt>{t('dashboard_refunded')}</dt>
              <dd>{f.yen(data.totals.refunded)}</dd>
            </div>
            <div className="c-card">
              <dt>{t('dashboard_entered')}</dt>
              <dd>
                {f.count(data.slots_today.reduce((sum, slot) => sum + slot.entered, 0))} /{' '}
                {f.count(data.slots_today.reduce((sum, slot) => sum + slot.expected, 0))}
              </dd>
            </div>
          </dl>
          <DataTable
            caption={t('dashboard_sales')}
            rows={data.sales}
            rowKey={(row) => `${row.channel}-${row.payment_method}`}
            empty={t('dashboard_no_sales')}
            columns={[
              { key: 'channel', header: t('dashboard_channel'), cell: (row) => row.channel },
              { key: 'method', header: t('dashboard_payment_method'), cell: (row) => row.payment_method },
              {
                key: 'orders',
                header: t('dashboard_orders'),
                numeric: true,
                cell: (row) => f.count(row.orders),
              },
              {
                key: 'tickets',
                header: t('dashboard_tickets'),
                numeric: true,
                cell: (row) => f.count(row.tickets),
              },
              { key: 'sold', header: t('dashboard_sold'), numeric: true, cell: (row) => f.yen(row.sold) },
              {
                key: 'refunded',
                header: t('dashboard_refunded'),
                numeric: true,
                cell: (row) => f.yen(row.refunded),
              },
              { key: 'net', header: t('dashboard_net'), numeric: true, cell: (row) => f.yen(row.net) },
            ]}
          />
          <DataTable
            caption={t('dashboard_slots_today')}
            rows={data.slots_today}
            rowKey={(row) => `${row.site}-${row.time_span_id}`}
            empty={t('dashboard_no_slots')}
            columns={[
              ...siteColumn,
              {
                key: 'time',
                header: t('dashboard_time'),
                cell: (row) => `${f.time(row.starts_at)}–${f.time(row.ends_at)}`,
              },
              { key: 'product', header: t('dashboard_product'), cell: (row) => row.product_name },
              {
                key: 'expected',
                header: t('dashboard_expected'),
                numeric: true,
                cell: (row) => f.count(row.expected),
              },
              {
                key: 'entered',
                header: t('dashboard_entered'),
                numeric: true,
                cell: (row) => f.count(row.entered),
              },
              {
                key: 'not_arrived',
                header: t('dashboard_not_arrived'),
                numeric: true,
                cell: (row) => f.count(row.not_arrived),
              },
              {
                key: 'progress',
                header: t('dashboard_arrival'),
                cell: (row) => <FillBar value={row.entered} of={row.expected} />,
              },
            ]}
          />
          <CapacityByDay rows={data.capacity} />
          <DataTable
            caption={t('dashboard_flagged')}
            rows={data.flagged_payments}
            rowKey={(row) => `${row.site}-${row.order_id}-${row.flagged_at}`}
            empty={t('dashboard_no_flagged')}
            columns={[
              ...siteColumn,
              { key: 'order', header: t('dashboard_order'), cell: (row) => row.order_id },
              { key: 'reason', header: t('dashboard_reason'), cell: (row) => row.reason },
              { key: 'status', header: t('dashboard_status'), cell: (row) => row.status },
              {
                key: 'amount',
                header: t('dashboard_amount'),
                numeric: true,
                cell: (row) => f.yen(row.amount),
              },
              { key: 'at', header: t('dashboard_flagged_at'), cell: (row) => f.dateTime(row.flagged_at) },
            ]}
          />
        </>
      ) : null}
    </Page>
  );
}
