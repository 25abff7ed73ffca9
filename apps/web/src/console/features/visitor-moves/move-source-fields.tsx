import type { ConsoleSlot, Heatmap } from '@kippu/contract/console/schedule-schemas';
import { useFormat } from '../../shared/format/use-format.ts';
import { useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';
import { textIn } from '../../shared/ui/form-support.ts';

export interface SourceChoice {
  product: string;
  kind: 'day' | 'slot';
  date: string;
  slotId: number | null;
}

/** Taken and capacity of a slot in words, for the slot lists of the planner. */
export function useSlotFill() {
  const { t } = useConsoleI18n();
  const f = useFormat();
  return (slot: ConsoleSlot) =>
    t('moves_slot_fill', { taken: f.count(slot.sold + slot.held), capacity: f.count(slot.capacity) });
}

/**
 * What to empty: a product, then its whole day or one slot of that day. The slots listed are the schedule's
 * for that date (closed ones included: a closed slot is what is usually moved).
 */
export function SourceFields({
  value,
  onChange,
  day,
}: {
  value: SourceChoice;
  onChange: (next: SourceChoice) => void;
  /** The schedule of the chosen date (every product), or undefined while it loads. */
  day: Heatmap | undefined;
}) {
  const { t, lang } = useConsoleI18n();
  const fill = useSlotFill();
  const slots = (day?.slots ?? []).filter((slot) => slot.product_uuid === value.product);
  return (
    <fieldset className="c-move-fieldset">
      <legend>{t('moves_source')}</legend>
      <div className="c-move-row">
        <div className="c-field">
          <label htmlFor="c-move-product">{t('moves_product')}</label>
          <select
            id="c-move-product"
            className="c-select"
            value={value.product}
            onChange={(event) => onChange({ ...value, product: event.target.value, slotId: null })}
          >
            <option value="">{t('moves_choose_product')}</option>
            {(day?.products ?? []).map((product) => (
              <option key={product.uuid} value={product.uuid}>
                {textIn(product.names, lang)}
              </option>
            ))}
          </select>
        </div>
        <div className="c-field">
          <label htmlFor="c-move-date">{t('moves_date')}</label>
          <input
            id="c-move-date"
            type="date"
            required
            value={value.date}
            onChange={(event) =>
              event.target.value && onChange({ ...value, date: event.target.value, slotId: null })
            }
          />
        </div>
      </div>
      <div className="c-checks" role="radiogroup" aria-label={t('moves_source_kind')}>
        <label>
          <input
            type="radio"
            name="c-move-kind"
            checked={value.kind === 'day'}
            onChange={() => onChange({ ...value, kind: 'day', slotId: null })}
          />
          {t('moves_kind_day')}
        </label>
        <label>
          <input
            type="radio"
            name="c-move-kind"
            checked={value.kind === 'slot'}
            onChange={() => onChange({ ...value, kind: 'slot' })}
          />
          {t('moves_kind_slot')}
        </label>
      </div>
      {value.product && slots.length === 0 && day ? (
        <p className="c-field__hint">{t('moves_no_slots_that_day')}</p>
      ) : null}
      {value.kind === 'slot' && slots.length > 0 ? (
        <div className="c-field">
          <label htmlFor="c-move-slot">{t('moves_slot')}</label>
          <select
            id="c-move-slot"
            className="c-select"
            value={value.slotId ?? ''}
            onChange={(event) =>
              onChange({ ...value, slotId: event.target.value ? Number(event.target.value) : null })
            }
          >
            <option value="">{t('moves_choose_slot')}</option>
            {slots.map((slot) => (
              <option key={slot.id} value={slot.id}>
                {`${slot.start_time}–${slot.end_time} · ${fill(slot)} · ${t(slot.on_sale ? 'moves_on_sale' : 'moves_closed')}`}
              </option>
            ))}
          </select>
        </div>
      ) : null}
    </fieldset>
  );
}
