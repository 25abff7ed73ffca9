import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm, type FieldPath, type UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import {
  COUPON_BATCH_MAX,
  createCouponBatchBodySchema,
  createCouponBodySchema,
  updateCouponBatchBodySchema,
  updateCouponBodySchema,
  type ConsoleCoupon,
  type CouponBatch,
} from '@kippu/contract/console/coupons-schemas';
import { ConsoleApiError, consoleCall } from '../../shared/api/console-client.ts';
import { isApiError } from '../../shared/api/is-api-error.ts';
import { consoleDownload } from '../../shared/api/console-download.ts';
import { CONSOLE_ROUTES as R } from '../../shared/api/console-routes.ts';
import { useFormat } from '../../shared/format/use-format.ts';
import { useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';
import { WithFeatureTexts } from '../../shared/i18n/feature-texts.tsx';
import { hrefOf } from '../../shared/routing/console-paths.ts';
import type { ConsoleSession } from '../../shared/session/session-api.ts';
import { localizedResolver, textIn } from '../../shared/ui/form-support.ts';
import { DataTable, ErrorNotice, Field, Loading, Page } from '../../shared/ui/ui.tsx';
import { batchParam, canWriteCoupons, couponKeys, NEW_BATCH, NEW_COUPON } from './coupon-queries.ts';
import { CouponUsesPanel } from './coupon-uses.tsx';
import { EnabledBadge, useDiscountText } from './coupons-screen.tsx';
import {
  couponMessage,
  definitionOf,
  DefinitionFields,
  formValuesOf,
  type CouponFormValues,
} from './definition-fields.tsx';
import { ReloadOnConflict } from './reload-on-conflict.tsx';
import { TEXTS } from './texts.ts';
import './coupons.css';

/**
 * One coupon or one batch, by the address: `new` (a single code), `new-batch`, `batch-<id>`, or a coupon's id
 * (a code of a batch shows its uses and its own switch; its definition is edited through the batch).
 */
export function CouponScreen({
  session,
  params,
}: {
  session: ConsoleSession;
  params: Record<string, string>;
}) {
  const site = params.site!;
  const param = params.couponId ?? '';
  const canWrite = canWriteCoupons(session);
  const batch = /^batch-(\d+)$/.exec(param);
  return (
    <WithFeatureTexts texts={TEXTS}>
      {param === NEW_COUPON ? (
        <CouponEditor site={site} id={null} canWrite={canWrite} />
      ) : param === NEW_BATCH ? (
        <BatchEditor site={site} id={null} canWrite={canWrite} />
      ) : batch ? (
        <BatchEditor site={site} id={Number(batch[1])} canWrite={canWrite} />
      ) : (
        <CouponEditor site={site} id={Number(param)} canWrite={canWrite} />
      )}
    </WithFeatureTexts>
  );
}

function BackLink({ site }: { site: string }) {
  const { t } = useConsoleI18n();
  return (
    <a className="c-link" href={hrefOf('coupons', { site })}>
      {t('coupons_back')}
    </a>
  );
}

type Mode = 'coupon-new' | 'coupon-edit' | 'batch-new' | 'batch-edit';

/** The body each form sends, from its values: zod then checks exactly what the API will. */
function bodyOf(mode: Mode, values: CouponFormValues, version: number | null) {
  const definition = definitionOf(values);
  if (mode === 'coupon-new') return { code: values.code, ...definition };
  if (mode === 'coupon-edit') return { code: values.code, ...definition, expected_version: version };
  if (mode === 'batch-new') return { prefix: values.prefix, count: values.count, ...definition };
  return { ...definition, expected_version: version };
}
const SCHEMAS = {
  'coupon-new': createCouponBodySchema,
  'coupon-edit': updateCouponBodySchema,
  'batch-new': createCouponBatchBodySchema,
  'batch-edit': updateCouponBatchBodySchema,
} as const;

const FIELDS = [
  'code',
  'prefix',
  'count',
  'kind',
  'discount_value',
  'names',
  'campaign',
  'valid_from',
  'valid_to',
  'coverage_from',
  'coverage_to',
  'channels',
  'product_ids',
  'usage_limit',
];

/**
 * A coupon form: the resolver turns the values into the API's body and checks it (so the submit handler gets
 * that body); the API's `issues` come back at their fields.
 */
function useCouponForm(mode: Mode, source: ConsoleCoupon | CouponBatch | null) {
  const { t } = useConsoleI18n();
  const version = source?.version ?? null;
  const schema = useMemo(
    () => z.preprocess((raw) => bodyOf(mode, raw as CouponFormValues, version), SCHEMAS[mode]),
    [mode, version],
  );
  const kindRef = useRef<CouponFormValues['kind']>(source?.kind ?? 'percent');
  const form: UseFormReturn<CouponFormValues> = useForm<CouponFormValues>({
    resolver: localizedResolver<CouponFormValues>(schema, (path) => couponMessage(t, path, kindRef.current)),
    defaultValues: formValuesOf(source),
  });
  kindRef.current = form.watch('kind');
  const showIssues = (error: unknown) => {
    if (!(error instanceof ConsoleApiError)) return;
    if (isApiError(error, 'console_code_taken')) {
      form.setError(
        'code',
        { type: 'server', message: t('error_console_code_taken') },
        { shouldFocus: true },
      );
      return;
    }
    let first = true;
    for (const issue of error.issues) {
      const head = issue.path.split('.')[0]!;
      if (!FIELDS.includes(head)) continue;
      form.setError(
        issue.path as FieldPath<CouponFormValues>,
        { type: 'server', message: couponMessage(t, issue.path, form.getValues('kind')) },
        { shouldFocus: first },
      );
      first = false;
    }
  };
  return { form, showIssues };
}

function CouponEditor({ site, id, canWrite }: { site: string; id: number | null; canWrite: boolean }) {
  const { t } = useConsoleI18n();
  const client = useQueryClient();
  const coupon = useQuery({
    queryKey: couponKeys.one(site, id ?? 0),
    queryFn: async () => (await consoleCall(R.consoleGetCoupon, { params: { site, id: id! } })).coupon,
    enabled: id !== null && Number.isInteger(id) && id > 0,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
  const [formKey, setFormKey] = useState(0);
  const [saved, setSaved] = useState(false);
  if (id === null)
    return (
      <Page title={t('coupons_new')} actions={<BackLink site={site} />}>
        <CouponForm
          site={site}
          coupon={null}
          canWrite={canWrite}
          saved={false}
          onSaved={() => {}}
          onReload={() => {}}
        />
      </Page>
    );
  if (!coupon.data)
    return (
      <Page title={t('coupon_title')} actions={<BackLink site={site} />}>
        {coupon.isPending && !coupon.error ? <Loading /> : <ErrorNotice error={coupon.error} />}
      </Page>
    );
  const data = coupon.data;
  const reload = async () => {
    await coupon.refetch();
    setSaved(false);
    setFormKey((key) => key + 1);
  };
  const show = (next: ConsoleCoupon) => {
    client.setQueryData(couponKeys.one(site, data.id), next);
    void client.invalidateQueries({
      queryKey: couponKeys.all(site),
      predicate: (q) => q.queryKey[3] === 'list',
    });
  };
  return (
    <Page title={t('coupons_coupon_code', { code: data.code })} actions={<BackLink site={site} />}>
      <EnabledPanel site={site} coupon={data} canWrite={canWrite} onChanged={show} onReload={reload} />
      {data.batch_id !== null ? (
        <p className="c-panel">
          {t('coupons_in_batch')}{' '}
          <a className="c-link" href={hrefOf('coupon', { site, couponId: batchParam(data.batch_id) })}>
            {t('coupons_open_batch')}
          </a>
        </p>
      ) : (
        <CouponForm
          key={formKey}
          site={site}
          coupon={data}
          canWrite={canWrite}
          saved={saved}
          onSaved={(next) => {
            show(next);
            setSaved(true);
            setFormKey((key) => key + 1);
          }}
          onReload={reload}
        />
      )}
      <CouponUsesPanel site={site} kind="coupon" id={data.id} />
    </Page>
  );
}

function EnabledPanel({
  site,
  coupon,
  canWrite,
  onChanged,
  onReload,
}: {
  site: string;
  coupon: ConsoleCoupon;
  canWrite: boolean;
  onChanged: (coupon: ConsoleCoupon) => void;
  onReload: () => unknown;
}) {
  const { t } = useConsoleI18n();
  const discount = useDiscountText();
  const toggle = useMutation({
    mutationFn: () =>
      consoleCall(R.consoleSetCouponEnabled, {
        params: { site, id: coupon.id },
        body: { enabled: !coupon.enabled, expected_version: coupon.version },
      }),
    onSuccess: (answer) => onChanged(answer.coupon),
  });
  return (
    <section className="c-panel" aria-labelledby="c-coupon-state">
      <h2 id="c-coupon-state">{t('coupons_state')}</h2>
      <p>
        <EnabledBadge enabled={coupon.enabled} /> {discount(coupon)}
      </p>
      {canWrite ? (
        <button
          className="c-button"
          type="button"
          disabled={toggle.isPending}
          onClick={() => toggle.mutate()}
        >
          {coupon.enabled ? t('coupons_disable_code') : t('coupons_enable_code')}
        </button>
      ) : null}
      <ReloadOnConflict error={toggle.error} onReload={onReload} />
    </section>
  );
}

function CouponForm({
  site,
  coupon,
  canWrite,
  saved,
  onSaved,
  onReload,
}: {
  site: string;
  coupon: ConsoleCoupon | null;
  canWrite: boolean;
  saved: boolean;
  onSaved: (coupon: ConsoleCoupon) => void;
  onReload: () => unknown;
}) {
  const { t } = useConsoleI18n();
  const client = useQueryClient();
  const { form, showIssues } = useCouponForm(coupon ? 'coupon-edit' : 'coupon-new', coupon);
  const save = useMutation({
    mutationFn: (body: unknown) =>
      coupon
        ? consoleCall(R.consoleUpdateCoupon, {
            params: { site, id: coupon.id },
            body: body as z.infer<typeof updateCouponBodySchema>,
          })
        : consoleCall(R.consoleCreateCoupon, {
            params: { site },
            body: body as z.infer<typeof createCouponBodySchema>,
          }),
    onSuccess: async (answer) => {
      if (coupon) return onSaved(answer.coupon);
      await client.invalidateQueries({ queryKey: couponKeys.all(site) });
      window.location.hash = hrefOf('coupon', { site, couponId: String(answer.coupon.id) });
    },
    onError: showIssues,
  });
  return (
    <form
      className="c-panel"
      noValidate
      aria-labelledby="c-coupon-fields"
      onSubmit={form.handleSubmit((values) => save.mutate(values))}
    >
      <h2 id="c-coupon-fields">{t('coupons_definition')}</h2>
      <fieldset className="c-coupon-plain" disabled={!canWrite}>
        <Field
          label={t('coupons_code')}
          hint={t('coupons_code_hint')}
          autoComplete="off"
          spellCheck={false}
          error={form.formState.errors.code?.message}
          {...form.register('code')}
        />
        <DefinitionFields form={form} site={site} limitHint={t('coupons_usage_limit_hint')} />
      </fieldset>
      <SavedAndSubmit
        saved={saved && !form.formState.isDirty}
        canWrite={canWrite}
        pending={save.isPending}
        error={isApiError(save.error, 'console_code_taken') ? null : save.error}
        onReload={onReload}
        submit={coupon ? t('save') : t('coupons_create')}
      />
    </form>
  );
}

function SavedAndSubmit({
  saved,
  canWrite,
  pending,
  error,
  onReload,
  submit,
}: {
  saved: boolean;
  canWrite: boolean;
  pending: boolean;
  error: unknown;
  onReload: () => unknown;
  submit: string;
}) {
  const { t } = useConsoleI18n();
  const note = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (saved) note.current?.focus();
  }, [saved]);
  return (
    <>
      <ReloadOnConflict error={error} onReload={onReload} />
      {saved ? (
        <p ref={note} tabIndex={-1} className="c-notice c-notice--ok" role="status">
          {t('coupons_saved')}
        </p>
      ) : null}
      {canWrite ? (
        <button className="c-button c-button--primary" type="submit" disabled={pending}>
          {submit}
        </button>
      ) : null}
    </>
  );
}

function BatchEditor({ site, id, canWrite }: { site: string; id: number | null; canWrite: boolean }) {
  const { t, lang } = useConsoleI18n();
  const client = useQueryClient();
  const batch = useQuery({
    queryKey: couponKeys.batch(site, id ?? 0),
    queryFn: async () => (await consoleCall(R.consoleGetCouponBatch, { params: { site, id: id! } })).batch,
    enabled: id !== null && id > 0,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
  const [formKey, setFormKey] = useState(0);
  const [saved, setSaved] = useState(false);
  if (id === null)
    return (
      <Page title={t('coupons_new_batch')} actions={<BackLink site={site} />}>
        <BatchForm
          site={site}
          batch={null}
          canWrite={canWrite}
          saved={false}
          onSaved={() => {}}
          onReload={() => {}}
        />
      </Page>
    );
  if (!batch.data)
    return (
      <Page title={t('coupons_batch')} actions={<BackLink site={site} />}>
        {batch.isPending && !batch.error ? <Loading /> : <ErrorNotice error={batch.error} />}
      </Page>
    );
  const data = batch.data;
  const show = (next: CouponBatch) => {
    client.setQueryData(couponKeys.batch(site, data.id), next);
    void client.invalidateQueries({ queryKey: couponKeys.batches(site) });
    void client.invalidateQueries({ queryKey: couponKeys.batchCodes(site, data.id) });
  };
  const reload = async () => {
    await batch.refetch();
    setSaved(false);
    setFormKey((key) => key + 1);
  };
  return (
    <Page
      title={t('coupons_batch_name', { prefix: data.prefix || '—', name: textIn(data.names, lang) })}
      actions={<BackLink site={site} />}
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
          setSaved(true);
          setFormKey((key) => key + 1);
        }}
        onReload={reload}
      />
      <CouponUsesPanel site={site} kind="batch" id={data.id} />
      <BatchCodes site={site} batch={data} canWrite={canWrite} />
    </Page>
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
              {
                key: 'uses',
                header: t('coupons_uses'),
                numeric: true,
                cell: (row) =>
                  row.usage_limit === null
                    ? f.count(row.used_count)
                    : t('coupons_uses_of', {
                        used: f.count(row.used_count),
                        limit: f.count(row.usage_limit),
                      }),
              },
              { key: 'state', header: t('state'), cell: (row) => <EnabledBadge enabled={row.enabled} /> },
              ...(canWrite
                ? [
                    {
                      key: 'actions',
                      header: t('actions'),
                      cell: (row: ConsoleCoupon) => (
                        <button
                          className="c-button c-button--small c-coupon-nowrap"
                          type="button"
                          disabled={toggle.isPending}
                          aria-label={t(row.enabled ? 'coupons_disable_named' : 'coupons_enable_named', {
                            code: row.code,
                          })}
                          onClick={() => toggle.mutate(row)}
                        >
                          {row.enabled ? t('coupons_disable') : t('coupons_enable')}
                        </button>
                      ),
                    },
                  ]
                : []),
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
