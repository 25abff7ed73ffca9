import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { z } from 'zod';
import {
  updateProductBodySchema,
  type ProductDetail,
  type TranslationGap,
  type UpdateProductBody,
} from '@kippu/contract/console/catalogue-products';
import { SALES_CHANNELS } from '@kippu/contract/enums';
import { ConsoleApiError, consoleCall } from '../../shared/api/console-client.ts';
import { isApiError } from '../../shared/api/is-api-error.ts';
import { CONSOLE_ROUTES as R } from '../../shared/api/console-routes.ts';
import { useFormat } from '../../shared/format/use-format.ts';
import { LANG_NAMES, useConsoleI18n, type Translate } from '../../shared/i18n/console-i18n.tsx';
import { WithFeatureTexts } from '../../shared/i18n/feature-texts.tsx';
import { hrefOf } from '../../shared/routing/console-paths.ts';
import type { ConsoleSession } from '../../shared/session/session-api.ts';
import { Dialog } from '../../shared/ui/dialog.tsx';
import { LocalizedTextController } from '../../shared/ui/localized-text-fields.tsx';
import { ErrorNotice, Field, Loading, Page } from '../../shared/ui/ui.tsx';
import {
  canWriteProducts,
  fromTokyoLocal,
  fullText,
  getProduct,
  localizedResolver,
  nameIn,
  productKeys,
  tokyoLocal,
} from './product-queries.ts';
import { StatusBadge } from './products-screen.tsx';
import { ConflictOrError } from './conflict.tsx';
import { TicketTypes } from './ticket-types.tsx';
import { TEXTS } from './texts.ts';
import './products.css';

/** One product: its fields, texts in six languages, ticket types and prices, and its publication. */
export function ProductScreen({
  session,
  params,
}: {
  session: ConsoleSession;
  params: Record<string, string>;
}) {
  return (
    <WithFeatureTexts texts={TEXTS}>
      <Body session={session} site={params.site!} id={Number(params.productId)} />
    </WithFeatureTexts>
  );
}

function Body({ session, site, id }: { session: ConsoleSession; site: string; id: number }) {
  const { t, lang } = useConsoleI18n();
  const client = useQueryClient();
  const canWrite = canWriteProducts(session);
  // What the screen shows is the version its writes are based on: no refetch behind the editor's back.
  const product = useQuery({
    queryKey: productKeys.one(site, id),
    queryFn: () => getProduct(site, id),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    enabled: Number.isInteger(id) && id > 0,
  });
  // A new key draws the form again from the product (after a save or a reload).
  const [formKey, setFormKey] = useState(0);
  const [saved, setSaved] = useState(false);
  const [dirty, setDirty] = useState(false);
  const show = (next: ProductDetail) => {
    client.setQueryData(productKeys.one(site, id), next);
    void client.invalidateQueries({ queryKey: productKeys.list(site) });
  };
  const reload = async () => {
    await product.refetch();
    setFormKey((key) => key + 1);
    setSaved(false);
  };
  if (product.isPending) return <Page title={t('product_title')}>{product.error ? null : <Loading />}</Page>;
  if (!product.data)
    return (
      <Page title={t('product_title')}>
        <ErrorNotice error={product.error} />
        <a className="c-link" href={hrefOf('products', { site })}>
          {t('products_back')}
        </a>
      </Page>
    );
  const data = product.data;
  return (
    <Page
      title={nameIn(data.names, lang) || t('product_title')}
      actions={
        <a className="c-link" href={hrefOf('products', { site })}>
          {t('products_back')}
        </a>
      }
    >
      <StatusPanel
        site={site}
        product={data}
        canWrite={canWrite}
        dirty={dirty}
        onChanged={show}
        onReload={reload}
      />
      <p>
        <a className="c-link" href={`${hrefOf('schedule', { site })}?product=${data.id}`}>
          {t('products_schedule_link')}
        </a>
      </p>
      <ProductForm
        key={`${data.id}-${formKey}`}
        site={site}
        product={data}
        canWrite={canWrite}
        justSaved={saved}
        onDirty={setDirty}
        onSaved={(next) => {
          show(next);
          setSaved(true);
          setFormKey((key) => key + 1);
        }}
        onReload={reload}
      />
      <TicketTypes site={site} product={data} canWrite={canWrite} onChanged={show} onReload={reload} />
    </Page>
  );
}

/** A gap's field as words: "Name", "Description", "Ticket type Adult: name". */
function gapField(t: Translate, product: ProductDetail, field: string, lang: Parameters<typeof nameIn>[1]) {
  const parts = field.split('.');
  const own = (key: string | undefined) =>
    key === 'names'
      ? t('products_name')
      : key === 'descriptions'
        ? t('products_description')
        : key === 'cautions'
          ? t('products_caution')
          : (key ?? field);
  if (parts[0] === 'ticket_types') {
    const type = product.ticket_types.find((each) => String(each.id) === parts[1]);
    return t('products_gap_ticket_type', {
      name: type ? nameIn(type.names, lang) : (parts[1] ?? ''),
      field: own(parts[2]),
    });
  }
  return own(parts[0]);
}

/** Gaps from the API's `issues` of a refused publish (`names.en`, `ticket_types.3.names.th`). */
function gapsOfIssues(error: unknown): TranslationGap[] {
  if (!(error instanceof ConsoleApiError)) return [];
  const byField = new Map<string, TranslationGap['languages']>();
  for (const issue of error.issues) {
    const parts = issue.path.split('.');
    const last = parts.at(-1) as TranslationGap['languages'][number];
    if (!(last in LANG_NAMES)) continue;
    const field = parts.slice(0, -1).join('.');
    byField.set(field, [...(byField.get(field) ?? []), last]);
  }
  return [...byField].map(([field, languages]) => ({ field, languages }));
}

function StatusPanel({
  site,
  product,
  canWrite,
  dirty,
  onChanged,
  onReload,
}: {
  site: string;
  product: ProductDetail;
  canWrite: boolean;
  dirty: boolean;
  onChanged: (product: ProductDetail) => void;
  onReload: () => unknown;
}) {
  const { t } = useConsoleI18n();
  const client = useQueryClient();
  const [asking, setAsking] = useState<TranslationGap[] | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const params = { site, id: product.id };
  const expected_version = product.version;
  const change = useMutation({
    mutationFn: async (action: 'publish' | 'fallback' | 'unpublish' | 'retire' | 'delete') => {
      if (action === 'delete') {
        await consoleCall(R.consoleDeleteProduct, {
          params,
          query: { expected_version: String(expected_version) },
        });
        return { action, product: null };
      }
      const route =
        action === 'unpublish'
          ? R.consoleUnpublishProduct
          : action === 'retire'
            ? R.consoleRetireProduct
            : R.consolePublishProduct;
      const body =
        action === 'publish' || action === 'fallback'
          ? { expected_version, confirm_fallback: action === 'fallback' }
          : { expected_version };
      const answer = await consoleCall(route, { params, body } as never);
      return { action, product: (answer as { product: ProductDetail }).product };
    },
    onSuccess: async ({ action, product: next }) => {
      setAsking(null);
      if (!next) {
        await client.invalidateQueries({ queryKey: productKeys.list(site) });
        window.location.hash = hrefOf('products', { site });
        return;
      }
      onChanged(next);
      setDone(t(`products_done_${action === 'fallback' ? 'publish' : action}`));
    },
    onError: (error) => {
      if (isApiError(error, 'console_translation_missing')) {
        const gaps = gapsOfIssues(error);
        setAsking(gaps.length ? gaps : product.translation_gaps);
      }
    },
  });
  const publish = () => {
    setDone(null);
    if (product.translation_gaps.length) setAsking(product.translation_gaps);
    else change.mutate('publish');
  };
  const act = (action: 'unpublish' | 'retire' | 'delete', confirmKey: string) => {
    setDone(null);
    if (window.confirm(t(confirmKey))) change.mutate(action);
  };
  const refused = isApiError(change.error, 'console_translation_missing');
  return (
    <section className="c-panel c-cat-status" aria-labelledby="c-cat-status">
      <h2 id="c-cat-status">{t('products_publication')}</h2>
      <p>
        <StatusBadge status={product.status} /> {t(`products_status_${product.status}_text`)}
      </p>
      <p className="c-field__hint">{t(`products_type_${product.product_type}_text`)}</p>
      {canWrite ? (
        <>
          {dirty ? <p className="c-field__hint">{t('products_save_first')}</p> : null}
          <div className="c-actions">
            {product.status !== 'published' ? (
              <button
                className="c-button c-button--primary"
                type="button"
                disabled={dirty || change.isPending}
                onClick={publish}
              >
                {t('products_publish')}
              </button>
            ) : null}
            {product.status !== 'draft' ? (
              <button
                className="c-button"
                type="button"
                disabled={dirty || change.isPending}
                onClick={() => act('unpublish', 'products_unpublish_confirm')}
              >
                {t('products_unpublish')}
              </button>
            ) : null}
            {product.status !== 'retired' ? (
              <button
                className="c-button"
                type="button"
                disabled={dirty || change.isPending}
                onClick={() => act('retire', 'products_retire_confirm')}
              >
                {t('products_retire')}
              </button>
            ) : null}
            {product.deletable ? (
              <button
                className="c-button c-button--danger"
                type="button"
                disabled={dirty || change.isPending}
                onClick={() => act('delete', 'products_delete_confirm')}
              >
                {t('products_delete')}
              </button>
            ) : null}
          </div>
        </>
      ) : null}
      {done ? (
        <p className="c-notice c-notice--ok" role="status">
          {done}
        </p>
      ) : null}
      {refused && !asking ? null : (
        <ConflictOrError error={refused ? null : change.error} onReload={onReload} />
      )}
      {asking ? (
        <Dialog title={t('products_missing_title')} onClose={() => setAsking(null)}>
          <p>{t('products_missing_text')}</p>
          <ul>
            {asking.map((gap) => (
              <li key={gap.field}>
                <GapLine product={product} gap={gap} />
              </li>
            ))}
          </ul>
          <p>{t('products_missing_fallback_text')}</p>
          <div className="c-actions">
            <button
              className="c-button c-button--primary"
              type="button"
              disabled={change.isPending}
              onClick={() => change.mutate('fallback')}
            >
              {t('products_publish_fallback')}
            </button>
            <button className="c-button" type="button" onClick={() => setAsking(null)}>
              {t('products_fill_in_first')}
            </button>
          </div>
        </Dialog>
      ) : null}
    </section>
  );
}

function GapLine({ product, gap }: { product: ProductDetail; gap: TranslationGap }) {
  const { t, lang } = useConsoleI18n();
  return (
    <>
      <strong>{gapField(t, product, gap.field, lang)}</strong>
      {': '}
      {gap.languages.map((code) => LANG_NAMES[code]).join(', ')}
    </>
  );
}

/** The form's values: the API's body without its version; sale times as Tokyo `datetime-local` values. */
type ProductValues = Omit<UpdateProductBody, 'expected_version'>;

/** Each field's message when it is refused (zod here, or the API's `issues`). */
function messageOf(t: Translate, path: string): string {
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
  };
}

const emptyToNull = (value: unknown) => (value === '' || value === undefined ? null : value);
const optionalNumber = (value: unknown) =>
  value === '' || value === null || value === undefined ? null : Number(value);

function ProductForm({
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
