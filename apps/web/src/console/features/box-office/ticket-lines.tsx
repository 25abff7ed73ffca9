import type { z } from 'zod';
import type { boxOfficeTicketTypeSchema } from '@kippu/contract/console/box-office-schemas';
import { useFormat } from '../../shared/format/use-format.ts';
import { useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';

export type TicketType = z.infer<typeof boxOfficeTicketTypeSchema>;
export type Quantities = Readonly<Record<number, number>>;

/** Ticket types with − and + (large, for a tablet) and each line's amount. */
export function TicketLines({
  types,
  quantities,
  onChange,
  canAdd,
}: {
  types: readonly TicketType[];
  quantities: Quantities;
  onChange: (next: Quantities) => void;
  /** False when one more ticket would pass the product's maximum or the seats left. */
  canAdd: boolean;
}) {
  const { t } = useConsoleI18n();
  const f = useFormat();
  const set = (id: number, quantity: number) => onChange({ ...quantities, [id]: Math.max(0, quantity) });
  return (
    <fieldset className="c-bo-fieldset">
      <legend>{t('box_office_tickets')}</legend>
      <ul className="c-bo-lines">
        {types.map((type) => {
          const quantity = quantities[type.option_value_id] ?? 0;
          return (
            <li key={type.option_value_id} className="c-bo-line">
              <span className="c-bo-line__name">
                {type.name}
                <span className="c-bo-line__price">{f.yen(type.price)}</span>
              </span>
              <span className="c-bo-stepper">
                <button
                  type="button"
                  className="c-button c-bo-step"
                  aria-label={t('box_office_remove_one', { name: type.name })}
                  disabled={quantity === 0}
                  onClick={() => set(type.option_value_id, quantity - 1)}
                >
                  −
                </button>
                <output
                  className="c-bo-quantity"
                  aria-label={t('box_office_quantity_of', { name: type.name })}
                >
                  {f.count(quantity)}
                </output>
                <button
                  type="button"
                  className="c-button c-bo-step"
                  aria-label={t('box_office_add_one', { name: type.name })}
                  disabled={!canAdd}
                  onClick={() => set(type.option_value_id, quantity + 1)}
                >
                  +
                </button>
              </span>
              <span className="c-bo-line__amount c-num">{f.yen(type.price * quantity)}</span>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
