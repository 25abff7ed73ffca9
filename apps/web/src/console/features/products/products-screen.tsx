import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  createProductBodySchema,
  type CreateProductBody,
  type ProductStatus,
  type ProductSummary,
} from '@kippu/contract/console/catalogue-products';
import { PRODUCT_TYPES, SALES_CHANNELS, type ProductType } from '@kippu/contract/enums';
import { consoleCall } from '../../shared/api/console-client.ts';
import { CONSOLE_ROUTES as R } from '../../shared/api/console-routes.ts';
import { useFormat } from '../../shared/format/use-format.ts';
import { useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';
import { WithFeatureTexts } from '../../shared/i18n/feature-texts.tsx';
import { hrefOf } from '../../shared/routing/console-paths.ts';
import type { ConsoleSession } from '../../shared/session/session-api.ts';
import { emptyLocalizedText, LocalizedTextController } from '../../shared/ui/localized-text-fields.tsx';
import { DataTable, ErrorNotice, Loading, Page } from '../../shared/ui/ui.tsx';
import { CatalogueExtras } from './catalogue-extras.tsx';
import { MoveButtons } from './catalogue-parts.tsx';
import { canWriteProducts, listProducts, localizedResolver, nameIn, productKeys } from './product-queries.ts';
import { TEXTS } from './texts.ts';
import './products.css';

/** The site's products: state, ticket types and prices, channels, missing languages; reorder and create. */
export function ProductsScreen({
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

/** The state as a badge: a word and a shape, not colour alone. */
export function StatusBadge({ status }: { status: ProductStatus }) {
  const { t } = useConsoleI18n();
  const mark = status === 'published' ? '●' : status === 'draft' ? '○' : '■';
  return (
    <span className={`c-cat-badge c-cat-badge--${status}`}>
      <span aria-hidden="true">{mark} </span>
      {t(`products_status_${status}`)}
    </span>
  );
}

function Body({ session, site }: { session: ConsoleSession; site: string }) {
  const { t, lang } = useConsoleI18n();
  const f = useFormat();
  const client = useQueryClient();
  const canWrite = canWriteProducts(session);
  const list = useQuery({ queryKey: productKeys.list(site), queryFn: () => listProducts(site) });
  const [moved, setMoved] = useState<string | null>(null);
  const reorder = useMutation({
    mutationFn: (products: readonly ProductSummary[]) =>
      consoleCall(R.consoleReorderProducts, {
        params: { site },
        body: { products: products.map((each) => ({ id: each.id, expected_version: each.version })) },
      }),
    onSuccess: (answer) => client.setQueryData(productKeys.list(site), answer),
  });
  const products = [...(list.data?.products ?? [])].sort((a, b) => a.position - b.position);
  const move = (index: number, by: -1 | 1) => {
    const next = [...products];
    const [row] = next.splice(index, 1);
    next.splice(index + by, 0, row!);
    setMoved(t(by < 0 ? 'products_moved_up' : 'products_moved_down', { name: nameIn(row!.names, lang) }));
    reorder.mutate(next);
  };
  return (
    <Page title={t('products_title')}>
      {canWrite ? <CreateProduct site={site} /> : <p className="c-field__hint">{t('products_read_only')}</p>}
      <ErrorNotice error={list.error ?? reorder.error} />
      {reorder.error ? (
        <button className="c-button" type="button" onClick={() => void list.refetch()}>
          {t('products_reload')}
        </button>
      ) : null}
      <p className="c-cat-hidden" role="status">
        {reorder.isSuccess ? moved : ''}
      </p>
      {list.isPending ? <Loading /> : null}
      {list.data ? (
        <DataTable
          caption={t('products_list')}
          rows={products}
          rowKey={(row) => row.id}
          empty={t('products_none')}
          columns={[
            {
              key: 'name',
              header: t('products_name'),
              cell: (row) => (
                <a className="c-link" href={hrefOf('product', { site, productId: String(row.id) })}>
                  {nameIn(row.names, lang) || t('products_unnamed')}
                </a>
              ),
            },
            {
              key: 'type',
              header: t('products_type'),
              cell: (row) => t(`products_type_${row.product_type}`),
            },
            { key: 'status', header: t('state'), cell: (row) => <StatusBadge status={row.status} /> },
            {
              key: 'ticket_types',
              header: t('products_ticket_types'),
              cell: (row) =>
                row.ticket_types.length ? (
                  <ul className="c-cat-list">
                    {[...row.ticket_types]
                      .sort((a, b) => a.position - b.position)
                      .map((type) => (
                        <li key={type.id}>
                          {nameIn(type.names, lang)} {f.yen(type.price)}
                        </li>
                      ))}
                  </ul>
                ) : (
                  t('products_no_ticket_types')
                ),
            },
            {
              key: 'channels',
              header: t('products_channels'),
              cell: (row) => row.sale_channels.map((channel) => t(`products_channel_${channel}`)).join(', '),
            },
            {
              key: 'languages',
              header: t('products_languages'),
              cell: (row) =>
                row.translation_gap_count ? (
                  <span className="c-cat-missing">
                    <span aria-hidden="true">⚠ </span>
                    {t('products_gap_count', { count: row.translation_gap_count })}
                  </span>
                ) : (
                  t('products_all_languages')
                ),
            },
            ...(canWrite
              ? [
                  {
                    key: 'order',
                    header: t('products_order'),
                    cell: (row: ProductSummary) => {
                      const index = products.indexOf(row);
                      const name = nameIn(row.names, lang);
                      return (
                        <span className="c-actions c-cat-order">
                          <MoveButtons
                            index={index}
                            count={products.length}
                            name={name}
                            disabled={reorder.isPending}
                            onMove={move}
                          />
                        </span>
                      );
                    },
                  },
                ]
              : []),
          ]}
        />
      ) : null}
      {list.data ? <CatalogueExtras site={site} canWrite={canWrite} products={products} /> : null}
    </Page>
  );
}

type NewProduct = CreateProductBody;

function CreateProduct({ site }: { site: string }) {
  const { t } = useConsoleI18n();
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const form = useForm<NewProduct>({
    resolver: localizedResolver<NewProduct>(createProductBodySchema, (path) =>
      path.startsWith('names') ? t('products_invalid_names') : t('products_invalid'),
    ),
    defaultValues: {
      product_type: 'time',
      names: emptyLocalizedText(),
      descriptions: emptyLocalizedText(),
      cautions: emptyLocalizedText(),
      image_url: null,
      sale_channels: ['web'],
      min_quantity: 1,
      max_quantity: 10,
      sale_starts_at: null,
      sale_ends_at: null,
      entry_opens_minutes_before: null,
      entry_closes_minutes_after: null,
      date_changeable: false,
      date_change_until_minutes: 0,
      date_change_group: null,
      ticket_types: [],
    },
  });
  const create = useMutation({
    mutationFn: (body: NewProduct) => consoleCall(R.consoleCreateProduct, { params: { site }, body }),
    onSuccess: async (answer) => {
      await client.invalidateQueries({ queryKey: productKeys.list(site) });
      window.location.hash = hrefOf('product', { site, productId: String(answer.product.id) });
    },
  });
  const channelError = form.formState.errors.sale_channels;
  return (
    <details className="c-panel" open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="c-summary">{t('products_new')}</summary>
      <form noValidate onSubmit={form.handleSubmit((values) => create.mutate(values))}>
        <div className="c-field">
          <label htmlFor="c-new-product-type">{t('products_type')}</label>
          <select id="c-new-product-type" className="c-select" {...form.register('product_type')}>
            {PRODUCT_TYPES.map((type: ProductType) => (
              <option key={type} value={type}>
                {t(`products_type_${type}`)}
              </option>
            ))}
          </select>
        </div>
        <LocalizedTextController
          control={form.control}
          name="names"
          label={t('products_name')}
          maxLength={200}
        />
        <fieldset className="c-checks" aria-describedby={channelError ? 'c-new-channels-error' : undefined}>
          <legend>{t('products_channels')}</legend>
          {SALES_CHANNELS.map((channel) => (
            <label key={channel}>
              <input type="checkbox" value={channel} {...form.register('sale_channels')} />
              {t(`products_channel_${channel}`)}
            </label>
          ))}
        </fieldset>
        {channelError ? (
          <p id="c-new-channels-error" className="c-field__error">
            {t('products_invalid_channels')}
          </p>
        ) : null}
        <p className="c-field__hint">{t('products_new_hint')}</p>
        <ErrorNotice error={create.error} />
        <button className="c-button c-button--primary" type="submit" disabled={create.isPending}>
          {t('products_create')}
        </button>
      </form>
    </details>
  );
}
