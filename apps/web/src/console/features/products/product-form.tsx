import { useMutation } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { z } from 'zod';
import {
  updateProductBodySchema,
  type ProductDetail,
  type UpdateProductBody,
} from '@kippu/contract/console/catalogue-products';
import { SALES_CHANNELS } from '@kippu/contract/enums';
import { ConsoleApiError, consoleCall } from '../../shared/api/console-client.ts';
import { CONSOLE_ROUTES as R } from '../../shared/api/console-routes.ts';
import { useFormat } from '../../shared/format/use-format.ts';
import { useConsoleI18n, type Translate } from '../../shared/i18n/console-i18n.tsx';
import { LocalizedTextController } from '../../shared/ui/localized-text-fields.tsx';
import { Field } from '../../shared/ui/ui.tsx';
import {
  fromTokyoLocal,
  fullText,
  localizedResolver,
  tokyoLocal,
  type ProductValues,
} from './product-queries.ts';
import { ConflictOrError } from './conflict.tsx';
import { WaitingRoomFields } from './waiting-room-fields.tsx';

/** Each field's message when it is refused (zod here, or the API's `issues`). */
function messageOf(t: Translate, path: string): string {
  if (path.startsWith('waiting_room.admit_per_minute')) return t('products_invalid_admit_rate');
  if (path.startsWith('waiting_room.opens_at')) return t('products_invalid_date');
  const head = path.split('.')[0]!;
  const keys: Record<string, string> = {
    names: 'products_invalid_names',
    descriptions: 'products_invalid_long_text',
    cautions: 'products_invalid_long_text',
    image_url: 'products_invalid_image_url',
    sale_channels: 'products_invalid_channels',
    min_quantity: 'products_invalid_quantity',
    max_quantity: 'products_invalid_max_quantity',
    sale_starts_at: 'products_invalid_date',
    sale_ends_at: 'products_invalid_sale_end',
    entry_opens_minutes_before: 'products_invalid_minutes',
    entry_closes_minutes_after: 'products_invalid_minutes',
    date_change_until_minutes: 'products_invalid_minutes',
  };
  return t(keys[head] ?? 'products_invalid');
}

const FORM_FIELDS = [
  'names',
  'descriptions',
  'cautions',
  'image_url',
  'sale_channels',
  'min_quantity',
  'max_quantity',
  'sale_starts_at',
  'sale_ends_at',
  'entry_opens_minutes_before',
  'entry_closes_minutes_after',
  'date_changeable',
  'date_change_until_minutes',
  'date_change_group',
  'waiting_room',
] as const;

function valuesOf(product: ProductDetail): ProductValues {
  return {
    names: fullText(product.names),
    descriptions: fullText(product.descriptions),
    cautions: fullText(product.cautions),
    image_url: product.image_url,
    sale_channels: [...product.sale_channels],
    min_quantity: product.min_quantity,
    max_quantity: product.max_quantity,
    sale_starts_at: tokyoLocal(product.sale_starts_at),
    sale_ends_at: tokyoLocal(product.sale_ends_at),
    entry_opens_minutes_before: product.entry_opens_minutes_before,
    entry_closes_minutes_after: product.entry_closes_minutes_after,
    date_changeable: product.date_changeable,
    date_change_until_minutes: product.date_change_until_minutes,
    date_change_group: product.date_change_group,
    waiting_room: {
      enabled: product.waiting_room.enabled,
      opens_at: tokyoLocal(product.waiting_room.opens_at),
      admit_per_minute: product.waiting_room.admit_per_minute,
    },
  };
}

const emptyToNull = (value: unknown) => (value === '' || value === undefined ? null : value);
const optionalNumber = (value: unknown) =>
  value === '' || value === null || value === undefined ? null : Number(value);

export function ProductForm({
  site,
  product,
  canWrite,
  justSaved,
  onDirty,
  onSaved,
  onReload,
}: {
  site: string;
  product: ProductDetail;
  canWrite: boolean;
  justSaved: boolean;
  onDirty: (dirty: boolean) => void;
  onSaved: (product: ProductDetail) => void;
  onReload: () => unknown;
}) {
  const { t } = useConsoleI18n();
  const f = useFormat();
  // The body the API takes, from the form's values: Tokyo times to ISO, empty optional fields to null.
  const schema = useMemo(
    () =>
      z.preprocess((raw) => {
        const values = raw as ProductValues;
        return {
          ...values,
          image_url: emptyToNull(values.image_url),
          date_change_group: emptyToNull(values.date_change_group),
          sale_starts_at: fromTokyoLocal(values.sale_starts_at),
          sale_ends_at: fromTokyoLocal(values.sale_ends_at),
          waiting_room: values.waiting_room && {
            ...values.waiting_room,
            opens_at: fromTokyoLocal(values.waiting_room.opens_at),
          },
          expected_version: product.version,
        };
      }, updateProductBodySchema),
    [product.version],
  );
  const form = useForm<ProductValues, unknown, UpdateProductBody>({
    resolver: localizedResolver(schema, (path) => messageOf(t, path)) as never,
    defaultValues: valuesOf(product),
    disabled: !canWrite,
  });
  const { errors, isDirty } = form.formState;
  useEffect(() => onDirty(isDirty), [isDirty, onDirty]);
  useEffect(() => () => onDirty(false), [onDirty]);
  const savedNote = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (justSaved) savedNote.current?.focus();
  }, [justSaved]);
  const save = useMutation({
    mutationFn: (body: UpdateProductBody) =>
      consoleCall(R.consoleUpdateProduct, { params: { site, id: product.id }, body }),
    onSuccess: (answer) => onSaved(answer.product),
    onError: (error) => {
      if (!(error instanceof ConsoleApiError)) return;
      let first = true;
      for (const issue of error.issues) {
        const head = issue.path.split('.')[0] as (typeof FORM_FIELDS)[number];
        if (!FORM_FIELDS.includes(head)) continue;
        form.setError(
          issue.path as FieldPath<ProductValues>,
          { type: 'server', message: messageOf(t, issue.path) },
          { shouldFocus: first },
        );
        first = false;
      }
    },
  });
  const error = (name: keyof ProductValues) => (errors[name]?.message as string | undefined) ?? undefined;
  const number = { valueAsNumber: true } as const;
  const nullable = { setValueAs: optionalNumber } as const;
  return (
    <form
      className="c-panel c-cat-form"
      noValidate
      aria-labelledby="c-product-fields"
      onSubmit={form.handleSubmit((body) => save.mutate(body))}
    >
      <h2 id="c-product-fields">{t('products_fields')}</h2>
      <p className="c-field__hint">
        {t('products_version', { version: product.version, time: f.dateTime(product.updated_at) })}
      </p>
      <LocalizedTextController
        control={form.control}
        name="names"
        label={t('products_name')}
        maxLength={200}
      />
      <LocalizedTextController
        control={form.control}
        name="descriptions"
        label={t('products_description')}
        multiline
        markMissing={Object.values(product.descriptions).some((text) => text.trim())}
      />
      <LocalizedTextController
        control={form.control}
        name="cautions"
        label={t('products_caution')}
        multiline
        markMissing={Object.values(product.cautions).some((text) => text.trim())}
      />
      <div className="c-cat-grid">
        <fieldset
          className="c-checks"
          aria-describedby={errors.sale_channels ? 'c-product-channels-error' : undefined}
        >
          <legend>{t('products_channels')}</legend>
          {SALES_CHANNELS.map((channel) => (
            <label key={channel}>
              <input type="checkbox" value={channel} {...form.register('sale_channels')} />
              {t(`products_channel_${channel}`)}
            </label>
          ))}
          {errors.sale_channels ? (
            <p id="c-product-channels-error" className="c-field__error">
              {error('sale_channels')}
            </p>
          ) : null}
        </fieldset>
        <Field
          label={t('products_sale_starts')}
          hint={t('products_tokyo_time')}
          type="datetime-local"
          error={error('sale_starts_at')}
          {...form.register('sale_starts_at')}
        />
        <Field
          label={t('products_sale_ends')}
          hint={t('products_tokyo_time')}
          type="datetime-local"
          error={error('sale_ends_at')}
          {...form.register('sale_ends_at')}
        />
        <Field
          label={t('products_entry_opens')}
          hint={t('products_minutes_hint')}
          type="number"
          min={0}
          max={1440}
          error={error('entry_opens_minutes_before')}
          {...form.register('entry_opens_minutes_before', nullable)}
        />
        <Field
          label={t('products_entry_closes')}
          hint={t('products_minutes_hint')}
          type="number"
          min={0}
          max={1440}
          error={error('entry_closes_minutes_after')}
          {...form.register('entry_closes_minutes_after', nullable)}
        />
        <Field
          label={t('products_min_quantity')}
          type="number"
          min={1}
          max={100}
          error={error('min_quantity')}
          {...form.register('min_quantity', number)}
        />
        <Field
          label={t('products_max_quantity')}
          type="number"
          min={1}
          max={100}
          error={error('max_quantity')}
          {...form.register('max_quantity', number)}
        />
        <div className="c-field c-cat-check">
          <label>
            <input type="checkbox" {...form.register('date_changeable')} />
            {t('products_date_changeable')}
          </label>
        </div>
        <Field
          label={t('products_date_change_until')}
          hint={t('products_date_change_until_hint')}
          type="number"
          min={0}
          error={error('date_change_until_minutes')}
          {...form.register('date_change_until_minutes', number)}
        />
        <Field
          label={t('products_date_change_group')}
          hint={t('products_date_change_group_hint')}
          error={error('date_change_group')}
          {...form.register('date_change_group')}
        />
        <Field
          label={t('products_image_url')}
          hint={t('products_image_url_hint')}
          error={error('image_url')}
          {...form.register('image_url')}
        />
      </div>
      <p className="c-field__hint">{t(`products_cutoff_${product.sale_cutoff}`)}</p>
      <WaitingRoomFields form={form} />
      <ConflictOrError error={save.error} onReload={onReload} />
      {justSaved && !isDirty ? (
        <p ref={savedNote} tabIndex={-1} className="c-notice c-notice--ok" role="status">
          {t('products_saved')}
        </p>
      ) : null}
      {canWrite ? (
        <button className="c-button c-button--primary" type="submit" disabled={save.isPending}>
          {save.isPending ? t('products_saving') : t('save')}
        </button>
      ) : null}
    </form>
  );
}
