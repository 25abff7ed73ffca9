import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ConsoleOrder, CounterMethod, DateChangeTopUp } from '@kippu/contract/console/orders-schemas';
import { consoleCall } from '../../shared/api/console-client.ts';
import { CONSOLE_ROUTES as R } from '../../shared/api/console-routes.ts';
import { useFormat } from '../../shared/format/use-format.ts';
import { useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';
import { hrefOf } from '../../shared/routing/console-paths.ts';
import { navigate } from '../../shared/routing/use-hash.ts';
import { Dialog } from '../../shared/ui/dialog.tsx';
import { Field, Loading } from '../../shared/ui/ui.tsx';
import { OrderError } from './order-error.tsx';
import { orderKeys } from './order-queries.ts';
import { useOrderWords } from './order-words.tsx';

/** The Tokyo calendar day of an instant (`2026-11-28`), for the day picker's first value. */
const tokyoDay = (iso: string) => new Date(Date.parse(iso) + 9 * 3_600_000).toISOString().slice(0, 10);

/**
 * Changing the date on the visitor's behalf (the self-service change's rules, ADR 029/078): a day, its slots
 * with room and the price difference; when the new slot costs more, staff collect the top-up at the counter
 * or waive it with a reason (audited with their name). A cheaper slot refunds nothing, as for the visitor.
 */
export function DateChangeDialog({
  site,
  order,
  onClose,
}: {
  site: string;
  order: ConsoleOrder;
  onClose: () => void;
}) {
  const { t, lang } = useConsoleI18n();
  const f = useFormat();
  const words = useOrderWords();
  const client = useQueryClient();
  const [day, setDay] = useState(tokyoDay(order.starts_at));
  const [slotId, setSlotId] = useState<number | null>(null);
  const [topUp, setTopUp] = useState<'collect' | 'waive'>('collect');
  const [method, setMethod] = useState<CounterMethod | ''>('');
  const [approval, setApproval] = useState('');
  const [reason, setReason] = useState('');
  const options = useQuery({
    queryKey: orderKeys.dateOptions(site, order.id, `${day}:${lang}`),
    queryFn: () =>
      consoleCall(R.consoleOrderDateOptions, {
        params: { site, id: String(order.id) },
        query: { date: day || undefined, lang } as never,
      }),
    placeholderData: keepPreviousData,
  });
  const change = useMutation({
    mutationFn: (top_up: DateChangeTopUp) =>
      consoleCall(R.consoleChangeOrderDate, {
        params: { site, id: String(order.id) },
        body: { time_span_id: slotId!, top_up },
      }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: orderKeys.all(site) });
    },
  });
  const data = options.data;
  const slot = data?.slots.find((each) => each.time_span_id === slotId);
  const owed = slot ? Math.max(0, slot.price_difference) : 0;
  const methods = data?.collect_methods ?? [];
  const mode = methods.length === 0 ? 'waive' : topUp;
  const topUpOf = (): DateChangeTopUp | null => {
    if (owed === 0) return { kind: 'none' };
    if (mode === 'waive') return reason.trim() ? { kind: 'waive', reason: reason.trim() } : null;
    if (!method) return null;
    return method === 'card_terminal' && approval.trim()
      ? { kind: 'collect', method, terminal_approval: approval.trim() }
      : { kind: 'collect', method };
  };
  const ready = slot !== undefined && topUpOf() !== null && !change.isPending;

  if (change.isSuccess) {
    const done = change.data;
    return (
      <Dialog title={t('orders_change_date_title')} onClose={onClose}>
        <p className="c-notice c-notice--ok" role="status">
          {t('orders_date_changed', { when: f.dateTime(done.starts_at) })}
          {done.collected > 0 ? ` ${t('orders_date_collected', { amount: f.yen(done.collected) })}` : ''}
          {done.waived > 0 ? ` ${t('orders_date_waived', { amount: f.yen(done.waived) })}` : ''}
        </p>
        <div className="c-actions">
          <button
            className="c-button c-button--primary"
            type="button"
            onClick={() => {
              onClose();
              navigate(hrefOf('order', { site, orderId: String(done.order_id) }));
            }}
          >
            {t('orders_open_new_order')}
          </button>
        </div>
      </Dialog>
    );
  }

  return (
    <Dialog title={t('orders_change_date_title')} onClose={onClose}>
      <form
        className="c-orders-wide"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const top = topUpOf();
          if (slot && top) change.mutate(top);
        }}
      >
        {data ? (
          <p>
            {t('orders_date_current', {
              product: data.current.product_name,
              when: f.dateTime(data.current.starts_at),
              price: f.yen(data.current.price),
            })}
          </p>
        ) : null}
        <Field
          label={t('orders_date_day')}
          type="date"
          value={day}
          onChange={(event) => {
            setDay(event.target.value);
            setSlotId(null);
          }}
        />
        {options.isPending ? <Loading /> : null}
        <OrderError error={options.error} />
        {data && !data.changeable ? (
          <p className="c-notice c-notice--error" role="alert">
            {t('orders_date_not_changeable', { until: f.dateTime(data.change_until) })}
          </p>
        ) : null}
        {data?.pending_change ? (
          <p className="c-notice c-notice--error" role="alert">
            {t('orders_date_pending_change')}
          </p>
        ) : null}
        {data && data.changeable && !data.pending_change ? (
          <fieldset className="c-orders-choice">
            <legend>{t('orders_date_slots')}</legend>
            {data.slots.length === 0 ? <p className="c-field__hint">{t('orders_date_no_slots')}</p> : null}
            {data.slots.map((each) => (
              <label key={each.time_span_id}>
                <input
                  type="radio"
                  name="c-orders-slot"
                  value={each.time_span_id}
                  checked={slotId === each.time_span_id}
                  disabled={each.remaining < order.quantity}
                  onChange={() => setSlotId(each.time_span_id)}
                />
                <span>
                  {each.product_name} · {f.dateTime(each.starts_at)}–{f.time(each.ends_at)} ·{' '}
                  {t('orders_date_remaining', { count: f.count(each.remaining) })} · {f.yen(each.price)}
                  {each.price_difference > 0
                    ? ` (${t('orders_date_more', { amount: f.yen(each.price_difference) })})`
                    : ''}
                </span>
              </label>
            ))}
          </fieldset>
        ) : null}
        {slot && owed > 0 ? (
          <fieldset className="c-orders-choice">
            <legend>{t('orders_top_up', { amount: f.yen(owed) })}</legend>
            {methods.length > 0 ? (
              <label>
                <input
                  type="radio"
                  name="c-orders-top-up"
                  checked={mode === 'collect'}
                  onChange={() => setTopUp('collect')}
                />
                <span>{t('orders_top_up_collect')}</span>
              </label>
            ) : (
              <p className="c-field__hint">{t('orders_top_up_no_counter')}</p>
            )}
            <label>
              <input
                type="radio"
                name="c-orders-top-up"
                checked={mode === 'waive'}
                onChange={() => setTopUp('waive')}
              />
              <span>{t('orders_top_up_waive')}</span>
            </label>
          </fieldset>
        ) : null}
        {slot && owed > 0 && mode === 'collect' ? (
          <>
            <div className="c-field">
              <label htmlFor="c-orders-counter-method">{t('orders_counter_method')}</label>
              <select
                id="c-orders-counter-method"
                className="c-select"
                value={method}
                onChange={(event) => setMethod(event.target.value as CounterMethod | '')}
              >
                <option value="">{t('orders_choose_method')}</option>
                {methods.map((each) => (
                  <option key={each} value={each}>
                    {words.method(each)}
                  </option>
                ))}
              </select>
            </div>
            {method === 'card_terminal' ? (
              <Field
                label={t('orders_terminal_approval')}
                value={approval}
                maxLength={64}
                autoComplete="off"
                onChange={(event) => setApproval(event.target.value)}
              />
            ) : null}
          </>
        ) : null}
        {slot && owed > 0 && mode === 'waive' ? (
          <Field
            label={t('orders_waive_reason')}
            hint={t('orders_waive_reason_hint')}
            value={reason}
            maxLength={500}
            required
            onChange={(event) => setReason(event.target.value)}
          />
        ) : null}
        <OrderError error={change.error} />
        <div className="c-actions">
          <button className="c-button c-button--primary" type="submit" disabled={!ready}>
            {t('orders_change_date_submit')}
          </button>
          <button className="c-button" type="button" onClick={onClose}>
            {t('cancel')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
