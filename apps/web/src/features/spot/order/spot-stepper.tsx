import { useTranslation } from 'react-i18next';

/** The − count + control of one ticket type or add-on on the spot order screen. */
export function SpotStepper({
  name,
  count,
  canAdd,
  onStep,
}: {
  name: string;
  count: number;
  canAdd: boolean;
  onStep: (delta: -1 | 1) => void;
}) {
  const { t } = useTranslation();
  return (
    <span className="spot-stepper">
      <button
        type="button"
        className="spot-stepper__button"
        aria-label={t('order_remove_one', { name })}
        disabled={count === 0}
        onClick={() => onStep(-1)}
      >
        −
      </button>
      <output className="spot-stepper__count" aria-live="polite">
        {count}
      </output>
      <button
        type="button"
        className="spot-stepper__button"
        aria-label={t('order_add_one', { name })}
        disabled={!canAdd}
        onClick={() => onStep(1)}
      >
        +
      </button>
    </span>
  );
}
