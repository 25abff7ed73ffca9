import type { z } from 'zod';
import type { boxOfficeSlotSchema } from '@kippu/contract/console/box-office-schemas';
import { useFormat } from '../../shared/format/use-format.ts';
import { useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';

export type BoxOfficeSlot = z.infer<typeof boxOfficeSlotSchema>;

const running = (slot: BoxOfficeSlot, now: number) =>
  Date.parse(slot.starts_at) <= now && now < Date.parse(slot.ends_at);

/**
 * The slot the counter offers first: the one running now when the counter may still sell it (its pos
 * cut-off: a walk-in buys the slot that is on), else the first that still sells with seats left.
 */
export function defaultSlot(slots: readonly BoxOfficeSlot[], now: number): BoxOfficeSlot | undefined {
  const open = slots.filter((slot) => slot.on_sale && slot.available > 0);
  return open.find((slot) => running(slot, now)) ?? open[0];
}

/** The day's slots as large radio buttons: time, seats left, "now" on the running one; closed ones disabled. */
export function SlotChoice({
  slots,
  chosen,
  onChoose,
}: {
  slots: readonly BoxOfficeSlot[];
  chosen: number | undefined;
  onChoose: (id: number) => void;
}) {
  const { t } = useConsoleI18n();
  const f = useFormat();
  const now = Date.now();
  if (slots.length === 0) return <p className="c-field__hint">{t('box_office_no_slots')}</p>;
  return (
    <fieldset className="c-bo-fieldset">
      <legend>{t('box_office_slot')}</legend>
      <div className="c-bo-slots">
        {slots.map((slot) => {
          const sellable = slot.on_sale && slot.available > 0;
          return (
            <label
              key={slot.time_span_id}
              className={`c-bo-slot${chosen === slot.time_span_id ? ' c-bo-slot--chosen' : ''}`}
            >
              <input
                type="radio"
                name="c-bo-slot"
                checked={chosen === slot.time_span_id}
                disabled={!sellable}
                onChange={() => onChoose(slot.time_span_id)}
              />
              <span className="c-bo-slot__time">
                {`${f.time(slot.starts_at)}–${f.time(slot.ends_at)}`}
                {running(slot, now) ? <span className="c-bo-now">{t('box_office_now')}</span> : null}
              </span>
              <span className="c-bo-slot__left">
                {!slot.on_sale
                  ? t('box_office_sales_ended')
                  : slot.available === 0
                    ? t('box_office_sold_out_short')
                    : t('box_office_left', { count: f.count(slot.available) })}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
