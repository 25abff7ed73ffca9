import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConsoleOrder } from '@kippu/contract/console/orders-schemas';
import { consoleCall } from '../../shared/api/console-client.ts';
import { CONSOLE_ROUTES as R } from '../../shared/api/console-routes.ts';
import { useFormat } from '../../shared/format/use-format.ts';
import { useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';
import { DataTable, ErrorNotice } from '../../shared/ui/ui.tsx';
import { orderKeys } from './order-queries.ts';
import { useOrderWords } from './order-words.tsx';

/** The mails sent about the order, and sending the purchase mail again (orders write, audited). */
export function MailsPanel({
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
  const words = useOrderWords();
  const client = useQueryClient();
  const resend = useMutation({
    mutationFn: () => consoleCall(R.consoleResendPurchaseMail, { params: { site, id: String(order.id) } }),
    onSuccess: () => client.invalidateQueries({ queryKey: orderKeys.one(site, order.id) }),
  });
  // The purchase mail exists once the order is paid (it names the reservation).
  const canResend = canWrite && order.reservation !== null;
  return (
    <section>
      {canResend ? (
        <div className="c-orders-table-actions">
          <button
            className="c-button c-button--small"
            type="button"
            disabled={resend.isPending}
            onClick={() => resend.mutate()}
          >
            {t('orders_resend')}
          </button>
        </div>
      ) : null}
      {resend.isSuccess ? (
        <p className="c-notice c-notice--ok" role="status">
          {t('orders_resent', { address: resend.data.mail.to_address })}
        </p>
      ) : null}
      <ErrorNotice error={resend.error} />
      <DataTable
        caption={t('orders_mails')}
        rows={order.mails}
        rowKey={(mail) => mail.id}
        empty={t('orders_no_mails')}
        columns={[
          { key: 'kind', header: t('orders_mail_kind'), cell: (mail) => words.mailKind(mail.kind) },
          {
            key: 'to',
            header: t('orders_mail_to'),
            breakAnywhere: true,
            // No address: erased at the visitor's request (ADR 122), or never given (a box-office sale).
            cell: (mail) =>
              mail.to_address || (order.personal_data_erased_at ? t('orders_mail_to_erased') : '—'),
          },
          {
            key: 'status',
            header: t('state'),
            cell: (mail) => (
              <span className={mail.status === 'failed' ? 'c-status--bad' : undefined}>
                {words.mail(mail.status)}
                {mail.last_error ? <div className="c-muted">{mail.last_error}</div> : null}
              </span>
            ),
          },
          { key: 'queued', header: t('orders_mail_queued'), cell: (mail) => f.dateTime(mail.created_at) },
          { key: 'sent', header: t('orders_mail_sent'), cell: (mail) => f.dateTime(mail.sent_at) },
        ]}
      />
    </section>
  );
}
