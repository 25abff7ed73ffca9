import { useTranslation } from 'react-i18next';
import type { SetProduct } from '@kippu/contract/endpoints/catalogue-set-products';
import { useFormatters } from '../../../shared/format/use-formatters.ts';
import { useCoreStore } from '../../../shared/stores/core-store.ts';
import { SpotPanel } from '../spot-frame.tsx';
import { SpotStepper } from './spot-stepper.tsx';

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
              <SpotStepper
                name={addOn.name}
                count={count}
                canAdd={count < max}
                onStep={(delta) => onChange(addOn.uuid, delta)}
              />
            </li>
          );
        })}
      </ul>
      <p className="spot-note">{t('order_add_ons_note')}</p>
    </SpotPanel>
  );
}
