import { useTranslation } from 'react-i18next';

/**
 * − count + for one ticket type or add-on. The buttons are named after what they change
 * ("Add one Adult"), the count is a polite live region so each press is heard. A button at its limit
 * is aria-disabled rather than disabled, so the keyboard focus stays on it.
 */
export function QuantityStepper({
  name,
  count,
  canAdd,
  onChange,
}: {
  name: string;
  count: number;
  canAdd: boolean;
  onChange: (count: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="stepper">
      <button
        type="button"
        className="stepper__button"
        aria-label={t('order_remove_one', { name })}
        aria-disabled={count === 0}
        onClick={() => count > 0 && onChange(count - 1)}
      >
        <span className="stepper__icon" aria-hidden="true" />
      </button>
      <output className="stepper__count" aria-live="polite">
        <span className="visually-hidden">{name} </span>
        {count}
      </output>
      <button
        type="button"
        className="stepper__button"
        aria-label={t('order_add_one', { name })}
        aria-disabled={!canAdd}
        onClick={() => canAdd && onChange(count + 1)}
      >
        <span className="stepper__icon stepper__icon--plus" aria-hidden="true" />
      </button>
    </div>
  );
}
