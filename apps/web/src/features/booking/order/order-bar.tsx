import { useTranslation } from 'react-i18next';

/**
 * The running total and the button to the next step, kept at the bottom of the screen while the
 * form scrolls. While the selection is incomplete the button is disabled and the hint says what is
 * missing (a polite live region, so the change is heard); so is a notice of a choice the form corrected.
 */
export function OrderBar({
  total,
  count,
  hint,
  notice = null,
  saving,
  onContinue,
}: {
  total: string;
  count: number;
  hint: string | null;
  /** Why the form changed the visitor's choice (the quantity cut to what is left), heard politely. */
  notice?: string | null;
  saving: boolean;
  onContinue: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="order-bar">
      <div className="order-bar__inner">
        <p className="order-bar__total">
          <span className="order-bar__label">{t('order_total')}</span>
          <span className="order-bar__amount" aria-live="polite" aria-atomic="true">
            {total}
            {count > 0 ? (
              <span className="order-bar__count">{t('order_ticket_count', { count })}</span>
            ) : null}
          </span>
        </p>
        <button
          type="button"
          className="button button--primary order-bar__button"
          disabled={!!hint || saving}
          aria-describedby="order-bar-hint"
          onClick={onContinue}
        >
          {t(saving ? 'order_saving' : 'order_continue')}
        </button>
      </div>
      <p className="order-bar__notice" role="status">
        {notice ?? ''}
      </p>
      <p id="order-bar-hint" className="order-bar__hint" aria-live="polite">
        {hint ?? ''}
      </p>
    </div>
  );
}
