import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { z } from 'zod';
import {
  COUPON_BATCH_MAX,
  createCouponBatchBodySchema,
  updateCouponBatchBodySchema,
  type ConsoleCoupon,
  type CouponBatch,
} from '@kippu/contract/console/coupons-schemas';
import { consoleCall } from '../../shared/api/console-client.ts';
import { consoleDownload } from '../../shared/api/console-download.ts';
import { CONSOLE_ROUTES as R } from '../../shared/api/console-routes.ts';
import { useFormat } from '../../shared/format/use-format.ts';
import { useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';
import { hrefOf } from '../../shared/routing/console-paths.ts';
import { textIn } from '../../shared/ui/form-support.ts';
import { DataTable, ErrorNotice, Field } from '../../shared/ui/ui.tsx';
import { batchParam, couponKeys } from './coupon-queries.ts';
import { EnabledBadge, useCodeColumns, useDiscountText, usePaymentMethodsText } from './coupon-display.tsx';
import { EditorPage, NotLoaded, SavedAndSubmit, useCouponForm, useEditedRecord } from './coupon-editor.tsx';
import { CouponUsesPanel } from './coupon-uses.tsx';
import { DefinitionFields } from './definition-fields.tsx';
import { ReloadOnConflict } from './reload-on-conflict.tsx';

/**
 * A batch of codes (`new-batch` or `batch-<id>`): its state and CSV, its definition (shared by every code),
 * its uses and its codes, each of which can be switched on or off.
 */
export function BatchEditor({ site, id, canWrite }: { site: string; id: number | null; canWrite: boolean }) {
  const { t, lang } = useConsoleI18n();
  const client = useQueryClient();
  const {
    query: batch,
    formKey,
    saved,
    reload,
    markSaved,
  } = useEditedRecord({
    queryKey: couponKeys.batch(site, id ?? 0),
    queryFn: async () => (await consoleCall(R.consoleGetCouponBatch, { params: { site, id: id! } })).batch,
    enabled: id !== null && id > 0,
  });
  if (id === null)
    return (
      <EditorPage site={site} title={t('coupons_new_batch')}>
        <BatchForm
          site={site}
          batch={null}
          canWrite={canWrite}
          saved={false}
          onSaved={() => {}}
          onReload={() => {}}
        />
      </EditorPage>
    );
  if (!batch.data)
    return (
      <EditorPage site={site} title={t('coupons_batch')}>
        <NotLoaded query={batch} />
      </EditorPage>
    );
  const data = batch.data;
  const show = (next: CouponBatch) => {
    client.setQueryData(couponKeys.batch(site, data.id), next);
    void client.invalidateQueries({ queryKey: couponKeys.batches(site) });
    void client.invalidateQueries({ queryKey: couponKeys.batchCodes(site, data.id) });
  };
  return (
    <EditorPage
      site={site}
      title={t('coupons_batch_name', { prefix: data.prefix || '—', name: textIn(data.names, lang) })}
    >
      <BatchStatePanel site={site} batch={data} canWrite={canWrite} onChanged={show} onReload={reload} />
      <BatchForm
        key={formKey}
        site={site}
        batch={data}
        canWrite={canWrite}
        saved={saved}
        onSaved={(next) => {
          show(next);
          markSaved();
        }}
        onReload={reload}
      />
      <CouponUsesPanel site={site} kind="batch" id={data.id} />
      <BatchCodes site={site} batch={data} canWrite={canWrite} />
    </EditorPage>
  );
}

function BatchStatePanel({
  site,
  batch,
  canWrite,
  onChanged,
  onReload,
}: {
  site: string;
  batch: CouponBatch;
  canWrite: boolean;
  onChanged: (batch: CouponBatch) => void;
  onReload: () => unknown;
}) {
  const { t } = useConsoleI18n();
  const f = useFormat();
  const discount = useDiscountText();
  const paymentMethods = usePaymentMethodsText();
  const toggle = useMutation({
    mutationFn: () =>
      consoleCall(R.consoleSetCouponBatchEnabled, {
        params: { site, id: batch.id },
        body: { enabled: !batch.enabled, expected_version: batch.version },
      }),
    onSuccess: (answer) => onChanged(answer.batch),
  });
  const download = useMutation({
    mutationFn: () =>
      consoleDownload(
        R.consoleDownloadCouponBatch,
        { params: { site, id: batch.id } },
        `coupons-${site}-${batch.id}.csv`,
      ),
  });
  return (
    <section className="c-panel" aria-labelledby="c-batch-state">
      <h2 id="c-batch-state">{t('coupons_state')}</h2>
      <p>
        <EnabledBadge enabled={batch.enabled} /> {discount(batch)}
      </p>
      <p>{paymentMethods(batch)}</p>
      <p>
        {t('coupons_batch_counts', {
          count: f.count(batch.count),
          enabled: f.count(batch.enabled_count),
          used: f.count(batch.used_codes),
        })}
      </p>
      <div className="c-actions">
        <button
          className="c-button"
          type="button"
          disabled={download.isPending}
          onClick={() => download.mutate()}
        >
          {t('coupons_download')}
        </button>
        {canWrite ? (
          <button
            className="c-button"
            type="button"
            disabled={toggle.isPending}
            onClick={() => toggle.mutate()}
          >
            {batch.enabled ? t('coupons_disable_batch') : t('coupons_enable_batch')}
          </button>
        ) : null}
      </div>
      {download.isSuccess ? (
        <p className="c-notice c-notice--ok" role="status">
          {t('coupons_downloaded', { name: download.data })}
        </p>
      ) : null}
      <ErrorNotice error={download.error} />
      <ReloadOnConflict error={toggle.error} onReload={onReload} />
    </section>
  );
}

function BatchForm({
  site,
  batch,
  canWrite,
  saved,
  onSaved,
  onReload,
}: {
  site: string;
  batch: CouponBatch | null;
  canWrite: boolean;
  saved: boolean;
  onSaved: (batch: CouponBatch) => void;
  onReload: () => unknown;
}) {
  const { t } = useConsoleI18n();
  const f = useFormat();
  const client = useQueryClient();
  const { form, showIssues } = useCouponForm(batch ? 'batch-edit' : 'batch-new', batch);
  const count = form.watch('count');
  const save = useMutation({
    mutationFn: (body: unknown) =>
      batch
        ? consoleCall(R.consoleUpdateCouponBatch, {
            params: { site, id: batch.id },
            body: body as z.infer<typeof updateCouponBatchBodySchema>,
          })
        : consoleCall(R.consoleCreateCouponBatch, {
            params: { site },
            body: body as z.infer<typeof createCouponBatchBodySchema>,
          }),
    onSuccess: async (answer) => {
      if (batch) return onSaved(answer.batch);
      await client.invalidateQueries({ queryKey: couponKeys.all(site) });
      window.location.hash = hrefOf('coupon', { site, couponId: batchParam(answer.batch.id) });
    },
    onError: showIssues,
  });
  return (
    <form
      className="c-panel"
      noValidate
      aria-labelledby="c-batch-fields"
      aria-busy={save.isPending || undefined}
      onSubmit={form.handleSubmit((values) => save.mutate(values))}
    >
      <h2 id="c-batch-fields">{t('coupons_definition')}</h2>
      {batch ? <p className="c-field__hint">{t('coupons_batch_edit_hint')}</p> : null}
      <fieldset className="c-coupon-plain" disabled={!canWrite || save.isPending}>
        {batch ? null : (
          <div className="c-coupon-grid">
            <Field
              label={t('coupons_count')}
              hint={t('coupons_count_hint', { max: f.count(COUPON_BATCH_MAX) })}
              type="number"
              min={1}
              max={COUPON_BATCH_MAX}
              error={form.formState.errors.count?.message}
              {...form.register('count', { valueAsNumber: true })}
            />
            <Field
              label={t('coupons_prefix')}
              hint={t('coupons_prefix_hint')}
              autoComplete="off"
              spellCheck={false}
              error={form.formState.errors.prefix?.message}
              {...form.register('prefix', { setValueAs: (value: string) => value.toUpperCase() })}
            />
          </div>
        )}
        <DefinitionFields form={form} site={site} limitHint={t('coupons_usage_limit_batch_hint')} />
      </fieldset>
      {!batch && save.isPending ? (
        <div className="c-coupon-progress" role="status">
          <progress aria-label={t('coupons_generating', { count: f.count(count || 0) })} />
          <span>{t('coupons_generating', { count: f.count(count || 0) })}</span>
        </div>
      ) : null}
      <SavedAndSubmit
        saved={saved && !form.formState.isDirty}
        canWrite={canWrite}
        pending={save.isPending}
        error={save.error}
        onReload={onReload}
        submit={batch ? t('save') : t('coupons_generate')}
      />
    </form>
  );
}

function BatchCodes({ site, batch, canWrite }: { site: string; batch: CouponBatch; canWrite: boolean }) {
  const { t } = useConsoleI18n();
  const f = useFormat();
  const client = useQueryClient();
  const [q, setQ] = useState('');
  const [search, setSearch] = useState('');
  const codes = useQuery({
    queryKey: [...couponKeys.batchCodes(site, batch.id), search],
    queryFn: () =>
      consoleCall(R.consoleListCoupons, {
        params: { site },
        query: { batch_id: String(batch.id), limit: '50', q: search || undefined } as never,
      }),
  });
  const toggle = useMutation({
    mutationFn: (row: ConsoleCoupon) =>
      consoleCall(R.consoleSetCouponEnabled, {
        params: { site, id: row.id },
        body: { enabled: !row.enabled, expected_version: row.version },
      }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: couponKeys.batchCodes(site, batch.id) });
      await client.invalidateQueries({ queryKey: couponKeys.batch(site, batch.id) });
    },
  });
  const codeColumns = useCodeColumns(canWrite, toggle);
  return (
    <section aria-labelledby="c-batch-codes">
      <h2 id="c-batch-codes">{t('coupons_codes')}</h2>
      <form
        className="c-filters c-coupon-filters"
        role="search"
        aria-label={t('coupons_codes')}
        onSubmit={(event) => {
          event.preventDefault();
          setSearch(q.trim());
        }}
      >
        <Field
          label={t('coupons_find_code')}
          type="search"
          value={q}
          onChange={(e) => setQ(e.target.value)}
        />
        <button className="c-button" type="submit">
          {t('coupons_search_submit')}
        </button>
      </form>
      <ErrorNotice error={codes.error ?? toggle.error} />
      {codes.data ? (
        <>
          <DataTable
            caption={t('coupons_codes_of_batch')}
            rows={codes.data.coupons}
            rowKey={(row) => row.id}
            empty={t('coupons_none')}
            columns={[
              {
                key: 'code',
                header: t('coupons_code'),
                cell: (row) => (
                  <a className="c-link" href={hrefOf('coupon', { site, couponId: String(row.id) })}>
                    <code>{row.code}</code>
                  </a>
                ),
              },
              ...codeColumns,
            ]}
          />
          {codes.data.total > codes.data.coupons.length ? (
            <p className="c-field__hint">
              {t('coupons_showing', {
                shown: f.count(codes.data.coupons.length),
                total: f.count(codes.data.total),
              })}
            </p>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
