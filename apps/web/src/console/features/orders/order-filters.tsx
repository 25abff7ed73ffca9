import { COUNTER_METHODS } from '@kippu/contract/console/orders-schemas';
import { ORDER_STATUSES, PAYMENT_METHODS, SALES_CHANNELS } from '@kippu/contract/enums';
import { useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';
import { useOrderWords } from './order-words.tsx';

/** The search's filters, by their names in the address (`#/sites/MORI/orders?status=reserved`) and the API. */
export const FILTER_NAMES = ['date', 'from', 'to', 'status', 'channel', 'payment_method'] as const;
export type OrderFilters = Record<(typeof FILTER_NAMES)[number], string>;

/** The web's methods and the counter's (cash, card terminal), once each. */
const METHODS = [...new Set<string>([...PAYMENT_METHODS, ...COUNTER_METHODS])];

/** The filters' fields: day of visit, days of purchase, status, channel, payment method. */
export function OrderFilterFields({
  draft,
  onChange,
}: {
  draft: OrderFilters;
  onChange: (next: OrderFilters) => void;
}) {
  const { t } = useConsoleI18n();
  const words = useOrderWords();
  const input = (name: 'date' | 'from' | 'to', label: string) => (
    <div className="c-field">
      <label htmlFor={`c-orders-${name}`}>{label}</label>
      <input
        id={`c-orders-${name}`}
        type="date"
        value={draft[name]}
        onChange={(event) => onChange({ ...draft, [name]: event.target.value })}
      />
    </div>
  );
  const select = (
    name: 'status' | 'channel' | 'payment_method',
    label: string,
    values: readonly string[],
    word: (value: string) => string,
  ) => (
    <div className="c-field">
      <label htmlFor={`c-orders-${name}`}>{label}</label>
      <select
        id={`c-orders-${name}`}
        className="c-select"
        value={draft[name]}
        onChange={(event) => onChange({ ...draft, [name]: event.target.value })}
      >
        <option value="">{t('orders_any')}</option>
        {values.map((value) => (
          <option key={value} value={value}>
            {word(value)}
          </option>
        ))}
      </select>
    </div>
  );
  return (
    <>
      {input('date', t('orders_visit_date'))}
      {input('from', t('orders_purchased_from'))}
      {input('to', t('orders_purchased_to'))}
      {select('status', t('orders_status'), ORDER_STATUSES, words.status)}
      {select('channel', t('orders_channel'), SALES_CHANNELS, words.channel)}
      {select('payment_method', t('orders_payment_method'), METHODS, words.method)}
    </>
  );
}
