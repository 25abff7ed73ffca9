import { useQuery } from '@tanstack/react-query';
import { consoleCall } from '../../shared/api/console-client.ts';
import { CONSOLE_ROUTES as R } from '../../shared/api/console-routes.ts';
import { useFormat } from '../../shared/format/use-format.ts';
import { useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';
import { Dialog } from '../../shared/ui/dialog.tsx';
import { DataTable, ErrorNotice } from '../../shared/ui/ui.tsx';

/**
 * A refund's return note as the visitor has it (consoleReturnNote, refunds read), in the staff member's
 * language: its number, each cancelled ticket and what it gave back, the total. Opened from the order's
 * refunds table, so staff answering a visitor see the note itself, not only its number.
 */
export function ReturnNoteDialog({
  site,
  refundId,
  number,
  onClose,
}: {
  site: string;
  refundId: number;
  number: string;
  onClose: () => void;
}) {
  const { t, lang } = useConsoleI18n();
  const f = useFormat();
  const note = useQuery({
    queryKey: ['console', site, 'refunds', refundId, 'return-note', lang],
    queryFn: () =>
      consoleCall(R.consoleReturnNote, { params: { site, id: String(refundId) }, query: { lang } as never }),
  });
  return (
    <Dialog title={`${t('orders_return_note')} ${number}`} onClose={onClose}>
      <ErrorNotice error={note.error} />
      {note.data ? (
        <DataTable
          caption={note.data.note_number}
          rows={note.data.items}
          rowKey={(item) => item.sequence}
          empty={t('orders_no_tickets')}
          columns={[
            { key: 'sequence', header: t('orders_ticket_number'), cell: (item) => item.sequence },
            { key: 'name', header: t('orders_ticket_type'), cell: (item) => item.name },
            {
              key: 'amount',
              header: t('orders_ticket_price'),
              numeric: true,
              cell: (item) => f.yen(item.amount),
            },
          ]}
        />
      ) : null}
      {note.data ? (
        <p>
          {t('orders_refund_total')}: <strong>{f.yen(note.data.amount)}</strong>
        </p>
      ) : null}
      <div className="c-actions">
        <button className="c-button c-button--primary" type="button" onClick={onClose}>
          {t('orders_close')}
        </button>
      </div>
    </Dialog>
  );
}
