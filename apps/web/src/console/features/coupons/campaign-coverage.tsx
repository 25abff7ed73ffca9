import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConsoleApiError, consoleCall } from '../../shared/api/console-client.ts';
import { CONSOLE_ROUTES as R } from '../../shared/api/console-routes.ts';
import { useFormat } from '../../shared/format/use-format.ts';
import { useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';
import { Dialog } from '../../shared/ui/dialog.tsx';
import { DataTable, ErrorNotice, Field } from '../../shared/ui/ui.tsx';
import { couponKeys } from './coupon-queries.ts';
import { ReloadOnConflict } from './reload-on-conflict.tsx';

type Campaign = {
  campaign: string;
  coverage_from: string | null;
  coverage_to: string | null;
  has_coverage: boolean;
  coupon_count: number;
  version: number | null;
};

/** The campaigns the site's coupons name, with the visit dates a whole campaign covers (ADR 008). */
export function CampaignCoverage({ site, canWrite }: { site: string; canWrite: boolean }) {
  const { t } = useConsoleI18n();
  const f = useFormat();
  const list = useQuery({
    queryKey: couponKeys.campaigns(site),
    queryFn: () => consoleCall(R.consoleListCouponCampaigns, { params: { site } }),
  });
  const [editing, setEditing] = useState<Campaign | null>(null);
  const dates = (row: Campaign) =>
    row.has_coverage && (row.coverage_from || row.coverage_to)
      ? `${row.coverage_from ? f.day(row.coverage_from) : '…'} – ${row.coverage_to ? f.day(row.coverage_to) : '…'}`
      : t('coupons_no_limit');
  return (
    <section>
      <h2 id="c-coupon-campaigns">{t('coupons_campaigns')}</h2>
      <p className="c-field__hint">{t('coupons_campaigns_text')}</p>
      <ErrorNotice error={list.error} />
      {list.data ? (
        <DataTable
          caption={t('coupons_campaigns')}
          rows={list.data.campaigns}
          rowKey={(row) => row.campaign}
          empty={t('coupons_no_campaigns')}
          columns={[
            { key: 'campaign', header: t('coupons_campaign'), cell: (row) => row.campaign },
            { key: 'dates', header: t('coupons_campaign_dates'), cell: dates },
            {
              key: 'count',
              header: t('coupons_campaign_coupons'),
              numeric: true,
              cell: (row) => f.count(row.coupon_count),
            },
            ...(canWrite
              ? [
                  {
                    key: 'actions',
                    header: t('actions'),
                    cell: (row: Campaign) => (
                      <button
                        className="c-button c-button--small"
                        type="button"
                        aria-label={t('coupons_campaign_edit_named', { campaign: row.campaign })}
                        onClick={() => setEditing(row)}
                      >
                        {t('coupons_edit')}
                      </button>
                    ),
                  },
                ]
              : []),
          ]}
        />
      ) : null}
      {editing ? (
        <CoverageDialog
          site={site}
          campaign={editing}
          onClose={() => setEditing(null)}
          onReload={async () => {
            setEditing(null);
            await list.refetch();
          }}
        />
      ) : null}
    </section>
  );
}

function CoverageDialog({
  site,
  campaign,
  onClose,
  onReload,
}: {
  site: string;
  campaign: Campaign;
  onClose: () => void;
  onReload: () => unknown;
}) {
  const { t } = useConsoleI18n();
  const client = useQueryClient();
  const [from, setFrom] = useState(campaign.coverage_from ?? '');
  const [to, setTo] = useState(campaign.coverage_to ?? '');
  const wrongOrder = Boolean(from && to && from > to);
  const save = useMutation({
    mutationFn: () =>
      consoleCall(R.consolePutCouponCampaign, {
        params: { site, campaign: campaign.campaign },
        body: { coverage_from: from || null, coverage_to: to || null, expected_version: campaign.version },
      }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: couponKeys.campaigns(site) });
      onClose();
    },
  });
  const apiOrder =
    save.error instanceof ConsoleApiError && save.error.issues.some((issue) => issue.path === 'coverage_to');
  return (
    <Dialog title={t('coupons_campaign_edit_named', { campaign: campaign.campaign })} onClose={onClose}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!wrongOrder) save.mutate();
        }}
      >
        <p className="c-field__hint">{t('coupons_campaign_dates_hint')}</p>
        <Field
          label={t('coupons_coverage_from')}
          type="date"
          value={from}
          onChange={(e) => setFrom(e.target.value)}
        />
        <Field
          label={t('coupons_coverage_to')}
          type="date"
          value={to}
          error={wrongOrder || apiOrder ? t('coupons_invalid_coverage_to') : undefined}
          onChange={(e) => setTo(e.target.value)}
        />
        <ReloadOnConflict error={save.error} onReload={onReload} />
        <div className="c-actions">
          <button className="c-button c-button--primary" type="submit" disabled={save.isPending}>
            {t('save')}
          </button>
          <button className="c-button" type="button" onClick={onClose}>
            {t('cancel')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
