import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  updateOrderVisitorBodySchema,
  type ConsoleOrder,
  type UpdateOrderVisitorBody,
} from '@kippu/contract/console/orders-schemas';
import { consoleCall } from '../../shared/api/console-client.ts';
import { CONSOLE_ROUTES as R } from '../../shared/api/console-routes.ts';
import { isApiError } from '../../shared/api/is-api-error.ts';
import { useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';
import { Dialog } from '../../shared/ui/dialog.tsx';
import { localizedResolver } from '../../shared/ui/form-support.ts';
import { Field } from '../../shared/ui/ui.tsx';
import { OrderError } from './order-error.tsx';
import { orderKeys } from './order-queries.ts';

const FIELDS = ['fullname', 'email', 'phone'] as const;
type Values = Record<(typeof FIELDS)[number], string>;
/** The form checks what the API checks (lengths, storable text); the site's field rules stay the server's. */
const formSchema = updateOrderVisitorBodySchema.omit({ expected_updated_at: true });

/** The visitor's details as the order form stored them, and their edit (orders write, audited). */
export function VisitorPanel({
  site,
  order,
  canWrite,
}: {
  site: string;
  order: ConsoleOrder;
  canWrite: boolean;
}) {
  const { t, texts } = useConsoleI18n();
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  const label = { fullname: t('orders_fullname'), email: t('orders_email'), phone: t('orders_phone') };
  return (
    <section className="c-panel" aria-labelledby="c-orders-visitor">
      <div className="c-orders-panel-head">
        <h2 id="c-orders-visitor">{t('orders_visitor')}</h2>
        {/* Nothing left to edit once the personal data is erased (ADR 122). */}
        {canWrite && order.personal_data_erased_at === null ? (
          <button
            className="c-button c-button--small"
            type="button"
            onClick={() => {
              setSaved(false);
              setEditing(true);
            }}
          >
            {t('orders_edit_visitor')}
          </button>
        ) : null}
      </div>
      {saved ? (
        <p className="c-notice c-notice--ok" role="status">
          {t('orders_visitor_saved')}
        </p>
      ) : null}
      <dl className="c-facts">
        {FIELDS.map((field) => (
          <Fragment key={field}>
            <dt>{label[field]}</dt>
            <dd className="c-break">{order.visitor[field] ?? '—'}</dd>
          </Fragment>
        ))}
        {order.customer_info
          .filter((entry) => !(FIELDS as readonly string[]).includes(entry.key))
          .map((entry) => (
            <Fragment key={entry.key}>
              <dt>{texts[`orders_field_${entry.key}`] ?? entry.key}</dt>
              <dd className="c-break">{entry.value}</dd>
            </Fragment>
          ))}
      </dl>
      {editing ? (
        <VisitorDialog
          site={site}
          order={order}
          labels={label}
          onClose={() => setEditing(false)}
          onSaved={() => {
            setEditing(false);
            setSaved(true);
          }}
        />
      ) : null}
    </section>
  );
}

function VisitorDialog({
  site,
  order,
  labels,
  onClose,
  onSaved,
}: {
  site: string;
  order: ConsoleOrder;
  labels: Record<keyof Values, string>;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useConsoleI18n();
  const client = useQueryClient();
  const initial: Values = {
    fullname: order.visitor.fullname ?? '',
    email: order.visitor.email ?? '',
    phone: order.visitor.phone ?? '',
  };
  const form = useForm<Values>({
    defaultValues: initial,
    resolver: localizedResolver<Values>(formSchema, () => t('orders_invalid_field')),
  });
  const save = useMutation({
    mutationFn: (values: Values) => {
      // Only what staff changed: a field the form never had stays as it is.
      const body: UpdateOrderVisitorBody = { expected_updated_at: order.updated_at };
      for (const field of FIELDS) if (values[field] !== initial[field]) body[field] = values[field];
      return consoleCall(R.consoleUpdateOrderVisitor, { params: { site, id: String(order.id) }, body });
    },
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: orderKeys.all(site) });
      onSaved();
    },
  });
  const errors = form.formState.errors;
  return (
    <Dialog title={t('orders_edit_visitor')} onClose={onClose}>
      <form noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))}>
        <Field
          label={labels.fullname}
          autoComplete="off"
          maxLength={100}
          error={errors.fullname?.message}
          {...form.register('fullname')}
        />
        <Field
          label={labels.email}
          type="email"
          autoComplete="off"
          maxLength={319}
          error={
            errors.email?.message ??
            (isApiError(save.error, 'invalid_email') ? t('orders_error_invalid_email') : undefined)
          }
          {...form.register('email')}
        />
        <Field
          label={labels.phone}
          type="tel"
          autoComplete="off"
          maxLength={30}
          error={errors.phone?.message}
          {...form.register('phone')}
        />
        <OrderError error={save.error} />
        {isApiError(save.error, 'console_edit_conflict') ? (
          <button
            className="c-button"
            type="button"
            onClick={() =>
              void client.invalidateQueries({ queryKey: orderKeys.one(site, order.id) }).then(onClose)
            }
          >
            {t('orders_reload')}
          </button>
        ) : null}
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
