import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  COUPON_KIND_FILTERS,
  type ConsoleCoupon,
  type CouponBatch,
  type CouponListQuery,
} from '@kippu/contract/console/coupons-schemas';
import { consoleCall } from '../../shared/api/console-client.ts';
import { consoleDownload } from '../../shared/api/console-download.ts';
import { CONSOLE_ROUTES as R } from '../../shared/api/console-routes.ts';
import { useFormat } from '../../shared/format/use-format.ts';
import { useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';
import { WithFeatureTexts } from '../../shared/i18n/feature-texts.tsx';
import { hrefOf } from '../../shared/routing/console-paths.ts';
import type { ConsoleSession } from '../../shared/session/session-api.ts';
import { textIn } from '../../shared/ui/form-support.ts';
import { DataTable, ErrorNotice, Field, Loading, Page } from '../../shared/ui/ui.tsx';
import { CampaignCoverage } from './campaign-coverage.tsx';
import { batchParam, canWriteCoupons, couponKeys, NEW_BATCH, NEW_COUPON } from './coupon-queries.ts';
import { EnabledBadge, useCodeColumns, useDiscountCell } from './coupon-display.tsx';
import { TEXTS } from './texts.ts';
import './coupons.css';

/** The site's coupons: single codes with filters, batches of codes with their CSV, campaigns' visit dates. */
export function CouponsScreen({
  session,
  params,
}: {
  session: ConsoleSession;
  params: Record<string, string>;
}) {
  return (
    <WithFeatureTexts texts={TEXTS}>
      <Body session={session} site={params.site!} />
    </WithFeatureTexts>
  );
}

type Filters = { kind: string; enabled: string; q: string };

function Body({ session, site }: { session: ConsoleSession; site: string }) {
  const { t, lang } = useConsoleI18n();
  const f = useFormat();
  const discount = useDiscountCell();
  const client = useQueryClient();
  const canWrite = canWriteCoupons(session);
  const [draft, setDraft] = useState<Filters>({ kind: '', enabled: '', q: '' });
  const [filters, setFilters] = useState<Filters>(draft);
  const query = {
    kind: (filters.kind || undefined) as CouponListQuery['kind'],
    enabled: (filters.enabled || undefined) as 'true' | 'false' | undefined,
    q: filters.q.trim() || undefined,
  };
  const list = useQuery({
    queryKey: couponKeys.list(site, query),
    queryFn: () => consoleCall(R.consoleListCoupons, { params: { site }, query: query as never }),
    placeholderData: keepPreviousData,
  });
  const batches = useQuery({
    queryKey: couponKeys.batches(site),
    queryFn: () => consoleCall(R.consoleListCouponBatches, { params: { site } }),
  });
  const toggle = useMutation({
    mutationFn: (row: ConsoleCoupon) =>
      consoleCall(R.consoleSetCouponEnabled, {
        params: { site, id: row.id },
        body: { enabled: !row.enabled, expected_version: row.version },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: couponKeys.all(site) }),
  });
  const codeColumns = useCodeColumns(canWrite, toggle);
  const download = useMutation({
    mutationFn: (batch: CouponBatch) =>
      consoleDownload(
        R.consoleDownloadCouponBatch,
        { params: { site, id: batch.id } },
        `coupons-${site}-${batch.id}.csv`,
      ),
  });
  return (
    <Page
      title={t('coupons_title')}
      actions={
        canWrite ? (
          <span className="c-actions">
            <a className="c-button c-button--primary" href={hrefOf('coupon', { site, couponId: NEW_COUPON })}>
              {t('coupons_new')}
            </a>
            <a className="c-button" href={hrefOf('coupon', { site, couponId: NEW_BATCH })}>
              {t('coupons_new_batch')}
            </a>
          </span>
        ) : null
      }
    >
      <form
        className="c-filters c-coupon-filters"
        role="search"
        aria-label={t('coupons_filters')}
        onSubmit={(event) => {
          event.preventDefault();
          setFilters(draft);
        }}
      >
        <div className="c-field">
          <label htmlFor="c-coupon-kind">{t('coupons_kind')}</label>
          <select
            id="c-coupon-kind"
            className="c-select"
            value={draft.kind}
            onChange={(event) => {
              const next = { ...draft, kind: event.target.value };
              setDraft(next);
              setFilters(next);
            }}
          >
            <option value="">{t('coupons_any')}</option>
            {COUPON_KIND_FILTERS.map((kind) => (
              <option key={kind} value={kind}>
                {t(`coupons_kind_${kind}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="c-field">
          <label htmlFor="c-coupon-enabled">{t('state')}</label>
          <select
            id="c-coupon-enabled"
            className="c-select"
            value={draft.enabled}
            onChange={(event) => {
              const next = { ...draft, enabled: event.target.value };
              setDraft(next);
              setFilters(next);
            }}
          >
            <option value="">{t('coupons_any')}</option>
            <option value="true">{t('coupons_enabled')}</option>
            <option value="false">{t('coupons_disabled')}</option>
          </select>
        </div>
        <Field
          label={t('coupons_search')}
          type="search"
          value={draft.q}
          maxLength={100}
          onChange={(event) => setDraft({ ...draft, q: event.target.value })}
        />
        <button className="c-button" type="submit">
          {t('coupons_search_submit')}
        </button>
      </form>
      <ErrorNotice error={list.error ?? toggle.error} />
      {list.isPending ? <Loading /> : null}
      {list.data ? (
        <>
          <DataTable
            caption={t('coupons_list')}
            rows={list.data.coupons}
            rowKey={(row) => row.id}
            empty={t('coupons_none')}
            columns={[
              {
                key: 'code',
                header: t('coupons_code'),
                breakAnywhere: true,
                cell: (row) => (
                  <a className="c-link" href={hrefOf('coupon', { site, couponId: String(row.id) })}>
                    <code>{row.code}</code>
                  </a>
                ),
              },
              { key: 'name', header: t('coupons_name'), cell: (row) => textIn(row.names, lang) },
              { key: 'discount', header: t('coupons_discount'), cell: (row) => discount(row) },
              { key: 'campaign', header: t('coupons_campaign'), cell: (row) => row.campaign },
              {
                key: 'valid',
                header: t('coupons_validity'),
                cell: (row) =>
                  row.valid_from || row.valid_to
                    ? `${f.dateTime(row.valid_from)} – ${f.dateTime(row.valid_to)}`
                    : t('coupons_no_limit'),
              },
              ...codeColumns,
            ]}
          />
          {list.data.total > list.data.coupons.length ? (
            <p className="c-field__hint">
              {t('coupons_showing', {
                shown: f.count(list.data.coupons.length),
                total: f.count(list.data.total),
              })}
            </p>
          ) : null}
        </>
      ) : null}
      <section>
        <h2 id="c-coupon-batches">{t('coupons_batches')}</h2>
        <p className="c-field__hint">{t('coupons_batches_text')}</p>
        <ErrorNotice error={batches.error ?? download.error} />
        {batches.data ? (
          <DataTable
            caption={t('coupons_batches')}
            rows={batches.data.batches}
            rowKey={(row) => row.id}
            empty={t('coupons_no_batches')}
            columns={[
              {
                key: 'batch',
                header: t('coupons_batch'),
                cell: (row) => (
                  <a className="c-link" href={hrefOf('coupon', { site, couponId: batchParam(row.id) })}>
                    {t('coupons_batch_name', { prefix: row.prefix || '—', name: textIn(row.names, lang) })}
                  </a>
                ),
              },
              { key: 'discount', header: t('coupons_discount'), cell: (row) => discount(row) },
              { key: 'count', header: t('coupons_codes'), numeric: true, cell: (row) => f.count(row.count) },
              {
                key: 'used',
                header: t('coupons_used_codes'),
                numeric: true,
                cell: (row) => f.count(row.used_codes),
              },
              {
                key: 'enabled',
                header: t('coupons_enabled_codes'),
                numeric: true,
                cell: (row) => f.count(row.enabled_count),
              },
              { key: 'state', header: t('state'), cell: (row) => <EnabledBadge enabled={row.enabled} /> },
              { key: 'created', header: t('created_at'), cell: (row) => f.dateTime(row.created_at) },
              {
                key: 'csv',
                header: t('coupons_csv'),
                cell: (row) => (
                  <button
                    className="c-button c-button--small c-coupon-nowrap"
                    type="button"
                    disabled={download.isPending}
                    aria-label={t('coupons_download_named', { prefix: row.prefix || String(row.id) })}
                    onClick={() => download.mutate(row)}
                  >
                    {t('coupons_download_short')}
                  </button>
                ),
              },
            ]}
          />
        ) : null}
      </section>
      <CampaignCoverage site={site} canWrite={canWrite} />
    </Page>
  );
}
