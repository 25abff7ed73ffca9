import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ConsoleOrder } from '@kippu/contract/console/orders-schemas';
import { consoleCall } from '../../shared/api/console-client.ts';
import { CONSOLE_ROUTES as R } from '../../shared/api/console-routes.ts';
import { useFormat } from '../../shared/format/use-format.ts';
import { useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';
import { Dialog } from '../../shared/ui/dialog.tsx';
import { DataTable, ErrorNotice, Field } from '../../shared/ui/ui.tsx';
import { orderKeys } from './order-queries.ts';
import { useOrderWords } from './order-words.tsx';
import { ReturnNoteDialog } from './return-note-dialog.tsx';

/** A refund row as the screen shows it: the order's own answer, with the refunds area's details when readable. */
interface RefundRow {
  id: number;
  amount: number;
  status: string;
  reason: string | null;
  requested_by: string | null;
  created_at: string;
  completed_at: string | null;
  return_note_number: string | null;
  failure_code: string | null;
  manual_note: string | null;
}

/**
 * The order's refunds with their state. With refunds read, the refunds area's preview adds who asked, the
 * return note's number and a failure's code; a failed refund can be recorded as refunded by hand (refunds
 * write, the password again) once staff gave the money back another way.
 */
export function RefundsTable({
  site,
  order,
  canReadRefunds,
  canWriteRefunds,
}: {
  site: string;
  order: ConsoleOrder;
  canReadRefunds: boolean;
  canWriteRefunds: boolean;
}) {
  const { t } = useConsoleI18n();
  const f = useFormat();
  const words = useOrderWords();
  const [manual, setManual] = useState<RefundRow | null>(null);
  const [note, setNote] = useState<RefundRow | null>(null);
  const details = useQuery({
    queryKey: orderKeys.refundPreview(site, order.id),
    queryFn: () => consoleCall(R.consoleRefundPreview, { params: { site, id: String(order.id) } }),
    enabled: canReadRefunds && order.refunds.length > 0,
  });
  const more = new Map((details.data?.refunds ?? []).map((refund) => [refund.id, refund]));
  const rows: RefundRow[] = order.refunds.map((refund) => {
    const detail = more.get(refund.id);
    return {
      ...refund,
      requested_by: detail?.requested_by ?? null,
      return_note_number: detail?.return_note_number ?? null,
      failure_code: detail?.failure_code ?? null,
      manual_note: detail?.manual_note ?? null,
    };
  });
  return (
    <>
      <DataTable
        caption={t('orders_refunds')}
        rows={rows}
        rowKey={(refund) => refund.id}
        empty={t('orders_no_refunds')}
        columns={[
          {
            key: 'amount',
            header: t('orders_amount'),
            numeric: true,
            cell: (refund) => f.yen(refund.amount),
          },
          {
            key: 'status',
            header: t('state'),
            cell: (refund) => (
              <>
                <span className={refund.status === 'failed' ? 'c-status--bad' : undefined}>
                  {words.refund(refund.status)}
                </span>
                {refund.failure_code ? <div className="c-muted">{refund.failure_code}</div> : null}
                {refund.manual_note ? <div className="c-muted">{refund.manual_note}</div> : null}
              </>
            ),
          },
          {
            key: 'reason',
            header: t('orders_reason'),
            cell: (refund) => (
              <>
                {refund.reason ? words.reason(refund.reason) : ''}
                {refund.requested_by ? <div className="c-muted">{refund.requested_by}</div> : null}
              </>
            ),
          },
          { key: 'asked', header: t('orders_refund_asked'), cell: (refund) => f.dateTime(refund.created_at) },
          { key: 'done', header: t('orders_refund_done'), cell: (refund) => f.dateTime(refund.completed_at) },
          {
            key: 'note',
            header: t('orders_return_note'),
            // The number opens the note itself (consoleReturnNote), as the visitor has it.
            cell: (refund) =>
              refund.return_note_number ? (
                <button className="c-link" type="button" onClick={() => setNote(refund)}>
                  {refund.return_note_number}
                </button>
              ) : (
                ''
              ),
          },
          ...(canWriteRefunds
            ? [
                {
                  key: 'actions',
                  header: t('actions'),
                  cell: (refund: RefundRow) =>
                    refund.status === 'failed' ? (
                      <button
                        className="c-button c-button--small"
                        type="button"
                        onClick={() => setManual(refund)}
                      >
                        {t('orders_record_manual')}
                      </button>
                    ) : null,
                },
              ]
            : []),
        ]}
      />
      {manual ? <ManualRefundDialog site={site} refund={manual} onClose={() => setManual(null)} /> : null}
      {note?.return_note_number ? (
        <ReturnNoteDialog
          site={site}
          refundId={note.id}
          number={note.return_note_number}
          onClose={() => setNote(null)}
        />
      ) : null}
    </>
  );
}

function ManualRefundDialog({
  site,
  refund,
  onClose,
}: {
  site: string;
  refund: RefundRow;
  onClose: () => void;
}) {
  const { t } = useConsoleI18n();
  const f = useFormat();
  const client = useQueryClient();
  const [note, setNote] = useState('');
  const record = useMutation({
    mutationFn: () =>
      consoleCall(R.consoleRecordManualRefund, {
        params: { site, id: String(refund.id) },
        body: { note: note.trim() },
      }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: orderKeys.all(site) });
      onClose();
    },
  });
  return (
    <Dialog title={t('orders_record_manual_title')} onClose={onClose}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (note.trim()) record.mutate();
        }}
      >
        <p>{t('orders_record_manual_text', { amount: f.yen(refund.amount) })}</p>
        <Field
          label={t('orders_record_manual_note')}
          hint={t('orders_record_manual_hint')}
          value={note}
          maxLength={500}
          required
          onChange={(event) => setNote(event.target.value)}
        />
        <ErrorNotice error={record.error} />
        <div className="c-actions">
          <button
            className="c-button c-button--primary"
            type="submit"
            disabled={!note.trim() || record.isPending}
          >
            {t('orders_record_manual_submit')}
          </button>
          <button className="c-button" type="button" onClick={onClose}>
            {t('cancel')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
