import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  createCouponBodySchema,
  updateCouponBodySchema,
  type ConsoleCoupon,
} from '@kippu/contract/console/coupons-schemas';
import { consoleCall } from '../../shared/api/console-client.ts';
import { isApiError } from '../../shared/api/is-api-error.ts';
import { CONSOLE_ROUTES as R } from '../../shared/api/console-routes.ts';
import { useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';
import { WithFeatureTexts } from '../../shared/i18n/feature-texts.tsx';
import { hrefOf } from '../../shared/routing/console-paths.ts';
import type { ConsoleSession } from '../../shared/session/session-api.ts';
import { Field } from '../../shared/ui/ui.tsx';
import { BatchEditor } from './batch-screen.tsx';
import { batchParam, canWriteCoupons, couponKeys, NEW_BATCH, NEW_COUPON } from './coupon-queries.ts';
import { EnabledBadge, useDiscountText, usePaymentMethodsText } from './coupon-display.tsx';
import { EditorPage, NotLoaded, SavedAndSubmit, useCouponForm, useEditedRecord } from './coupon-editor.tsx';
import { CouponUsesPanel } from './coupon-uses.tsx';
import { DefinitionFields } from './definition-fields.tsx';
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

function CouponEditor({ site, id, canWrite }: { site: string; id: number | null; canWrite: boolean }) {
  const { t } = useConsoleI18n();
  const client = useQueryClient();
  const {
    query: coupon,
    formKey,
    saved,
    reload,
    markSaved,
  } = useEditedRecord({
    queryKey: couponKeys.one(site, id ?? 0),
    queryFn: async () => (await consoleCall(R.consoleGetCoupon, { params: { site, id: id! } })).coupon,
    enabled: id !== null && Number.isInteger(id) && id > 0,
  });
  if (id === null)
    return (
      <EditorPage site={site} title={t('coupons_new')}>
        <CouponForm
          site={site}
          coupon={null}
          canWrite={canWrite}
          saved={false}
          onSaved={() => {}}
          onReload={() => {}}
        />
      </EditorPage>
    );
  if (!coupon.data)
    return (
      <EditorPage site={site} title={t('coupon_title')}>
        <NotLoaded query={coupon} />
      </EditorPage>
    );
  const data = coupon.data;
  const show = (next: ConsoleCoupon) => {
    client.setQueryData(couponKeys.one(site, data.id), next);
    void client.invalidateQueries({
      queryKey: couponKeys.all(site),
      predicate: (q) => q.queryKey[3] === 'list',
    });
  };
  return (
    <EditorPage site={site} title={t('coupons_coupon_code', { code: data.code })}>
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
            markSaved();
          }}
          onReload={reload}
        />
      )}
      <CouponUsesPanel site={site} kind="coupon" id={data.id} />
    </EditorPage>
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
  const paymentMethods = usePaymentMethodsText();
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
      <p>{paymentMethods(coupon)}</p>
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
