import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  newTicketTypeSchema,
  type NewTicketType,
  type ProductDetail,
  type TicketType,
} from '@kippu/contract/console/catalogue-products';
import { consoleCall } from '../../shared/api/console-client.ts';
import { CONSOLE_ROUTES as R } from '../../shared/api/console-routes.ts';
import { useFormat } from '../../shared/format/use-format.ts';
import { useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';
import { emptyLocalizedText, LocalizedTextController } from '../../shared/ui/localized-text-fields.tsx';
import { DataTable } from '../../shared/ui/ui.tsx';
import { EditDialog, issuePaths, MoveButtons, PriceField, usePriceMessage } from './catalogue-parts.tsx';
import { ConflictOrError } from './conflict.tsx';
import { fullText, localizedResolver, missingOf, nameIn } from './product-queries.ts';

/**
 * The product's ticket types (adult, child, ...) with their prices: add, edit, reorder, remove. A new price
 * applies to sales from now on; a type an order has cannot be removed.
 */
export function TicketTypes({
  site,
  product,
  canWrite,
  onChanged,
  onReload,
}: {
  site: string;
  product: ProductDetail;
  canWrite: boolean;
  onChanged: (product: ProductDetail) => void;
  onReload: () => unknown;
}) {
  const { t, lang } = useConsoleI18n();
  const f = useFormat();
  const [editing, setEditing] = useState<TicketType | 'new' | null>(null);
  const types = [...product.ticket_types].sort((a, b) => a.position - b.position);
  const reorder = useMutation({
    mutationFn: (ids: number[]) =>
      consoleCall(R.consoleReorderTicketTypes, {
        params: { site, id: product.id },
        body: { expected_version: product.version, ids },
      }),
    onSuccess: (answer) => onChanged(answer.product),
  });
  const remove = useMutation({
    mutationFn: (type: TicketType) =>
      consoleCall(R.consoleDeleteTicketType, {
        params: { site, id: type.id },
        query: { expected_version: String(type.version) },
      }),
    onSuccess: (answer) => onChanged(answer.product),
  });
  const move = (index: number, by: -1 | 1) => {
    const ids = types.map((type) => type.id);
    const [id] = ids.splice(index, 1);
    ids.splice(index + by, 0, id!);
    reorder.mutate(ids);
  };
  return (
    <section className="c-panel" aria-labelledby="c-ticket-types">
      <h2 id="c-ticket-types">{t('products_ticket_types')}</h2>
      <p className="c-field__hint">{t('products_price_future_only')}</p>
      <DataTable
        caption={t('products_ticket_types_of', { name: nameIn(product.names, lang) })}
        rows={types}
        rowKey={(row) => row.id}
        empty={t('products_no_ticket_types')}
        columns={[
          { key: 'name', header: t('products_name'), cell: (row) => nameIn(row.names, lang) },
          { key: 'price', header: t('products_price'), numeric: true, cell: (row) => f.yen(row.price) },
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
          {
            key: 'use',
            header: t('products_in_use'),
            cell: (row) => (row.in_use ? t('products_in_use_yes') : t('products_in_use_no')),
          },
          ...(canWrite
            ? [
                {
                  key: 'actions',
                  header: t('actions'),
                  cell: (row: TicketType) => {
                    const index = types.indexOf(row);
                    const name = nameIn(row.names, lang);
                    return (
                      <span className="c-actions">
                        <MoveButtons
                          index={index}
                          count={types.length}
                          name={name}
                          disabled={reorder.isPending}
                          onMove={move}
                        />
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
                          title={row.in_use ? t('products_remove_in_use') : undefined}
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
      {types.some((type) => type.in_use) && canWrite ? (
        <p className="c-field__hint">{t('products_remove_in_use')}</p>
      ) : null}
      <ConflictOrError error={reorder.error ?? remove.error} onReload={onReload} />
      {canWrite ? (
        <button className="c-button" type="button" onClick={() => setEditing('new')}>
          {t('products_add_ticket_type')}
        </button>
      ) : null}
      {editing ? (
        <TicketTypeDialog
          site={site}
          product={product}
          type={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(next) => {
            setEditing(null);
            onChanged(next);
          }}
          onReload={() => {
            setEditing(null);
            return onReload();
          }}
        />
      ) : null}
    </section>
  );
}

function TicketTypeDialog({
  site,
  product,
  type,
  onClose,
  onSaved,
  onReload,
}: {
  site: string;
  product: ProductDetail;
  type: TicketType | null;
  onClose: () => void;
  onSaved: (product: ProductDetail) => void;
  onReload: () => unknown;
}) {
  const { t, lang } = useConsoleI18n();
  const priceMessage = usePriceMessage();
  const form = useForm<NewTicketType>({
    resolver: localizedResolver<NewTicketType>(newTicketTypeSchema, (path) =>
      path.startsWith('names') ? t('products_invalid_names') : priceMessage,
    ),
    defaultValues: {
      names: type ? fullText(type.names) : emptyLocalizedText(),
      price: type?.price ?? 0,
    },
  });
  const save = useMutation({
    mutationFn: (body: NewTicketType) =>
      type
        ? consoleCall(R.consoleUpdateTicketType, {
            params: { site, id: type.id },
            body: { ...body, expected_version: type.version },
          })
        : consoleCall(R.consoleCreateTicketType, {
            params: { site, id: product.id },
            body: { ...body, expected_version: product.version },
          }),
    onSuccess: (answer) => onSaved(answer.product),
    onError: (error) => {
      for (const path of issuePaths(error)) {
        if (path === 'price') form.setError('price', { type: 'server', message: priceMessage });
        else if (path.startsWith('names'))
          form.setError(path as 'names', { type: 'server', message: t('products_invalid_names') });
      }
    },
  });
  return (
    <EditDialog
      title={
        type
          ? t('products_edit_ticket_type', { name: nameIn(type.names, lang) })
          : t('products_add_ticket_type')
      }
      onClose={onClose}
      onSubmit={form.handleSubmit((body) => save.mutate(body))}
      error={save.error}
      onReload={onReload}
      pending={save.isPending}
    >
      <LocalizedTextController
        control={form.control}
        name="names"
        label={t('products_name')}
        maxLength={200}
      />
      <PriceField
        hint={type?.in_use ? t('products_price_future_only') : undefined}
        error={form.formState.errors.price?.message}
        registration={form.register('price', { valueAsNumber: true })}
      />
    </EditDialog>
  );
}
