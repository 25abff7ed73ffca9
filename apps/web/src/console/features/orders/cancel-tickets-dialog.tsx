import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ConsoleOrder } from '@kippu/contract/console/orders-schemas';
import type { RefundSummaryAnswer } from '@kippu/contract/console/refunds-schemas';
import { PAYMENT_METHOD_KINDS } from '@kippu/contract/enums';
import { consoleCall } from '../../shared/api/console-client.ts';
import { CONSOLE_ROUTES as R } from '../../shared/api/console-routes.ts';
import { useFormat } from '../../shared/format/use-format.ts';
import { useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';
import { hrefOf } from '../../shared/routing/console-paths.ts';
import { Dialog } from '../../shared/ui/dialog.tsx';
import { textIn } from '../../shared/ui/form-support.ts';
import { Field, Loading } from '../../shared/ui/ui.tsx';
import { OrderError } from './order-error.tsx';
import { orderKeys } from './order-queries.ts';
import { CANCEL_REASONS, useOrderWords } from './order-words.tsx';

type Money = 'refund' | 'none';

/** One key per dialog: a double click or a retry after a lost answer is the same refund (ADR 076). */
function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** Whether a method gives money back by itself; cash and a card terminal are refunded by hand. */
const isCounterMethod = (method: string) => {
  const kind = (PAYMENT_METHOD_KINDS as Record<string, string>)[method];
  return kind === 'cash' || kind === 'terminal';
};

/**
 * Cancelling tickets of a reserved order: with money back (refunds write, the password again; each
 * ticket's amount from the server's preview, the total, the method it goes back through, and whether it
 * waits for a second staff member) or without (orders write). The answer says what happened.
 */
export function CancelTicketsDialog({
  site,
  order,
  tickets,
  canRefund,
  canCancelWithout,
  onClose,
}: {
  site: string;
  order: ConsoleOrder;
  tickets: number[] | 'all';
  canRefund: boolean;
  canCancelWithout: boolean;
  onClose: () => void;
}) {
  const { t, lang } = useConsoleI18n();
  const f = useFormat();
  const words = useOrderWords();
  const client = useQueryClient();
  const [key] = useState(newIdempotencyKey);
  const [money, setMoney] = useState<Money>(canRefund ? 'refund' : 'none');
  const [reason, setReason] = useState<string>(CANCEL_REASONS[0]);
  const [other, setOther] = useState('');
  const preview = useQuery({
    queryKey: orderKeys.refundPreview(site, order.id),
    queryFn: () => consoleCall(R.consoleRefundPreview, { params: { site, id: String(order.id) } }),
    enabled: canRefund,
  });
  const cancel = useMutation({
    mutationFn: (body: { money: Money; reason: string }) =>
      consoleCall(body.money === 'refund' ? R.consoleRefundTickets : R.consoleCancelTicketsWithoutRefund, {
        params: { site, id: String(order.id) },
        body: { ticket_ids: tickets, reason: body.reason, idempotency_key: key },
      }),
    onSettled: () => client.invalidateQueries({ queryKey: orderKeys.all(site) }),
  });

  const typeOf = new Map(order.tickets.map((ticket) => [ticket.id, textIn(ticket.ticket_type_names, lang)]));
  const chosen = (preview.data?.tickets ?? []).filter(
    (ticket) => ticket.refundable && (tickets === 'all' || tickets.includes(ticket.id)),
  );
  const total = chosen.reduce((sum, ticket) => sum + ticket.amount, 0);
  const limit = preview.data?.approval_limit_yen ?? null;
  const needsApproval = money === 'refund' && limit !== null && total > limit;
  // Newest first, as the refund gives back (a change of date's top-up before the purchase, ADR 076).
  const paidWith = order.payments
    .filter((payment) => payment.status === 'confirmed' && payment.amount > 0)
    .sort((a, b) => b.id - a.id);
  const reasonText = reason === 'other' ? other.trim() : reason;
  const count =
    tickets === 'all' ? order.tickets.filter((ticket) => ticket.status === 'valid').length : tickets.length;

  if (cancel.isSuccess) {
    return (
      <Dialog title={t('orders_cancel_title')} onClose={onClose}>
        <CancelOutcome site={site} answer={cancel.data} />
        <div className="c-actions">
          <button className="c-button c-button--primary" type="button" onClick={onClose}>
            {t('orders_close')}
          </button>
        </div>
      </Dialog>
    );
  }

  return (
    <Dialog title={t('orders_cancel_title')} onClose={onClose}>
      <form
        className="c-orders-wide"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (reasonText) cancel.mutate({ money, reason: reasonText });
        }}
      >
        <p>{tickets === 'all' ? t('orders_cancel_all_text') : t('orders_cancel_some_text', { count })}</p>
        <fieldset className="c-orders-choice">
          <legend>{t('orders_cancel_money')}</legend>
          {canRefund ? (
            <label>
              <input
                type="radio"
                name="c-orders-money"
                checked={money === 'refund'}
                onChange={() => setMoney('refund')}
              />
              <span>{t('orders_cancel_with_refund')}</span>
            </label>
          ) : null}
          {canCancelWithout ? (
            <label>
              <input
                type="radio"
                name="c-orders-money"
                checked={money === 'none'}
                onChange={() => setMoney('none')}
              />
              <span>{t('orders_cancel_without_refund')}</span>
            </label>
          ) : null}
        </fieldset>
        {money === 'refund' ? (
          <>
            {preview.isPending ? <Loading /> : null}
            <OrderError error={preview.error} />
            {preview.data ? (
              <table className="c-orders-amounts">
                <caption className="c-label">{t('orders_refund_amounts')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('orders_ticket_number')}</th>
                    <th scope="col">{t('orders_ticket_type')}</th>
                    <th scope="col" className="c-num">
                      {t('orders_ticket_price')}
                    </th>
                    <th scope="col" className="c-num">
                      {t('orders_discount')}
                    </th>
                    <th scope="col" className="c-num">
                      {t('orders_refund_amount')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {chosen.map((ticket) => (
                    <tr key={ticket.id}>
                      <td>{f.count(ticket.sequence)}</td>
                      <td>{typeOf.get(ticket.id) ?? ''}</td>
                      <td className="c-num">{f.yen(ticket.price)}</td>
                      <td className="c-num">
                        {/* A share taken off shows as minus; none as zero (never "-¥0"). */}
                        {ticket.discount_share === 0 ? f.yen(0) : f.yen(-ticket.discount_share)}
                      </td>
                      <td className="c-num">{f.yen(ticket.amount)}</td>
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  <tr>
                    <th scope="row" colSpan={4}>
                      {t('orders_refund_total')}
                    </th>
                    <td className="c-num">{f.yen(total)}</td>
                  </tr>
                </tfoot>
              </table>
            ) : null}
            {preview.data && chosen.length === 0 ? (
              <p className="c-notice c-notice--error" role="alert">
                {t('orders_nothing_to_refund')}
              </p>
            ) : null}
            {preview.data && total > 0 ? (
              <div className="c-field">
                <span className="c-label">{t('orders_refund_through')}</span>
                <ul className="c-orders-through">
                  {paidWith.map((payment) => (
                    <li key={payment.id}>
                      {isCounterMethod(payment.method)
                        ? t('orders_refund_through_manual', { method: words.method(payment.method) })
                        : t('orders_refund_through_method', { method: words.method(payment.method) })}
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
            {needsApproval ? (
              <p className="c-notice" role="status">
                {t('orders_refund_needs_approval', { limit: f.yen(limit ?? 0) })}
              </p>
            ) : null}
            {preview.data ? <p className="c-field__hint">{t('orders_refund_password')}</p> : null}
          </>
        ) : (
          <p className="c-field__hint">{t('orders_cancel_without_text')}</p>
        )}
        <div className="c-field">
          <label htmlFor="c-orders-reason">{t('orders_reason')}</label>
          <select
            id="c-orders-reason"
            className="c-select"
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          >
            {CANCEL_REASONS.map((each) => (
              <option key={each} value={each}>
                {words.reason(each)}
              </option>
            ))}
          </select>
        </div>
        {reason === 'other' ? (
          <Field
            label={t('orders_reason_typed')}
            value={other}
            maxLength={500}
            required
            onChange={(event) => setOther(event.target.value)}
          />
        ) : null}
        <OrderError error={cancel.error} />
        <div className="c-actions">
          <button
            className="c-button c-button--primary"
            type="submit"
            disabled={
              cancel.isPending ||
              !reasonText ||
              (money === 'refund' && (!preview.data || chosen.length === 0))
            }
          >
            {money === 'refund'
              ? t('orders_refund_submit', { amount: f.yen(total) })
              : t('orders_cancel_submit', { count })}
          </button>
          <button className="c-button" type="button" onClick={onClose}>
            {t('cancel')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/** What the server did: refunded, sent, by hand, failed, waiting for approval, or cancelled without money. */
function CancelOutcome({ site, answer }: { site: string; answer: RefundSummaryAnswer }) {
  const { t } = useConsoleI18n();
  const f = useFormat();
  const amount = f.yen(answer.amount);
  const count = answer.ticket_ids.length;
  const text: Record<RefundSummaryAnswer['status'], string> = {
    succeeded: t('orders_outcome_succeeded', { amount, count }),
    requested: t('orders_outcome_requested', { amount, count }),
    manual: t('orders_outcome_manual', { amount, count }),
    failed: t('orders_outcome_failed', { amount, count }),
    awaiting_approval: t('orders_outcome_awaiting_approval', { amount }),
    none: t('orders_outcome_none', { count }),
    rejected: t('orders_outcome_rejected'),
  };
  const bad = answer.status === 'failed' || answer.status === 'rejected';
  return (
    <div role="status">
      <p className={`c-notice ${bad ? 'c-notice--error' : 'c-notice--ok'}`}>{text[answer.status]}</p>
      {answer.status === 'awaiting_approval' ? (
        <p>
          <a href={hrefOf('refundApprovals', { site })}>{t('orders_outcome_approvals_link')}</a>
        </p>
      ) : null}
      {answer.return_note_number ? (
        <p>{t('orders_return_note_number', { number: answer.return_note_number })}</p>
      ) : null}
    </div>
  );
}
