import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ConsoleOrder, ErasePersonalDataResponse } from '@kippu/contract/console/orders-schemas';
import { consoleCall } from '../../shared/api/console-client.ts';
import { CONSOLE_ROUTES as R } from '../../shared/api/console-routes.ts';
import { useFormat } from '../../shared/format/use-format.ts';
import { useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';
import { IrreversibleDialog } from '../../shared/ui/irreversible-dialog.tsx';
import { OrderError } from './order-error.tsx';
import { orderKeys } from './order-queries.ts';

type Erasure = ErasePersonalDataResponse['erasure'];

/**
 * The visitor's personal data on the purchase (ADR 122): when it was erased, or its erasure (orders write,
 * the password again, audited). Readers see only that it was erased.
 */
export function PersonalDataPanel({
  site,
  order,
  canWrite,
}: {
  site: string;
  order: ConsoleOrder;
  canWrite: boolean;
}) {
  const { t } = useConsoleI18n();
  const f = useFormat();
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState<Erasure | null>(null);
  const erasedAt = order.personal_data_erased_at ?? done?.erased_at ?? null;
  if (erasedAt === null && !canWrite) return null;
  return (
    <section className="c-panel" aria-labelledby="c-orders-personal-data">
      <div className="c-orders-panel-head">
        <h2 id="c-orders-personal-data">{t('orders_personal_data')}</h2>
        {erasedAt === null ? (
          <button
            className="c-button c-button--small c-button--danger"
            type="button"
            onClick={() => setOpen(true)}
          >
            {t('orders_erase_open')}
          </button>
        ) : null}
      </div>
      {done ? (
        <p className="c-notice c-notice--ok" role="status">
          {t('orders_erase_done', {
            orders: f.count(done.orders),
            reservations: f.count(done.reservations),
            mails: f.count(done.mails),
          })}
        </p>
      ) : null}
      {erasedAt === null ? (
        <p className="c-field__hint">{t('orders_erase_text')}</p>
      ) : (
        <p>{t('orders_erased_on', { date: f.dateTime(erasedAt) })}</p>
      )}
      {open && erasedAt === null ? (
        <EraseDialog
          site={site}
          order={order}
          onClose={() => setOpen(false)}
          onErased={(erasure) => {
            setOpen(false);
            setDone(erasure);
          }}
        />
      ) : null}
    </section>
  );
}

function EraseDialog({
  site,
  order,
  onClose,
  onErased,
}: {
  site: string;
  order: ConsoleOrder;
  onClose: () => void;
  onErased: (erasure: Erasure) => void;
}) {
  const { t } = useConsoleI18n();
  const client = useQueryClient();
  const erase = useMutation({
    mutationFn: () => consoleCall(R.consoleErasePersonalData, { params: { site, id: String(order.id) } }),
    onSuccess: async (answer) => {
      // The search's rows name the visitor too: everything of the site is read again.
      await client.invalidateQueries({ queryKey: orderKeys.all(site) });
      onErased(answer.erasure);
    },
  });
  return (
    <IrreversibleDialog
      className="c-orders-wide"
      title={t('orders_erase_title')}
      intro={t('orders_erase_intro')}
      warning={t('orders_erase_warning')}
      passwordHint={t('orders_refund_password')}
      understood={t('orders_erase_understood')}
      submit={t('orders_erase_submit')}
      error={<OrderError error={erase.error} />}
      pending={erase.isPending}
      onConfirm={() => erase.mutate()}
      onClose={onClose}
    >
      <h3>{t('orders_erase_erased')}</h3>
      <ul className="c-orders-through">
        <li>{t('orders_erase_item_order')}</li>
        <li>{t('orders_erase_item_reservation')}</li>
        <li>{t('orders_erase_item_mails')}</li>
        <li>{t('orders_erase_item_partner')}</li>
        <li>{t('orders_erase_item_magazine')}</li>
        <li>{t('orders_erase_item_audit')}</li>
      </ul>
      <h3>{t('orders_erase_kept')}</h3>
      <ul className="c-orders-through">
        <li>{t('orders_erase_kept_tickets')}</li>
        <li>{t('orders_erase_kept_money')}</li>
        <li>{t('orders_erase_kept_receipts')}</li>
      </ul>
    </IrreversibleDialog>
  );
}
