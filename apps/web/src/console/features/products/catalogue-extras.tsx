import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  createSetProductBodySchema,
  putMembershipPromotionBodySchema,
  type CreateSetProductBody,
  type SetProduct,
} from '@kippu/contract/console/catalogue-extras';
import type { ProductSummary } from '@kippu/contract/console/catalogue-products';
import { consoleCall } from '../../shared/api/console-client.ts';
import { CONSOLE_ROUTES as R } from '../../shared/api/console-routes.ts';
import { useFormat } from '../../shared/format/use-format.ts';
import { useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';
import { emptyLocalizedText, LocalizedTextController } from '../../shared/ui/localized-text-fields.tsx';
import { DataTable, ErrorNotice, Field, Loading } from '../../shared/ui/ui.tsx';
import { EditDialog, issuePaths, PriceField, usePriceMessage } from './catalogue-parts.tsx';
import { ConflictOrError } from './conflict.tsx';
import { fullText, localizedResolver, missingOf, nameIn, productKeys } from './product-queries.ts';

/** Site-wide parts of the catalogue beside the products: set products (add-ons) and the member price. */
export function CatalogueExtras({
  site,
  canWrite,
  products,
}: {
  site: string;
  canWrite: boolean;
  products: readonly ProductSummary[];
}) {
  return (
    <>
      <SetProducts site={site} canWrite={canWrite} products={products} />
      <MemberPrice site={site} canWrite={canWrite} />
    </>
  );
}

function SetProducts({
  site,
  canWrite,
  products,
}: {
  site: string;
  canWrite: boolean;
  products: readonly ProductSummary[];
}) {
  const { t, lang } = useConsoleI18n();
  const f = useFormat();
  const client = useQueryClient();
  const key = productKeys.setProducts(site);
  const list = useQuery({
    queryKey: key,
    queryFn: () => consoleCall(R.consoleListSetProducts, { params: { site } }),
  });
  const [editing, setEditing] = useState<SetProduct | 'new' | null>(null);
  const remove = useMutation({
    mutationFn: (row: SetProduct) =>
      consoleCall(R.consoleDeleteSetProduct, {
        params: { site, id: row.id },
        query: { expected_version: String(row.version) },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
  const productName = (id: number) => {
    const product = products.find((each) => each.id === id);
    return product ? nameIn(product.names, lang) : `#${id}`;
  };
  return (
    <section className="c-panel">
      <h2 id="c-set-products">{t('products_set_products')}</h2>
      <p className="c-field__hint">{t('products_set_products_text')}</p>
      {list.isPending ? <Loading /> : null}
      <ErrorNotice error={list.error} />
      {list.data ? (
        <DataTable
          caption={t('products_set_products')}
          rows={[...list.data.set_products].sort((a, b) => a.position - b.position)}
          rowKey={(row) => row.id}
          empty={t('products_no_set_products')}
          columns={[
            { key: 'name', header: t('products_name'), cell: (row) => nameIn(row.names, lang) },
            { key: 'price', header: t('products_price'), numeric: true, cell: (row) => f.yen(row.price) },
            {
              key: 'products',
              header: t('products_offered_with'),
              cell: (row) => row.product_ids.map(productName).join(', ') || '—',
            },
            {
              key: 'languages',
              header: t('products_languages'),
              cell: (row) => {
                const missing = missingOf(row.names);
                return missing ? (
                  <span className="c-cat-missing">
                    <span aria-hidden="true">⚠ </span>
                    {t('products_missing_languages', { languages: missing })}
                  </span>
                ) : (
                  t('products_all_languages')
                );
              },
            },
            ...(canWrite
              ? [
                  {
                    key: 'actions',
                    header: t('actions'),
                    cell: (row: SetProduct) => {
                      const name = nameIn(row.names, lang);
                      return (
                        <span className="c-actions">
                          <button
                            className="c-button c-button--small"
                            type="button"
                            aria-label={t('products_edit_named', { name })}
                            onClick={() => setEditing(row)}
                          >
                            {t('products_edit')}
                          </button>
                          <button
                            className="c-button c-button--small c-button--danger"
                            type="button"
                            aria-label={t('products_remove_named', { name })}
                            disabled={row.in_use || remove.isPending}
                            onClick={() => {
                              if (window.confirm(t('products_remove_confirm', { name }))) remove.mutate(row);
                            }}
                          >
                            {t('products_remove')}
                          </button>
                        </span>
                      );
                    },
                  },
                ]
              : []),
          ]}
        />
      ) : null}
      <ConflictOrError error={remove.error} onReload={() => list.refetch()} />
      {canWrite ? (
        <button className="c-button" type="button" onClick={() => setEditing('new')}>
          {t('products_add_set_product')}
        </button>
      ) : null}
      {editing ? (
        <SetProductDialog
          site={site}
          row={editing === 'new' ? null : editing}
          products={products}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void client.invalidateQueries({ queryKey: key });
          }}
        />
      ) : null}
    </section>
  );
}

function SetProductDialog({
  site,
  row,
  products,
  onClose,
  onSaved,
}: {
  site: string;
  row: SetProduct | null;
  products: readonly ProductSummary[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t, lang } = useConsoleI18n();
  const priceMessage = usePriceMessage();
  type Values = z.input<typeof createSetProductBodySchema>;
  const form = useForm<Values, unknown, CreateSetProductBody>({
    resolver: localizedResolver(setProductForm, (path) =>
      path.startsWith('names')
        ? t('products_invalid_names')
        : path === 'price'
          ? priceMessage
          : t('products_invalid'),
    ) as never,
    defaultValues: {
      names: row ? fullText(row.names) : emptyLocalizedText(),
      descriptions: row ? fullText(row.descriptions) : emptyLocalizedText(),
      price: row?.price ?? 0,
      position: row?.position ?? 0,
      product_ids: (row?.product_ids ?? []).map(String) as never,
    },
  });
  const save = useMutation({
    mutationFn: (body: CreateSetProductBody) => {
      return row
        ? consoleCall(R.consoleUpdateSetProduct, {
            params: { site, id: row.id },
            body: { ...body, expected_version: row.version },
          })
        : consoleCall(R.consoleCreateSetProduct, { params: { site }, body });
    },
    onSuccess: onSaved,
    onError: (error) => {
      if (issuePaths(error).includes('price'))
        form.setError('price', { type: 'server', message: priceMessage });
    },
  });
  return (
    <EditDialog
      title={
        row
          ? t('products_edit_set_product', { name: nameIn(row.names, lang) })
          : t('products_add_set_product')
      }
      onClose={onClose}
      onSubmit={form.handleSubmit((body) => save.mutate(body))}
      error={save.error}
      onReload={onClose}
      pending={save.isPending}
    >
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
        markMissing={false}
      />
      <PriceField
        error={form.formState.errors.price?.message}
        registration={form.register('price', { valueAsNumber: true })}
      />
      <fieldset className="c-checks">
        <legend>{t('products_offered_with')}</legend>
        {products.map((product) => (
          <label key={product.id}>
            <input type="checkbox" value={String(product.id)} {...form.register('product_ids')} />
            {nameIn(product.names, lang)}
          </label>
        ))}
      </fieldset>
    </EditDialog>
  );
}

/** The checkboxes give the product ids as strings; the API takes numbers. */
const setProductForm = z.preprocess(
  (raw) => ({
    ...(raw as object),
    product_ids: ((raw as { product_ids?: unknown[] }).product_ids ?? []).map(Number),
  }),
  createSetProductBodySchema,
);

type PromotionValues = z.input<typeof putMembershipPromotionBodySchema>;

function MemberPrice({ site, canWrite }: { site: string; canWrite: boolean }) {
  const { t } = useConsoleI18n();
  const client = useQueryClient();
  const key = productKeys.promotion(site);
  const read = useQuery({
    queryKey: key,
    queryFn: () => consoleCall(R.consoleGetMembershipPromotion, { params: { site } }),
    refetchOnWindowFocus: false,
  });
  if (read.isPending) return null;
  if (!read.data) return <ErrorNotice error={read.error} />;
  if (!read.data.membership_login) return null;
  const promotion = read.data.promotion;
  return (
    <section className="c-panel" aria-labelledby="c-member-price">
      <h2 id="c-member-price">{t('products_member_price')}</h2>
      <p className="c-field__hint">{t('products_member_price_text')}</p>
      <MemberPriceForm
        key={promotion?.version ?? 0}
        site={site}
        canWrite={canWrite}
        version={promotion?.version ?? null}
        values={{
          names: fullText(promotion?.names),
          discount_percent: promotion?.discount_percent ?? 10,
          expected_version: promotion?.version ?? null,
        }}
        onSaved={(answer) => client.setQueryData(key, answer)}
        onReload={() => read.refetch()}
      />
    </section>
  );
}

function MemberPriceForm({
  site,
  canWrite,
  version,
  values,
  onSaved,
  onReload,
}: {
  site: string;
  canWrite: boolean;
  version: number | null;
  values: PromotionValues;
  onSaved: (answer: Awaited<ReturnType<typeof consoleCall<typeof R.consoleGetMembershipPromotion>>>) => void;
  onReload: () => unknown;
}) {
  const { t } = useConsoleI18n();
  const form = useForm<PromotionValues>({
    resolver: localizedResolver<PromotionValues>(putMembershipPromotionBodySchema, (path) =>
      path.startsWith('names') ? t('products_invalid_names') : t('products_invalid_percent'),
    ),
    defaultValues: values,
    disabled: !canWrite,
  });
  const save = useMutation({
    mutationFn: (body: PromotionValues) =>
      consoleCall(R.consolePutMembershipPromotion, {
        params: { site },
        body: { ...body, expected_version: version },
      }),
    onSuccess: onSaved,
  });
  const remove = useMutation({
    mutationFn: () =>
      consoleCall(R.consoleDeleteMembershipPromotion, {
        params: { site },
        query: { expected_version: String(version) },
      }),
    onSuccess: onSaved,
  });
  return (
    <form noValidate onSubmit={form.handleSubmit((body) => save.mutate(body))}>
      <LocalizedTextController control={form.control} name="names" label={t('products_member_price_name')} />
      <Field
        label={t('products_discount_percent')}
        type="number"
        min={1}
        max={100}
        error={form.formState.errors.discount_percent?.message}
        {...form.register('discount_percent', { valueAsNumber: true })}
      />
      <ConflictOrError error={save.error ?? remove.error} onReload={onReload} />
      {save.isSuccess ? (
        <p className="c-notice c-notice--ok" role="status">
          {t('products_saved')}
        </p>
      ) : null}
      {canWrite ? (
        <div className="c-actions">
          <button className="c-button c-button--primary" type="submit" disabled={save.isPending}>
            {t('save')}
          </button>
          {version !== null ? (
            <button
              className="c-button c-button--danger"
              type="button"
              disabled={remove.isPending}
              onClick={() => {
                if (window.confirm(t('products_member_price_remove_confirm'))) remove.mutate();
              }}
            >
              {t('products_member_price_remove')}
            </button>
          ) : null}
        </div>
      ) : null}
    </form>
  );
}
