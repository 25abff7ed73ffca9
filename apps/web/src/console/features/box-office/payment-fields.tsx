import type { BoxOfficeProducts } from '@kippu/contract/console/box-office-schemas';
import { useFormat } from '../../shared/format/use-format.ts';
import { useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';
import { Field } from '../../shared/ui/ui.tsx';

export type Method = BoxOfficeProducts['payment_methods'][number];

/** The methods a total allows: free only for nothing to pay, and then nothing else (the server's rule). */
export function methodsFor(listed: readonly Method[], total: number): Method[] {
  return listed.filter((method) => (total === 0 ? method === 'free' : method !== 'free'));
}

/** Yen typed at the counter: digits only (a comma or a space from a habit is ignored), else null. */
export function yenOf(text: string): number | null {
  const digits = text.replace(/[,\s¥￥]/g, '');
  return /^\d{1,9}$/.test(digits) ? Number(digits) : null;
}

/** Notes a visitor is likely to hand over for a total: the exact amount, then the next 1 000, 5 000, 10 000. */
function likelyNotes(total: number): number[] {
  const up = (unit: number) => Math.ceil(total / unit) * unit;
  return [...new Set([total, up(1_000), up(5_000), up(10_000)])].filter((each) => each >= total);
}

/**
 * How the visitor pays: the method, then cash received with the change shown large (short cash said and the
 * sale held back), the card terminal's approval number, or nothing for a free sale.
 */
export function PaymentFields({
  methods,
  method,
  onMethod,
  total,
  received,
  onReceived,
  approval,
  onApproval,
}: {
  methods: readonly Method[];
  method: Method | undefined;
  onMethod: (method: Method) => void;
  total: number;
  received: string;
  onReceived: (text: string) => void;
  approval: string;
  onApproval: (text: string) => void;
}) {
  const { t } = useConsoleI18n();
  const f = useFormat();
  const cash = yenOf(received);
  return (
    <fieldset className="c-bo-fieldset">
      <legend>{t('box_office_payment')}</legend>
      {methods.length === 0 ? <p className="c-field__hint">{t('box_office_no_methods')}</p> : null}
      <div className="c-bo-methods">
        {methods.map((each) => (
          <label key={each} className={`c-bo-method${method === each ? ' c-bo-method--chosen' : ''}`}>
            <input
              type="radio"
              name="c-bo-method"
              checked={method === each}
              onChange={() => onMethod(each)}
            />
            {t(`box_office_method_${each}`)}
          </label>
        ))}
      </div>
      {method === 'cash' ? (
        <div className="c-bo-cash">
          <Field
            label={t('box_office_received')}
            inputMode="numeric"
            autoComplete="off"
            value={received}
            onChange={(event) => onReceived(event.target.value)}
          />
          <p className="c-actions">
            {likelyNotes(total).map((amount) => (
              <button
                key={amount}
                type="button"
                className="c-button c-button--small"
                onClick={() => onReceived(String(amount))}
              >
                {amount === total ? t('box_office_exact', { amount: f.yen(amount) }) : f.yen(amount)}
              </button>
            ))}
          </p>
          <div className="c-bo-change" role="status">
            {cash === null ? null : cash < total ? (
              <span className="c-status--bad">{t('box_office_short', { amount: f.yen(total - cash) })}</span>
            ) : (
              <>
                <span className="c-bo-change__label">{t('box_office_change')}</span>
                <span className="c-bo-change__amount">{f.yen(cash - total)}</span>
              </>
            )}
          </div>
        </div>
      ) : null}
      {method === 'card_terminal' ? (
        <Field
          label={t('box_office_approval')}
          hint={t('box_office_approval_hint')}
          autoComplete="off"
          maxLength={32}
          value={approval}
          onChange={(event) => onApproval(event.target.value)}
        />
      ) : null}
      {method === 'free' ? <p className="c-field__hint">{t('box_office_free_text')}</p> : null}
    </fieldset>
  );
}
