import { keepPreviousData, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import {
  ORDER_SEARCH_KINDS,
  type OrderSearchKind,
  type OrderSearchQuery,
  type OrderSummary,
} from '@kippu/contract/console/orders-schemas';
import { consoleCall } from '../../shared/api/console-client.ts';
import { CONSOLE_ROUTES as R } from '../../shared/api/console-routes.ts';
import { useFormat } from '../../shared/format/use-format.ts';
import { useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';
import { hrefOf } from '../../shared/routing/console-paths.ts';
import { navigate } from '../../shared/routing/use-hash.ts';
import { featureScreen, type FeatureScreenProps } from '../../shared/ui/feature-screen.tsx';
import { textIn } from '../../shared/ui/form-support.ts';
import { DataTable, ErrorNotice, Field, Loading, Page } from '../../shared/ui/ui.tsx';
import { OrderFilterFields, FILTER_NAMES, type OrderFilters } from './order-filters.tsx';
import { orderKeys } from './order-queries.ts';
import { StatusBadge, useOrderWords } from './order-words.tsx';
import { TicketScanner } from './ticket-scanner.tsx';
import { TEXTS } from './texts.ts';
import './orders.css';

type Search = { q: string; kind: OrderSearchKind | ''; scanned: boolean };

const NO_SEARCH: Search = { q: '', kind: '', scanned: false };

const PAGE_SIZE = '50';

/** The site's orders: a search box, a ticket scan, filters kept in the address, results newest first. */
function Body({ session, params, query }: FeatureScreenProps) {
  const { t } = useConsoleI18n();
  const client = useQueryClient();
  const site = params.site!;
  /*
   * The search value is kept in memory (the query cache, per staff member; dropped a few minutes after the
   * screen is left), never in the address: an e-mail address, a phone number or a ticket's QR payload is
   * personal data or a key to the order, which a hash would keep in the browser's history. It survives
   * opening an order and coming back; the filters are in the hash.
   */
  const memory = orderKeys.lastSearch(site, session.staff?.id ?? 0);
  const remembered = client.getQueryData<Search>(memory) ?? NO_SEARCH;
  const filters = Object.fromEntries(
    FILTER_NAMES.map((name) => [name, query.get(name) ?? '']),
  ) as OrderFilters;
  /*
   * One partner's bookings (issue 30): `?partner=<id>` from the partner screen or a row's partner link. Not a
   * field of the filter form (the staff of a site may not read the partners list); kept when the form applies.
   */
  const partner = PARTNER_ID.test(query.get('partner') ?? '') ? query.get('partner')! : '';
  const [draft, setDraft] = useState(filters);
  const [search, setSearch] = useState<Search>(remembered);
  const [typed, setTyped] = useState<Search>(remembered);
  const [scanning, setScanning] = useState(false);
  const filtersKey = [...FILTER_NAMES.map((name) => filters[name]), partner].join('|');
  // The address changed (back, a shared link): the form shows what is applied.
  useEffect(() => setDraft(filters), [filtersKey]); // eslint-disable-line react-hooks/exhaustive-deps

  const apiQuery: OrderSearchQuery = {
    ...(Object.fromEntries(
      FILTER_NAMES.filter((name) => filters[name] !== '').map((name) => [name, filters[name]]),
    ) as Partial<OrderSearchQuery>),
    q: search.q || undefined,
    kind: search.kind || undefined,
    partner_id: partner ? Number(partner) : undefined,
  };
  const results = useInfiniteQuery({
    queryKey: orderKeys.search(site, apiQuery),
    queryFn: ({ pageParam }) =>
      consoleCall(R.consoleSearchOrders, {
        params: { site },
        query: { ...apiQuery, cursor: pageParam, limit: PAGE_SIZE } as never,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
    placeholderData: keepPreviousData,
  });
  const rows = results.data?.pages.flatMap((page) => page.orders) ?? [];

  // A scanned ticket names one order: open it at once, as staff at the gate expect.
  const only = search.scanned && !results.isPlaceholderData && rows.length === 1 ? rows[0] : undefined;
  useEffect(() => {
    if (!only) return;
    // Back from the order shows the list, not the order again.
    client.setQueryData<Search>(memory, (before) => ({ ...(before ?? NO_SEARCH), scanned: false }));
    navigate(hrefOf('order', { site, orderId: String(only.id) }));
  }, [only, site]); // eslint-disable-line react-hooks/exhaustive-deps

  const run = (next: Search) => {
    client.setQueryData<Search>(memory, next);
    setSearch(next);
    setTyped(next);
  };
  const apply = (event: FormEvent) => {
    event.preventDefault();
    run({ ...typed, q: typed.q.trim(), scanned: false });
    const applied = new URLSearchParams(Object.entries(draft).filter(([, value]) => value !== ''));
    if (partner) applied.set('partner', partner);
    const suffix = applied.toString();
    navigate(`${hrefOf('orders', { site })}${suffix ? `?${suffix}` : ''}`);
  };
  const clear = () => {
    run(NO_SEARCH);
    navigate(hrefOf('orders', { site }));
  };

  return (
    <Page
      title={t('orders_title')}
      actions={
        <button className="c-button c-button--primary" type="button" onClick={() => setScanning(true)}>
          {t('orders_scan')}
        </button>
      }
    >
      <form
        className="c-filters c-orders-search"
        role="search"
        aria-label={t('orders_search_label')}
        onSubmit={apply}
      >
        <div className="c-orders-search__q">
          <Field
            label={t('orders_search')}
            hint={t('orders_search_hint')}
            type="search"
            value={typed.q}
            maxLength={320}
            autoComplete="off"
            onChange={(event) => setTyped({ ...typed, q: event.target.value })}
          />
        </div>
        <div className="c-field">
          <label htmlFor="c-orders-kind">{t('orders_search_kind')}</label>
          <select
            id="c-orders-kind"
            className="c-select"
            value={typed.kind}
            onChange={(event) => setTyped({ ...typed, kind: event.target.value as Search['kind'] })}
          >
            <option value="">{t('orders_any_kind')}</option>
            {ORDER_SEARCH_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(`orders_kind_${kind}`)}
              </option>
            ))}
          </select>
        </div>
        <OrderFilterFields draft={draft} onChange={setDraft} />
        <div className="c-field c-orders-search__buttons">
          <span className="c-actions">
            <button className="c-button c-button--primary" type="submit">
              {t('orders_search_submit')}
            </button>
            <button className="c-button" type="button" onClick={clear}>
              {t('orders_clear')}
            </button>
          </span>
        </div>
      </form>
      {scanning ? (
        <TicketScanner
          onClose={() => setScanning(false)}
          onCode={(code) => {
            setScanning(false);
            run({ q: code, kind: 'ticket_qr', scanned: true });
          }}
        />
      ) : null}
      {search.scanned ? (
        <p className="c-field__hint" role="status">
          {t('orders_scanned')}
        </p>
      ) : null}
      <ErrorNotice error={results.error} />
      {results.isPending ? <Loading /> : null}
      {partner ? (
        <PartnerFilter site={site} query={query} partnerName={rows[0]?.partner_name ?? `#${partner}`} />
      ) : null}
      {results.data ? <Results site={site} rows={rows} query={query} /> : null}
      {results.hasNextPage ? (
        <button
          className="c-button"
          type="button"
          disabled={results.isFetchingNextPage}
          onClick={() => void results.fetchNextPage()}
        >
          {t('orders_more')}
        </button>
      ) : null}
    </Page>
  );
}

const PARTNER_ID = /^[1-9]\d{0,14}$/;

/** The address of this screen with `partner` set to `partnerId`, or dropped when it is null. */
function withPartner(site: string, query: URLSearchParams, partnerId: number | null): string {
  const next = new URLSearchParams(query);
  if (partnerId === null) next.delete('partner');
  else next.set('partner', String(partnerId));
  const suffix = next.toString();
  return `${hrefOf('orders', { site })}${suffix ? `?${suffix}` : ''}`;
}

/** Says the list is one partner's bookings, with the way back to every partner's. */
function PartnerFilter({
  site,
  query,
  partnerName,
}: {
  site: string;
  query: URLSearchParams;
  partnerName: string;
}) {
  const { t } = useConsoleI18n();
  return (
    <p className="c-field__hint" role="status">
      {t('orders_partner_filter', { name: partnerName })}{' '}
      <a className="c-link" href={withPartner(site, query, null)}>
        {t('orders_partner_all')}
      </a>
    </p>
  );
}

function Results({ site, rows, query }: { site: string; rows: OrderSummary[]; query: URLSearchParams }) {
  const { t, lang } = useConsoleI18n();
  const f = useFormat();
  const words = useOrderWords();
  // Which search key matched: only when a search value was given (listed by filters alone, none did).
  const searched = rows.some((row) => row.matched_by.length > 0);
  return (
    <DataTable
      caption={t('orders_results')}
      rows={rows}
      rowKey={(row) => row.id}
      empty={t('orders_none')}
      columns={[
        {
          key: 'number',
          header: t('orders_reservation_number'),
          cell: (row) => (
            <>
              <a className="c-link" href={hrefOf('order', { site, orderId: String(row.id) })}>
                {row.reservation_number ?? t('orders_order_id', { id: row.id })}
              </a>
              <div>
                <StatusBadge status={row.status} />
              </div>
            </>
          ),
        },
        {
          key: 'visitor',
          header: t('orders_visitor'),
          breakAnywhere: true,
          cell: (row) => (
            <>
              {row.visitor.fullname ?? ''}
              {row.visitor.email ? <div className="c-muted">{row.visitor.email}</div> : null}
            </>
          ),
        },
        {
          key: 'visit',
          header: t('orders_visit'),
          cell: (row) => (
            <>
              <span className="c-orders-nowrap">{f.dateTime(row.starts_at)}</span>
              <div className="c-muted">{textIn(row.product_names, lang)}</div>
            </>
          ),
        },
        {
          key: 'quantity',
          header: t('orders_quantity'),
          numeric: true,
          cell: (row) => f.count(row.quantity),
        },
        {
          key: 'price',
          header: t('orders_price'),
          numeric: true,
          cell: (row) => (
            <>
              {f.yen(row.price)}
              {row.payment_method ? <div className="c-muted">{words.method(row.payment_method)}</div> : null}
            </>
          ),
        },
        {
          key: 'created',
          header: t('orders_purchased_at'),
          cell: (row) => (
            <>
              <span className="c-orders-nowrap">{f.dateTime(row.created_at)}</span>
              <div className="c-muted">{words.channel(row.channel)}</div>
              {row.partner_id !== null && row.partner_name !== null ? (
                <div>
                  <a
                    className="c-link"
                    href={withPartner(site, query, row.partner_id)}
                    aria-label={t('orders_partner_filter_link', { name: row.partner_name })}
                  >
                    {row.partner_name}
                  </a>
                </div>
              ) : null}
            </>
          ),
        },
        ...(searched
          ? [
              {
                key: 'matched',
                header: t('orders_matched_by'),
                cell: (row: OrderSummary) =>
                  row.matched_by.map((kind) => t(`orders_kind_${kind}`)).join(', '),
              },
            ]
          : []),
      ]}
    />
  );
}

export const OrdersScreen = featureScreen(TEXTS, Body);
