import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import {
  COUPON_FIXED_MAX,
  COUPON_KINDS,
  COUPON_PERCENT_MAX,
  type ConsoleCoupon,
  type CouponBatch,
  type CouponKind,
} from '@kippu/contract/console/coupons-schemas';
import { SALES_CHANNELS } from '@kippu/contract/enums';
import type { LocalizedText } from '@kippu/contract/i18n-text';
import { consoleCall } from '../../shared/api/console-client.ts';
import { CONSOLE_ROUTES as R } from '../../shared/api/console-routes.ts';
import { useConsoleI18n, type Translate } from '../../shared/i18n/console-i18n.tsx';
import { fromTokyoLocal, fullText, textIn, tokyoLocal } from '../../shared/ui/form-support.ts';
import { emptyLocalizedText, LocalizedTextController } from '../../shared/ui/localized-text-fields.tsx';
import { Field } from '../../shared/ui/ui.tsx';
import { useMethodWord, usePaymentMethodsText } from './coupon-display.tsx';
import { couponKeys, listCouponPaymentMethods, listProducts } from './coupon-queries.ts';

/** The coupon forms' values: a single code (`code`), a new batch (`prefix`, `count`) or a batch's definition. */
export interface CouponFormValues {
  code: string;
  prefix: string;
  count: number;
  kind: CouponKind;
  discount_value: number | null;
  names: LocalizedText;
  campaign: string;
  /** Tokyo `datetime-local` values ('' for none). */
  valid_from: string;
  valid_to: string;
  /** Calendar dates ('' for none). */
  coverage_from: string;
  coverage_to: string;
  channels: string[];
  /** Every product of the site (`product_ids` null), else the chosen ones. */
  all_products: boolean;
  product_ids: string[];
  usage_limit: number | null;
  enabled: boolean;
  /** The methods ticked (ADR 103); none ticked is any payment method (`payment_methods` null). */
  payment_methods: string[];
}

export function formValuesOf(source: ConsoleCoupon | CouponBatch | null): CouponFormValues {
  return {
    code: source && 'code' in source ? source.code : '',
    prefix: source && 'prefix' in source ? source.prefix : '',
    count: source && 'count' in source ? source.count : 100,
    kind: source?.kind ?? 'percent',
    discount_value: source?.discount_value ?? null,
    names: source ? fullText(source.names) : emptyLocalizedText(),
    campaign: source?.campaign ?? '',
    valid_from: tokyoLocal(source?.valid_from),
    valid_to: tokyoLocal(source?.valid_to),
    coverage_from: source?.coverage_from ?? '',
    coverage_to: source?.coverage_to ?? '',
    channels: source ? [...source.channels] : ['web'],
    all_products: !source?.product_ids,
    product_ids: (source?.product_ids ?? []).map(String),
    usage_limit: source?.usage_limit ?? null,
    enabled: source?.enabled ?? true,
    payment_methods: source?.payment_methods ? [...source.payment_methods] : [],
  };
}

/** The definition the API takes, from the form's values. */
export function definitionOf(values: CouponFormValues) {
  return {
    kind: values.kind,
    discount_value:
      values.kind === 'invitation' || values.discount_value === null || Number.isNaN(values.discount_value)
        ? null
        : values.discount_value,
    names: values.names,
    campaign: values.campaign,
    valid_from: fromTokyoLocal(values.valid_from),
    valid_to: fromTokyoLocal(values.valid_to),
    coverage_from: values.coverage_from || null,
    coverage_to: values.coverage_to || null,
    channels: values.channels,
    product_ids: values.all_products ? null : values.product_ids.map(Number),
    usage_limit: values.usage_limit,
    enabled: values.enabled,
    payment_methods: values.payment_methods.length > 0 ? values.payment_methods : null,
  };
}

/** A refused field's message in the staff member's language (zod's and the API's are English). */
export function couponMessage(t: Translate, path: string, kind: CouponKind): string {
  const head = path.split('.')[0]!;
  if (head === 'discount_value')
    return kind === 'percent'
      ? t('coupons_invalid_percent', { max: COUPON_PERCENT_MAX })
      : t('coupons_invalid_fixed', { max: COUPON_FIXED_MAX.toLocaleString() });
  const keys: Record<string, string> = {
    code: 'coupons_invalid_code',
    prefix: 'coupons_invalid_prefix',
    count: 'coupons_invalid_count',
    names: 'coupons_invalid_names',
    campaign: 'coupons_invalid_campaign',
    valid_from: 'coupons_invalid_date',
    valid_to: 'coupons_invalid_valid_to',
    coverage_from: 'coupons_invalid_date',
    coverage_to: 'coupons_invalid_coverage_to',
    channels: 'coupons_invalid_channels',
    product_ids: 'coupons_invalid_products',
    usage_limit: 'coupons_invalid_limit',
    payment_methods: 'coupons_invalid_payment_methods',
  };
  return t(keys[head] ?? 'coupons_invalid');
}

const optionalNumber = (value: unknown) =>
  value === '' || value === null || value === undefined ? null : Number(value);

/** The fields every coupon has, for a single code and a batch alike. */
export function DefinitionFields({
  form,
  site,
  limitHint,
}: {
  form: UseFormReturn<CouponFormValues>;
  site: string;
  /** What the usage limit counts: uses of this code, or of each code of a batch. */
  limitHint: string;
}) {
  const { t, lang } = useConsoleI18n();
  const id = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const { errors } = form.formState;
  const kind = form.watch('kind');
  const allProducts = form.watch('all_products');
  const products = useQuery({ queryKey: couponKeys.products(site), queryFn: () => listProducts(site) });
  const campaigns = useQuery({
    queryKey: couponKeys.campaigns(site),
    queryFn: () => consoleCall(R.consoleListCouponCampaigns, { params: { site } }),
  });
  const message = (name: keyof CouponFormValues) => errors[name]?.message as string | undefined;
  return (
    <>
      <fieldset className="c-checks c-coupon-kinds">
        <legend>{t('coupons_kind')}</legend>
        {COUPON_KINDS.map((each) => (
          <label key={each}>
            <input type="radio" value={each} {...form.register('kind')} />
            {t(`coupons_kind_${each}`)}
          </label>
        ))}
      </fieldset>
      <p className="c-field__hint">{t(`coupons_kind_${kind}_text`)}</p>
      {kind !== 'invitation' ? (
        <Field
          label={kind === 'percent' ? t('coupons_discount_percent') : t('coupons_discount_yen')}
          type="number"
          min={1}
          max={kind === 'percent' ? COUPON_PERCENT_MAX : COUPON_FIXED_MAX}
          error={message('discount_value')}
          {...form.register('discount_value', { setValueAs: optionalNumber })}
        />
      ) : null}
      <LocalizedTextController
        control={form.control}
        name="names"
        label={t('coupons_name')}
        maxLength={200}
      />
      <Field
        label={t('coupons_campaign')}
        hint={t('coupons_campaign_hint')}
        list={`${id}-campaigns`}
        error={message('campaign')}
        {...form.register('campaign')}
      />
      <datalist id={`${id}-campaigns`}>
        {(campaigns.data?.campaigns ?? []).map((row) => (
          <option key={row.campaign} value={row.campaign} />
        ))}
      </datalist>
      <div className="c-coupon-grid">
        <Field
          label={t('coupons_valid_from')}
          hint={t('coupons_tokyo_time')}
          type="datetime-local"
          error={message('valid_from')}
          {...form.register('valid_from')}
        />
        <Field
          label={t('coupons_valid_to')}
          hint={t('coupons_valid_to_hint')}
          type="datetime-local"
          error={message('valid_to')}
          {...form.register('valid_to')}
        />
        <Field
          label={t('coupons_coverage_from')}
          hint={t('coupons_coverage_hint')}
          type="date"
          error={message('coverage_from')}
          {...form.register('coverage_from')}
        />
        <Field
          label={t('coupons_coverage_to')}
          hint={t('coupons_coverage_hint')}
          type="date"
          error={message('coverage_to')}
          {...form.register('coverage_to')}
        />
        <Field
          label={t('coupons_usage_limit')}
          hint={limitHint}
          type="number"
          min={1}
          error={message('usage_limit')}
          {...form.register('usage_limit', { setValueAs: optionalNumber })}
        />
      </div>
      <fieldset className="c-checks" aria-describedby={errors.channels ? `${id}-channels-error` : undefined}>
        <legend>{t('coupons_channels')}</legend>
        {SALES_CHANNELS.map((channel) => (
          <label key={channel}>
            <input type="checkbox" value={channel} {...form.register('channels')} />
            {t(`coupons_channel_${channel}`)}
          </label>
        ))}
      </fieldset>
      {errors.channels ? (
        <p id={`${id}-channels-error`} className="c-field__error">
          {message('channels')}
        </p>
      ) : null}
      <fieldset
        className="c-checks c-coupon-products"
        aria-describedby={errors.product_ids ? `${id}-products-error` : undefined}
      >
        <legend>{t('coupons_products')}</legend>
        <label>
          <input type="checkbox" {...form.register('all_products')} />
          {t('coupons_all_products')}
        </label>
        {!allProducts
          ? (products.data?.products ?? []).map((product) => (
              <label key={product.id}>
                <input type="checkbox" value={String(product.id)} {...form.register('product_ids')} />
                {textIn(product.names, lang) || `#${product.id}`}
              </label>
            ))
          : null}
      </fieldset>
      {errors.product_ids ? (
        <p id={`${id}-products-error`} className="c-field__error">
          {message('product_ids')}
        </p>
      ) : null}
      <PaymentMethodsField form={form} site={site} id={id} />
      <div className="c-field c-coupon-check">
        <label>
          <input type="checkbox" {...form.register('enabled')} />
          {t('coupons_enabled_field')}
        </label>
      </div>
    </>
  );
}

/**
 * The payment methods a coupon is granted for (ADR 103): a checkbox per method the site offers for coupons,
 * plus any the coupon already names that the site no longer offers (so it can be unticked); none ticked is
 * any payment method, said in words under the group.
 */
function PaymentMethodsField({
  form,
  site,
  id,
}: {
  form: UseFormReturn<CouponFormValues>;
  site: string;
  id: string;
}) {
  const { t } = useConsoleI18n();
  const word = useMethodWord();
  const condition = usePaymentMethodsText();
  const offered = useQuery({
    queryKey: couponKeys.paymentMethods(site),
    queryFn: () => listCouponPaymentMethods(site),
  });
  const stored = form.formState.defaultValues?.payment_methods ?? [];
  const ticked = form.watch('payment_methods');
  const offeredList = offered.data ?? [];
  const methods = [...offeredList, ...stored.filter((m): m is string => !!m && !offeredList.includes(m))];
  const error = form.formState.errors.payment_methods?.message as string | undefined;
  const described = [`${id}-methods-hint`, `${id}-methods-now`, error ? `${id}-methods-error` : '']
    .filter(Boolean)
    .join(' ');
  return (
    <>
      <fieldset className="c-checks c-coupon-methods" aria-describedby={described}>
        <legend>{t('coupons_payment_methods')}</legend>
        {methods.map((method) => (
          <label key={method}>
            <input type="checkbox" value={method} {...form.register('payment_methods')} />
            {offered.data && !offeredList.includes(method)
              ? t('coupons_payment_method_not_offered', { method: word(method) })
              : word(method)}
          </label>
        ))}
        {offered.data && methods.length === 0 ? (
          <p className="c-field__hint">{t('coupons_payment_methods_none_offered')}</p>
        ) : null}
      </fieldset>
      <p id={`${id}-methods-hint`} className="c-field__hint">
        {t('coupons_payment_methods_hint')}
      </p>
      <p id={`${id}-methods-now`} className="c-field__hint" aria-live="polite">
        {condition({
          payment_methods: ticked.length > 0 ? methods.filter((method) => ticked.includes(method)) : null,
        })}
      </p>
      {error ? (
        <p id={`${id}-methods-error`} className="c-field__error">
          {error}
        </p>
      ) : null}
    </>
  );
}
