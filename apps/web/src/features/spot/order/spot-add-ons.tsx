import { useTranslation } from 'react-i18next';
import type { SetProduct } from '@kippu/contract/endpoints/catalogue-set-products';
import { useFormatters } from '../../../shared/format/use-formatters.ts';
import { useCoreStore } from '../../../shared/stores/core-store.ts';
import { SpotPanel } from '../spot-frame.tsx';

/**
 * The chosen slot's add-ons (set products, ADR 109) with steppers: optional, up to one of each per ticket
 * (`max`, the booking's rule).
 */
export function SpotAddOns({
  addOns,
  counts,
  max,
  onChange,
}: {
  addOns: readonly SetProduct[];
  counts: Record<string, number>;
  max: number;
  onChange: (uuid: string, delta: number) => void;
}) {
  const { t } = useTranslation();
  const format = useFormatters();
  const currency = useCoreStore((state) => state.configuration?.settings.currency);
  return (
    <SpotPanel title={t('order_add_ons_title')} id="spot-add-ons">
      <ul className="spot-tickets">
        {addOns.map((addOn) => {
          const count = Math.min(counts[addOn.uuid] ?? 0, max);
          return (
            <li key={addOn.uuid} className="spot-ticket">
              <span className="spot-ticket__name">
                {addOn.name}
                <span className="spot-ticket__price">{format.price(addOn.price, currency)}</span>
                {addOn.description ? (
                  <span className="spot-ticket__description">{addOn.description}</span>
                ) : null}
              </span>
              <span className="spot-stepper">
                <button
                  type="button"
                  className="spot-stepper__button"
                  aria-label={t('order_remove_one', { name: addOn.name })}
                  disabled={count === 0}
                  onClick={() => onChange(addOn.uuid, -1)}
                >
                  −
                </button>
                <output className="spot-stepper__count" aria-live="polite">
                  {count}
                </output>
                <button
                  type="button"
                  className="spot-stepper__button"
                  aria-label={t('order_add_one', { name: addOn.name })}
                  disabled={count >= max}
                  onClick={() => onChange(addOn.uuid, 1)}
                >
                  +
                </button>
              </span>
            </li>
          );
        })}
      </ul>
      <p className="spot-note">{t('order_add_ons_note')}</p>
    </SpotPanel>
  );
}
